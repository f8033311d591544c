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
from dataclasses import asdict, dataclass, field
from functools import lru_cache

from django.conf import settings
from django.core.cache import cache
from django.urls import get_script_prefix, reverse

from .. import glossary
from ..analysis import STOPWORDS, fold
from .index import Doc, IndexMissing, close_searcher, current_index_dir, index_key, memory, phrase_docs, rebuild
from .query import MAX_TERMS, WORD, Word, nearest, normalize_query, parse_number, read_words
from .ranking import rank
from .snippets import plain_snippet, snippet

__all__ = ["Hit", "Results", "IndexMissing", "search", "suggest", "rebuild", "close_searcher",
           "current_index_dir", "normalize_query", "parse_number"]

#: How much a rule number typed among words weighs (``2.4.6.c fugace``).
NUMBER_BOOST = 8.0


@dataclass
class Hit:
    ruleset: str
    number: str | None
    slug: str
    kind: str
    title: str
    text: str
    snippet: str  # HTML: escaped text with <mark> around the matched words
    score: float
    url: str

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class Results:
    query: str
    kind: str  # "number", "keywords" or "empty"
    hits: list[Hit] = field(default_factory=list)
    #: The query actually run, when some words were corrected ("fugase" → "fugace").
    corrected: str | None = None
    #: A better query to propose ("did you mean"), or the nearest existing rule to a missing number.
    suggestion: str | None = None
    #: A rule number that was asked for and does not exist in the rule set.
    missing_number: str | None = None
    fuzzy: bool = False
    #: The rule number the query named, however typed (``3.2.9 f`` → ``3.2.9.f``).
    number: str | None = None


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
        results.hits.append(_hit(doc, plain_snippet(doc), 1.0 if doc.number == number else 0.5))
    if exact is None:
        results.missing_number = number
        results.suggestion = nearest_rule(number, ruleset)
    return results


def nearest_rule(number: str, ruleset: str) -> str | None:
    """The nearest existing rule to a missing number: its closest existing ancestor."""
    from ..parser import ancestors

    mem = memory()
    return next((level for level in reversed(ancestors(number)[:-1]) if (ruleset, level) in mem.by_number), None)


def _keyword_search(q: str, ruleset: str, limit: int) -> Results:
    mem = memory()
    results = Results(query=q, kind="keywords")
    words, numbers, corrected = read_words(q, mem)
    extra = {mem.by_number[(ruleset, n)]: NUMBER_BOOST for n in numbers if (ruleset, n) in mem.by_number}
    only = None
    terms = frozenset(form for w in words for form in w.forms)
    if '"' in q:
        only, phrase_terms = phrase_docs(corrected or q, ruleset)
        terms |= phrase_terms
    ranked = rank(mem, words, ruleset, limit, only=only, extra=extra) if (words or extra) else []
    plain = False
    if not ranked:
        ranked, terms = _fuzzy(mem, corrected or q, ruleset, limit)
        plain = True
        results.fuzzy = bool(ranked)
    if corrected and ranked and not plain:
        results.corrected = corrected
    elif corrected:
        results.suggestion = corrected
    for docnum, score in ranked:
        doc = mem.docs[docnum]
        results.hits.append(_hit(doc, snippet(doc, terms, plain), round(score, 4)))
    return results


def _fuzzy(mem, q: str, ruleset: str, limit: int) -> tuple[list[tuple[int, float]], frozenset[str]]:
    """Last resort: rules holding words within one or two edits of the query's words."""
    near: set[str] = set()
    for w in WORD.findall(q)[:MAX_TERMS]:
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


@lru_cache(maxsize=8192)
def _cached_url(prefix: str, ruleset: str, number: str | None, slug: str) -> str:
    # reverse() costs ~0.1 ms; a results page asks for 20 of them (the prefix is part of the key).
    if number:
        return reverse("rules_ref:rule", args=[ruleset, number])
    return reverse("rules_ref:article", args=[ruleset, slug])


def _hit(doc: Doc, snippet_html: str, score: float) -> Hit:
    number = doc.number or None
    return Hit(ruleset=doc.ruleset, number=number, slug=doc.slug, kind=doc.kind, title=doc.title, text=doc.text,
               snippet=snippet_html, score=score, url=_cached_url(get_script_prefix(), doc.ruleset, number, doc.slug))


# ---------------------------------------------------------------- as you type


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
        return [_hit(d, plain_snippet(d, 120), 1.0) for d in docs]
    words, _, _ = read_words(q, mem)
    last = fold(WORD.findall(q)[-1])
    prefix = _prefix_word(mem, last)
    if prefix is not None and not (words and last in {fold(w.text) for w in words}):
        words = [w for w in words if not w.forms <= prefix.forms] + [prefix]
    ranked = rank(mem, words, ruleset, limit) if words else []
    if not ranked:
        return search(q, ruleset=ruleset, limit=limit).hits
    return [_hit(mem.docs[d], plain_snippet(mem.docs[d], 120), round(s, 4)) for d, s in ranked]


def _number_prefix(mem, ruleset: str, number: str) -> list[int]:
    """Rules whose number starts with what is typed (``2.4.`` → 2.4.6…), in rules order."""
    prefix = number + "."
    return [d for (rs, n), d in sorted(mem.by_number.items(), key=lambda p: mem.docs[p[1]].order)
            if rs == ruleset and n.startswith(prefix)][:20]


#: At most this many indexed words stand for a prefix (``d`` alone would be hundreds).
MAX_PREFIX_WORDS = 24


def _prefix_word(mem, prefix: str) -> Word | None:
    """The indexed words starting with ``prefix`` as one word (their forms)."""
    import bisect

    from ..analysis import stem_forms

    if len(prefix) < 2:
        return None
    if len(prefix) >= 3:  # an English term being typed ("flee" → fleeting → Fugace)
        english = [t for form, terms in glossary.by_english().items() if form.startswith(prefix) for t in terms]
        if english:
            french = " ".join(dict.fromkeys(t.forms[0] for t in english[:4]))
            words, _, _ = read_words(french, mem)
            forms = frozenset().union(*(w.all_forms for w in words)) if words else frozenset()
            if forms:
                return Word(text=prefix, forms=forms, english=True)
    vocab = mem.vocabulary
    start = bisect.bisect_left(vocab, prefix)
    forms: set[str] = set()
    for word in vocab[start:start + MAX_PREFIX_WORDS]:
        if not word.startswith(prefix):
            break
        forms.update(f for f in stem_forms(word) if mem.known("text", f) or mem.known("title", f))
    return Word(text=prefix, forms=frozenset(forms)) if forms else None
