"""A server process killed in the middle of saves loses nothing: each scenario is either fully saved
(document, tags, citations and its revision) or untouched.

A real gunicorn worker serves PUTs on a database of its own (a temporary SQLite file, or a temporary
PostgreSQL database when the suite runs on PostgreSQL); the test kills the worker with SIGKILL at
random moments while saves are in flight, lets gunicorn start a new worker, and checks the invariant
after every kill.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
from django.db import connection

from tests.judge.test_scenarios_api import board

ROOT = Path(__file__).resolve().parents[2]
KILLS = 5  # each kill restarts a worker and checks the database from a new process: ~10 s a kill


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server_env(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env.update(ARBITRE_VAR_DIR=str(tmp_path), ARBITRE_INDEX_DIR=str(tmp_path / "index"), DJANGO_DEBUG="1")
    created_db = None
    if connection.vendor == "postgresql":
        import psycopg

        settings = connection.settings_dict
        created_db = f"arbitre_crash_{uuid.uuid4().hex[:8]}"
        admin = dict(
            host=settings["HOST"],
            port=settings["PORT"],
            user=settings["USER"],
            password=settings["PASSWORD"],
            dbname="postgres",
        )
        with psycopg.connect(**admin, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{created_db}"')
        env["DATABASE_URL"] = f"postgres://{settings['USER']}@{settings['HOST']}:{settings['PORT']}/{created_db}"
    else:
        env["ARBITRE_SQLITE_PATH"] = str(tmp_path / "crash.sqlite3")
    yield env
    if created_db:
        with psycopg.connect(**admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{created_db}" WITH (FORCE)')


def manage(env, *args, stdin: str | None = None) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


SETUP = """
from django.contrib.auth import get_user_model
from judge.scenarios.models import Scenario
user = get_user_model().objects.create_user("alice", password="pw-alice")
s = Scenario(title="v0", author=user, document={doc})
s.save_document(tags=["t0"])
print(s.uuid)
"""

CHECK = """
import json
from judge.scenarios.models import Scenario
out = []
for s in Scenario.objects.all():
    last = s.revisions.order_by("-number").first()
    numbers = list(s.revisions.order_by("number").values_list("number", flat=True))
    out.append({{"title": s.title, "document": s.document, "tags": sorted(t.name for t in s.tags.all()),
                "citations": s.citations.count(), "last": [last.title, last.document, sorted(last.tags)],
                "numbers": numbers}})
print(json.dumps(out))
"""


def test_killing_a_worker_mid_save_leaves_each_scenario_whole(server_env):
    manage(server_env, "migrate", "--noinput", "-v0")
    scenario = manage(
        server_env, "shell", "-v", "0", "-c", SETUP.format(doc=repr(board()).replace("None", "None"))
    ).strip()
    port = free_port()
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "judge.wsgi",
            "--workers",
            "1",
            "--bind",
            f"127.0.0.1:{port}",
            "--graceful-timeout",
            "1",
            "--timeout",
            "30",
        ],
        cwd=ROOT,
        env=server_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    rng = random.Random(7)
    try:
        _wait_until_up(port)
        for kill in range(KILLS):
            _burst_and_kill(port, scenario, server.pid, rng, kill)
            state = json.loads(manage(server_env, "shell", "-v", "0", "-c", CHECK.format()))
            (s,) = state
            # Whole: the scenario is exactly its last revision, revisions are numbered without gaps.
            assert [s["title"], s["document"], s["tags"]] == s["last"]
            assert s["numbers"] == list(range(1, len(s["numbers"]) + 1))
            assert s["citations"] > 0
            assert s["document"]["description"] == s["title"]  # written together, by the same request
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=20)


def _wait_until_up(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rules/?limit=1", timeout=2)
            return
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.1)
    raise AssertionError("gunicorn did not start")


def _put(port: int, scenario: str, n: int) -> None:
    import base64

    document = board()
    title = f"v{n}"
    document["description"] = title
    body = json.dumps({"title": title, "tags": [f"t{n}"], "document": document}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/scenarios/{scenario}/",
        data=body,
        method="PUT",
        headers={
            "Content-Type": "application/json",
            "Authorization": "Basic " + base64.b64encode(b"alice:pw-alice").decode(),
        },
    )
    try:
        urllib.request.urlopen(request, timeout=10).read()
    except (urllib.error.URLError, ConnectionError, OSError):
        pass  # the worker was killed under this request


def _burst_and_kill(port: int, scenario: str, master: int, rng: random.Random, round_: int) -> None:
    threads = [threading.Thread(target=_put, args=(port, scenario, round_ * 100 + i)) for i in range(4)]
    for t in threads:
        t.start()
    time.sleep(rng.uniform(0.0, 0.15))
    for worker in _children(master):
        os.kill(worker, signal.SIGKILL)
    for t in threads:
        t.join()
    _wait_until_up(port)


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        children = (task / "children").read_text().split()
        found += [int(c) for c in children]
    return found
