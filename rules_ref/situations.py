"""The judge's situation index, read from ``fixtures/glossary/situations.json``.

Data, not code, like the vocabulary beside it: for each rule that decides a dispute, the
circumstances that call for it, written from the rule's text the way a book's index is (« Deck —
vide, piocher dans un ~ : 3.2.2.d »). A circumstance is a combination of cues, each cue a list of
words or phrases said at a table (``deck``: deck, pioche, bibli…); it is recognised when a query
holds a word of each of its cues, in any order and any inflection. An entry may name cues that
point to another rule instead (``unless``). ``non:CUE`` in a combination is a cue negated (« sans
héros », « pas de coût de réserve »: a word of CUE just after a negation). Cues starting with ``#`` are read from the query as a
whole (:mod:`rules_ref.search.circumstances`): ``#absence`` a negation, ``#excess`` a number asked
for that is larger than the one there is, ``#decimal`` a number written with a decimal part.

The search favours the rules of the circumstances a query tells; each rule's page lists its
situations.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .glossary import GlossaryError, load

#: Cues read from the query as a whole, not from its words.
READ_CUES = ("#absence", "#excess", "#decimal", "#theirs_on_mine", "#modifier")
#: A cue negated in the query: ``non:heros`` is « sans héros », « pas de héros ».
NEGATED = "non:"


@dataclass(frozen=True)
class Situation:
    """One entry: the rule, the case in a judge's words, the cue combinations that call for it."""

    rule: str
    case: str  # in French, shown on the rule's page and with the results
    when: tuple[tuple[str, ...], ...]
    unless: tuple[str, ...] = ()


@lru_cache(maxsize=1)
def _file() -> dict:
    return load("situations.json")


@lru_cache(maxsize=1)
def cues() -> dict[str, tuple[str, ...]]:
    """Cue name → its words and phrases (as typed, accents and all), or read cues (``#absence``)."""
    raw = _file().get("cues", {})
    if not isinstance(raw, dict):
        raise GlossaryError("situations.json: « cues » must map a name to a list of words")
    found = {}
    for name, words in raw.items():
        if not isinstance(words, list) or not words or not all(isinstance(w, str) and w.strip() for w in words):
            raise GlossaryError(f"situations.json: cues.{name} must be a non-empty list of words")
        unknown = [w for w in words if w.startswith("#") and w not in READ_CUES]
        if unknown:
            raise GlossaryError(f"situations.json: cues.{name}: {unknown[0]!r} is not one of {', '.join(READ_CUES)}")
        found[name] = tuple(words)
    return found


@lru_cache(maxsize=1)
def situations() -> tuple[Situation, ...]:
    """Every entry, in the file's order; a malformed one is a clear error naming it."""
    known = cues()
    found = []
    for i, row in enumerate(_file().get("entries", [])):
        where = f"situations.json: entries[{i}]"
        try:
            rule, case, when, unless = row["rule"], row["case"], row["when"], row.get("unless", [])
        except (KeyError, TypeError) as exc:
            raise GlossaryError(f"{where} lacks {exc}") from None
        if not isinstance(rule, str) or not rule or not isinstance(case, str) or not case.strip():
            raise GlossaryError(f"{where}: « rule » and « case » must be non-empty text")
        if not isinstance(when, list) or not when or not all(isinstance(c, list) and c for c in when):
            raise GlossaryError(f"{where}.when: a list of cue combinations is expected")
        for j, combination in enumerate([*when, unless]):
            for name in combination:
                if name.removeprefix(NEGATED) not in known:
                    path = f"{where}.when[{j}]" if j < len(when) else f"{where}.unless"
                    raise GlossaryError(f"{path}: {name!r} is not a cue of « cues »")
        found.append(Situation(rule, case, tuple(tuple(c) for c in when), tuple(unless)))
    return tuple(found)


def for_rule(number: str | None) -> list[Situation]:
    """The situations a rule decides: its page lists them."""
    return [s for s in situations() if number and s.rule == number]
