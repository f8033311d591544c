"""Suggestions as you type: the last word counts as a prefix (``fuga`` → Fugace, ``flee`` → Fleeting)."""

from __future__ import annotations

import bisect

from django.conf import settings

from .. import glossary
from ..analysis import fold, stem_forms
from .hits import Hit, make_hit
from .memory import memory
from .numbers import parse_number
from .pipeline import search
from .query import read_words
from .ranking import rank
from .snippets import plain_snippet
from .words import WORD, Word, normalize_query


def suggest(q: str, ruleset: str | None = None, limit: int = 8) -> list[Hit]:
    """Rules for a query being typed: the last word counts as a prefix (``fuga`` → Fugace)."""
    q = normalize_query(q)
    ruleset = ruleset or settings.ARBITRE_DEFAULT_RULESET
    if not WORD.search(q):
        return []
    mem = memory()
    number = parse_number(q)
    if number:
        exact = mem.by_number.get((ruleset, number))
        found = ([exact] if exact is not None else []) + mem.subtree.get((ruleset, number), [])
        found += _number_prefix(mem, ruleset, number)
        docs = [mem.docs[d] for d in dict.fromkeys(found)][:limit]
        return [make_hit(d, plain_snippet(d, 120), 1.0) for d in docs]
    words = read_words(q, mem, cases=False).words
    last = fold(WORD.findall(q)[-1])
    prefix = _prefix_word(mem, last)
    if prefix is not None and not (words and last in {fold(w.text) for w in words}):
        words = [w for w in words if not w.forms <= prefix.forms] + [prefix]
    ranked = rank(mem, words, ruleset, limit) if words else []
    if not ranked:  # no prefix matches: the full search, typo correction included
        return search(q, ruleset=ruleset, limit=limit).hits
    return [make_hit(mem.docs[d], plain_snippet(mem.docs[d], 120), round(s, 4)) for d, s in ranked]


def _number_prefix(mem, ruleset: str, number: str) -> list[int]:
    """Rules whose number starts with what is typed (``2.4.`` → 2.4.6…), in rules order."""
    prefix = number + "."
    return [
        d
        for (rs, n), d in sorted(mem.by_number.items(), key=lambda p: mem.docs[p[1]].order)
        if rs == ruleset and n.startswith(prefix)
    ][:20]


#: At most this many indexed words stand for a prefix (``d`` alone would be hundreds).
MAX_PREFIX_WORDS = 24


def _prefix_word(mem, prefix: str) -> Word | None:
    """The indexed words starting with ``prefix`` as one word (their forms)."""
    if len(prefix) < 2:
        return None
    if len(prefix) >= 3:  # an English term being typed ("flee" → fleeting → Fugace)
        english = [t for form, terms in glossary.by_english().items() if form.startswith(prefix) for t in terms]
        if english:
            french = " ".join(dict.fromkeys(t.forms[0] for t in english[:4]))
            words = read_words(french, mem).words
            forms = frozenset().union(*(w.all_forms for w in words)) if words else frozenset()
            if forms:
                return Word(text=prefix, forms=forms, english=True)
    vocab = mem.vocabulary
    start = bisect.bisect_left(vocab, prefix)
    forms: set[str] = set()
    for word in vocab[start : start + MAX_PREFIX_WORDS]:
        if not word.startswith(prefix):
            break
        forms.update(f for f in stem_forms(word) if mem.known("text", f) or mem.known("title", f))
    return Word(text=prefix, forms=frozenset(forms)) if forms else None
