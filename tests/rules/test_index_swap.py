"""The index under change: rebuilt while other processes search, and killed in the middle of a build.

Readers are separate processes (as gunicorn workers are): each searches in a loop, reopening its
searcher when the index was swapped, and counts failed and empty searches.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rules_ref import search

# Its reader and writer processes run on the index and a SQLite file of their own (DATABASE_URL is
# cleared): on the PostgreSQL pass it would be the same test again.
pytestmark = pytest.mark.skipif(bool(os.environ.get("DATABASE_URL")), reason="the same test as on SQLite")

ROOT = Path(__file__).resolve().parents[2]
REBUILDS = 20

READER = """
import json, os, sys, time, django
os.environ["DJANGO_SETTINGS_MODULE"] = "judge.settings"
django.setup()
from rules_ref import search
stop = sys.argv[1]
queries = ["fugace", "4.2.5", "ravitailler deck vide", "fugase", "réserve nuit"]
done = failed = empty = 0
while not os.path.exists(stop):
    q = queries[done % len(queries)]
    try:
        if not search.search(q).hits:
            empty += 1
    except Exception as exc:
        failed += 1
        print(repr(exc), file=sys.stderr)
    done += 1
print(json.dumps({"done": done, "failed": failed, "empty": empty}))
"""


def reader_env(root: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(ARBITRE_INDEX_DIR=str(root), ARBITRE_VAR_DIR=str(root / "var"))
    return env


def test_twenty_rebuilds_under_concurrent_reader_processes(rules, tmp_path, settings):
    settings.ARBITRE_INDEX_DIR = tmp_path
    search.rebuild()
    stop = tmp_path / "stop"
    readers = [
        subprocess.Popen(
            [sys.executable, "-c", READER, str(stop)],
            cwd=ROOT,
            env=reader_env(tmp_path),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(3)
    ]
    try:
        time.sleep(1.5)  # let the readers start searching before the first swap
        directories = {search.rebuild()["directory"] for _ in range(REBUILDS)}
    finally:
        stop.touch()
    results = []
    for reader in readers:
        out, err = reader.communicate(timeout=60)
        assert reader.returncode == 0, err
        results.append(json.loads(out.strip().splitlines()[-1]))
    assert len(directories) == REBUILDS
    assert sum(r["done"] for r in results) > 0
    assert [(r["failed"], r["empty"]) for r in results] == [(0, 0)] * len(readers), results
    assert len(list((tmp_path / "builds").iterdir())) <= 3  # old builds pruned


BUILDER = """
import os, sys, django
os.environ["DJANGO_SETTINGS_MODULE"] = "judge.settings"
django.setup()
from rules_ref import search
from whoosh.writing import SegmentWriter
real_commit = SegmentWriter.commit
def slow_commit(self, *args, **kwargs):
    print("writing", flush=True)
    import time; time.sleep(60)  # killed here, halfway through writing the new index
    return real_commit(self, *args, **kwargs)
SegmentWriter.commit = slow_commit
from rules_ref.models import Rule, RuleSet
rs = RuleSet(slug="fr-1", name="x")
rules = [Rule(ruleset=rs, slug=f"9.{i}", number=f"9.{i}", kind="rule", text="zorglub", order=i) for i in range(5)]
search.rebuild(rules=rules)
"""


def test_killed_rebuild_leaves_the_previous_index_serving(rules, tmp_path, settings):
    settings.ARBITRE_INDEX_DIR = tmp_path
    search.rebuild()
    before = search.current_index_dir()
    builder = subprocess.Popen(
        [sys.executable, "-c", BUILDER],
        cwd=ROOT,
        env=reader_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert builder.stdout.readline().strip() == "writing"
    builder.send_signal(signal.SIGKILL)
    builder.wait(timeout=10)
    assert search.current_index_dir() == before
    search.close_searcher()
    assert search.search("fugace").hits[0].number == "2.4.6"
    assert search.search("9.1").missing_number == "9.1"
    # The next rebuild works and clears the half-written build away.
    search.rebuild()
    search.rebuild()
    search.rebuild()
    assert len(list((tmp_path / "builds").iterdir())) <= 3


def test_failed_rebuild_keeps_the_old_index_and_removes_its_files(rules, tmp_path, settings, monkeypatch):
    settings.ARBITRE_INDEX_DIR = tmp_path
    search.rebuild()
    before = search.current_index_dir()

    def broken(rule, titles):
        raise RuntimeError("disque plein")

    monkeypatch.setattr(search.index, "_document", broken)
    with pytest.raises(RuntimeError):
        search.rebuild()
    assert search.current_index_dir() == before
    assert [p.name for p in (tmp_path / "builds").iterdir()] == [before.name]
