"""Search over the rules: the only module that knows Whoosh.

Two kinds of query:

* a rule number (``4.2.5.c``, ``4.2.5``, ``2.5``, ``règle 2.4.6.c``) goes straight to that rule,
  then its subtree in rules order;
* anything else is a French keyword query over number, title, text and remarks: accents folded,
  stemming, elisions, stop words, phrases in quotes, and typo tolerance (unknown words replaced by
  their nearest indexed word, then fuzzy matching as a last resort), with highlighted snippets.

The index is built from the database into a fresh directory and swapped in whole by renaming a
symlink (:func:`rebuild`), so a reader never sees half an index. Each thread keeps its own searcher
and reopens it when the symlink points elsewhere (never ``Searcher.refresh()``: it returns stale
results in whoosh-reloaded 2.7.5).
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import threading
import time
import unicodedata
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.urls import get_script_prefix, reverse
from django.utils.html import escape
from whoosh import index
from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, TEXT, Schema
from whoosh.qparser import MultifieldParser, OrGroup, PhrasePlugin, QueryParser
from whoosh.query import And, FuzzyTerm, NullQuery, Or, Prefix, Query, Term

from .analysis import STOPWORDS, fold, french_analyzer, plain_analyzer, stem_forms
from .parser import ancestors

MAX_QUERY_CHARS = 300
MAX_TERMS = 24
NUMBER_QUERY = re.compile(r"^(?:r(?:e|è|é)gles?\s*|r\s*)?(\d+(?:\.\d+)*(?:\.[a-z])?)\.?\*?$", re.IGNORECASE)
NUMBER_TOKEN = re.compile(r"^\d+(?:\.\d+)+(?:\.[a-z])?$")
WORD = re.compile(r"\w+")

SCHEMA = Schema(
    key=ID(stored=True, unique=True),
    ruleset=ID(stored=True),
    slug=ID(stored=True),
    number=ID(stored=True),
    ancestors=KEYWORD(),
    kind=ID(stored=True),
    order=NUMERIC(stored=True, sortable=True),
    title=TEXT(analyzer=french_analyzer(), stored=True, field_boost=3.0, multitoken_query="or"),
    text=TEXT(analyzer=french_analyzer(), stored=True, multitoken_query="or"),
    remarks=TEXT(analyzer=french_analyzer(), stored=True, field_boost=0.5, multitoken_query="or"),
    words=TEXT(analyzer=plain_analyzer(), multitoken_query="or"),
    #: The analysed forms of the enclosing sections' titles (``2.4.6.c`` is under "Fugace"), for
    #: ranking only: a rule is not found through its section's title, but it counts for coverage.
    context=STORED(),
)
KEYWORD_FIELDS = ["title", "text", "remarks"]
FIELD_BOOSTS = {"title": 3.0, "text": 1.0, "remarks": 0.5}


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
    #: A better query to propose ("did you mean"), when the results are weak or empty.
    suggestion: str | None = None
    #: A rule number that was asked for and does not exist in the rule set.
    missing_number: str | None = None
    fuzzy: bool = False


# ---------------------------------------------------------------- the index on disk


def index_root() -> Path:
    return Path(settings.ARBITRE_INDEX_DIR)


def _current_link(root: Path) -> Path:
    return root / "current"


def current_index_dir(root: Path | None = None) -> Path | None:
    link = _current_link(root or index_root())
    try:
        return (link.parent / os.readlink(link)).resolve()
    except OSError:
        return None


def rebuild(rules=None, root: Path | None = None) -> dict:
    """Build the index of ``rules`` (default: every rule) aside, then swap it in whole.

    Returns figures about the build (documents, seconds, directory).
    """
    from .models import Rule

    root = root or index_root()
    builds = root / "builds"
    builds.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    target = builds / f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{threading.get_ident() % 100000}-{time.monotonic_ns() % 10**9}"
    target.mkdir()
    try:
        ix = index.create_in(str(target), SCHEMA)
        writer = ix.writer(limitmb=128)
        count = 0
        queryset = rules if rules is not None else Rule.objects.select_related("ruleset").all()
        rules_list = list(queryset)
        titles = {(r.ruleset_id, r.number): r.title for r in rules_list if r.number and r.title}
        for rule in rules_list:
            if rule.implicit:
                continue
            writer.add_document(**_document(rule, titles))
            count += 1
        writer.commit()
        ix.close()
        temp_link = root / f".current-{os.getpid()}-{threading.get_ident()}"
        if temp_link.is_symlink():
            temp_link.unlink()
        os.symlink(os.path.relpath(target, root), temp_link)
        os.replace(temp_link, _current_link(root))  # atomic: readers see the old or the new index
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)
        raise
    _prune(builds, keep={target.name})
    return {"documents": count, "seconds": time.perf_counter() - started, "directory": str(target)}


def _prune(builds: Path, keep: set[str], spare: int = 2) -> None:
    """Remove old builds, sparing the newest few that readers may still have open."""
    olds = sorted((p for p in builds.iterdir() if p.name not in keep), key=lambda p: p.stat().st_mtime)
    for old in olds[:-spare] if spare else olds:
        shutil.rmtree(old, ignore_errors=True)


def _document(rule, titles: dict | None = None) -> dict:
    text = rule.search_text
    remarks = "\n".join(rule.remarks)
    sections = [
        (titles or {}).get((rule.ruleset_id, level), "") for level in (ancestors(rule.number)[:-1] if rule.number else [])
    ]
    return {
        "key": f"{rule.ruleset.slug}:{rule.slug}",
        "ruleset": rule.ruleset.slug,
        "slug": rule.slug,
        "number": rule.number or "",
        "ancestors": " ".join(ancestors(rule.number)) if rule.number else "",
        "kind": rule.kind,
        "order": rule.order,
        "title": rule.title,
        "text": text,
        "remarks": remarks,
        "words": " ".join([rule.number or "", rule.title, text, remarks]),
        "context": " ".join(sorted({t.text for t in french_analyzer()(" ".join(sections))})),
    }


_local = threading.local()


class IndexMissing(RuntimeError):
    """No index has been built yet (run ``manage.py rebuild_index``)."""


def _index_key() -> tuple[str, str]:
    """Which index build is current: one readlink (the symlink's text names the build)."""
    root = index_root()
    try:
        return (str(root), os.readlink(_current_link(root)))
    except OSError:
        raise IndexMissing("aucun index de recherche : lancez « manage.py rebuild_index »") from None


def searcher():
    """This thread's searcher on the current index, reopened when the index was swapped."""
    root = index_root()
    key = _index_key()
    cached = getattr(_local, "searcher", None)
    if cached is not None and cached[0] == key:
        return cached[1]
    if cached is not None:
        cached[1].close()
    s = index.open_dir(str((root / key[1]).resolve())).searcher()
    _local.searcher = (key, s)
    return s


def close_searcher() -> None:
    cached = getattr(_local, "searcher", None)
    if cached is not None:
        cached[1].close()
        _local.searcher = None


# ---------------------------------------------------------------- queries


def normalize_query(q: str) -> str:
    q = unicodedata.normalize("NFC", q or "").replace("’", "'")
    q = "".join(c if c.isprintable() else " " for c in q)
    return " ".join(q.split())[:MAX_QUERY_CHARS]


def search(q: str, ruleset: str | None = None, limit: int = 20) -> Results:
    """Ranked rules for a query, best first. Never raises on bad query syntax.

    The index is read-only between rebuilds, so results are kept in the process's cache under the
    name of the index build they came from: a rebuild makes new keys and nothing stale is served.
    At a tournament the same few rules are looked up again and again; ``ARBITRE_SEARCH_CACHE=0``
    turns this off (the load bench measures both).
    """
    q = normalize_query(q)
    ruleset = ruleset or settings.ARBITRE_DEFAULT_RULESET
    if not WORD.search(q):
        return Results(query=q, kind="empty")
    if not settings.ARBITRE_SEARCH_CACHE:
        return _search(q, ruleset, limit)
    key = "search:" + hashlib.sha1(repr((_index_key(), ruleset, limit, q)).encode()).hexdigest()
    results = cache.get(key)
    if results is None:
        results = _search(q, ruleset, limit)
        cache.set(key, results, timeout=None)
    return results


def _search(q: str, ruleset: str, limit: int) -> Results:
    s = searcher()
    match = NUMBER_QUERY.match(q)
    if match:
        return _number_search(s, q, match.group(1).lower(), ruleset, limit)
    return _keyword_search(s, q, ruleset, limit)


def _number_search(s, q: str, number: str, ruleset: str, limit: int) -> Results:
    results = Results(query=q, kind="number")
    in_set = Term("ruleset", ruleset)
    exact = s.search(And([in_set, Term("number", number)]), limit=1)
    subtree = s.search(And([in_set, Term("ancestors", number)]), limit=None, sortedby="order")
    seen = set()
    for hit in list(exact) + list(subtree):
        if hit["key"] in seen:
            continue
        seen.add(hit["key"])
        results.hits.append(_hit(hit, snippet=_plain_snippet(hit), score=1.0 if hit["number"] == number else 0.5))
        if len(results.hits) >= limit:
            break
    if not exact.scored_length():
        results.missing_number = number
        for level in reversed(ancestors(number)[:-1]):
            if s.search(And([in_set, Term("number", level)]), limit=1).scored_length():
                results.suggestion = level
                break
    return results


def _parser(schema) -> MultifieldParser:
    """The keyword query parser for this schema, built once per thread and index."""
    cached = getattr(_local, "parser", None)
    if cached is not None and cached[0] is schema:
        return cached[1]
    parser = MultifieldParser(KEYWORD_FIELDS, schema, fieldboosts=FIELD_BOOSTS, group=OrGroup)
    # Judges type plain words: no field:value, wildcards, ranges or boosts syntax.
    for name in ("FieldsPlugin", "WildcardPlugin", "RangePlugin", "BoostPlugin", "PlusMinusPlugin", "GroupPlugin"):
        parser.remove_plugin_class(getattr(__import__("whoosh.qparser", fromlist=[name]), name))
    _local.parser = (schema, parser)
    return parser


def _parse(s, text: str) -> Query:
    if '"' not in text:
        return _words_query(s.schema, text)
    try:
        query = _parser(s.schema).parse(text)
    except Exception:  # whoosh's parser can trip on odd input: fall back to the bare words
        query = None
    if query is None or query is NullQuery:
        words = WORD.findall(text)[:MAX_TERMS]
        if not words:
            return NullQuery
        try:
            query = _parser(s.schema).parse(" ".join(words))
        except Exception:
            return NullQuery
    return query


def _words_query(schema, text: str) -> Query:
    """Plain words (no phrase): each form of each word in title, text and remarks, OR-ed.

    What the parser makes of them, built directly (the parser costs more than the search). Words
    are analysed by the index's own field analyzer, so the query always matches how it was built.
    """
    clauses: list[Query] = []
    seen: set[tuple[str, str]] = set()
    words = " ".join(WORD.findall(text)[:MAX_TERMS])
    for fieldname in KEYWORD_FIELDS:
        if fieldname not in schema:
            continue
        for token in schema[fieldname].analyzer(words):
            if (fieldname, token.text) not in seen:
                seen.add((fieldname, token.text))
                clauses.append(Term(fieldname, token.text, boost=FIELD_BOOSTS[fieldname]))
    return Or(clauses) if clauses else NullQuery


def _number_boost(text: str) -> list[Query]:
    return [Term("number", tok, boost=8.0) for tok in text.split() if NUMBER_TOKEN.match(tok.strip(".,;()"))]


def _known(reader, word: str) -> bool:
    """Whether a (query) word is worth searching as typed: in the index as such, or by its stems."""
    if reader.frequency("words", fold(word)):
        return True
    return any(reader.frequency(f, form) for form in stem_forms(word.lower()) for f in ("text", "title"))


#: Shorter words are never corrected ("sans" is one edit from "sens"); fuzzy matching still
#: applies when nothing at all is found.
MIN_CORRECTED = 5


def _correct(s, q: str) -> str | None:
    """The query with each unknown word replaced by the nearest indexed word, or None if none is."""
    reader = s.reader()
    corrector = s.corrector("words")
    changed = False

    def replace(match: re.Match) -> str:
        nonlocal changed
        word = match.group(0)
        low = word.lower()
        if len(word) < MIN_CORRECTED or low in STOPWORDS or word.isdigit() or _known(reader, word):
            return word
        folded = fold(word)
        # Two edits only for long words: "garde" is two edits from "gagne", "ravitaler" from
        # "ravitailler"; a plain French word missing from the rules must not become another one.
        for maxdist in (1, 2) if len(folded) >= 7 else (1,):
            suggestions = corrector.suggest(folded, limit=1, maxdist=maxdist, prefix=1)
            if suggestions:
                changed = True
                return suggestions[0]
        return word

    corrected = WORD.sub(replace, q)
    return corrected if changed else None


def _keyword_search(s, q: str, ruleset: str, limit: int) -> Results:
    results = Results(query=q, kind="keywords")
    corrected = _correct(s, q)
    run = corrected or q
    query = _parse(s, run)
    boosts = _number_boost(q)
    if boosts:
        query = Or([query, *boosts]) if query is not NullQuery else Or(boosts)
    if query is NullQuery:
        return results
    words = _query_words(s, run)
    # The rule set as a filter, not an And: the top-level Or can then preload its few matches (the
    # index is small), much faster than Whoosh's tree of union matchers.
    hits = s.search(query, filter=Term("ruleset", ruleset), limit=max(limit, RERANK_DEPTH), optimize=False)
    ranked = _rerank(hits, words, limit)
    terms = _highlight_terms(query)
    plain = False
    if not hits.scored_length():
        fuzzy = _fuzzy_query(run)
        if fuzzy is not None:
            hits = s.search(And([Term("ruleset", ruleset), fuzzy]), limit=limit)
            ranked = [(hit, hit.score) for hit in hits]
            terms = {t for f, t in fuzzy.expanded_terms(s.reader()) if f == "words"}
            terms = {t.decode() if isinstance(t, bytes) else t for t in terms}
            plain = True
            results.fuzzy = bool(hits.scored_length())
    if corrected and hits.scored_length():
        results.corrected = corrected
    elif corrected:
        results.suggestion = corrected
    for hit, score in ranked:
        results.hits.append(_hit(hit, snippet=_snippet(hit, terms, plain), score=round(score, 4)))
    return results


#: How many of Whoosh's best hits are re-ranked by coverage of the query's words.
RERANK_DEPTH = 50


def _query_words(s, text: str) -> list[tuple[frozenset[str], frozenset[int]]]:
    """Each distinct content word of the query the index knows: its forms, and the documents
    holding one of them in title, text or remarks.

    Words found nowhere (``combien``) are left out: they would lower every document alike.
    """
    reader = s.reader()
    words: list[tuple[frozenset[str], frozenset[int]]] = []
    seen: set[frozenset[str]] = set()
    for word in WORD.findall(text)[:MAX_TERMS]:
        low = word.lower()
        if low in STOPWORDS or NUMBER_TOKEN.match(word):
            continue
        forms = frozenset(stem_forms(low))
        if forms in seen:
            continue
        seen.add(forms)
        docs: set[int] = set()
        for f in KEYWORD_FIELDS:
            for form in forms:
                if (f, form) in reader:
                    docs.update(reader.postings(f, form).all_ids())
        if docs:
            words.append((forms, frozenset(docs)))
    return words


def _rerank(hits, words: list[tuple[frozenset[str], frozenset[int]]], limit: int) -> list[tuple]:
    """Scale each score by the share of the query's words the rule covers, best first.

    BM25 alone lets one word in a short title (the heading "Réserve" of 3.2.10) beat a rule that
    holds every word of the question. A rule covers a word when the word is in its title, text or
    remarks, or in the title of a section it belongs to (2.4.6.c is under "Fugace").
    """
    if len(words) < 2:
        return [(hit, hit.score) for hit in hits[:limit]]
    ranked = []
    for hit in hits:
        context = None
        covered = 0
        for forms, docs in words:
            if hit.docnum in docs:
                covered += 1
                continue
            if context is None:
                context = frozenset((hit.get("context") or "").split())
            if not forms.isdisjoint(context):
                covered += 1
        ranked.append((hit, hit.score * (covered / len(words)) ** COVERAGE_POWER))
    ranked.sort(key=lambda pair: -pair[1])
    return ranked[:limit]


#: How strongly coverage of the query's words weighs on the score (see :func:`_rerank`).
COVERAGE_POWER = 2.0


def _fuzzy_query(q: str) -> Query | None:
    words = [fold(w) for w in WORD.findall(q) if len(w) >= 4 and w.lower() not in STOPWORDS][:MAX_TERMS]
    if not words:
        return None
    return Or([FuzzyTerm("words", w, maxdist=2 if len(w) >= 6 else 1, prefixlength=1) for w in words])


def _highlight_terms(query: Query) -> set[str]:
    terms: set[str] = set()
    for fieldname, text in query.iter_all_terms():
        if fieldname in KEYWORD_FIELDS:
            terms.add(text.decode() if isinstance(text, bytes) else text)
    return terms


#: Snippets: up to two fragments of about this many characters, matched words in <mark>.
SNIPPET_CHARS = 220
SNIPPET_SURROUND = 70
SNIPPET_FRAGMENTS = 2


def _snippet(hit, terms: set[str], plain: bool = False) -> str:
    """Highlighted fragments of the first of text, remarks and title that holds a query term.

    The stored text is analysed like the index (``plain``: whole folded words, as in the fuzzy
    field), so an unaccented query highlights accented words. Whoosh's own highlighter does the
    same work several times slower; the token list of each stored text is cached.
    """
    if terms:
        wanted = frozenset(terms)
        for fieldname in ("text", "remarks", "title"):
            text = hit.get(fieldname) or ""
            if text:
                fragment = _highlight(text, wanted, plain)
                if fragment:
                    return fragment
    return _plain_snippet(hit)


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


def _highlight(text: str, terms: frozenset[str], plain: bool) -> str | None:
    tokens = _tokens(text, plain)
    matched = [i for i, (_, _, forms) in enumerate(tokens) if not terms.isdisjoint(forms)]
    if not matched:
        return None
    # Group nearby matches into fragments; score them by distinct terms, then by matches.
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
    fragments = []
    for start, end, group in windows:
        pieces, cursor = [], start
        for i in group:
            s_, e_ = tokens[i][0], tokens[i][1]
            pieces.append(escape(text[cursor:s_]))
            pieces.append(f'<mark class="match">{escape(text[s_:e_])}</mark>')
            cursor = e_
        pieces.append(escape(text[cursor:end]))
        fragments.append("".join(pieces).strip())
    return " … ".join(fragments)


def _plain_snippet(hit, length: int = 200) -> str:
    text = hit.get("text") or hit.get("title") or ""
    text = " ".join(text.split())
    if len(text) > length:
        text = text[: length - 1].rsplit(" ", 1)[0] + " …"
    return escape(text)


def _url(ruleset: str, number: str | None, slug: str) -> str:
    return _cached_url(get_script_prefix(), ruleset, number, slug)


@lru_cache(maxsize=8192)
def _cached_url(prefix: str, ruleset: str, number: str | None, slug: str) -> str:
    # reverse() costs ~0.1 ms; a results page asks for 20 of them (the prefix is part of the key).
    if number:
        return reverse("rules_ref:rule", args=[ruleset, number])
    return reverse("rules_ref:article", args=[ruleset, slug])


def _hit(hit, snippet: str, score: float) -> Hit:
    number = hit["number"] or None
    return Hit(
        ruleset=hit["ruleset"],
        number=number,
        slug=hit["slug"],
        kind=hit["kind"],
        title=hit.get("title") or "",
        text=hit.get("text") or "",
        snippet=snippet,
        score=score,
        url=_url(hit["ruleset"], number, hit["slug"]),
    )


# ---------------------------------------------------------------- as you type


def suggest(q: str, ruleset: str | None = None, limit: int = 8) -> list[Hit]:
    """Rules for a query being typed: the last word counts as a prefix (``fuga`` → Fugace)."""
    q = normalize_query(q)
    ruleset = ruleset or settings.ARBITRE_DEFAULT_RULESET
    if not WORD.search(q):
        return []
    s = searcher()
    in_set = Term("ruleset", ruleset)
    number = re.match(r"^(\d+(?:\.\d+)*(?:\.[a-z])?)\.?$", q.lower())
    if number:
        n = number.group(1)
        query = Or([Term("number", n, boost=4.0), Term("ancestors", n), Prefix("number", n + ".")])
        hits = s.search(And([in_set, query]), limit=limit, sortedby="order")
        return [_hit(h, snippet=_plain_snippet(h, 120), score=1.0) for h in hits]
    words = WORD.findall(q)[-MAX_TERMS:]
    last = fold(words[-1])
    done = " ".join(words[:-1])
    prefix = Prefix("words", last) if len(last) >= 2 else Term("words", last)
    whole = _parse(s, done) if done else NullQuery
    query = And([whole, prefix]) if whole is not NullQuery else prefix
    hits = s.search(And([in_set, query]), limit=limit)
    if not hits.scored_length() and whole is not NullQuery:
        hits = s.search(And([in_set, Or([whole, prefix])]), limit=limit)
    if not hits.scored_length():
        return search(q, ruleset=ruleset, limit=limit).hits
    return [_hit(h, snippet=_plain_snippet(h, 120), score=round(h.score, 4)) for h in hits]
