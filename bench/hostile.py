"""Hostile bench: judges searching and saving while strangers attack the serve stack, from many
loopback source addresses (127.0.0.0/8: every address of it is this machine's): judges in 127.0.0.0/24,
each attack from networks of its own (127.10-13.x.y).

    .venv/bin/python bench/hostile.py [--seconds S] [--stack serve|gunicorn]

(``bench/load_bench.py --hostile`` runs it.) A temporary site (database, index, static files) is made
as for the other benches, then served either as ``make serve`` serves it (``--stack serve``, the
default: nginx in front of gunicorn, :mod:`judge.guard.serve`) or by gunicorn alone (``--stack
gunicorn``: what ``make serve`` was before nginx). Judges throughout: searches from 8 addresses
(~8 requests/s) and 8 signed-in judges saving a small board (~4/s in all, each every 2 s). One phase per attack, each
``--seconds`` long, after a calm phase measured the same way:

* **slowloris**: 12 connections sending their header lines one every 3 s;
* **ruling page**: 4 anonymous connections asking for the ruling page at a late step of a long public game;
* **rotating run**: 8 anonymous connections posting a long game to ``/api/run/``, each request from a
  new source address (127.12.1.1, 127.12.1.2, … over four /24 networks);
* **save flood**: a signed-in stranger creating scenarios of about 500 KB as fast as answered, 2 connections.

Printed per phase: judges' search and save medians and p95, errors (a judge's non-2xx or socket
error), the attackers' statuses, the longest time one request held a gunicorn worker (its access
log's request time) and how many held one past 1 s, and the database's growth. Targets: search p95 <
100 ms, saves p95 < 250 ms, no worker held > 1 s, no 5xx, the database grown by at most the save quota
of the flooding user (``ARBITRE_SAVE_QUOTA_BYTES``, when set); the exit code is 1 if one is missed.
Every loop is bounded by its phase's time; attackers run at nice 19 (their client would be on their
own machine).
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

from common import ROOT, RULE_FILES, RULESET, p95_ms
from common import setup_django as _setup_django

SEARCH_P95_MS, SAVE_P95_MS, HELD_SECONDS = 100, 250, 1.0
WORKERS = 4  # make serve's default
QUERIES = [q["q"] for q in json.loads((ROOT / "fixtures/relevance/queries.json").read_text(encoding="utf-8"))]
ACCESS_FORMAT = "%(L)s %(s)s %(m)s %(U)s"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """HTTP/1.1 from a given loopback source address, with its cookies kept by hand."""

    def __init__(self, port: int, ip: str, timeout: float = 15) -> None:
        self.port, self.ip, self.timeout, self.cookies = port, ip, timeout, {}

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        connection = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=self.timeout, source_address=(self.ip, 0)
        )
        all_headers = dict(headers or {})
        if self.cookies:
            all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None and method != "GET":
            all_headers.setdefault("Content-Type", "application/json")
            all_headers.setdefault("X-CSRFToken", self.cookies.get("csrftoken", ""))
        started = time.perf_counter()
        try:
            connection.request(method, path, body=body, headers=all_headers)
            response = connection.getresponse()
            text = response.read()
            status = response.status
            for header, value in response.getheaders():
                if header.lower() == "set-cookie":
                    name, _, rest = value.partition("=")
                    self.cookies[name.strip()] = rest.split(";", 1)[0]
        except OSError:
            status, text = 0, b""
        finally:
            connection.close()
        return status, time.perf_counter() - started, text

    def login(self, username: str, password: str) -> None:
        _, _, page = self.request("GET", "/comptes/login/")
        token = page.decode().split('name="csrfmiddlewaretoken" value="', 1)[1].split('"', 1)[0]
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "username": username, "password": password})
        self.request("POST", "/comptes/login/", body.encode(), {"Content-Type": "application/x-www-form-urlencoded"})
        if "sessionid" not in self.cookies:
            raise RuntimeError(f"{username} could not sign in")


# ---- the attacks: each a process of its own, bounded by the phase's end ---------------------------------


def slowloris(port: int, stop_at: float, queue) -> None:
    os.nice(19)
    sockets: list[socket.socket | None] = [None] * 12
    opened = 0
    while time.monotonic() < stop_at:
        for k in range(len(sockets)):
            try:
                if sockets[k] is None:
                    s = socket.create_connection(
                        ("127.0.0.1", port), timeout=2, source_address=(f"127.0.0.{100 + k}", 0)
                    )
                    s.sendall(b"GET /ping/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                    sockets[k], opened = s, opened + 1
                else:
                    sockets[k].sendall(f"X-Slow-{k}: {int(time.monotonic())}\r\n".encode())
            except OSError:
                if sockets[k] is not None:
                    sockets[k].close()
                sockets[k] = None
        time.sleep(min(3, max(0, stop_at - time.monotonic())))
    for s in sockets:
        if s is not None:
            s.close()
    queue.put({"attack": [], "opened": opened})


def hammer(port: int, stop_at: float, queue, method: str, path: str, body: bytes | None, ips: list[str], login=None):
    """Requests one after the other until ``stop_at``, each from the next address of ``ips``."""
    os.nice(19)
    clients = [Client(port, ip, timeout=30) for ip in ips[:1]] if login else None
    if login:
        clients[0].login(*login)
    samples, i = [], 0
    while time.monotonic() < stop_at:
        client = clients[0] if clients else Client(port, ips[i % len(ips)], timeout=30)
        status, took, _ = client.request(method, path, body)
        samples.append((status, took))
        i += 1
    queue.put({"attack": samples})


def phase(port: int, seconds: float, judges: list[tuple[Client, str]], attackers: list[tuple]) -> dict:
    stop_at = time.monotonic() + seconds
    out: dict = {"search": [], "save": [], "attack": []}

    def searching():
        clients = [Client(port, f"127.0.0.{20 + i}") for i in range(8)]
        i = 0
        while time.monotonic() < stop_at:
            q = urllib.parse.quote(QUERIES[i % len(QUERIES)])
            status, took, text = clients[i % 8].request("GET", f"/api/search/?q={q}")
            out["search"].append((status, took))
            if not 200 <= status < 300:
                out.setdefault("why", []).append(f"search {status} {text[:90]!r}")
            i += 1
            time.sleep(0.12)

    def saving():
        from tests.security.conftest import small_board

        n = 0
        while time.monotonic() < stop_at:  # the judges in turn, each saving every 2 s (30 a minute)
            n += 1
            body = json.dumps({"title": f"Cas {n}", "document": small_board()}).encode()
            client, uuid = judges[n % len(judges)]
            status, took, text = client.request("PATCH", f"/api/scenarios/{uuid}/", body)
            out["save"].append((status, took))
            if not 200 <= status < 300:
                out.setdefault("why", []).append(f"save {status} {text[:90]!r}")
            time.sleep(0.25)

    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    procs = [context.Process(target=target, args=(port, stop_at, queue, *args)) for target, *args in attackers]
    threads = [threading.Thread(target=searching), threading.Thread(target=saving)]
    for t in [*threads, *procs]:
        t.start()
    for _ in procs:
        out["attack"] += queue.get(timeout=seconds + 120)["attack"]
    for t in [*threads, *procs]:
        t.join(timeout=seconds + 60)
    return out


# ---- the stack ------------------------------------------------------------------------------------------


def start_stack(kind: str, workdir: Path, port: int, env: dict) -> subprocess.Popen:
    log = open(workdir / "server.log", "wb")
    access = workdir / "access.log"
    env = {**env, "GUNICORN_CMD_ARGS": f"--access-logfile {access} --access-logformat '{ACCESS_FORMAT}'"}
    if kind == "gunicorn":
        command = [sys.executable, "-m", "gunicorn", "judge.wsgi", "--workers", str(WORKERS)]
        command += ["--bind", f"127.0.0.1:{port}", "--timeout", "30", "--error-logfile", "-"]
    else:
        command = [sys.executable, "-m", "judge.guard.serve", "--listen", f"127.0.0.1:{port}"]
        command += ["--workers", str(WORKERS)]
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the stack exited early:\n{(workdir / 'server.log').read_text()[-3000:]}")
        if Client(port, "127.0.0.1", timeout=2).request("GET", "/ping/")[0] == 200:
            return server
        time.sleep(0.2)
    raise RuntimeError("the stack did not answer /ping/ within 60 s")


def stop_stack(server: subprocess.Popen | None) -> None:
    if server is None or server.poll() is not None:
        return
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=5)


def held(access: Path, start: int) -> tuple[list[tuple[float, str]], int]:
    """(request time in s, "status method path") of the access log's lines written since byte
    ``start``; the new end."""
    with open(access, "rb") as handle:
        handle.seek(start)
        text = handle.read()
    times = []
    for line in text.decode(errors="replace").splitlines():
        took, _, what = line.partition(" ")
        try:
            times.append((float(took), what))
        except ValueError:
            continue
    return times, start + len(text)


def db_bytes(workdir: Path) -> int:
    return sum(p.stat().st_size for p in workdir.glob("db.sqlite3*"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=int, default=15, help="seconds of each phase")
    parser.add_argument("--stack", choices=("serve", "gunicorn"), default="serve")
    parser.add_argument("--only", help="run only the phases whose name contains this (and the calm one)")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="arbitre-hostile-"))
    server = None
    password = secrets.token_urlsafe(12)
    try:
        env = {
            **os.environ,
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_SECURE_SSL_REDIRECT": "0",
            "ARBITRE_LOOPBACK": "1",
            "ARBITRE_SEARCH_CACHE": "1",
        }
        os.environ.update({k: v for k, v in env.items() if k.startswith(("DJANGO_", "ARBITRE_"))})
        _setup_django(workdir)
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.core.management import call_command

        from judge.scenarios.models import Scenario
        from tests.security import hostile_boards
        from tests.security.conftest import small_board

        quiet = open(os.devnull, "w")
        call_command("migrate", verbosity=0, interactive=False)
        call_command("import_rules", *map(str, RULE_FILES), ruleset=RULESET, stdout=quiet)
        call_command("rebuild_index", stdout=quiet)
        call_command("collectstatic", interactive=False, verbosity=0)
        users = get_user_model().objects
        judge_users = [users.create_user(f"judge{k}", password=password) for k in range(8)]
        judge_user = judge_users[0]
        users.create_user("flooder", password=password)
        theirs = []
        for user in judge_users:
            mine = Scenario(title="Cas", author=user, document=small_board())
            mine.save_document()
            theirs.append((user.username, str(mine.uuid)))
        long_game = hostile_boards.long_game(400)
        public = Scenario(title="Longue partie", author=judge_user, document=long_game, visibility="public")
        public.save_document()
        env.update({k: os.environ[k] for k in ("ARBITRE_SQLITE_PATH", "ARBITRE_INDEX_DIR", "ARBITRE_VAR_DIR")})
        port = free_port()
        server = start_stack(args.stack, workdir, port, env)
        print(
            f"stack: {args.stack} ({WORKERS} gunicorn sync workers), DJANGO_DEBUG=0, SQLite, {os.cpu_count()} CPUs;"
            f" engine budget {settings.ARBITRE_RUN_SECONDS} s; phases of {args.seconds} s; load average at the"
            f" start {os.getloadavg()[0]:.1f}",
            flush=True,
        )
        judges = []
        for k, (username, uuid) in enumerate(theirs):
            client = Client(port, f"127.0.0.{10 + k}")
            client.login(username, password)  # once each: the password hash costs a good part of a second
            judges.append((client, uuid))
        run_body = json.dumps({"document": long_game, "until": "end"}).encode()
        heavy = small_board()  # about 470 KB: 380 cards in Reserve with long names
        heavy["players"]["A"]["reserve"] = [{"id": f"r{i}", "name": "Éclaireur " + "x" * 1200} for i in range(380)]
        flood_body = json.dumps({"title": "Crue", "document": heavy, "visibility": "private"}).encode()
        rotating = [f"127.12.{1 + k // 250}.{1 + k % 250}" for k in range(1000)]
        ruling = f"/scenarios/{public.uuid}/decision/?etape=2500"
        attacks = {
            "calm (no attack)": [],
            "slowloris (12 connections)": [(slowloris,)],
            "ruling page, late step (4 anonymous)": [
                (hammer, "GET", ruling, None, [f"127.11.0.{1 + k}"]) for k in range(4)
            ],
            "rotating addresses on /api/run/ (8)": [
                (hammer, "POST", "/api/run/", run_body, rotating[k::8]) for k in range(8)
            ],
            "save flood, 500 KB (1 user, 2 connections)": [
                (hammer, "POST", "/api/scenarios/", flood_body, [f"127.13.0.{1 + k}"], ("flooder", password))
                for k in range(2)
            ],
        }
        if args.only:
            attacks = {k: v for k, v in attacks.items() if not v or args.only in k}
        phase(port, 4, judges, [])  # warm-up: every worker's caches
        access = workdir / "access.log"
        _, mark = held(access, 0)
        results = []
        for name, attackers in attacks.items():
            before = db_bytes(workdir)
            out = phase(port, args.seconds, judges, attackers)
            time.sleep(1)  # the last answers logged
            times, mark = held(access, mark)
            out["held"], out["growth"] = times, db_bytes(workdir) - before
            results.append((name, out))
        load = os.getloadavg()
    finally:
        stop_stack(server)
        log = (workdir / "server.log").read_text(errors="replace") if (workdir / "server.log").exists() else ""
        shutil.rmtree(workdir, ignore_errors=True)

    def figures(samples):
        times = [t for _, t in samples]
        if not times:
            return "      -       -"
        return f"{statistics.median(times) * 1000:>7.0f} {p95_ms(times):>7.0f}"

    print(
        f"\nload average at the end: {load[0]:.1f} (1 min) on {os.cpu_count()} CPUs; server log: "
        f"{log.count('Traceback')} tracebacks, {log.count('WORKER TIMEOUT')} worker timeouts"
    )
    print(f"{'phase':<44} {'search ms':>15} {'saves ms':>15} {'judges':>6} {'attackers':<28} {'held':>12} {'db':>7}")
    print(
        f"{'':<44} {'median':>7} {'p95':>7} {'median':>7} {'p95':>7} {'errors':>6} {'statuses':<28} {'max s  >1s':>12} {'MB':>7}"
    )
    missed = []
    for name, out in results:
        judges_err = sum(1 for s, _ in out["search"] + out["save"] if not 200 <= s < 300)
        statuses: dict = {}
        for s, _ in out["attack"]:
            statuses[s] = statuses.get(s, 0) + 1
        longest = max((t for t, _ in out["held"]), default=0.0)
        over = sum(1 for t, _ in out["held"] if t > HELD_SECONDS)
        shown = ",".join(f"{k}:{v}" for k, v in sorted(statuses.items())) or "-"
        bad: dict = {}
        for s, _ in out["search"] + out["save"]:
            if not 200 <= s < 300:
                bad[s] = bad.get(s, 0) + 1
        print(
            f"{name:<44} {figures(out['search'])} {figures(out['save'])} {judges_err:>6} {shown[:28]:<28}"
            f" {longest:>6.2f} {over:>5} {out['growth'] / 1e6:>7.1f}"
        )
        search_p95 = p95_ms([t for _, t in out["search"]]) if out["search"] else float("inf")
        save_p95 = p95_ms([t for _, t in out["save"]]) if out["save"] else float("inf")
        if search_p95 >= SEARCH_P95_MS:
            missed.append(f"{name}: search p95 {search_p95:.0f} ms")
        if save_p95 >= SAVE_P95_MS:
            missed.append(f"{name}: saves p95 {save_p95:.0f} ms")
        if over:
            missed.append(f"{name}: {over} requests held a worker > {HELD_SECONDS} s")
        if judges_err or any(s >= 500 for s in statuses):
            fivexx = sum(v for k, v in statuses.items() if k >= 500)
            missed.append(f"{name}: {judges_err} judges' errors {bad}, {fivexx} attackers' 5xx")
    for name, out in results:
        for why in sorted(set(out.get("why", [])))[:3]:
            print(f"  {name}: a judge's error: {why}")
    print("\nThe requests that held a worker longest, per phase (s, status, method, path):")
    for name, out in results:
        slowest = sorted(out["held"], reverse=True)[:3]
        print(f"  {name}: " + "; ".join(f"{t:.2f} {what[:60]}" for t, what in slowest))
    quota = os.environ.get("ARBITRE_SAVE_QUOTA_BYTES")
    flood = results[-1][1]["growth"] if "flood" in results[-1][0] else 0
    if quota and flood > int(quota) * 1.5:  # the database's own pages and indexes on top of the documents
        missed.append(f"save flood grew the database by {flood / 1e6:.1f} MB (quota {int(quota) / 1e6:.1f} MB)")
    print(
        "\nTargets: search p95 < 100 ms, saves p95 < 250 ms, no worker held > 1 s, 0 5xx: "
        + ("all met" if not missed else "MISSED\n  " + "\n  ".join(missed))
    )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
