"""Search over the rules (Whoosh is known only inside this package).

Two kinds of query:

* a rule number however typed (``4.2.5.c``, ``4.2.5``, ``3.2.9 f``, ``R2.4.6.c``, ``règle 2.4.6.c``)
  goes straight to that rule, then its subtree in rules order;
* anything else is a French keyword query over title, text and remarks, with English game terms and
  judges' synonyms read through the glossary, accents folded, stemming, elisions, stop words,
  phrases in quotes, typo tolerance (unknown words replaced by their nearest indexed word, then
  fuzzy matching as a last resort), ranked so that the deciding rule comes first, with snippets.

Modules: ``index`` (the index on disk and its in-memory reading), ``query`` (reading the query),
``ranking``, ``snippets``.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache

from ..parser import ancestors
from .hits import Hit, Results, make_hit
from .index import (
    IndexMissing,
    close_searcher,
    current_index_dir,
    index_key,
    phrase_docs,
    rebuild,
    searcher,
)
from .memory import memory
from .query import MAX_TERMS, WORD, normalize_query, parse_number, read_words
from .ranking import rank
from .snippets import plain_snippet, snippet
from .spelling import fuzzy
from .suggest import suggest

__all__ = [
    "Hit",
    "IndexMissing",
    "Results",
    "close_searcher",
    "current_index_dir",
    "normalize_query",
    "parse_number",
    "rebuild",
    "search",
    "searcher",
    "suggest",
]

#: At most two quoted phrases are run as phrases (Whoosh's phrase parsing costs grow with them).
MAX_QUOTES = 4
#: How much a rule number typed among words weighs (``2.4.6.c fugace``).
NUMBER_BOOST = 8.0


def search(q: str, ruleset: str | None = None, limit: int = 20) -> Results:
    """Ranked rules for a query, best first. Never raises on bad query syntax.

    The index is read-only between rebuilds, so results are kept in the process's cache under the
    name of the index build they came from: a rebuild makes new keys and nothing stale is served.
    ``ARBITRE_SEARCH_CACHE=0`` turns this off (the benches measure the search without it).
    """
    q = normalize_query(q)
    ruleset = ruleset or settings.ARBITRE_DEFAULT_RULESET
    if not WORD.search(q):
        return Results(query=q, kind="empty")
    if not settings.ARBITRE_SEARCH_CACHE:
        return _search(q, ruleset, limit)
    key = "search:" + hashlib.sha1(repr((index_key(), ruleset, limit, q)).encode()).hexdigest()
    results = cache.get(key)
    if results is None:
        results = _search(q, ruleset, limit)
        cache.set(key, results, timeout=None)
    return results


def _search(q: str, ruleset: str, limit: int) -> Results:
    number = parse_number(q)
    if number:
        return _number_search(q, number, ruleset, limit)
    return _keyword_search(q, ruleset, limit)


def _number_search(q: str, number: str, ruleset: str, limit: int) -> Results:
    mem = memory()
    results = Results(query=q, kind="number", number=number)
    exact = mem.by_number.get((ruleset, number))
    found = ([exact] if exact is not None else []) + mem.subtree.get((ruleset, number), [])
    for docnum in list(dict.fromkeys(found))[:limit]:
        doc = mem.docs[docnum]
        results.hits.append(make_hit(doc, plain_snippet(doc), 1.0 if doc.number == number else 0.5))
    if exact is None:
        results.missing_number = number
        results.suggestion = nearest_rule(number, ruleset)
    return results


def nearest_rule(number: str, ruleset: str) -> str | None:
    """The nearest existing rule to a missing number: its closest existing ancestor."""
    mem = memory()
    return next((level for level in reversed(ancestors(number)[:-1]) if (ruleset, level) in mem.by_number), None)


def _keyword_search(q: str, ruleset: str, limit: int) -> Results:
    mem = memory()
    results = Results(query=q, kind="keywords")
    words, numbers, corrected = read_words(q, mem)
    extra = {mem.by_number[(ruleset, n)]: NUMBER_BOOST for n in numbers if (ruleset, n) in mem.by_number}
    only = None
    terms = frozenset(form for w in words for form in w.forms)
    if 0 < q.count('"') <= MAX_QUOTES and q.count('"') % 2 == 0:  # phrases; stray quotes are ignored
        only, phrase_terms = phrase_docs(corrected or q, ruleset)
        terms |= phrase_terms
    ranked = rank(mem, words, ruleset, limit, only=only, extra=extra) if (words or extra) else []
    plain = False
    if not ranked:
        ranked, terms = fuzzy(mem, WORD.findall(corrected or q)[:MAX_TERMS], ruleset, limit)
        plain = True
        results.fuzzy = bool(ranked)
    if corrected and ranked and not plain:
        results.corrected = corrected
    elif corrected:
        results.suggestion = corrected
    for docnum, score in ranked:
        doc = mem.docs[docnum]
        results.hits.append(make_hit(doc, snippet(doc, terms, plain), round(score, 4)))
    return results
