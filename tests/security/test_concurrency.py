"""Saves of heavy boards do not make other judges' writes wait (issue 16): the engine runs before a save's
write transaction opens, so while three judges save boards that take the engine seconds, other judges'
logins, saves and training answers go through with no 500 and no wait on the database's lock over a
second.

A real gunicorn (sync workers, one process per request as in production) serves a database of its own:
a temporary SQLite file, or a temporary PostgreSQL database when the suite runs on PostgreSQL. Its lock
timeout (``ARBITRE_SQLITE_TIMEOUT``; PostgreSQL's ``lock_timeout``) is half the engine time of one heavy
save, measured first: a save that ran the engine inside its write transaction would hold the lock at
least that long, and a write waiting past the timeout fails ("database is locked", a 500).

Nothing here rests on this machine's speed. Both sides of the lock timeout are measured on the machine
that runs the test, on one clock (wall time, the lock timeout's) in one process: the engine time of a
heavy save (the most a run may reach) and the write transaction of a save alone (the engine skipped);
the premise is their ratio, true on a fast machine as on a slow or loaded one. The heavy saves are repeated until the other judges' requests are done, so the two overlap however
quick the engine is, never for longer than a bounded count.
"""

from __future__ import annotations

import base64
import http.cookiejar
import json
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from tests.judge.test_crash_save import ROOT, _wait_until_up, free_port, manage, server_env  # noqa: F401

from .conftest import small_board
from .hostile_boards import long_game

HEAVY = 3
MAX_HEAVY_SAVES = 40  # per heavy judge: the bound of the overlap loop

SETUP = """
import json
from django.contrib.auth import get_user_model
from judge.scenarios.models import Scenario
from judge.training.models import Exercise
make = get_user_model().objects.create_user
alice, bob = make("alice", password="pw-alice"), make("bob", password="pw-bob")
heavy = json.loads({heavy!r})
light = json.loads({light!r})
out = {{"heavy": [], "light": None, "exercise": None, "key": None, "write": None}}
for i in range({count}):
    s = Scenario(title=f"Lourd {{i}}", author=alice, visibility="private", document=heavy)
    s.save_document()
    out["heavy"].append(str(s.uuid))
# The write transaction of a heavy save alone (the engine's analysis skipped): what other writes may
# rightly wait for. The slowest of a few, on this machine.
import time
from unittest import mock
analysed = (s.problems, set(s.citations.values_list("number", flat=True)))
writes = []
with mock.patch.object(Scenario, "analyse", return_value=analysed):
    for _ in range(5):
        started = time.perf_counter()
        s.save_document()
        writes.append(time.perf_counter() - started)
out["write"] = max(writes)
# The engine's work of a heavy save, on the same clock, in the same process, on the machine as loaded
# now: the quickest of a few (a save's write is the slowest of its few), so the ratio is conservative.
from judge.scenarios.models import cited_rules
engine = []
for _ in range(3):
    started = time.perf_counter()
    cited_rules(heavy)
    engine.append(time.perf_counter() - started)
out["engine"] = min(engine)
s = Scenario(title="Léger", author=bob, visibility="public", document=light)
s.save_document()
out["light"] = str(s.uuid)
e = Exercise(scenario=s, author=bob, steps=0, kind="card_zone", focus="a1")
e.rebuild()
e.save()
out["exercise"], out["key"] = str(e.uuid), e.question["options"][0]["key"]
print(json.dumps(out))
"""


def request(port: int, method: str, path: str, body=None, user: str | None = None, opener=None, form=False):
    headers = {}
    data = None
    if body is not None:
        data = urllib.parse.urlencode(body).encode() if form else json.dumps(body).encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded" if form else "application/json"
    if user:
        headers["Authorization"] = "Basic " + base64.b64encode(f"{user}:pw-{user}".encode()).decode()
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method, headers=headers)
    started = time.monotonic()
    try:
        with (opener or urllib.request.build_opener()).open(req, timeout=60) as response:
            text = response.read().decode()
            status = response.status
    except urllib.error.HTTPError as exc:
        text, status = exc.read().decode(errors="replace"), exc.code
    return status, time.monotonic() - started, text


def login(port: int, user: str):
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    _, _, page = request(port, "GET", "/comptes/login/", opener=opener)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    req_status, req_seconds, _ = request(
        port,
        "POST",
        "/comptes/login/",
        opener=opener,
        form=True,
        body={"csrfmiddlewaretoken": token, "username": user, "password": f"pw-{user}"},
    )
    signed_in = any(c.name == "sessionid" for c in jar)
    return (req_status if signed_in else 599), req_seconds


def test_heavy_saves_do_not_block_others(server_env):  # noqa: F811 (the fixture imported above)
    heavy = long_game(800)  # 5000 steps, the most a run may take
    env = {
        **server_env,
        "ARBITRE_RUN_SECONDS": "30",
        # About the database's lock: the three heavy saves run at once, as before the engine guard, whose
        # slots and engine-time rates (tests/security/test_engine_guard.py) would refuse two of them.
        "ARBITRE_ENGINE_SLOTS": str(HEAVY),
        "ARBITRE_THROTTLE_RATES": "answer=10000/min,answer-ip=10000/min,engine=,engine-ip=",
    }
    manage(env, "migrate", "--noinput", "-v0")
    made = json.loads(
        manage(
            env,
            "shell",
            "-v",
            "0",
            "-c",
            SETUP.format(heavy=json.dumps(heavy), light=json.dumps(small_board()), count=HEAVY),
        )
        .strip()
        .splitlines()[-1]
    )
    engine_seconds = made["engine"]  # the engine's work in a save of it (wall clock, as the lock's timeout)
    lock = round(engine_seconds / 2, 3)
    # The premise, as a relation measured here: a heavy save's engine time dwarfs a save's write, so a
    # lock timeout of half the first leaves every rightful wait (a write behind another's transaction,
    # on a machine whose cores the heavy saves share) well inside it. Both are measured on one clock in
    # one process: the engine's CPU time against a write's wall time failed on a slowed machine, where
    # waiting for a core lengthened the write alone.
    assert lock >= 5 * made["write"], (
        f"the engine of a heavy save ({engine_seconds:.3f} s) is not far above a save's write "
        f"({made['write']:.3f} s): no lock timeout tells the two apart"
    )
    env["ARBITRE_SQLITE_TIMEOUT"] = str(lock)
    if "DATABASE_URL" in env:  # PostgreSQL: a statement waiting longer for a lock fails too
        env["DATABASE_URL"] += f"?options=-c%20lock_timeout%3D{round(lock * 1000)}"
    port = free_port()
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "judge.wsgi",
            "--workers",
            str(HEAVY + 2),
            "--bind",
            f"127.0.0.1:{port}",
            "--timeout",
            "120",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    heavy_results: list = []
    heavy_done: list[float] = []
    others: list[tuple[str, int, float]] = []
    others_done: list[float] = []
    others_over = threading.Event()
    try:
        _wait_until_up(port, timeout=120)  # a loaded machine boots five workers slowly

        def save_heavy(uuid: str, n: int) -> None:
            # Saved again and again until the others are done (at least twice, at most MAX_HEAVY_SAVES
            # times): the heavy saves overlap the others whatever the machine's speed.
            for k in range(MAX_HEAVY_SAVES):
                document = dict(heavy, description=f"lourd {n}.{k}")
                heavy_results.append(
                    request(
                        port,
                        "PUT",
                        f"/api/scenarios/{uuid}/",
                        user="alice",
                        body={"title": f"Lourd {n}", "document": document, "visibility": "private"},
                    )
                )
                heavy_done.append(time.monotonic())
                if k >= 1 and others_over.is_set():
                    break

        threads = [threading.Thread(target=save_heavy, args=(uuid, i)) for i, uuid in enumerate(made["heavy"])]
        for t in threads:
            t.start()
        for n in range(1, 4):
            for _ in range(2):  # anonymous answers first: the quickest writes (an attempt, a session)
                status, seconds, _ = request(
                    port, "POST", f"/api/exercises/{made['exercise']}/answer/", body={"chosen": made["key"]}
                )
                others.append(("answer", status, seconds))
                others_done.append(time.monotonic())
            status, seconds, _ = request(
                port, "PATCH", f"/api/scenarios/{made['light']}/", user="bob", body={"title": f"Léger {n}"}
            )
            others.append(("save", status, seconds))
            others_done.append(time.monotonic())
            status, seconds = login(port, "bob")  # the slowest (the password hash): last
            others.append(("login", status, seconds))
            others_done.append(time.monotonic())
        others_over.set()
        for t in threads:
            t.join()
    finally:
        server.send_signal(signal.SIGTERM)
        _, errors = server.communicate(timeout=30)
    assert heavy_results and all(status == 200 for status, _, _ in heavy_results), [r[2][:300] for r in heavy_results]
    failed = [row for row in others if row[1] >= 400]
    assert not failed, (failed, errors.decode(errors="replace")[-2000:])
    assert b"database is locked" not in errors
    # the others' writes happened while heavy saves were running (not after them): heavy saves were
    # still being answered after the others ended, unless a thread gave up at its bound
    assert max(heavy_done) > max(others_done) or len(heavy_results) == HEAVY * MAX_HEAVY_SAVES, (
        others_done,
        heavy_done,
    )
    # Their times are CPU sharing on a small machine (the engine's three processes), not lock waits: a
    # write waiting a second for the lock has failed above. bench/load_bench.py measures the latency.
    slowest = sorted(others, key=lambda row: -row[2])[:3]
    print(
        f"{len(others)} other requests during {len(heavy_results)} heavy saves ({engine_seconds:.3f} s of engine "
        f"each, a save's write {made['write']:.3f} s, lock timeout {lock} s); slowest: {slowest}"
    )
