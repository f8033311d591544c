"""The offline search, run by Pyodide in the judge's browser (``static/arbitre/offline/worker.js``).

The search itself is the server's ``rules_ref.search``, unchanged: this module only feeds it the
rules export (``/api/rules/export/``) instead of the database, and turns its results into JSON.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from django import urls
from django.conf import settings

_state: dict = {}


def _record(row: dict, ruleset: SimpleNamespace) -> SimpleNamespace:
    """A rule as ``rules_ref.search.index._document`` reads it from the database."""
    return SimpleNamespace(
        ruleset_id=ruleset.slug,
        ruleset=ruleset,
        number=row["number"],
        slug=row["slug"],
        kind=row["kind"],
        order=row["order"],
        title=row["title"],
        search_text=row["search_text"],
        remarks=row["remarks"],
        implicit=row["implicit"],
    )


def load(export_json: str, base_dir: str = "/arbitre", index_dir: str = "/arbitre-index") -> dict:
    """Build the index of an export (the server's ``rebuild``, into the browser's memory).

    ``base_dir`` is where the zip was unpacked (the glossary's data is read there)."""
    export = json.loads(export_json)
    settings.BASE_DIR = base_dir
    settings.ARBITRE_INDEX_DIR = index_dir
    settings.ARBITRE_DEFAULT_RULESET = export["default_ruleset"]
    urls.PATTERNS.update(export["urls"])
    from rules_ref.search import rebuild
    from rules_ref.search.memory import memory

    records = []
    for rs in export["rulesets"]:
        ruleset = SimpleNamespace(slug=rs["slug"])
        records.extend(_record(row, ruleset) for row in rs["rules"])
    figures = rebuild(rules=records)
    memory()  # read the index once now, as the server does on its first query
    _state["version"] = export["version"]
    return {"version": export["version"], "documents": figures["documents"]}


def search(q: str, ruleset: str | None = None, limit: int = 20) -> str:
    """The server's search results for ``q``, as the JSON the offline page draws."""
    from rules_ref.search import search as run

    results = run(q, ruleset=ruleset, limit=limit)
    return json.dumps(
        {
            "version": _state.get("version"),
            "query": results.query,
            "kind": results.kind,
            "number": results.number,
            "corrected": results.corrected,
            "suggestion": results.suggestion,
            "missing_number": results.missing_number,
            "fuzzy": results.fuzzy,
            "hits": [
                {k: getattr(h, k) for k in ("ruleset", "number", "slug", "kind", "title", "snippet", "score", "url")}
                for h in results.hits
            ],
        },
        ensure_ascii=False,
    )
