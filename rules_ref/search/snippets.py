"""Snippets: the rule's text with the query's words in ``<mark>``, whole when it is short.

The rules are short: a text up to :data:`WHOLE_CHARS` is shown whole, highlighted. A longer one is
cut into up to two fragments around the best groups of matches, and every cut is marked with "…"
(at the start, between fragments, at the end), never a sentence stopping mid-way unmarked.

The stored text is analysed like the index (``plain``: whole folded words, as in the fuzzy field),
so an unaccented query highlights accented words.
"""
from __future__ import annotations

from functools import lru_cache

from django.utils.html import escape

from ..analysis import STOPWORDS, fold, stem_forms
from .index import Doc
from .query import WORD

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
                fragment = _highlight(" ".join(text.split()), terms, plain)
                if fragment:
                    return fragment
    return plain_snippet(doc)


def plain_snippet(doc: Doc, length: int = 200) -> str:
    text = " ".join((doc.text or doc.title or "").split())
    if len(text) > length:
        text = text[: length - 1].rsplit(" ", 1)[0] + " " + ELLIPSIS
    return escape(text)


@lru_cache(maxsize=4096)
def _tokens(text: str, plain: bool) -> tuple[tuple[int, int, tuple[str, ...]], ...]:
    """(start, end, indexed forms) of each word of ``text``; stop words have no forms."""
    tokens = []
    for match in WORD.finditer(text):
        low = match.group(0).lower()
        if plain:
            forms: tuple[str, ...] = (fold(low),)
        else:
            forms = () if low in STOPWORDS else stem_forms(low)
        tokens.append((match.start(), match.end(), forms))
    return tuple(tokens)


def _marked(text: str, tokens, indexes: list[int], start: int, end: int) -> str:
    pieces, cursor = [], start
    for i in indexes:
        s, e = tokens[i][0], tokens[i][1]
        pieces.append(escape(text[cursor:s]))
        pieces.append(f'<mark class="match">{escape(text[s:e])}</mark>')
        cursor = e
    pieces.append(escape(text[cursor:end]))
    return "".join(pieces).strip()


def _highlight(text: str, terms: frozenset[str], plain: bool) -> str | None:
    tokens = _tokens(text, plain)
    matched = [i for i, (_, _, forms) in enumerate(tokens) if not terms.isdisjoint(forms)]
    if not matched:
        return None
    if len(text) <= WHOLE_CHARS:
        return _marked(text, tokens, matched, 0, len(text))
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
    windows: list[tuple[int, int, list[int]]] = []
    for group in best:
        first, last = tokens[group[0]], tokens[group[-1]]
        start = next((s for s, e, _ in tokens if s >= first[0] - SNIPPET_SURROUND), first[0])
        end = next((e for s, e, _ in reversed(tokens) if e <= last[1] + SNIPPET_SURROUND), last[1])
        if windows and start <= windows[-1][1]:  # overlapping context: one fragment
            windows[-1] = (windows[-1][0], max(end, windows[-1][1]), windows[-1][2] + group)
        else:
            windows.append((start, end, list(group)))
    if windows[0][0] < 20:  # a few words before the first match: show them rather than a cut
        windows[0] = (0, windows[0][1], windows[0][2])
    if len(text) - windows[-1][1] < 20:
        windows[-1] = (windows[-1][0], len(text), windows[-1][2])
    out = []
    for start, end, group in windows:
        out.append(_marked(text, tokens, group, start, end))
    html = f" {ELLIPSIS} ".join(out)
    if windows[0][0] > 0:
        html = f"{ELLIPSIS} {html}"
    if windows[-1][1] < len(text.rstrip()):
        html = f"{html} {ELLIPSIS}"
    return html
