"""Snippets: the rule's text with the query's words in ``<mark>``, whole when it is short.

The rules are short: a text up to :data:`WHOLE_CHARS` is shown whole, highlighted. A longer one is
cut into up to two fragments around the best groups of matches, and every cut is marked with "…"
(at the start, between fragments, at the end), never a sentence stopping mid-way unmarked.

The stored text is analysed like the index (``plain``: whole folded words, as in the fuzzy field),
so an unaccented query highlights accented words.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from html import escape

from .memory import Doc
from .text import Analysed, analyse, flat

WHOLE_CHARS = 280
SNIPPET_CHARS = 220
SNIPPET_SURROUND = 70
SNIPPET_FRAGMENTS = 2
ELLIPSIS = "…"


def snippet(doc: Doc, terms: frozenset[str], plain: bool = False) -> str:
    """HTML of the first of text, remarks and title that holds one of ``terms``, else the start."""
    if terms:
        for text in (doc.text, doc.remarks, doc.title):
            if text:
                fragment = _highlight(flat(text), terms, plain)
                if fragment:
                    return fragment
    return plain_snippet(doc)


def plain_snippet(doc: Doc, length: int = 200) -> str:
    text = flat(doc.text or doc.title or "")
    if len(text) > length:
        text = text[: length - 1].rsplit(" ", 1)[0] + " " + ELLIPSIS
    return escape(text)


def _marked(a: Analysed, matched: list[int], first: int, last: int, whole_start: bool, whole_end: bool) -> str:
    """Words ``first``..``last`` of the escaped text (or up to its ends), ``matched`` ones in <mark>."""
    start = 0 if whole_start else a.spans[first][0]
    end = len(a.escaped) if whole_end else a.spans[last][1]
    pieces, cursor = [], start
    for i in matched[bisect_left(matched, first) : bisect_right(matched, last)]:
        s, e = a.spans[i]
        pieces += [a.escaped[cursor:s], '<mark class="match">', a.escaped[s:e], "</mark>"]
        cursor = e
    pieces.append(a.escaped[cursor:end])
    return "".join(pieces).strip()


def _highlight(text: str, terms: frozenset[str], plain: bool) -> str | None:
    a = analyse(text, plain)
    hits = [a.where[t] for t in terms if t in a.where]
    if not hits:
        return None
    matched = sorted(set().union(*hits)) if len(hits) > 1 else hits[0]
    tokens = a.tokens
    if len(text) <= WHOLE_CHARS:
        return _marked(a, matched, 0, len(tokens) - 1, True, True)
    # Group nearby matches into fragments; keep the best ones by distinct terms, then by matches.
    span = SNIPPET_CHARS - 2 * SNIPPET_SURROUND
    groups: list[list[int]] = []
    for i in matched:
        if groups and tokens[i][1] - tokens[groups[-1][0]][0] <= span:
            groups[-1].append(i)
        else:
            groups.append([i])

    def score(group: list[int]) -> tuple[int, int]:
        distinct = set()
        for i in group:
            distinct.update(terms.intersection(tokens[i][2]))
        return (len(distinct), len(group))

    best = sorted(sorted(groups, key=score, reverse=True)[:SNIPPET_FRAGMENTS], key=lambda g: g[0])
    windows: list[list[int]] = []  # [first token, last token]
    for group in best:
        first = bisect_left(a.starts, tokens[group[0]][0] - SNIPPET_SURROUND)
        limit = tokens[group[-1]][1] + SNIPPET_SURROUND
        last = max(group[-1], bisect_right(a.starts, limit) - 1)
        while last > group[-1] and tokens[last][1] > limit:
            last -= 1
        if windows and first <= windows[-1][1] + 1:  # overlapping context: one fragment
            windows[-1][1] = max(last, windows[-1][1])
        else:
            windows.append([first, last])
    if tokens[windows[0][0]][0] < 20:  # a few words before the first match: show them, not a cut
        windows[0][0] = 0
    if len(text) - tokens[windows[-1][1]][1] < 20:
        windows[-1][1] = len(tokens) - 1
    whole_start = windows[0][0] == 0
    whole_end = windows[-1][1] == len(tokens) - 1
    out = [
        _marked(a, matched, first, last, whole_start and n == 0, whole_end and n == len(windows) - 1)
        for n, (first, last) in enumerate(windows)
    ]
    html = f" {ELLIPSIS} ".join(out)
    if not whole_start:
        html = f"{ELLIPSIS} {html}"
    if not whole_end:
        html = f"{html} {ELLIPSIS}"
    return html
