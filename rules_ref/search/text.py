"""The stored texts analysed like the index, once per text: where each word and each of its forms
stands. The snippets highlight with it and the ranking measures proximity with it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from html import escape

from ..analysis import STOPWORDS, fold, stem_forms
from .words import WORD


@lru_cache(maxsize=4096)
def title_words(title: str) -> tuple[frozenset[str], ...]:
    """A title's content words, each as its analysed forms."""
    return tuple(frozenset(stem_forms(w)) for w in re.findall(r"\w+", title.lower()) if w not in STOPWORDS)


@lru_cache(maxsize=4096)
def flat(text: str) -> str:
    return " ".join(text.split())


@dataclass(frozen=True)
class Analysed:
    """A stored text analysed like the index, once per text: each word's (start, end, forms), where
    each form occurs, and the escaped pieces (the gap before each word, the word, the tail) that a
    snippet joins."""

    tokens: tuple[tuple[int, int, tuple[str, ...]], ...]
    where: dict[str, list[int]]
    starts: list[int]
    escaped: str  # the whole text, escaped
    spans: list[tuple[int, int]]  # where each word is in ``escaped``


@lru_cache(maxsize=4096)
def analyse(text: str, plain: bool) -> Analysed:
    tokens = []
    where: dict[str, list[int]] = {}
    pieces, spans, cursor, length = [], [], 0, 0
    for i, match in enumerate(WORD.finditer(text)):
        low = match.group(0).lower()
        if plain:
            forms: tuple[str, ...] = (fold(low),)
        else:
            forms = () if low in STOPWORDS else stem_forms(low)
        tokens.append((match.start(), match.end(), forms))
        for form in forms:
            where.setdefault(form, []).append(i)
        gap, word = escape(text[cursor : match.start()]), escape(match.group(0))
        pieces += [gap, word]
        spans.append((length + len(gap), length + len(gap) + len(word)))
        length += len(gap) + len(word)
        cursor = match.end()
    pieces.append(escape(text[cursor:]))
    return Analysed(tuple(tokens), where, [t[0] for t in tokens], "".join(pieces), spans)
