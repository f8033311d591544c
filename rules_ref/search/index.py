"""The index on disk (Whoosh): the only module that imports Whoosh.

The index is built from the database into a fresh directory and swapped in whole by renaming a
symlink (:func:`rebuild`), so a reader never sees half an index. Each thread keeps its own searcher
and reopens it when the symlink points elsewhere (never ``Searcher.refresh()``: it returns stale
results in whoosh-reloaded 2.7.5).

``memory.py`` reads the whole index into plain dicts once per build and process; Whoosh still runs
the rare quoted phrases (:func:`phrase_docs`).
"""

from __future__ import annotations

import os
import re
import shutil
import threading
import time
from pathlib import Path

from django.conf import settings
from whoosh import index
from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, TEXT, Schema
from whoosh.qparser import MultifieldParser, OrGroup
from whoosh.query import NullQuery, Term

from .. import glossary
from ..analysis import french_analyzer, plain_analyzer
from ..parser import ancestors

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
KEYWORD_FIELDS = ("title", "text", "remarks")
FIELD_BOOSTS = {"title": 3.0, "text": 1.0, "remarks": 0.5}


class IndexMissing(RuntimeError):
    """No index has been built yet (run ``manage.py rebuild_index``)."""


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
    from ..models import Rule

    root = root or index_root()
    builds = root / "builds"
    builds.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    target = (
        builds
        / f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{threading.get_ident() % 100000}-{time.monotonic_ns() % 10**9}"
    )
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


#: A rule's text opening with a heading of its own run into its sentence (« 4.2.5.c Nettoyage Chaque
#: joueur choisit… »): a word, then a sentence starting with a capital.
RUN_IN_HEADING = re.compile(r"^([A-ZÉÈÀ][a-zéèêàûôî]+) (?=[A-ZÉÈÀ])")


def run_in_heading(text: str) -> str:
    """The heading a rule's text opens with when it is a glossary term (« Repos », « Nettoyage »: the
    Night's daily effects, 4.2.5.b and 4.2.5.c, titled so in the English rules), else ""."""
    match = RUN_IN_HEADING.match(text or "")
    if match is None:
        return ""
    word = match[1]
    return word if any(term.fr == word for term in glossary.terms()) else ""


def _document(rule, titles: dict | None = None) -> dict:
    text = rule.search_text
    remarks = "\n".join(rule.remarks)
    sections = [
        (titles or {}).get((rule.ruleset_id, level), "")
        for level in (ancestors(rule.number)[:-1] if rule.number else [])
    ]
    # a heading run into the text titles the rule as a section's title does
    sections.append(run_in_heading(text))
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


# ---------------------------------------------------------------- reading


_local = threading.local()


def index_key() -> tuple[str, str]:
    """Which index build is current: one readlink (the symlink's text names the build)."""
    root = str(settings.ARBITRE_INDEX_DIR)
    try:
        return (root, os.readlink(os.path.join(root, "current")))
    except OSError:
        raise IndexMissing("aucun index de recherche : lancez « manage.py rebuild_index »") from None


def searcher():
    """This thread's searcher on the current index, reopened when the index was swapped."""
    key = index_key()
    cached = getattr(_local, "searcher", None)
    if cached is not None and cached[0] == key:
        return cached[1]
    if cached is not None:
        cached[1].close()
    s = index.open_dir(str((Path(key[0]) / key[1]).resolve())).searcher()
    _local.searcher = (key, s)
    return s


def close_searcher() -> None:
    cached = getattr(_local, "searcher", None)
    if cached is not None:
        cached[1].close()
        _local.searcher = None


def phrase_docs(text: str, ruleset: str) -> tuple[set[int] | None, set[str]]:
    """Documents matching a query with quoted phrases (Whoosh's parser), and its analysed terms;
    None when the parser makes nothing of it (the caller then searches the words alone)."""
    s = searcher()
    parser = MultifieldParser(list(KEYWORD_FIELDS), s.schema, fieldboosts=FIELD_BOOSTS, group=OrGroup)
    for name in ("FieldsPlugin", "WildcardPlugin", "RangePlugin", "BoostPlugin", "PlusMinusPlugin", "GroupPlugin"):
        parser.remove_plugin_class(getattr(__import__("whoosh.qparser", fromlist=[name]), name))
    try:
        query = parser.parse(text)
    except Exception:  # whoosh's parser can trip on odd input: the caller falls back to the words
        return None, set()
    if query is None or query is NullQuery:
        return None, set()
    hits = s.search(query, filter=Term("ruleset", ruleset), limit=None, optimize=False)
    terms = {t.decode() if isinstance(t, bytes) else t for f, t in query.iter_all_terms() if f in KEYWORD_FIELDS}
    return {hit.docnum for hit in hits}, terms
