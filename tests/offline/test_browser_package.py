"""The Python sent to the browser: the server's own search files, and the same ranked results once
fed the rules export (checked here under CPython, and in Chromium by tests/browser/test_offline.py)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

from django.conf import settings
from django.test import Client

from rules_ref import search

ROOT = Path(settings.BASE_DIR)
QUERIES = [q["q"] for q in json.loads((ROOT / "fixtures" / "relevance" / "queries.json").read_text(encoding="utf-8"))]


def package() -> zipfile.ZipFile:
    response = Client().get("/hors-ligne/arbitre.zip")
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    return zipfile.ZipFile(io.BytesIO(response.content))


def test_the_package_holds_the_servers_search_files_byte_for_byte(db):
    archive = package()
    names = set(archive.namelist())
    for path in [
        *(ROOT / "rules_ref" / "search").glob("*.py"),
        ROOT / "rules_ref" / "analysis.py",
        ROOT / "engine" / "game.py",
    ]:
        name = str(path.relative_to(ROOT))
        assert archive.read(name) == path.read_bytes(), name
    assert {"fixtures/glossary/terms.json", "arbitre_offline.py", "django/conf.py", "django/urls.py"} <= names
    # the browser's rules_ref.models has no database; the real one is not sent
    assert b"class Rule:" in archive.read("rules_ref/models.py") and b"models.Model" not in archive.read(
        "rules_ref/models.py"
    )


def test_the_package_is_the_same_bytes_for_the_same_files(db):
    first, second = Client().get("/hors-ligne/arbitre.zip"), Client().get("/hors-ligne/arbitre.zip")
    assert first.content == second.content and first["ETag"] == second["ETag"]


def _server_ranking(q: str) -> list[str]:
    return [h.number or h.slug for h in search.search(q).hits]


BROWSER_SIDE = """
import json, sys
sys.path.insert(0, sys.argv[1])
import arbitre_offline
arbitre_offline.load(open(sys.argv[2], encoding="utf-8").read(), base_dir=sys.argv[1], index_dir=sys.argv[3])
queries = json.load(open(sys.argv[4], encoding="utf-8"))
print(json.dumps({q: [h["number"] or h["slug"] for h in json.loads(arbitre_offline.search(q))["hits"]] for q in queries}))
"""


def test_fed_the_export_the_package_ranks_every_relevance_query_as_the_server(rules, tmp_path):
    package().extractall(tmp_path / "pkg")
    (tmp_path / "export.json").write_bytes(Client().get("/api/rules/export/").content)
    (tmp_path / "queries.json").write_text(json.dumps(QUERIES), encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            BROWSER_SIDE,
            str(tmp_path / "pkg"),
            str(tmp_path / "export.json"),
            str(tmp_path / "index"),
            str(tmp_path / "queries.json"),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    browser = json.loads(done.stdout)
    different = {q: (browser[q], _server_ranking(q)) for q in QUERIES if browser[q] != _server_ranking(q)}
    assert not different, different
    assert browser["fugace"][0] == "2.4.6"


#: A first page builds the index and keeps its files and its reading; the next page puts both back.
NEXT_PAGE = """
import json, sys
sys.path.insert(0, sys.argv[1])
import arbitre_offline
export = open(sys.argv[2], encoding="utf-8").read()
first = arbitre_offline.load(export, base_dir=sys.argv[1], index_dir=sys.argv[3] + "/first")
files, reading = arbitre_offline.snapshot(), arbitre_offline.memory_snapshot()
from rules_ref.search import memory
memory._memories.clear()
damaged = arbitre_offline.load(export, base_dir=sys.argv[1], index_dir=sys.argv[3] + "/damaged", snapshot=files, kept_memory=b"not a pickle")
memory._memories.clear()
again = arbitre_offline.load(export, base_dir=sys.argv[1], index_dir=sys.argv[3] + "/next", snapshot=files, kept_memory=reading)
queries = json.load(open(sys.argv[4], encoding="utf-8"))
print(json.dumps({"loads": [first, damaged, again], "rankings": {q: [h["number"] or h["slug"] for h in json.loads(arbitre_offline.search(q))["hits"]] for q in queries}}))
"""


def test_the_next_page_puts_back_the_index_and_its_reading_and_ranks_as_the_server(rules, tmp_path):
    package().extractall(tmp_path / "pkg")
    (tmp_path / "export.json").write_bytes(Client().get("/api/rules/export/").content)
    (tmp_path / "queries.json").write_text(json.dumps(QUERIES), encoding="utf-8")
    args = [
        str(tmp_path / "pkg"),
        str(tmp_path / "export.json"),
        str(tmp_path / "index"),
        str(tmp_path / "queries.json"),
    ]
    done = subprocess.run(
        [sys.executable, "-c", NEXT_PAGE, *args], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    *said, last = done.stdout.strip().splitlines()
    out = json.loads(last)
    assert [line.split(":")[0] for line in said] == ["kept reading of the index not used"]  # said, not hidden
    assert [(load["index"], load["memory"]) for load in out["loads"]] == [
        ("built", "read"),
        ("snapshot", "read"),  # a damaged reading: the index is read again
        ("snapshot", "kept"),
    ]
    different = {q: r for q, r in out["rankings"].items() if r != _server_ranking(q)}
    assert not different, different


#: A page put back from the memory snapshot: the interpreter as it was (the reading in memory), its
#: files gone (Pyodide's file system is not in the snapshot) until resume writes the index's back.
RESUMED_PAGE = """
import json, shutil, sys
sys.path.insert(0, sys.argv[1])
import arbitre_offline
export = open(sys.argv[2], encoding="utf-8").read()
version = json.loads(export)["version"]
first = arbitre_offline.load(export, base_dir=sys.argv[1], index_dir=sys.argv[3])
files = arbitre_offline.snapshot()
arbitre_offline.before_snapshot()
shutil.rmtree(sys.argv[3])
other = arbitre_offline.resume("another-version", files)
resumed = arbitre_offline.resume(version, files)
queries = json.load(open(sys.argv[4], encoding="utf-8"))
print(json.dumps({"first": first, "other": other, "resumed": resumed, "rankings": {q: [h["number"] or h["slug"] for h in json.loads(arbitre_offline.search(q))["hits"]] for q in queries}}))
"""


def test_a_page_put_back_from_the_memory_snapshot_writes_the_index_back_and_ranks_as_the_server(rules, tmp_path):
    package().extractall(tmp_path / "pkg")
    (tmp_path / "export.json").write_bytes(Client().get("/api/rules/export/").content)
    # quoted phrases: the only queries that open the index's files (Whoosh's parser and searcher)
    queries = [*QUERIES, '"carte fugace"']
    (tmp_path / "queries.json").write_text(json.dumps(queries), encoding="utf-8")
    args = [
        str(tmp_path / "pkg"),
        str(tmp_path / "export.json"),
        str(tmp_path / "index"),
        str(tmp_path / "queries.json"),
    ]
    done = subprocess.run(
        [sys.executable, "-c", RESUMED_PAGE, *args], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["other"] is None  # the snapshot's index is another export's: the caller loads this one
    assert out["resumed"]["index"] == out["resumed"]["memory"] == "snapshot"
    assert out["resumed"]["documents"] == out["first"]["documents"] > 100
    different = {q: r for q, r in out["rankings"].items() if r != _server_ranking(q)}
    assert not different, different
