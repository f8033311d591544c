"""Spelling: the nearest indexed words to a word the index does not hold.

Corrections replace an unknown word of five letters or more by its nearest indexed word (one edit,
two for words of eight letters or more; a swapped pair of letters counts as one edit, unlike
Whoosh's corrector, so ``épusié`` and ``rserve`` are one edit away). A four-letter word is corrected
only by swapping two letters (``mnaa`` → mana): one other edit would turn real words into others.
Two edits on a seven-letter word turned French words the rules do not use into others
(``revient`` → restent). Of the words as near, the likeliest slip comes first (a letter left out,
two swapped, a neighbouring key, a letter too many, any other letter: :func:`slip`), then the most
used in the rules. A word no edit reaches may be typed as said (« plato »): ``query._sounded``.
The fuzzy search, a last resort when nothing at all is found, looks for rules
holding words near any of the query's words.
"""

from __future__ import annotations

import bisect
from itertools import pairwise

try:  # compiled, on the server; the browser's Pyodide ships no rapidfuzz: the same distance in Python there
    from rapidfuzz import process
    from rapidfuzz.distance import OSA
except ImportError:  # the tests set both to None to take this path (tests/rules/test_search_judges.py)
    process = OSA = None

from ..analysis import STOPWORDS, fold
from .memory import Memory

#: Shorter words are never corrected ("sans" is one edit from "sens").
MIN_CORRECTED = 5


def correct(mem: Memory, word: str) -> str | None:
    """The nearest indexed word to an unknown one (same first letter), or None."""
    if len(word) == MIN_CORRECTED - 1:
        swaps = {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)} - {word}
        found = sorted((-len(mem.postings["words"][w]), w) for w in swaps if w in mem.postings["words"])
        return found[0][1] if found else None
    if len(word) < MIN_CORRECTED:
        return None
    found = nearest(mem, word, 2 if len(word) >= 8 else 1, limit=1)
    return found[0] if found else None


def respell(word: str, words: list[str], maxdist: int) -> list[tuple[str, int]]:
    """The ``words`` (sorted) within ``maxdist`` edits of ``word``, same first letter, nearest
    first, with their distance: the players' own words, which the index does not hold (« cimetèire »)."""
    start = bisect.bisect_left(words, word[0])
    end = bisect.bisect_left(words, word[0] + "\uffff")
    near = [c for c in words[start:end] if c != word and abs(len(c) - len(word)) <= maxdist]
    if process is None:
        scored = sorted((d, c) for c in near if (d := _distance(word, c, maxdist)) <= maxdist)
    else:
        found = process.extract(word, near, scorer=OSA.distance, score_cutoff=maxdist, limit=None)
        scored = sorted((d, c) for c, d, _ in found)
    return [(c, d) for d, _, c in sorted((d, slip(word, c) if d == 1 else 1.0, c) for d, c in scored)]


def nearest(mem: Memory, word: str, maxdist: int, limit: int) -> list[str]:
    """Indexed words within ``maxdist`` edits of ``word`` (a swap counts as one), nearest and most
    frequent first; only words with the same first letter, so the scan stays small. The distance is
    rapidfuzz's optimal string alignment (compiled) where it can be imported, :func:`_distance` (the
    same, in Python) in the browser."""
    vocab = mem.vocabulary
    start = bisect.bisect_left(vocab, word[0])
    end = bisect.bisect_left(vocab, word[0] + "\uffff")
    near = [c for c in vocab[start:end] if c != word and abs(len(c) - len(word)) <= maxdist]
    if process is None:
        scored = [(c, _distance(word, c, maxdist)) for c in near]
    else:
        scored = [
            (c, d) for c, d, _ in process.extract(word, near, scorer=OSA.distance, score_cutoff=maxdist, limit=None)
        ]
    found = [
        (d, slip(word, c) if d == 1 else 1.0, -len(mem.postings["words"][c]), c) for c, d in scored if d <= maxdist
    ]
    found.sort()
    return [c for *_, c in found[:limit]]


#: Keys side by side on a French (AZERTY) or English (QWERTY) keyboard, rows and columns: a letter
#: typed for its neighbour is a slip of the finger.
_ROWS = ("azertyuiop", "qsdfghjklm", "wxcvbn", "qwertyuiop", "asdfghjkl", "zxcvbnm")
_NEIGHBOURS = frozenset(
    {(row[i], row[i + 1]) for row in _ROWS for i in range(len(row) - 1)}
    | {(upper[i], lower[i]) for k in (0, 3) for upper, lower in pairwise(_ROWS[k : k + 3]) for i in range(len(lower))}
)
#: Letters that spell one sound (« c », « k », « q », « s »; « m », « n »): one typed for another.
_ONE_SOUND = frozenset({("c", "k"), ("c", "q"), ("k", "q"), ("c", "s"), ("s", "z"), ("i", "y"), ("m", "n"), ("a", "e")})


def slip(typed: str, word: str) -> float:
    """How unlikely ``typed`` is as a slip for ``word``, one edit away: a letter left out or two
    swapped (the commonest slips) 0.5, a neighbouring key or a letter of the same sound struck for
    another 0.6, a letter too many 0.7, any other letter for another 1. It orders the corrections
    at the same distance: « defasse » is « défausse » (a letter left out), not « dépasse »."""
    if len(typed) < len(word):
        return 0.5
    if len(typed) > len(word):
        return 0.7
    diff = [i for i, (a, b) in enumerate(zip(typed, word, strict=True)) if a != b]
    if len(diff) == 2:
        return 0.5  # swapped (the only two-letter difference one edit away)
    pair = tuple(sorted((typed[diff[0]], word[diff[0]])))
    return 0.6 if pair in _NEIGHBOURS or pair[::-1] in _NEIGHBOURS or pair in _ONE_SOUND else 1.0


def distance(a: str, b: str, bound: int) -> int:
    """Optimal string alignment distance (a swapped pair of letters is one edit), ``bound + 1``
    once past ``bound``."""
    return _distance(a, b, bound) if OSA is None else OSA.distance(a, b, score_cutoff=bound)


def _distance(a: str, b: str, bound: int) -> int:
    """The same distance in Python, stopping early once past ``bound`` (the browser's)."""
    previous2: list[int] | None = None
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if previous2 is not None and i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > bound:
            return bound + 1
        previous2, previous = previous, current
    return min(previous[-1], bound + 1)


def fuzzy(mem: Memory, words: list[str], ruleset: str, limit: int) -> tuple[list[tuple[int, float]], frozenset[str]]:
    """Last resort: rules holding words within one or two edits of the query's words."""
    near: set[str] = set()
    for w in words:
        w = fold(w)
        if len(w) >= 4 and w not in STOPWORDS:
            near.update(nearest(mem, w, 2 if len(w) >= 6 else 1, limit=10))
    scores: dict[int, float] = {}
    for word in near:
        for docnum in mem.postings["words"][word]:
            if mem.docs[docnum].ruleset == ruleset:
                scores[docnum] = scores.get(docnum, 0.0) + 1.0 / (1 + mem.lengths["words"][docnum] / 50)
    ranked = sorted(scores.items(), key=lambda p: (-p[1], mem.docs[p[0]].order))[:limit]
    return ranked, frozenset(near)
