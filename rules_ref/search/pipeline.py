"""A search from query to results: a rule number, or keywords read, ranked and highlighted."""

from __future__ import annotations

import hashlib
import re

from django.conf import settings
from django.core.cache import cache
from django.urls import get_script_prefix

from ..glossary import stamp as glossary_stamp
from .hits import Results, make_hit
from .index import index_key, phrase_docs
from .memory import memory
from .numbers import number_search, parse_number, parse_range, say_missing
from .query import read_words
from .ranking import rank
from .snippets import snippet
from .spelling import fuzzy
from .words import MAX_TERMS, WORD, normalize_query

#: At most two quoted phrases are run as phrases (Whoosh's phrase parsing costs grow with them).
MAX_QUOTES = 4
#: How much a rule number typed among words weighs (``2.4.6.c fugace``).
NUMBER_BOOST = 8.0
#: The site's pages a query may be looking for besides the rules: (words, title, URL name).
PAGES = (
    (
        frozenset({"lexique", "glossaire", "vocabulaire", "traduction", "traductions", "anglais", "termes"}),
        "Lexique : termes du jeu, anglais et mots des joueurs",
        "rules_ref:lexicon",
    ),
    (
        frozenset({"changements", "differences", "modifications"}),
        "Changements des règles officielles",
        "rules_ref:changes",
    ),
)


def search(q: str, ruleset: str | None = None, limit: int = 20) -> Results:
    """Ranked rules for a query, best first. Never raises on bad query syntax.

    The index is read-only between rebuilds, so results are kept in the process's cache under the
    name of the index build they came from and of the glossary files read (``glossary.stamp``): a
    rebuild or an edited vocabulary makes new keys and nothing stale is served.
    ``ARBITRE_SEARCH_CACHE=0`` turns this off (the benches measure the search without it).
    """
    q = normalize_query(q)
    ruleset = ruleset or settings.ARBITRE_DEFAULT_RULESET
    if not WORD.search(q):
        return Results(query=q, kind="empty")
    if not settings.ARBITRE_SEARCH_CACHE:
        return uncached(q, ruleset, limit)
    key = "search:" + hashlib.sha1(repr((index_key(), glossary_stamp(), ruleset, limit, q)).encode()).hexdigest()
    results = cache.get(key)
    if results is None:
        results = uncached(q, ruleset, limit)
        cache.set(key, results, timeout=None)
    return results


def uncached(q: str, ruleset: str, limit: int) -> Results:
    """:func:`search` without its cache (``q`` already normalised)."""
    number = parse_number(q)
    if number:
        return number_search(q, number, ruleset, limit, also=parse_range(q))
    results = keyword_search(q, ruleset, limit)
    results.pages = site_pages(q)
    return results


def site_pages(q: str) -> list[tuple[str, str]]:
    """(title, URL name) of the site's pages the query names (« lexique », « glossaire »)."""
    from ..analysis import fold

    words = set(re.findall(r"\w+", fold(q)))
    return [(title, name) for names, title, name in PAGES if names & words]


#: At most this many recognised situations are said with the results.
MAX_SITUATIONS = 3


def told_situations(reading, numbers: list[str]) -> list[tuple[str, str]]:
    """(rule, case) of the situations the query tells whose rule is among the results, in the
    results' order: what the page says it read (« Situation reconnue »)."""
    rank = {n: i for i, n in enumerate(numbers) if n}
    cases = {}
    for situation in reading.cases.situations:
        if situation.rule in rank:
            cases.setdefault(situation.rule, situation.case)
    return sorted(cases.items(), key=lambda pair: rank[pair[0]])[:MAX_SITUATIONS]


def keyword_search(q: str, ruleset: str, limit: int) -> Results:
    mem = memory()
    results = Results(query=q, kind="keywords")
    reading = read_words(q, mem)
    words, corrected = reading.words, reading.corrected
    results.vocabulary = reading.usages
    extra = {mem.by_number[(ruleset, n)]: NUMBER_BOOST for n in reading.numbers if (ruleset, n) in mem.by_number}
    missing = next((n for n in reading.numbers if (ruleset, n) not in mem.by_number), None)
    if missing:  # « règle 2.4.4 statut »: what stands for the number comes first, and the page says so
        citing, parent, before, after = say_missing(results, mem, missing, ruleset)
        for docnum in (*citing, before, after, parent):
            if docnum is not None:
                extra.setdefault(docnum, NUMBER_BOOST)
    only = None
    terms = frozenset(form for w in words for form in w.forms)
    if 0 < q.count('"') <= MAX_QUOTES and q.count('"') % 2 == 0:  # phrases; stray quotes are ignored
        only, phrase_terms = phrase_docs(corrected or q, ruleset)
        terms |= phrase_terms
    ranked = rank(mem, words, ruleset, limit, only=only, extra=extra, reading=reading) if (words or extra) else []
    plain = False
    if not ranked:
        ranked, terms = fuzzy(mem, WORD.findall(corrected or q)[:MAX_TERMS], ruleset, limit)
        plain = True
        results.fuzzy = bool(ranked)
    if corrected and ranked and not plain:
        results.corrected = corrected
    elif corrected:
        results.suggestion = corrected
    results.situations = told_situations(reading, [mem.docs[d].number for d, _ in ranked])
    prefix = get_script_prefix()
    for docnum, score in ranked:
        doc = mem.docs[docnum]
        results.hits.append(make_hit(doc, snippet(doc, terms, plain), round(score, 4), prefix))
    return results
