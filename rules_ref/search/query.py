"""Reading a keyword query: the words to look for, and what the query asks.

Each content word becomes a :class:`~.words.Word`, the set of analysed forms that count as that
word. Before any spelling correction, three vocabularies are read, longest phrase first:

* the judges' and players' vocabulary (``bibli`` → Deck, ``main max``, ``tapé`` → épuisé, ``prête``
  → épuisé): the typed words are replaced by the rules' own words, and the rules the entry names
  define the query, even among other words;
* English game terms (``fleeting``, ``discard pile``) → their French terms;
* French glossary terms and synonyms: a word is widened to the other forms of its term (``saboter``
  / ``sabotage``) and to its synonyms (``savoir`` / ``connaître``).

Short words are then never "corrected" into other words (``noon`` is Midi, not "non").

What the query asks: question phrases (« que se passe-t-il si », « est-ce qu'on », « pourquoi »)
are read, not searched; a negated question (« ne … jamais », « pas », « ne … plus ») favours the rules
that forbid, unless it asks what happens in a negated case (« qu'arrive-t-il si … ne peut plus … »),
a "what if" (« si », « que faire si ») the rules that decide a case (« Si …, … »); a case told in
three words or more with no question (« jeton renvoyé dans la main de son propriétaire ») is a
situation, whose counts (« quatre cartes ») are circumstances; « combien » asks for a number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from .. import glossary
from ..analysis import STOPWORDS, fold, stem_forms
from .circumstances import DECIMAL, Called, called, cue_spellings, cue_words, text_forms
from .memory import Memory
from .numbers import numbers_among_words
from .spelling import MIN_CORRECTED, correct, distance, respell, slip
from .words import MAX_TERMS, WORD, Word, phrase_alternation

#: Question phrases: read for what they ask, never searched (« passe » alone is a rules word).
QUESTION = re.compile(
    r"(?<!\w)(?:que\s+se\s+passe[\s-]+t[\s-]+(?:il|elle)|qu\s+(?:est[\s-]+ce\s+qui\s+se\s+passe|arrive[\s-]+t[\s-]+(?:il|elle))"
    r"|que\s+faire|qu\s+est[\s-]+ce\s+qu[ei]?|est[\s-]+ce\s+qu[ei]?|[\s-]+t[\s-]+(?:il|elle|on|ils|elles)"
    r"|pourquoi|pourkoi|pkoi|pk|pq|svp|stp|dans\s+quel\s+cas|a\s+quel\s+moment|et\s+si"
    # a definition asked (« ça veut dire quoi », « c'est quoi »): the rule defining the word answers
    r"|(?:ca\s+|cela\s+)?veu(?:t|lent)\s+dire(?:\s+quoi)?|c\s+est\s+quoi|signifie\s+quoi"
    # what a judge is asked around the case (« comment ça marche », « c'est normal », « que dit la
    # règle », « ou pas ») : no word of the case (« marche » is not the rules' « fonctionnent »)
    r"|comment\s+(?:ca|cela|ce)\s+(?:marche|fonctionne)|c\s+est\s+normal|ou\s+pas"
    # the game named (« c'est quoi un objet dans Altered »): every rule is Altered's
    r"|(?:dans|en|sur|pour|a)\s+altered(?:\s+tcg)?"
    r"|que\s+dit\s+(?:la\s+regle|les\s+regles)|qu\s+est[\s-]+ce\s+que\s+dit\s+(?:la\s+regle|les\s+regles)"
    # a count asked in total (« combien de zones en tout ») : « tout » is no word of the case
    r"|en\s+tout(?:\s+et\s+pour\s+tout)?|au\s+total)(?!\w)"
)
#: The game's name, among other words of a query: no word of a case (the rules say « Altered » of
#: the game they are, never of a rule's subject).
GAME_NAME = re.compile(r"(?<!\w)altered(?:\s+tcg)?(?!\w)")
#: Words of a negated question (« est-ce qu'on ne peut jamais … »): read, then dropped.
NEGATION_WORDS = frozenset(
    {"ne", "n", "pas", "jamais", "aucun", "aucune", "interdit", "interdite", "impossible", "sans"}
)
#: Words a question asks with (auxiliaries, question words), dropped from the search once read.
QUESTION_WORDS = frozenset(
    {
        "pourquoi",
        "jamais",
        "aucun",
        "aucune",
        "sans",
        "avoir",
        "etre",
        "faire",
        "possible",
        "encore",
        "vraiment",
        "bien",
        # when a case happens, not what it is (« pendant l'après-midi », « lors du Repos »)
        "pendant",
        "durant",
        "lors",
        "deja",
    }
)
#: « plus » closing a negation (« ne peut plus », « n'en a plus »).
NEGATED_PLUS = re.compile(
    r"(?<!\w)((?:ne|n)(?:\s+(?:y|en|le|la|les|lui|se|s))?\s+\w+(?:[\s-]+(?:t[\s-]+)?(?:il|elle|on|ils|elles))?)\s+plus(?!\w)"
)
#: A "what happens if" question: what follows « si » is the case, negated or not.
WHAT_HAPPENS = re.compile(
    r"(?<!\w)(?:que\s+se\s+passe[\s-]+t[\s-]+(?:il|elle)|qu\s+arrive[\s-]+t[\s-]+(?:il|elle)"
    r"|qu\s+est[\s-]+ce\s+qui\s+se\s+passe|que\s+faire)\s+(?:si|quand|lorsqu|lorsque)(?!\w)"
)
#: Numbers written as words or digits.
COUNT_WORD = re.compile(r"\d+|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt")
#: In a vocabulary form, « [nombre] » stands for any count (« [nombre] cartes en réserve »: « 4 cartes
#: en réserve », « trois cartes en réserve »), the circumstance a situation is told with.
COUNT_SLOT = "[nombre]"
COUNT_ALTERNATIVE = r"(?:\d+|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|quinze|vingt|\[nombre\])"
_COUNT_TOKEN = re.compile(r"(?<![\w\[])(?:" + COUNT_WORD.pattern + r")(?![\w\]])")
#: A question asking how many (« combien ») favours the rules that state a number.
QUANTITY = re.compile(r"(?<!\w)(?:combien|cb|cmb)(?!\w)")  # as texted too
#: ... asked of all there are (« combien de zones en tout », « combien il y a de types de
#: capacités »): the rules stating how many kinds exist (« Il existe dix types de zones »).
TOTAL_ASKED = re.compile(r"(?<!\w)(?:en\s+tout|au\s+total|existe(?:nt)?|(?:il\s+)?y\s+a(?:\s+t\s+il)?|ya)(?!\w)")


#: A query of this many content words, no question asked, tells a case (a situation at the table).
SITUATION_WORDS = 3


@dataclass
class Reading:
    """What :func:`read_words` made of a query."""

    words: list[Word]
    numbers: list[str]  # rule-number tokens among the words ("2.4.6.c fugace")
    corrected: str | None  # the corrected query, when a word was corrected
    #: Vocabulary entries read: [(as typed, the rules' words)].
    usages: list[tuple[str, str]] = field(default_factory=list)
    negated: bool = False  # « ne … pas », « jamais »
    conditional: bool = False  # « que se passe-t-il si », « si », « que faire si »
    #: A case told in a few words, no question asked (« jeton renvoyé dans la main »): the rules
    #: that decide a case (« Si …, … ») answer it, as they answer a "what if".
    situation: bool = False
    quantity: bool = False  # « combien »
    total: bool = False  # « combien … en tout »
    #: The situations of the judge's index the query tells (« piocher avec un deck vide » → 3.2.2.d).
    cases: Called = field(default_factory=Called)


#: What a phrase stands for: (French words to search, defining rules, rules to avoid, English?, vocabulary
#: kind: "" when not read through the vocabulary, else the entry's kind, "situation" among them)
Meaning = tuple[str, tuple[str, ...], tuple[str, ...], bool, str]


@lru_cache(maxsize=1)
def _phrases() -> tuple[re.Pattern, dict[str, Meaning]]:
    """One pattern for every vocabulary form, English form and multi-word French form or synonym,
    longest first, and what each stands for."""
    meaning: dict[str, Meaning] = {}
    for usage in glossary.vocabulary():
        for word in usage.words:
            # "épuisé|préparer": either word, counted as one (a compound of the rules' words,
            # « après-midi », stays one: both its words, below)
            means = _fold_query(usage.means)
            meaning.setdefault(glossary.key(word), (means, usage.rules, (), False, usage.kind))
    # a phrase typed with an abbreviation in it (« capa statique », « perso jeton ») is the phrase
    abbreviated = _abbreviations()
    for usage in glossary.vocabulary():
        for word in usage.words:
            typed = glossary.key(word).split()
            for i, part in enumerate(typed):
                for short in abbreviated.get(part, ()) if len(typed) > 1 else ():
                    variant = " ".join([*typed[:i], short, *typed[i + 1 :]])
                    meaning.setdefault(variant, meaning[glossary.key(word)])
    for term in glossary.terms():
        for form in term.forms:
            if " " in glossary.key(form):
                meaning.setdefault(
                    glossary.key(form), (_fold_query(form), (term.rule,) if term.rule else (), (), False, "")
                )
    for group in glossary.synonyms():
        for word in group:
            if " " in word:
                meaning.setdefault(glossary.key(word), (" ".join(w for w in group if " " not in w), (), (), False, ""))
    for form, terms in glossary.by_english().items():
        if form in meaning or form in _widening():  # the same word in French ("limbo", "sabotage")
            continue
        french = " ".join(dict.fromkeys(_fold_query(t.forms[0]) for t in terms))
        namesakes = {t for w in french.split() for t in glossary.by_french().get(w, ())} - set(terms)
        meaning[form] = (
            french,
            tuple(t.rule for t in terms if t.rule),
            tuple(t.rule for t in namesakes if t.rule),
            True,
            "",
        )
    pattern = re.compile(r"(?<!\w)(" + phrase_alternation(meaning, {COUNT_SLOT: COUNT_ALTERNATIVE}) + r")(?!\w)")
    return pattern, meaning


@lru_cache(maxsize=1)
def _abbreviations() -> dict[str, tuple[str, ...]]:
    """A word of the rules (as :func:`glossary.key` folds it, singular or plural) → the
    abbreviations the vocabulary gives it (« capacite » → capa, capas; « personnages » → perso…)."""
    found: dict[str, list[str]] = {}
    for usage in glossary.vocabulary():
        means = glossary.key(usage.means)
        if usage.kind != "abréviation" or " " in means or "|" in means or "-" in means:
            continue
        shorts = [glossary.key(w) for w in usage.words if " " not in glossary.key(w)]
        for full in (means, means + "s"):
            found.setdefault(full, []).extend(shorts)
    return {full: tuple(dict.fromkeys(shorts)) for full, shorts in found.items()}


@lru_cache(maxsize=1)
def _senses() -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """Vocabulary form → the analysed forms of the words its sense needs beside it (one of them)
    and of those that rule it out (« marqueurs » means counters beside « perso », not beside
    « expédition »): forms of entries without a context are not listed."""
    found = {}
    for usage in glossary.vocabulary():
        if not (usage.with_words or usage.not_with):
            continue
        needs = frozenset(f for w in usage.with_words for f in stem_forms(fold(w).lower()))
        bars = frozenset(f for w in usage.not_with for f in stem_forms(fold(w).lower()))
        for word in usage.words:
            found.setdefault(glossary.key(word), (needs, bars))
    return found


def _segments(asked: str, pattern: re.Pattern, meaning: dict, forms: frozenset[str]) -> list[tuple[int, int, str]]:
    """The phrases read in ``asked``: (start, end, form), the longest form at each word, then, where
    two overlap (« ma main » and « main pleine » in « ma main pleine »), the choice covering most of
    the query (the earlier one on a tie). A form whose sense does not hold here is not read."""
    found = []
    for word in WORD.finditer(asked):
        match = pattern.match(asked, word.start())
        if match is None:
            continue
        typed = " ".join(re.split(r"[\s-]+", match.group(1)))
        if typed not in meaning:  # a form with a count in it (« 4 cartes en réserve »)
            typed = _COUNT_TOKEN.sub(COUNT_SLOT, typed)
        if _sense_holds(typed, forms):  # else another sense here: the words as typed
            found.append((match.start(1), match.end(1), typed))
    if len(found) < 2:
        return found
    # the most of the query covered by phrases that do not overlap (weighted interval scheduling)
    best: list[tuple[int, list]] = [(0, [])] * (len(found) + 1)
    for k in range(len(found) - 1, -1, -1):
        start, end, _ = found[k]
        after = next((j for j in range(k + 1, len(found)) if found[j][0] >= end), len(found))
        taken = (end - start + best[after][0], [found[k], *best[after][1]])
        best[k] = taken if taken[0] >= best[k + 1][0] else best[k + 1]
    return best[0][1]


def _sense_holds(typed: str, forms: frozenset[str]) -> bool:
    """Whether a vocabulary form's sense, if it depends on the query's other words (``forms``: the
    analysed forms of the query's words), holds here."""
    context = _senses().get(typed)
    if context is None:
        return True
    needs, bars = context
    return (not needs or not needs.isdisjoint(forms)) and bars.isdisjoint(forms)


@lru_cache(maxsize=1)
def _widening() -> dict[str, tuple[frozenset[str], tuple[str, ...]]]:
    """Folded French word → (every form of its glossary terms and synonyms, defining rules)."""
    table: dict[str, tuple[set[str], set[str]]] = {}
    for term in glossary.terms():
        single = [f for f in term.forms if " " not in glossary.key(f)]
        forms = {form for f in single for form in stem_forms(f.lower())}
        # the word alone is the term: its only forms, or the word its longer forms are said with
        # (« orbe », of « orbe de mana »; « repère », of « point de repère »)
        words = {glossary.key(f) for f in single}
        alone = all(" " not in glossary.key(f) or words & set(glossary.key(f).split()) for f in term.forms)
        for f in single:
            entry = table.setdefault(glossary.key(f), (set(), set()))
            entry[0].update(forms)
            if term.rule and alone:
                entry[1].add(term.rule)
    for group in glossary.synonyms():
        single = [w for w in group if " " not in w]
        forms = {form for w in single for form in stem_forms(w.lower())}
        for w in single:
            table.setdefault(glossary.key(w), (set(), set()))[0].update(forms)
    return {k: (frozenset(f), tuple(sorted(r))) for k, (f, r) in table.items()}


@lru_cache(maxsize=1)
def _widening_by_stem() -> dict[str, tuple[frozenset[str], tuple[str, ...]]]:
    """The same, by each analysed form of the words (``garde`` finds the group of ``garder``)."""
    table: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {}
    for word, entry in _widening().items():
        for form in stem_forms(word):
            table.setdefault(form, entry)
    return table


def _widened(raw: str, forms: set[str]):
    found = _widening().get(raw)
    if found:
        return found
    return next((_widening_by_stem()[f] for f in sorted(forms) if f in _widening_by_stem()), None)


def _replace_word(text: str, word: str, by: str, count: int = 0) -> str:
    """``text`` with the whole word ``word`` (not inside another) written ``by``."""
    return re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", lambda _: by, text, count=count)


def _fold_query(q: str) -> str:
    return " ".join(fold(q).replace("'", " ").split())


#: The words that say what a query asks, long enough that a typo of one is no other word: read
#: before anything else, as typed right (« cmobien de cartes » asks how many).
ASKING = ("combien", "pourquoi", "comment", "lorsque")


def _asked_right(folded: str, mem: Memory, corrected: list) -> str:
    """``folded`` with a typo of an asking word (:data:`ASKING`: one edit, a swap counting as one)
    spelled right, and said so in ``corrected``; a word the index or the vocabulary holds is left."""
    for raw in dict.fromkeys(WORD.findall(folded)):
        if len(raw) < 6 or raw in ASKING or raw in STOPWORDS or not raw.isalpha():
            continue
        meant = next((a for a in ASKING if distance(raw, a, 1) <= 1), None)
        if meant is None or _plain(mem, raw, _phrase_word_set()):
            continue
        folded = _replace_word(folded, raw, meant)
        corrected.append((raw, meant))
    return folded


def read_words(q: str, mem: Memory, cases: bool = True) -> Reading:
    """The query's content words as :class:`Word` s, its rule-number tokens, the corrected query and
    what it asks (see the module's docstring). Words the index does not hold, even corrected, are left
    out. A hyphenated compound (``sous-types``, ``après-midi``) counts as one word. ``cases``: read
    the situations it tells too (suggestions as you type do without)."""
    pattern, meaning = _phrases()
    numbers = numbers_among_words(q)
    corrected: list[tuple[str, str]] = []
    folded = _asked_right(_fold_query(q), mem, corrected)
    conditional = bool(re.search(r"(?<!\w)(?:si|lorsqu|lorsque|que\s+faire|et\s+si)(?!\w)", folded))
    asked = QUESTION.sub(" ", folded)
    # « ne peut plus » is a negation (read below), not « plus » the quantity (« plus de cartes »)
    asked = NEGATED_PLUS.sub(r"\1 pas", asked)
    conditional = conditional or asked != folded and bool(re.search(r"pass|arriv", folded))
    tokens = WORD.findall(asked)
    # « qu'arrive-t-il si une expédition ne peut plus reculer ? » asks what happens in a case whose
    # circumstances are negated, not what is forbidden: the rule deciding the case answers it.
    negated = any(t in NEGATION_WORDS for t in tokens) and not WHAT_HAPPENS.search(folded)
    questioned = asked != folded or "?" in q  # « pioche-t-on ? » (a word respelled asks nothing)
    hopeless: set[str] = set()  # unknown words no correction reaches: not tried twice
    asked = _respelled(asked, mem, corrected, hopeless)
    # the game named among other words (« tiebreak altered arène », « altreed » too): every rule is
    # Altered's
    unnamed = GAME_NAME.sub(" ", asked)
    if unnamed != asked and WORD.search(unnamed):
        asked = " ".join(unnamed.split())
    pieces: list[tuple[str, tuple]] = []  # (text, (definers, avoid, English?, vocabulary kind))
    usages: list[tuple[str, str]] = []
    cursor = 0
    asked_forms = text_forms(asked)
    for start, end, typed in _segments(asked, pattern, meaning, asked_forms):
        pieces.append((asked[cursor:start], ((), (), False, "")))
        french, rules, avoid, english, vocab = meaning[typed]
        if vocab:
            usages.append((asked[start:end], french.replace("|", " ou ")))
        pieces.append((french, (rules, avoid, english, vocab)))
        cursor = end
    pieces.append((asked[cursor:], ((), (), False, "")))
    expanded = " ".join(text for text, _ in pieces)
    # the circumstances told, read without the question's words (« que se passe-t-il » is no case)
    told = called((asked, expanded), asked_forms | text_forms(expanded), q) if cases else Called()
    words: list[Word] = []
    seen: set[frozenset[str]] = set()
    for piece, (text, (rules, avoid, english, vocab)) in enumerate(pieces):
        for chunk in text.split():
            parts = []
            for raw in WORD.findall(chunk):
                if raw in STOPWORDS or raw in QUESTION_WORDS or (raw.isdigit() and len(raw) < 2):
                    continue
                if raw.isdigit() and any(raw in n.split(".") for n in numbers):
                    continue
                part = None if raw in hopeless else _read_word(mem, raw, rules, avoid, english, vocab, corrected)
                if part is not None:
                    parts.append(replace(part, phrase=piece) if vocab else part)
            if len(parts) > 1:  # one hyphenated word
                parts = [
                    Word(
                        text=chunk,
                        forms=frozenset().union(*(p.forms for p in parts)),
                        alt=frozenset().union(*(p.alt for p in parts)),
                        definers=parts[0].definers,
                        avoid=parts[0].avoid,
                        english=english,
                        meant=bool(vocab),
                        implied=vocab == "situation",
                        entry=parts[0].entry,
                        phrase=parts[0].phrase,
                        # typed as one compound (« après-midi »), each part must be there (not
                        # « Midi » alone); the vocabulary's « a|b » is either word, not both
                        parts=() if (english or "|" in chunk) else tuple(p.all_forms for p in parts),
                    )
                ]
            for word in parts:
                if word.all_forms not in seen and len(words) < MAX_TERMS:
                    seen.add(word.all_forms)
                    words.append(word)
    # « 1,5 de force »: a number typed as digits (« règle 4.2 » is a rule's)
    if any(m.group() not in numbers for m in DECIMAL.finditer(q)) and len(words) < MAX_TERMS:
        number = _read_word(mem, "nombre", (), (), False, "", corrected)
        if number is not None and number.all_forms not in seen:
            words.append(number)
    if len(words) > 1:  # a glossary term's rules define the query only when it is the whole query
        words = [w if (w.english or w.meant) else Word(w.text, w.forms, w.alt, parts=w.parts) for w in words]
    fixed_query = None
    if corrected:
        fixed_query = folded
        for raw, fixed in corrected:
            fixed_query = _replace_word(fixed_query, raw, fixed, count=1)
    quantity = bool(QUANTITY.search(folded))
    questioned = questioned or quantity  # « combien »
    situation = not questioned and not conditional and len(words) >= SITUATION_WORDS
    if situation:  # in a case told, a count is a circumstance (« quatre cartes dans ma réserve »)
        words = [replace(w, count=True) if COUNT_WORD.fullmatch(w.text) else w for w in words]
    total = quantity and bool(TOTAL_ASKED.search(folded))
    return Reading(words, numbers, fixed_query, usages, negated, conditional, situation, quantity, total, told)


@lru_cache(maxsize=1)
def _phrase_words() -> list[str]:
    """Every word of the vocabulary's phrases and forms (« cimetière », « pioche » of « pioche
    vide »), sorted: what a typo in a player's word is corrected to."""
    return sorted({w for typed in _phrases()[1] for w in typed.split() if w.isalpha()})


def _plain(mem: Memory, word: str, phrase_words: frozenset[str]) -> bool:
    """Whether ``word`` is one the index or the vocabulary's phrases (``phrase_words``) hold."""
    return word in phrase_words or _known(mem, word, set(stem_forms(word)))


@lru_cache(maxsize=1)
def _forms_of_typed() -> dict[str, str]:
    """The analysed forms of the vocabulary's one-word forms → the form (« détap » → détaper)."""
    table: dict[str, str] = {}
    for typed in sorted(_phrases()[1], key=lambda t: (len(t), t)):
        if " " not in typed and typed.isalpha():
            for form in stem_forms(typed):
                table.setdefault(form, typed)
    return table


@lru_cache(maxsize=1)
def _respell_targets() -> list[str]:
    """What a typo of a word the index does not hold is respelled to: the vocabulary's words and the
    situation index's one-word cues (« retier » → retirer, « prtent » → partent), sorted."""
    return sorted(set(_phrase_words()) | set(cue_spellings()))


@lru_cache(maxsize=1)
def _phrase_word_set() -> frozenset[str]:
    return frozenset(_phrase_words())


def _spelled(word: str, typed: str) -> str:
    """What a respelled vocabulary word is written as: the rules' word a one-word misspelling stands
    for, when ``typed`` is a slip of it too (« fugase » is « fugace », not the listed misspelling
    « fugasse »), else its entry's first form (« mluligan » is « mulligan », not the listed
    « muligan »), else the word (« ehemere » is « éphémère », whose entry names Fugace's rules)."""
    means = _phrases()[1].get(word, ("",))[0]
    if means.isalpha() and len(means) > 1 and distance(typed, means, 2) <= 2:
        return means
    return _headwords().get(word, word)


@lru_cache(maxsize=1)
def _headwords() -> dict[str, str]:
    """Each one-word form of the vocabulary → its entry's first form, when that is one word too."""
    table: dict[str, str] = {}
    for usage in glossary.vocabulary():
        head = glossary.key(usage.words[0])
        if " " not in head and head.isalpha():
            for word in usage.words:
                if " " not in glossary.key(word):
                    table.setdefault(glossary.key(word), head)
    return table


#: Shorter words are never respelled (« tient » is no typo of « tirent »).
MIN_RESPELLED = 6
#: ... nor by a letter changed, unless this long and the key struck a neighbour of the one meant or
#: of the same sound (« detsper » is « détaper »; « marche » is no « manche »).
MIN_SLIPPED = 7


def _swapped(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` with two neighbouring letters swapped."""
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


def _undoubled(mem: Memory, raw: str, known: frozenset[str]) -> str | None:
    """``raw`` with a doubled letter typed once, when ``raw`` is no word of the rules, the vocabulary
    or the situations and that spelling is one (« arenne » → arène's « arene », « jettons » →
    « jetons »: the stem of a word struck twice is often the word's own, but a phrase is read as
    typed), or, when no form of ``raw`` is known, one of that spelling is (« depensaant »)."""
    words = mem.postings["words"]
    if raw in words or raw in known:
        return None
    for i in range(1, len(raw)):
        if raw[i] == raw[i - 1] and raw[i].isalpha():
            single = raw[:i] + raw[i + 1 :]
            if single in words or single in known or single in cue_words():
                return single
            # « depensaant »: no form of it is known, « depensant »'s is (a vowel French never doubles)
            if (
                raw[i] in "aiouy"
                and not _known(mem, raw, set(stem_forms(raw)))
                and _known(mem, single, set(stem_forms(single)))
            ):
                return single
    return None


#: The elided words a phone drops the apostrophe of (« d'origine » typed « dorigine »).
ELIDED = re.compile(r"^(qu|[dljnmst])([aeiouyh]\w{3,})$")


def _elided(mem: Memory, raw: str) -> str | None:
    """``raw`` cut after its elided word when the apostrophe was left out and the rest is a word the
    index holds (« dorigine » → « d origine », « larene » → « l arene »), or None."""
    match = ELIDED.match(raw)
    if match is None:
        return None
    rest = match[2]
    return f"{match[1]} {rest}" if _known(mem, rest, set(stem_forms(rest))) else None


def _respelled(asked: str, mem: Memory, corrected: list, hopeless: set[str]) -> str:
    """``asked`` with each unknown word spelled right, before anything reads it: the phrases of the
    vocabulary (« poiche vide » → pioche vide, « cimetèire » → cimetière, words the index does not
    hold) and the situations told (« tumutle face cahcee » tells what « tumulte face cachée »
    does) see the word meant. A typo of an indexed word is corrected as :func:`correct` does; one of
    a vocabulary word only by a letter left out, one too many or two swapped (a word of its own
    differs by a letter changed: « marche », « manche »), when no indexed word is nearer."""
    known, read_as_typed, typed_forms = _phrase_word_set(), cue_words(), _forms_of_typed()
    sounded = 0  # words tried as said (each costs some 350 stemmed variants)
    for raw in dict.fromkeys(WORD.findall(asked)):
        if len(raw) < MIN_CORRECTED - 1 or not raw.isalpha() or raw in STOPWORDS or raw in known:
            continue
        forms = set(stem_forms(raw))
        single = _undoubled(mem, raw, known)
        if single is not None:  # « arenne », « jettons »: a letter struck twice, as the stem hides
            asked = _replace_word(asked, raw, single)
            corrected.append((raw, single))
            continue
        if raw in _widening() or _known(mem, raw, forms) or _widened(raw, forms) is not None:
            continue
        if raw.startswith("re") and len(raw) >= 6 and raw[2:] in known:
            # « relance » is a players' word done again (« lance »: played), read as that word
            asked = _replace_word(asked, raw, raw[2:])
            continue
        if raw in read_as_typed or not forms.isdisjoint(read_as_typed):  # the situations read it as typed
            continue
        if raw.startswith("re") and _known(mem, raw[2:], set(stem_forms(raw[2:]))):
            continue  # « rejouer » is « jouer » again (read by _read_word)
        inflected = next((typed_forms[f] for f in sorted(forms) if f in typed_forms), None)
        if inflected is not None:  # another inflection of a players' word (« détapent »: détaper)
            asked = _replace_word(asked, raw, inflected)
            continue
        elided = _elided(mem, raw)
        if elided is not None:  # « dorigine », « lexpedition »: the apostrophe left out
            asked = _replace_word(asked, raw, elided)
            continue
        fixed = correct(mem, raw)
        # a letter left out, one too many or two swapped: a word of its own differs by one letter
        # changed (« marche », « manche »), a form by its ending
        found = [
            (word, far)
            for word, far in (respell(raw, _respell_targets(), 1) if len(raw) >= MIN_RESPELLED else [])
            if (len(word) != len(raw) or _swapped(raw, word) or len(raw) >= MIN_SLIPPED and slip(raw, word) < 1)
            and forms.isdisjoint(stem_forms(word))
        ]
        if found:
            word, far = found[0]
            if fixed is None or distance(raw, fixed, far) >= far:
                fixed = _spelled(word, raw)
        if fixed is None and sounded < MAX_SOUNDED:  # typed as said (« kitte », « frase », « plato »)
            sounded += 1
            fixed = _sounded(mem, raw, known)
        if fixed is None:
            hopeless.add(raw)
            continue
        asked = _replace_word(asked, raw, fixed)
        corrected.append((raw, fixed))
    return asked


#: At most this many words of a query are tried as said: a judge's query holds one or two that no
#: edit reaches; a stranger's 300 characters of unknown words cost 16 ms of stemming without a bound.
MAX_SOUNDED = 4
#: French spellings of one sound, each written for the others when a word is typed as it is said:
#: « k » for « qu » or « c », « f » for « ph », « o » for « au » or « eau », « e » for « ai », « an »
#: for « en », a consonant single for double. Left to right: the spelling typed, those meant.
SOUNDS = (
    ("k", ("qu", "c")),
    ("f", ("ph", "ff")),
    ("eau", ("o",)),
    ("au", ("o",)),
    ("o", ("au", "eau")),
    ("e", ("ai",)),
    ("ai", ("e",)),
    ("an", ("en",)),
    ("en", ("an",)),
    ("s", ("ss", "c", "z")),
    ("c", ("ss", "s")),
    ("z", ("s",)),
    ("j", ("g",)),
    ("g", ("j",)),
    ("i", ("y",)),
    ("sion", ("tion",)),
    *((c, (c + c,)) for c in "lmnprt"),
    *((c + c, (c,)) for c in "lmnprst"),
)


def _sounded(mem: Memory, raw: str, known: frozenset[str]) -> str | None:
    """The word ``raw`` sounds like, typed as said: one spelling of a sound written for another
    (:data:`SOUNDS`), once, gives a word the index or the vocabulary holds; the most used in the
    rules when several do. Bounded: one variant a sound a position."""
    found: list[tuple[int, str]] = []
    for typed, meant in SOUNDS:
        start = raw.find(typed)
        while start != -1:
            for spelling in meant:
                variant = fold(raw[:start] + spelling + raw[start + len(typed) :])
                if variant != raw and _plain(mem, variant, known):
                    found.append((-len(mem.postings["words"].get(variant, ())), variant))
            start = raw.find(typed, start + 1)
    return min(found)[1] if found else None


def _read_word(mem: Memory, raw: str, rules, avoid, english: bool, vocab: str, corrected: list) -> Word | None:
    forms = set(stem_forms(raw))
    widened = _widening().get(raw)
    if not widened and not english and not vocab and not _known(mem, raw, forms):
        # a verb with the prefix « re- » (« rejouer », « repiocher ») is that verb done again
        again = raw[2:]
        if raw.startswith("re") and len(again) >= 4 and _known(mem, again, set(stem_forms(again))):
            raw, forms = again, set(stem_forms(again))
            widened = _widening().get(raw)
    if not widened and not english and not vocab and not _known(mem, raw, forms):
        # a word the situations read as typed is the judge's own, not a typo (« dessous » is no
        # « dessus »); the index does not hold it
        fixed = None if raw in cue_words() or raw in _phrase_word_set() else correct(mem, raw)
        # an inflection of a synonym's word (« garde » → garder, « arrivent » → arriver) is that
        # word, not a typo of another indexed word (« activent »); a typo of the word itself
        # (« sacrifer ») is still corrected, and said so
        inflected = _widened(raw, forms)
        if fixed is not None and (inflected is None or _widened(fixed, set(stem_forms(fixed))) == inflected):
            corrected.append((raw, fixed))
            raw, forms = fixed, set(stem_forms(fixed))
            widened = _widening().get(raw)
        elif inflected is not None:
            widened = inflected
        else:
            return None
    alt: set[str] = set()
    definers = rules
    if widened:
        alt = set(widened[0]) - forms
        if not english:  # "token" is the object, not the counter, though both are "jeton"
            definers = tuple(dict.fromkeys(definers + widened[1]))

    def indexed(found: set[str]) -> frozenset[str]:
        return frozenset(f for f in found if mem.known("title", f) or mem.known("text", f) or mem.known("remarks", f))

    forms_in, alt_in = indexed(forms), indexed(alt)
    if not forms_in and not alt_in:
        return None
    if english or vocab:  # the French term is what was meant: all its forms count fully
        forms_in, alt_in = forms_in | alt_in, frozenset()
    return Word(
        text=raw,
        forms=forms_in,
        alt=alt_in - forms_in,
        definers=definers,
        avoid=avoid,
        english=english,
        meant=bool(vocab),
        implied=vocab == "situation",
        entry=tuple(rules) if vocab else (),
    )


def _known(mem: Memory, word: str, forms: set[str]) -> bool:
    if word in mem.postings["words"]:
        return True
    return any(mem.known(f, form) for form in forms for f in ("text", "title"))
