"""Reading a query: a rule number however typed, or the words to look for.

A number: ``3.2.9.f``, ``3.2.9 f``, ``3.2.9f``, ``4.1 h``, ``règle 2.4.6.c``, ``R2.4.6.c``.

Words: each content word becomes a :class:`Word`, the set of analysed forms that count as that
word. Before any spelling correction, English game terms (``fleeting``, ``discard pile``) are
replaced by their French terms, and a French word is widened to the other forms of its glossary term
(``saboter`` / ``sabotage``) and to its synonyms (``savoir`` / ``connaître``): short words are then
never "corrected" into other words (``noon`` is Midi, not "non").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

from .. import glossary
from ..analysis import STOPWORDS, fold, stem_forms
from .memory import Memory
from .spelling import correct

MAX_QUERY_CHARS = 300
MAX_TERMS = 24
WORD = re.compile(r"\w+")
NUMBER_TOKEN = re.compile(r"^\d+(?:\.\d+)+(?:\.[a-z])?$")
#: A rule number however typed: an optional "règle"/"R", the dotted digits, an optional letter
#: (after a dot, a space or nothing: "3.2.9.f", "3.2.9 f", "3.2.9f"); a letter needs two levels.
LOOSE_NUMBER = re.compile(
    r"^(?:r(?:[eèé]gles?)?\.?\s*)?(\d+(?:\.\d+)+|\d+)(?:(?:\.\s*|\s+)?([a-z]))?\.?\*?$", re.IGNORECASE
)


def normalize_query(q: str) -> str:
    q = unicodedata.normalize("NFC", q or "").replace("’", "'")
    q = "".join(c if c.isprintable() else " " for c in q)
    return " ".join(q.split())[:MAX_QUERY_CHARS]


def parse_number(q: str) -> str | None:
    """The rule number a query names (``"R 2.4.6 c"`` → ``"2.4.6.c"``), or None."""
    match = LOOSE_NUMBER.match(q.strip())
    if not match:
        return None
    digits, letter = match.group(1), match.group(2)
    if letter and "." not in digits:
        return None  # "2 a" is not a rule: letters start at the second level
    return f"{digits}.{letter.lower()}" if letter else digits


@dataclass(frozen=True)
class Word:
    text: str  # as typed (or as corrected)
    forms: frozenset[str]  # analysed forms, as in the title, text and remarks fields
    #: Forms of the same glossary term or synonym group, which count a little less than the word's own.
    alt: frozenset[str] = frozenset()
    #: Rules that define it (from the glossary): they rank above rules that merely mention it.
    definers: tuple[str, ...] = ()
    #: Rules of another term written the same in French ("token" is not the counter, both "jeton").
    avoid: tuple[str, ...] = ()
    english: bool = False
    all_forms: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "all_forms", self.forms | self.alt)


@lru_cache(maxsize=1)
def _phrases() -> tuple[re.Pattern, dict[str, tuple[str, tuple[str, ...], tuple[str, ...], bool]]]:
    """One pattern for every English form and multi-word French form or synonym, longest first, and
    what each stands for: (French words to search, defining rules, rules to avoid, English?)."""
    meaning: dict[str, tuple[str, tuple[str, ...], tuple[str, ...], bool]] = {}
    for term in glossary.terms():
        for form in term.forms:
            if " " in glossary.key(form):
                meaning.setdefault(
                    glossary.key(form), (_fold_query(form), (term.rule,) if term.rule else (), (), False)
                )
    for group in glossary.synonyms():
        for word in group:
            if " " in word:
                meaning.setdefault(glossary.key(word), (" ".join(w for w in group if " " not in w), (), (), False))
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
        )
    alternatives = sorted(meaning, key=len, reverse=True)
    pattern = re.compile(
        r"(?<!\w)(" + "|".join(re.escape(a).replace(r"\ ", r"[\s-]+") for a in alternatives) + r")(?!\w)"
    )
    return pattern, meaning


@lru_cache(maxsize=1)
def _widening() -> dict[str, tuple[frozenset[str], tuple[str, ...]]]:
    """Folded French word → (every form of its glossary terms and synonyms, defining rules)."""
    table: dict[str, tuple[set[str], set[str]]] = {}
    for term in glossary.terms():
        single = [f for f in term.forms if " " not in glossary.key(f)]
        forms = {form for f in single for form in stem_forms(f.lower())}
        for f in single:
            entry = table.setdefault(glossary.key(f), (set(), set()))
            entry[0].update(forms)
            if term.rule and len(single) == len(term.forms):  # the word alone is the term
                entry[1].add(term.rule)
    for group in glossary.synonyms():
        single = [w for w in group if " " not in w]
        forms = {form for w in single for form in stem_forms(w.lower())}
        for w in single:
            table.setdefault(glossary.key(w), (set(), set()))[0].update(forms)
    return {k: (frozenset(f), tuple(sorted(r))) for k, (f, r) in table.items()}


def _fold_query(q: str) -> str:
    return " ".join(fold(q).replace("'", " ").split())


def read_words(q: str, mem: Memory) -> tuple[list[Word], list[str], str | None]:
    """The query's content words as :class:`Word` s, its rule-number tokens, and the corrected query
    (None when no word was corrected). Words the index does not hold, even corrected, are left out.
    A hyphenated compound (``sous-types``, ``après-midi``) counts as one word."""
    pattern, meaning = _phrases()
    folded = _fold_query(q)
    pieces: list[tuple[str, tuple]] = []  # (text, (definers, avoid, English?))
    cursor = 0
    for match in pattern.finditer(folded):
        pieces.append((folded[cursor : match.start()], ((), (), False)))
        french, rules, avoid, english = meaning[" ".join(re.split(r"[\s-]+", match.group(1)))]
        pieces.append((french, (rules, avoid, english)))
        cursor = match.end()
    pieces.append((folded[cursor:], ((), (), False)))
    numbers = [t.strip(".,;()").lower() for t in q.split() if NUMBER_TOKEN.match(t.strip(".,;()").lower())]
    words: list[Word] = []
    seen: set[frozenset[str]] = set()
    corrected: list[tuple[str, str]] = []
    for text, (rules, avoid, english) in pieces:
        for chunk in text.split():
            parts = []
            for raw in WORD.findall(chunk):
                if raw in STOPWORDS or raw.isdigit():
                    continue
                part = _read_word(mem, raw, rules, avoid, english, corrected)
                if part is not None:
                    parts.append(part)
            if len(parts) > 1:  # one hyphenated word
                parts = [
                    Word(
                        text=chunk,
                        forms=frozenset().union(*(p.forms for p in parts)),
                        alt=frozenset().union(*(p.alt for p in parts)),
                        definers=parts[0].definers,
                        avoid=parts[0].avoid,
                        english=english,
                    )
                ]
            for word in parts:
                if word.all_forms not in seen and len(words) < MAX_TERMS:
                    seen.add(word.all_forms)
                    words.append(word)
    if len(words) > 1:  # a glossary term's rules define the query only when it is the whole query
        words = [w if w.english else Word(w.text, w.forms, w.alt) for w in words]
    fixed_query = None
    if corrected:
        fixed_query = folded
        for raw, fixed in corrected:
            fixed_query = re.sub(rf"(?<!\w){re.escape(raw)}(?!\w)", fixed, fixed_query, count=1)
    return words, numbers, fixed_query


def _read_word(mem: Memory, raw: str, rules, avoid, english: bool, corrected: list) -> Word | None:
    forms = set(stem_forms(raw))
    widened = _widening().get(raw)
    alt: set[str] = set()
    definers = rules
    if widened:
        alt = set(widened[0]) - forms
        if not english:  # "token" is the object, not the counter, though both are "jeton"
            definers = tuple(dict.fromkeys(definers + widened[1]))
    elif not english and not _known(mem, raw, forms):
        fixed = correct(mem, raw)
        if fixed is None:
            return None
        corrected.append((raw, fixed))
        raw, forms = fixed, set(stem_forms(fixed))

    def indexed(found: set[str]) -> frozenset[str]:
        return frozenset(f for f in found if mem.known("title", f) or mem.known("text", f) or mem.known("remarks", f))

    forms_in, alt_in = indexed(forms), indexed(alt)
    if not forms_in and not alt_in:
        return None
    if english:  # the French term is what was meant: all its forms count fully
        forms_in, alt_in = forms_in | alt_in, frozenset()
    return Word(text=raw, forms=forms_in, alt=alt_in - forms_in, definers=definers, avoid=avoid, english=english)


def _known(mem: Memory, word: str, forms: set[str]) -> bool:
    if word in mem.postings["words"]:
        return True
    return any(mem.known(f, form) for form in forms for f in ("text", "title"))
