"""Load bench: the production server (gunicorn, fixed worker count) under wrk, on loopback.

    .venv/bin/python bench/load_bench.py [--duration S] [--connections N] [--workers N]

One command on a fresh clone: installs Debian's ``wrk`` if it is missing (``apt-get install -y wrk``,
we run as root), makes a temporary database, index and library (``ARBITRE_SQLITE_PATH`` /
``ARBITRE_INDEX_DIR`` / ``ARBITRE_VAR_DIR`` set before ``django.setup()``: ``migrate``,
``import_rules fixtures/rules/*.txt --ruleset fr-1``, ``rebuild_index``, ``load_library``,
``collectstatic``), starts ``gunicorn judge.wsgi`` as ``make serve-prod`` does (``DJANGO_DEBUG=0``,
a generated secret key, ``DJANGO_ALLOWED_HOSTS=127.0.0.1``, ``DJANGO_SECURE_SSL_REDIRECT=0`` since it
serves plain HTTP on loopback) with a fixed number of sync workers on a free 127.0.0.1 port, and
drives it with wrk on each target for ``--duration`` seconds in all, after a short warm-up, in
``--rounds`` interleaved rounds (floor, then every target, again; the load of a shared machine drifts,
so each target's ratio to the floor is taken within a round, and the median ratio is reported):

* ``GET /ping/``: a view returning "ok" (no database, no index, no template): the framework's floor;
* ``GET /regles/fr-1/2.4.6.c/``: a rule page;
* ``GET /api/search/?q=…``: the search API, rotating every query of ``fixtures/relevance/`` — the
  headline figure is **uncached** (``ARBITRE_SEARCH_CACHE=0``: every request runs the search);
* ``GET /api/suggest/?q=…``: suggestions as you type, rotating the first two thirds of each query
  (never cached: the headline beside search);
* ``POST /api/run/``: the scenario run API with a library scenario document;
* ``GET /api/search/?q=…`` again on a second server with the per-worker result cache on (the site's
  default), beside its own ``/ping/`` floor: what a tournament's repeated look-ups cost.

Both servers run at once with the same settings but the cache; only one is loaded at a time.

Printed per target: requests per second, median and 99th percentile latency, errors (responses
other than 2xx/3xx and socket errors; every target is checked to answer 200 before it is loaded) and
the throughput's ratio to the floor. Targets of issue 8 on a 2-core machine: zero errors, search (cached, the site's
default) at least a third of the floor's throughput, a rule page at least half; the exit code is 1 if
one is missed. The uncached search and suggest ratios are reported as the headline (issue 15).
The server is stopped and the temporary directory removed at the end, whatever happens.

``--hostile`` runs ``bench/hostile.py`` instead (``--hostile-seconds`` per phase): judges' search and
saves during five attacks on the serve stack from many loopback addresses.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

from common import ROOT, RULE_FILES, RULESET
from common import setup_django as _setup_django

WORKERS = 2  # fixed: this is a 2-core machine; the figures are only comparable at a fixed count
RULE_PAGE = f"/regles/{RULESET}/2.4.6.c/"
#: Every judge query of the relevance set (keywords, questions, typos, numbers): about a hundred
#: distinct queries, so a per-worker result cache is measured on a realistic mix, not on one query.
SEARCH_QUERIES = [
    item["q"] for item in json.loads((ROOT / "fixtures" / "relevance" / "queries.json").read_text(encoding="utf-8"))
]
#: What is in the box two thirds of the way through typing each query (as search_bench.typing).
SUGGEST_QUERIES = list(dict.fromkeys(q[: max(2, round(len(q) * 2 / 3))] for q in SEARCH_QUERIES))

#: Appended to every wrk script: the summary as one JSON line, read back by :func:`run_wrk`.
DONE_LUA = """
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK-JSON {"requests": %d, "duration_us": %d, "p50_us": %d, "p99_us": %d, "max_us": %d,'
    .. ' "connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
"""


def ensure_wrk() -> str:
    found = shutil.which("wrk")
    if found:
        return found
    print("wrk is missing: apt-get install -y wrk", flush=True)
    if subprocess.call(["apt-get", "install", "-y", "-q", "wrk"], stdout=subprocess.DEVNULL) != 0:
        subprocess.check_call(["apt-get", "update", "-q"], stdout=subprocess.DEVNULL)
        subprocess.check_call(["apt-get", "install", "-y", "-q", "wrk"], stdout=subprocess.DEVNULL)
    found = shutil.which("wrk")
    if not found:
        raise RuntimeError("wrk could not be installed")
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def lua_string(value: str) -> str:
    return json.dumps(value)  # a JSON string literal is a valid Lua string literal for our text


def get_status(port: int, path: str, body: bytes | None = None) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request("POST" if body is not None else "GET", path, body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def start_gunicorn(
    workdir: Path, workers: int, port: int, search_cache: bool, env: dict | None = None
) -> subprocess.Popen:
    log = open(workdir / f"gunicorn-{port}.log", "wb")
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "judge.wsgi",
            "--workers",
            str(workers),
            "--bind",
            f"127.0.0.1:{port}",
            "--timeout",
            "30",
            "--error-logfile",
            "-",
        ],
        cwd=ROOT,
        env={**os.environ, "ARBITRE_SEARCH_CACHE": "1" if search_cache else "0", **(env or {})},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        return _wait_for(server, workdir, port)
    except BaseException:
        stop(server)
        raise


def _wait_for(server: subprocess.Popen, workdir: Path, port: int) -> subprocess.Popen:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited early:\n{(workdir / f'gunicorn-{port}.log').read_text()[-3000:]}")
        try:
            if get_status(port, "/ping/") == 200:
                return server
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError("gunicorn did not answer /ping/ within 60 s")


def stop(server: subprocess.Popen | None) -> None:
    if server is None or server.poll() is not None:
        return
    server.terminate()  # gunicorn's master stops its workers on SIGTERM
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=5)


def stop_all(servers: list[subprocess.Popen], workdir: Path, markers: tuple[str, ...]) -> list[str]:
    """Stop the servers, remove the temporary directory; the lines of their logs holding one of ``markers``."""
    for server in servers:
        stop(server)
    failures = [
        line
        for log in workdir.glob("gunicorn-*.log")
        for line in log.read_text(errors="replace").splitlines()
        if any(marker in line for marker in markers)
    ]
    shutil.rmtree(workdir, ignore_errors=True)
    return failures


def run_wrk(wrk: str, url: str, script: Path, duration: int, connections: int, threads: int) -> dict:
    command = [
        wrk,
        f"-t{threads}",
        f"-c{connections}",
        f"-d{duration}s",
        "--timeout",
        "10s",
        "--latency",
        "-s",
        str(script),
        url,
    ]
    out = subprocess.run(command, capture_output=True, text=True, timeout=duration + 60)
    line = next((l for l in out.stdout.splitlines() if l.startswith("WRK-JSON ")), None)
    if out.returncode != 0 or line is None:
        raise RuntimeError(f"wrk failed ({out.returncode}):\n{out.stdout}\n{out.stderr}")
    figures = json.loads(line.removeprefix("WRK-JSON "))
    figures["rps"] = figures["requests"] / (figures["duration_us"] / 1e6)
    figures["errors"] = sum(figures[k] for k in ("connect", "read", "write", "status", "timeout"))
    return figures


ROTATE_LUA = """
local paths = {{{paths}}}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
"""


def scripts(workdir: Path, run_body: str) -> dict[str, Path]:
    paths = {"get": "", "search": "", "suggest": "", "run": ""}
    for name, queries in (("search", SEARCH_QUERIES), ("suggest", SUGGEST_QUERIES)):
        rotated = ", ".join(lua_string(f"/api/{name}/?q=" + urllib.parse.quote(q)) for q in queries)
        paths[name] = ROTATE_LUA.format(paths=rotated)
    paths["run"] = f"""
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = {lua_string(run_body)}
"""
    files = {}
    for name, body in paths.items():
        files[name] = workdir / f"{name}.lua"
        files[name].write_text(body + DONE_LUA, encoding="utf-8")
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=12, help="seconds of load per target (over all rounds)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds over the targets")
    parser.add_argument("--warmup", type=int, default=2, help="seconds of unmeasured load before each target")
    parser.add_argument("--connections", type=int, default=4, help="wrk connections")
    parser.add_argument("--threads", type=int, default=1, help="wrk threads")
    parser.add_argument("--workers", type=int, default=WORKERS, help="gunicorn sync workers")
    parser.add_argument(
        "--hostile",
        action="store_true",
        help="bench/hostile.py: judges' latency during five attacks on the serve stack",
    )
    parser.add_argument("--hostile-seconds", type=int, default=15, help="seconds of each attack (--hostile)")
    args = parser.parse_args()
    if args.hostile:  # bench/hostile.py: five attacks on the serve stack from many loopback addresses
        import hostile

        sys.argv = [sys.argv[0], "--seconds", str(args.hostile_seconds)]
        return hostile.main()

    wrk = ensure_wrk()
    workdir = Path(tempfile.mkdtemp(prefix="arbitre-load-bench-"))
    servers: list[subprocess.Popen] = []
    rounds: dict[str, list[dict]] = {}
    try:
        # Production settings, as ``make serve-prod`` with the environment a deployment sets.
        os.environ.update(
            {
                "DJANGO_DEBUG": "0",
                "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
                "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
                "DJANGO_SECURE_SSL_REDIRECT": "0",
                # Throughput, from one address: the throttles (shared by the workers) would answer 429.
                "ARBITRE_THROTTLE_RATES": ",".join(
                    f"{scope}{suffix}="
                    for scope in ("run", "check", "answer", "search", "suggest", "engine")
                    for suffix in ("", "-ip")
                ),
            }
        )
        os.environ.pop("DATABASE_URL", None)  # the temporary SQLite database, whatever the shell says
        _setup_django(workdir)
        from django.core.management import call_command

        from judge.scenarios import runner
        from judge.scenarios.models import Scenario

        started = time.perf_counter()
        quiet = open(os.devnull, "w")
        call_command("migrate", verbosity=0, interactive=False)
        call_command("import_rules", *map(str, RULE_FILES), ruleset=RULESET, stdout=quiet)
        call_command("rebuild_index", stdout=quiet)
        call_command("load_library", stdout=quiet)
        call_command("collectstatic", interactive=False, verbosity=0)
        playable = []
        for scenario in Scenario.objects.exclude(source="").order_by("source"):
            if not scenario.problems:
                steps = runner.run(scenario.document, until="end")["steps"]
                playable.append((steps, scenario.source, scenario.document))
        playable.sort(key=lambda row: row[0])
        run_steps, run_source, run_document = playable[len(playable) // 2]  # a typical one: the median run
        run_body = json.dumps({"document": run_document, "until": "end"})
        print(
            f"Prepared database, index, library and static files in {time.perf_counter() - started:.1f} s", flush=True
        )

        port, cached_port = free_port(), free_port()
        servers.append(start_gunicorn(workdir, args.workers, port, search_cache=False))
        servers.append(start_gunicorn(workdir, args.workers, cached_port, search_cache=True))
        base = f"http://127.0.0.1:{port}"
        lua = scripts(workdir, run_body)
        # (name, port, path, script, body, floor of the same server)
        targets = [
            ("floor GET /ping/", port, "/ping/", lua["get"], None, None),
            (f"rule page GET {RULE_PAGE}", port, RULE_PAGE, lua["get"], None, "floor GET /ping/"),
            ("search uncached GET /api/search/?q=…", port, "/api/search/", lua["search"], None, "floor GET /ping/"),
            (
                "suggest GET /api/suggest/?q=… (never cached)",
                port,
                "/api/suggest/",
                lua["suggest"],
                None,
                "floor GET /ping/",
            ),
            ("run POST /api/run/", port, "/api/run/", lua["run"], run_body.encode(), "floor GET /ping/"),
            ("cached: floor GET /ping/", cached_port, "/ping/", lua["get"], None, None),
            (
                "cached: search GET /api/search/?q=…",
                cached_port,
                "/api/search/",
                lua["search"],
                None,
                "cached: floor GET /ping/",
            ),
        ]
        # Every target answers 200 before it is loaded (wrk counts 3xx as successes).
        for name, target_port, path, _, body, _ in targets:
            checks = {
                "/api/search/": ["/api/search/?q=" + urllib.parse.quote(q) for q in SEARCH_QUERIES],
                "/api/suggest/": ["/api/suggest/?q=" + urllib.parse.quote(q) for q in SUGGEST_QUERIES],
            }.get(path, [path])
            for check in checks:
                status = get_status(target_port, check, body)
                if status != 200:
                    raise RuntimeError(f"{name}: {check} answered {status}, not 200")

        print(
            f"gunicorn judge.wsgi: {args.workers} sync workers (fixed) per server, DJANGO_DEBUG=0, SQLite, on {base}"
            f" (ARBITRE_SEARCH_CACHE=0) and port {cached_port} (search result cache on, the site's default);"
            f" {os.cpu_count()} CPUs; Python {sys.version.split()[0]}"
        )
        print(
            f"wrk {args.threads} thread(s), {args.connections} connections, {args.duration} s per target"
            f" in {args.rounds} interleaved rounds after {args.warmup} s of warm-up each, same machine"
        )
        print(f"run target: library scenario {run_source}, {run_steps} steps to its end ({len(run_body)} bytes)")
        print(
            f"search queries: the {len(SEARCH_QUERIES)} of fixtures/relevance/queries.json; suggest: the first two"
            f" thirds of each ({len(SUGGEST_QUERIES)})",
            flush=True,
        )
        for _name, target_port, path, script, _, _ in targets:  # warm-up: every worker's searcher, connections
            if args.warmup:
                run_wrk(
                    wrk, f"http://127.0.0.1:{target_port}" + path, script, args.warmup, args.connections, args.threads
                )
        # Interleaved rounds: the machine's load drifts (other processes), so each round measures the
        # floor and every target one after the other, and a target's ratio is taken within its round.
        share = max(1, round(args.duration / args.rounds))
        for _ in range(args.rounds):
            for name, target_port, path, script, _, _ in targets:
                url = f"http://127.0.0.1:{target_port}" + path
                rounds.setdefault(name, []).append(run_wrk(wrk, url, script, share, args.connections, args.threads))
        floors = {name: floor for name, _, _, _, _, floor in targets}
    finally:
        failures = stop_all(servers, workdir, ("Traceback", "[ERROR]"))
    if failures:
        print(f"server log: {len(failures)} error line(s), first: {failures[0]}")

    results = []
    for name, runs in rounds.items():
        floor_name = floors[name] or name
        requests = sum(r["requests"] for r in runs)
        seconds = sum(r["duration_us"] for r in runs) / 1e6
        results.append(
            (
                name,
                {
                    "rps": requests / seconds,
                    "p50_us": statistics.median(r["p50_us"] for r in runs),
                    "p99_us": max(r["p99_us"] for r in runs),
                    "errors": sum(r["errors"] for r in runs),
                    "ratio": statistics.median(
                        r["rps"] / f["rps"] for r, f in zip(runs, rounds[floor_name], strict=True)
                    ),
                    "ratios": [r["rps"] / f["rps"] for r, f in zip(runs, rounds[floor_name], strict=True)],
                },
            )
        )
    print()
    print(
        f"  {args.rounds} interleaved rounds of {share} s per target; req/s over all rounds, median of the rounds'"
        f" medians, worst p99, ratio to the floor of the same server: median of the rounds' ratios (each round's"
        f" in brackets). Headline: uncached search and suggest next to /ping/; the cached search beside them."
    )
    print(f"  {'target':<46} {'req/s':>8} {'median ms':>10} {'p99 ms':>8} {'errors':>7} {'vs floor':>9}")
    for name, f in results:
        each = " ".join(f"{x:.2f}" for x in f["ratios"])
        print(
            f"  {name:<46} {f['rps']:>8.0f} {f['p50_us'] / 1000:>10.1f} {f['p99_us'] / 1000:>8.1f}"
            f" {f['errors']:>7} {f['ratio']:>8.2f}×  [{each}]"
        )
    by_name = {" ".join(name.split()[:2]).rstrip(":"): f for name, f in results}
    missed = []
    if any(f["errors"] for _, f in results) or failures:
        missed.append("zero errors")
    if by_name["cached: search"]["ratio"] < 1 / 3:
        missed.append(f"search (cached) ≥ 1/3 of the floor ({by_name['cached: search']['ratio']:.2f})")
    if by_name["rule page"]["ratio"] < 1 / 2:
        missed.append(f"rule page ≥ 1/2 of the floor ({by_name['rule page']['ratio']:.2f})")
    print()
    print(
        f"Headline (issue 15): uncached search {by_name['search uncached']['ratio']:.2f}× and suggest"
        f" {by_name['suggest GET']['ratio']:.2f}× the /ping/ floor's throughput; cached search"
        f" {by_name['cached: search']['ratio']:.2f}× its server's floor."
    )
    print(
        "Targets (issue 8): zero errors; search (cached) ≥ 1/3 of the floor; rule page ≥ 1/2 of the floor: "
        + ("all met" if not missed else "MISSED " + "; ".join(missed))
    )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
