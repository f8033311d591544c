"""What a query is made of, below every other module of the package: the word pattern, the query
made tidy, and :class:`Word`, one content word of a query with the analysed forms that count as it."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

MAX_QUERY_CHARS = 300
MAX_TERMS = 24
WORD = re.compile(r"\w+")


def normalize_query(q: str) -> str:
    q = unicodedata.normalize("NFC", q or "").replace("’", "'")
    q = "".join(c if c.isprintable() else " " for c in q)
    return " ".join(q.split())[:MAX_QUERY_CHARS]


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
    #: Read through the judges' vocabulary (``bibli`` → Deck): its rules define it among other words.
    meant: bool = False
    #: Read through a situation of the vocabulary (« jeton renvoyé »): the circumstances point to its
    #: rules, which the query's other words may still outweigh.
    implied: bool = False
    #: A compound typed with a hyphen (« après-midi »): the forms of each part, all of which a rule
    #: must hold to count it.
    parts: tuple[frozenset[str], ...] = ()
    #: A number in a case told (« quatre cartes dans ma réserve »): a circumstance, weighed less.
    count: bool = False
    #: The rules the vocabulary entry it was read from names (``definers`` may add its glossary
    #: term's): an entry's bonus is granted once per rule, whichever of its words holds it.
    entry: tuple[str, ...] = ()
    #: Which vocabulary phrase of the query it was read from (1, 2, …; 0: typed as itself): the words
    #: one phrase reads into (« mis en mana » → mettre carte main zone mana) weigh as one word.
    phrase: int = 0
    all_forms: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "all_forms", self.forms | self.alt)


#: How the words of a phrase may be separated as typed (« après midi », « après-midi »).
PHRASE_GAP = r"[\s-]+"


def phrase_alternation(phrases, slots: dict[str, str] | None = None) -> str:
    """A regular expression matching any of ``phrases`` (folded, single-spaced), the longest at a
    position first, as a trie: the phrases sharing a beginning share its test, so a query is tried
    against the few that start with its letters, not against each of two thousand in turn. A space
    matches :data:`PHRASE_GAP`; ``slots`` maps a placeholder in the phrases (« [nombre] ») to what it
    matches."""
    slots = slots or {}
    trie: dict[str, dict] = {}
    for phrase in phrases:
        node = trie
        for symbol in _symbols(phrase, slots):
            node = node.setdefault(symbol, {})
        node[""] = {}  # a phrase ends here
    return _branches(trie, slots)


def _symbols(phrase: str, slots: dict[str, str]) -> list[str]:
    symbols, i = [], 0
    while i < len(phrase):
        slot = next((s for s in slots if phrase.startswith(s, i)), None)
        symbols.append(slot or phrase[i])
        i += len(slot) if slot else 1
    return symbols


def _branches(node: dict[str, dict], slots: dict[str, str]) -> str:
    """The trie below ``node``: longer phrases first (a greedy optional group), then the one ending."""
    branches = [
        (slots.get(s) or (PHRASE_GAP if s == " " else re.escape(s))) + _branches(child, slots)
        for s, child in sorted(node.items())
        if s
    ]
    if not branches:
        return ""
    if "" in node:
        return "(?:" + "|".join(branches) + ")?"
    return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
