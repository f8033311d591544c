"""French text analysis for the Whoosh index.

Whoosh pickles the schema, analyzers included, into the index: the classes here must stay
importable at this path (``rules_ref.analysis``) or old indexes stop opening. They hold no
unpicklable state (the stemmer is looked up per process, not stored).

What was measured (``search-notes.md``): the Snowball French stemmer gives different stems with and
without accents (``capacité``→``capac``, ``capacite``→``capacit``), so each word is indexed as both
``fold(stem(w))`` and ``stem(fold(w))`` at the same position; the stemmer leaves the 3rd-person
plural ``-ent`` alone (``défaussent``), so that form also gets the stem of the word without it.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from whoosh.analysis import Filter, LowercaseFilter, RegexTokenizer, StopFilter
from whoosh.lang import stemmer_for_language
from whoosh.lang.stopwords import stoplists

_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "Œ": "OE", "Æ": "AE", "’": "'", "ß": "ss"})

#: Whoosh's French list misses common words of judges' questions (``les``, ``quand``, ``comment``).
EXTRA_STOPS = {
    "les",
    "un",
    "une",
    "quel",
    "quelle",
    "quels",
    "quelles",
    "quand",
    "comment",
    "quoi",
    "si",
    "cette",
    "cet",
    "ou",
    "où",
    "peut",
    "peuvent",
    "puis",
    "lorsque",
    "lorsqu",
    "jusqu",
    "puisqu",
    "ça",
    "cela",
    "ils",
    "elles",
    "leurs",
    "est",
    "a",
    "y",
    "se",
    "faut",
    "dois",
    "doit",
    "quoiqu",
    "lors",
    "alors",
    "donc",
    "car",
    # demonstrative pronouns (« pas celles de l'adversaire »): they name nothing of the rules
    "celle",
    "celles",
    "celui",
    "ceux",
    "ceci",
}


def fold(text: str) -> str:
    """Lower case without accents: ``Défaussé`` → ``defausse``, ``Œuvre`` → ``oeuvre``."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_LIGATURES))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


STOPWORDS = frozenset(stoplists["fr"]) | EXTRA_STOPS
STOPWORDS = STOPWORDS | {fold(w) for w in STOPWORDS}


@lru_cache(maxsize=1)
def _french_stem():
    return stemmer_for_language("fr")


#: Words whose stem is a game term they do not mean: the verb « sortir » (« sorti de la réserve »)
#: and « sorte » stem to ``sort``, the Spell. They are indexed and searched under a form of their
#: own (the rules never say « sortir »; the synonyms read it as « quitter »).
HOMOGRAPHS = {
    **dict.fromkeys(
        ("sortir", "sorti", "sortie", "sorties", "sortis", "sortent", "sortant", "sortez", "sortons"), "sortir"
    ),
    **dict.fromkeys(("sorte", "sortes"), "sorte"),
}


@lru_cache(maxsize=50_000)
def stem_forms(word: str) -> tuple[str, ...]:
    """Every form a (lower-case) word is indexed and searched under, most natural first."""
    own = HOMOGRAPHS.get(fold(word))
    if own:
        return (own,)
    stem = _french_stem()
    forms = [fold(stem(word)), stem(fold(word))]
    if len(word) >= 7 and word.endswith("ent") and not word.endswith("ment"):
        forms.append(fold(stem(word[:-2])))  # défaussent → défauss(er)
    unique: list[str] = []
    for form in forms:
        if form and form not in unique:
            unique.append(form)
    return tuple(unique)


class FrenchStemFoldFilter(Filter):
    """Replace each token by its folded stems, all at the token's position."""

    def __eq__(self, other: object) -> bool:
        return other is not None and self.__class__ is other.__class__

    def __call__(self, tokens):
        for token in tokens:
            if token.stopped:
                yield token
                continue
            for form in stem_forms(token.text):
                token.text = form
                yield token


class FoldFilter(Filter):
    """Fold accents and ligatures, keep the word whole (spelling, fuzzy and prefix field)."""

    def __eq__(self, other: object) -> bool:
        return other is not None and self.__class__ is other.__class__

    def __call__(self, tokens):
        for token in tokens:
            token.text = fold(token.text)
            yield token


def tokenizer() -> RegexTokenizer:
    # \w+ splits on apostrophes, so l'Expédition gives "l" (a stop word) and "Expédition".
    return RegexTokenizer(r"\w+")


def french_analyzer():
    """Stemmed, folded, stop words removed: the analyzer of title, text and remarks."""
    return tokenizer() | LowercaseFilter() | StopFilter(stoplist=STOPWORDS, minsize=1) | FrenchStemFoldFilter()


def plain_analyzer():
    """Whole words, folded, nothing removed: the analyzer of the spelling field."""
    return tokenizer() | LowercaseFilter() | FoldFilter()
