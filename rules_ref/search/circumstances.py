"""Reading the circumstances a query tells, through the judge's situation index
(:mod:`rules_ref.situations`): which cues it holds, which situations they make, which rules decide.

A cue's word counts under any of its analysed forms (``pioche``, ``piocher``, ``piochent``), a
phrase (« face cachée ») as its folded words in a row. Two cues are read from the query as a whole:

* ``#absence``: a negation (« sans héros », « pas de coût », « aucun jeton »);
* ``#excess``: a number asked for larger than the number there is, however the case is told (« la
  5e carte d'un deck de 3 », « placée à dix cartes du dessus d'un deck de cinq », « retirer 5 jetons
  à un personnage qui en porte 1 »): the number there is follows a word saying what is held (« de »,
  « reste », « porte », « avec », « contient »…), the number asked for does not;
* ``#decimal``: a number written with a decimal part (« 2,5 de force », « 1.5 »), not a rule number
  (« 2.5.i », « 3,2,9 »: more than two parts);
* ``#theirs_on_mine``: another player does something to what is the teller's: a third person acts
  (« il », « elle », « mon adversaire ») and, after, the teller owns or undergoes (« ma zone de
  mana », « mes orbes », « il me demande »); not an impersonal « il » (« il faut », « il y a »);
* ``#modifier``: a bonus or malus typed as a signed number (« +2 », « -1 de force »).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from ..analysis import fold, stem_forms
from ..situations import Situation, cues, situations
from .words import PHRASE_GAP, WORD

#: A number with a decimal part, two parts only (« 2,5 », « 0.5 »; « 2.5.i » is a rule's number).
DECIMAL = re.compile(r"(?<![\w.,])\d+[.,]\d+(?![.,]?\w)")
NEGATIONS = frozenset({"sans", "pas", "aucun", "aucune", "jamais", "rien", "ni", "nul", "nulle"})
#: Words after which a number is what there is (« un deck de 3 », « qui en porte 1 », « il reste 2 »).
HELD = frozenset(
    "de d reste restent contient contenant porte portant possède possede avec que qu seulement a ai as ont".split()
)
NUMBER_WORDS = {
    w: n
    for n, words in enumerate(
        [
            (),
            ("un", "une", "premier", "première", "premiere"),
            ("deux", "deuxième", "deuxieme", "second", "seconde"),
            ("trois", "troisième", "troisieme"),
            ("quatre", "quatrième", "quatrieme"),
            ("cinq", "cinquième", "cinquieme"),
            ("six", "sixième", "sixieme"),
            ("sept", "septième", "septieme"),
            ("huit", "huitième", "huitieme"),
            ("neuf", "neuvième", "neuvieme"),
            ("dix", "dixième", "dixieme"),
        ]
    )
    for w in words
}
ORDINAL = re.compile(r"^(\d+)(?:e|eme|ème|er|ere|ère)?$")
#: « un » and « une » are articles far more often than counts: a count only after a held word other
#: than « de » (« qui en porte une », not « d'un deck »).
ARTICLES = frozenset({"un", "une"})
#: A third person acting (« il », « elle », « mon adversaire »), unless impersonal (« il faut »).
OTHERS = frozenset({"il", "elle", "ils", "elles", "adversaire", "adv", "opp", "opposant"})
IMPERSONAL = frozenset({"y", "faut", "fallait", "reste", "restait", "manque", "suffit", "semble", "s", "n"})
#: The teller's own things, or the teller undergoing (« il me demande », « il m'oblige »).
MINE = frozenset({"ma", "mes", "mon", "me", "m", "moi"})
#: A signed number: a bonus or a malus (« +2 », « -1 »), not a range or a rule number.
MODIFIER = re.compile(r"(?<![\w.,])[+-]\d+(?![.,]?\d)")


@dataclass(frozen=True)
class Called:
    """The situations a query tells and the rules they call for, first called first."""

    situations: tuple[Situation, ...] = ()
    #: Rule → the analysed forms of the cues that called for it: the query's words among them tell
    #: its circumstances, so the rule covers them though its text says them otherwise.
    forms: dict[str, frozenset[str]] = field(default_factory=dict)

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(s.rule for s in self.situations))


@dataclass(frozen=True)
class _Cues:
    """Every cue's words as one lookup: analysed form → cues, one trie for all phrases."""

    by_form: dict[str, frozenset[str]]
    phrases: dict[str, dict]  # the phrases' words as a trie (see _phrases_in)
    by_phrase: dict[str, frozenset[str]]  # folded phrase, single-spaced → cues
    by_read: dict[str, frozenset[str]]  # read cue (``#absence``) → cues
    forms_of: dict[str, frozenset[str]]  # cue → the analysed forms of its words, phrases' too


@lru_cache(maxsize=1)
def cue_words() -> frozenset[str]:
    """Every word the situation index reads as typed (« personne », « récupère », « entiers »): the
    forms of its one-word cues and the words of its phrases. A typo corrector leaves them be."""
    table = _cues()
    return frozenset(table.by_form) | frozenset(w for phrase in table.by_phrase for w in phrase.split())


@lru_cache(maxsize=1)
def cue_spellings() -> list[str]:
    """The situation index's one-word cues as written (folded, six letters or more), sorted: what a
    typo in a table word the rules never write (« retirer », « partent ») is respelled to."""
    return sorted(
        {w for words in cues().values() for w in (fold(word) for word in words) if w.isalpha() and len(w) >= 6}
    )


@lru_cache(maxsize=1)
def _cues() -> _Cues:
    by_form: dict[str, set[str]] = {}
    by_phrase: dict[str, set[str]] = {}
    by_read: dict[str, set[str]] = {}
    forms_of: dict[str, set[str]] = {}
    for name, words in cues().items():
        for word in words:
            if word.startswith("#"):
                by_read.setdefault(word, set()).add(name)
                continue
            tokens = WORD.findall(fold(word).replace("'", " "))
            forms_of.setdefault(name, set()).update(f for t in tokens for f in stem_forms(t))
            if len(tokens) == 1:
                for form in stem_forms(tokens[0]):
                    by_form.setdefault(form, set()).add(name)
            elif tokens:
                by_phrase.setdefault(" ".join(tokens), set()).add(name)
    trie: dict[str, dict] = {}  # phrase words, one level a word; "" where a phrase ends
    for phrase in by_phrase:
        node = trie
        for token in phrase.split():
            node = node.setdefault(token, {})
        node[""] = {}

    def frozen(table: dict[str, set[str]]) -> dict[str, frozenset[str]]:
        return {k: frozenset(v) for k, v in table.items()}

    return _Cues(frozen(by_form), trie, frozen(by_phrase), frozen(by_read), frozen(forms_of))


_GAP = re.compile(PHRASE_GAP)


def _phrases_in(text: str) -> list[tuple[int, str]]:
    """Every cue phrase the text holds, as (its first word's position, the phrase): all of them, those
    that overlap (« mon deck est fini »: « mon deck », « deck est fini ») and those starting on the
    same word (« sort de la réserve »: « sort de la », « sort de la réserve »); words separated by
    spaces or hyphens only, as typed in a phrase."""
    trie = _cues().phrases
    spans = [(m.start(), m.end(), m.group()) for m in WORD.finditer(text)]
    found = []
    for i in range(len(spans)):
        node = trie
        for j in range(i, len(spans)):
            if j > i and not _GAP.fullmatch(text[spans[j - 1][1] : spans[j][0]]):
                break
            node = node.get(spans[j][2])
            if node is None:
                break
            if "" in node and j > i:
                found.append((i, " ".join(t for _, _, t in spans[i : j + 1])))
    return found


def read_cues(q: str) -> frozenset[str]:
    """The cues read from the query as a whole (``#absence``, ``#excess``, ``#decimal``)."""
    tokens = re.findall(r"\w+", q.lower().replace("'", " ").replace("’", " "))
    found = set()
    if any((t if t.isascii() else fold(t)) in NEGATIONS for t in tokens):
        found.add("#absence")
    held, asked = [], []
    for i, token in enumerate(tokens):
        match = ORDINAL.match(token)
        value = int(match.group(1)) if match else NUMBER_WORDS.get(token)
        if value is None:
            continue
        after_held = i > 0 and tokens[i - 1] in HELD or i > 1 and tokens[i - 1] == "en" and tokens[i - 2] in HELD
        if token in ARTICLES and (not after_held or tokens[i - 1] in ("de", "d")):  # « d'un deck »
            continue
        (held if after_held else asked).append(value)
    if held and asked and max(asked) > min(held):
        found.add("#excess")
    if DECIMAL.search(q):
        found.add("#decimal")
    if MODIFIER.search(q):
        found.add("#modifier")
    acting = next(
        (i for i, t in enumerate(tokens) if t in OTHERS and (i + 1 == len(tokens) or tokens[i + 1] not in IMPERSONAL)),
        None,
    )
    if acting is not None and any(t in MINE for t in tokens[acting + 1 :]):
        found.add("#theirs_on_mine")
    return frozenset(found)


#: A negation governs the words this many tokens after it (« sans son héros », « pas de coût de réserve »).
NEGATION_SCOPE = 3


def present_cues(texts: tuple[str, ...], forms: frozenset[str], q: str) -> frozenset[str]:
    """The cues a query holds: ``texts`` are its folded texts (the first as typed, question words
    read out; then as read through the vocabulary), ``forms`` the analysed forms of their words, ``q``
    the query as typed. ``non:CUE`` is there when a word of CUE stands just after a negation of the
    first text (« sans héros », « n'a pas de héros »: ``non:heros``; not « les héros n'ont pas de
    sous-type »); a word after « non » (« non fugace », « non Personnage ») tells no cue of its own."""
    table = _cues()
    present: set[str] = set()
    for form in forms:
        present.update(table.by_form.get(form, ()))
    for text in texts:
        for _, phrase in _phrases_in(text):
            present.update(table.by_phrase[phrase])
    for read in read_cues(q):
        present.update(table.by_read.get(read, ()))
    tokens = WORD.findall(texts[0]) if texts else []
    negations = [i for i, t in enumerate(tokens) if t in NEGATIONS]
    denied = [i + 1 for i, t in enumerate(tokens[:-1]) if t == "non"]
    if negations or denied:
        at = _cues_at(tokens, texts[0])
        for i in negations:
            for k in range(i + 1, min(i + 1 + NEGATION_SCOPE, len(tokens))):
                if _counts_several(tokens[k]):  # « jamais deux héros »: the count is denied, not the héros
                    break
                present.update("non:" + c for c in at.get(k, ()))
        for k in denied:  # « non fugace »: the word is denied, not told (unless told elsewhere too)
            if not any(k != j and not at.get(j, set()).isdisjoint(at.get(k, ())) for j in at):
                present.difference_update(at.get(k, ()))
    return frozenset(present)


def _counts_several(token: str) -> bool:
    """A count of two or more (« deux », « 3 », « plusieurs »)."""
    match = ORDINAL.match(token)
    value = int(match.group(1)) if match else NUMBER_WORDS.get(token, 0)
    return value >= 2 or token == "plusieurs"


def _cues_at(tokens: list[str], text: str) -> dict[int, set[str]]:
    """Token position → the cues of the word (or of a phrase starting) there."""
    table = _cues()
    at: dict[int, set[str]] = {}
    for k, token in enumerate(tokens):
        for form in stem_forms(token):
            at.setdefault(k, set()).update(table.by_form.get(form, ()))
    for k, phrase in _phrases_in(text):
        at.setdefault(k, set()).update(table.by_phrase[phrase])
    return at


def called(texts: tuple[str, ...], forms: frozenset[str], q: str) -> Called:
    """The situations whose cues the query holds (see :func:`present_cues`), in the index's order."""
    present = present_cues(texts, forms, q)
    by_cue, entries = _entries()
    held: dict[int, set[str]] = {}  # entry → the forms of its combinations the query holds
    for cue in present:
        for i, combination, combination_forms in by_cue.get(cue, ()):
            if combination <= present:
                held.setdefault(i, set()).update(combination_forms)
    found = []
    told: dict[str, set[str]] = {}
    for i in sorted(held):
        s, unless = entries[i]
        if present.isdisjoint(unless):
            found.append(s)
            told.setdefault(s.rule, set()).update(held[i])
    return Called(tuple(found), {rule: frozenset(f) for rule, f in told.items()})


#: An entry's combination as the lookup files it: (entry, its cues, the analysed forms of their words).
_Combination = tuple[int, frozenset[str], frozenset[str]]


@lru_cache(maxsize=1)
def _entries() -> tuple[dict[str, tuple[_Combination, ...]], list[tuple[Situation, frozenset[str]]]]:
    """The index's entries (with their « unless » as a set), and cue → the combinations filed under
    it: each under its rarest cue, the one fewest combinations hold, so a query's cues reach only the
    few combinations they may complete (« jeton » alone is in dozens; « jeton » with « quitter » and
    « personnage » is filed under the rarer of them)."""
    forms_of = _cues().forms_of
    index = situations()  # read and checked once
    entries = [(s, frozenset(s.unless)) for s in index]
    combinations = [(i, frozenset(c)) for i, s in enumerate(index) for c in s.when]
    holding = Counter(cue for _, combination in combinations for cue in combination)
    by_cue: dict[str, list[_Combination]] = {}
    for i, combination in combinations:
        rarest = min(combination, key=lambda cue: (holding[cue], cue))
        told = frozenset(f for name in combination for f in forms_of.get(name, ()))
        by_cue.setdefault(rarest, []).append((i, combination, told))
    return {cue: tuple(found) for cue, found in by_cue.items()}, entries


def text_forms(text: str) -> frozenset[str]:
    """The analysed forms of a folded text's words (stop words included: « sur », « sans » are cues)."""
    return frozenset(f for w in WORD.findall(text) for f in stem_forms(w))
