"""The offline search, run by Pyodide in the judge's browser (``static/arbitre/offline/worker.js``).

The search itself is the server's ``rules_ref.search``, unchanged: this module only feeds it the
rules export (``/api/rules/export/``) instead of the database, and turns its results into JSON.
"""

from __future__ import annotations

import io
import json
import os
import pickle
import zipfile
from pathlib import Path
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


def _bytes(data) -> bytes:
    return data.to_bytes() if hasattr(data, "to_bytes") else bytes(data)  # a JS Uint8Array


def load(
    export_json: str, base_dir: str = "/arbitre", index_dir: str = "/arbitre-index", snapshot=None, kept_memory=None
) -> dict:
    """Build the index of an export (the server's ``rebuild``, into the browser's memory), or put
    back ``snapshot``, the files of the index this same code built from this same export on an
    earlier page (:func:`snapshot`; the caller keys it by the export's version, which names the code),
    and with it ``kept_memory``, that page's reading of the index (:func:`memory_snapshot`), put back
    instead of reading the index again (the search's in-memory index: plain dicts, pickled).

    ``base_dir`` is where the zip was unpacked (the glossary's data is read there)."""
    export = json.loads(export_json)
    settings.BASE_DIR = base_dir
    settings.ARBITRE_INDEX_DIR = index_dir
    settings.ARBITRE_DEFAULT_RULESET = export["default_ruleset"]
    urls.PATTERNS.update(export["urls"])
    from rules_ref.search import rebuild
    from rules_ref.search.memory import memory

    how = "built"
    if snapshot is not None:
        try:
            _restore(_bytes(snapshot), Path(index_dir))
            how = "snapshot"
        except (OSError, zipfile.BadZipFile) as exc:  # a damaged copy: build it again
            print(f"index snapshot not used: {exc}")
    if how == "built":
        records = []
        for rs in export["rulesets"]:
            ruleset = SimpleNamespace(slug=rs["slug"])
            records.extend(_record(row, ruleset) for row in rs["rules"])
        rebuild(rules=records)
    read = "read"
    if how == "snapshot" and kept_memory is not None:
        try:
            _put_back_memory(pickle.loads(_bytes(kept_memory)))
            read = "kept"
        except Exception as exc:  # noqa: BLE001  (a damaged or older copy, whatever it raises: read the index)
            print(f"kept reading of the index not used: {exc!r}")
    memory()  # read the index once now, as the server does on its first query
    _state["version"] = export["version"]
    return {"version": export["version"], "documents": len(memory().docs), "index": how, "memory": read}


def before_snapshot() -> None:
    """Ready for the worker's memory snapshot: no file of the index held open (the files live
    outside the snapshot: a restored page writes them back, :func:`resume`)."""
    import gc

    from rules_ref.search.index import close_searcher

    close_searcher()
    gc.collect()


def resume(export_version: str, index_zip) -> dict | None:
    """In an interpreter put back from the worker's memory snapshot: its files written back (the
    index's, ``index_zip``: :func:`snapshot`), the search's reading already in memory. None when the
    snapshot's index is not that of ``export_version`` (the caller then loads the export)."""
    from rules_ref.search.memory import _memories

    if _state.get("version") != export_version or not _memories:
        return None
    _restore(_bytes(index_zip), Path(settings.ARBITRE_INDEX_DIR))
    from rules_ref.search.memory import memory

    return {"version": export_version, "documents": len(memory().docs), "index": "snapshot", "memory": "snapshot"}


def _put_back_memory(found) -> None:
    from rules_ref.search import memory as module
    from rules_ref.search.index import index_key

    if not isinstance(found, module.Memory):
        raise TypeError(f"{type(found).__name__} is not the search's Memory")
    module._memories.clear()
    module._memories[index_key()] = found


def memory_snapshot() -> bytes:
    """The search's reading of the current index (``rules_ref.search.memory``), pickled for the next
    pages (kept with the index's files, under the same version: the same code reads it back)."""
    from rules_ref.search.memory import memory

    return pickle.dumps(memory(), protocol=pickle.HIGHEST_PROTOCOL)


def _restore(data: bytes, root: Path) -> None:
    build = root / "builds" / "snapshot"
    build.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        archive.extractall(build)
    link = root / "current"
    if link.is_symlink():
        link.unlink()
    os.symlink(os.path.relpath(build, root), link)


def compiled_code() -> bytes:
    """Whoosh, cached-property and this package with their bytecode, zipped with paths from ``/``
    (put back there by the next pages instead of the wheels and the package: no compiling again).
    The bytecode is not checked against its source (the caller keys the zip by the package's hash)."""
    import compileall
    import py_compile

    import cached_property
    import whoosh

    mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
    roots = [Path(settings.BASE_DIR), Path(whoosh.__file__).parent, Path(cached_property.__file__)]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for root in roots:
            if root.is_dir():
                compileall.compile_dir(str(root), quiet=2, invalidation_mode=mode)
                files = sorted(p for p in root.rglob("*") if p.is_file())
            else:
                py_compile.compile(str(root), invalidation_mode=mode)
                files = [root, *Path(root.parent / "__pycache__").glob(root.stem + ".*.pyc")]
            for path in files:
                archive.write(path, str(path.relative_to("/")))
    return buffer.getvalue()


def snapshot() -> bytes:
    """The files of the current index build, zipped (kept by the worker for the next pages)."""
    from rules_ref.search import current_index_dir

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for path in sorted(current_index_dir().iterdir()):
            archive.write(path, path.name)
    return buffer.getvalue()


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
