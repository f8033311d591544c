"""Serve bench: ``make serve``'s stack (gunicorn, production settings on loopback) against Django's
development server (``make dev``, what ``make serve`` ran before issue 16), under wrk.

    .venv/bin/python bench/serve_bench.py [--duration S] [--connections N] [--workers N]

One command: installs Debian's ``wrk`` if it is missing, makes a temporary var/ directory (migrate,
rules, index, static files: ``ARBITRE_VAR_DIR``), then serves it twice on free loopback ports:

* ``runserver``: ``manage.py runserver --noreload`` with DEBUG on, as ``make dev`` runs it;
* ``make serve``: ``gunicorn judge.wsgi --workers N --timeout 30`` with ``make serve``'s environment
  (``DJANGO_DEBUG=0 ARBITRE_LOOPBACK=1 ARBITRE_DEMO=1``; N defaults to the Makefile's 4).

Each target (``GET /ping/``: the trivial page, no database; ``GET /regles/fr-1/2.4.6.c/``: a rule
page) is loaded in interleaved rounds (runserver, then make serve, again), each after a warm-up.
Printed per server and target: requests per second, median, p95 and p99 latency, errors, and make
serve's throughput ratio to runserver's (the median of the rounds' ratios). Target: zero errors and
make serve at least 3 times runserver's throughput on both pages; the exit code is 1 if missed.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT, RULE_FILES, RULESET, stop_server
from load_bench import ensure_wrk, free_port, get_status

TARGET_RATIO = 3.0
PAGES = [("trivial page GET /ping/", "/ping/"), ("rule page GET /regles/fr-1/2.4.6.c/", f"/regles/{RULESET}/2.4.6.c/")]
SERVE_ENV = {"DJANGO_DEBUG": "0", "ARBITRE_LOOPBACK": "1", "ARBITRE_DEMO": "1"}
DONE_LUA = """
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK-JSON {"requests": %d, "duration_us": %d, "p50_us": %d, "p95_us": %d, "p99_us": %d, "errors": %d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    e.connect + e.read + e.write + e.status + e.timeout))
end
"""


def base_env(var: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "ARBITRE_", "DATABASE_URL"))}
    env["ARBITRE_VAR_DIR"] = str(var)
    return env


def manage(env: dict, *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)


def wait_until_up(server: subprocess.Popen, port: int, log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log.read_text()[-3000:]}")
        try:
            if get_status(port, "/ping/") == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError("server did not answer /ping/ within 60 s")


def wrk(binary: str, url: str, script: Path, seconds: int, connections: int) -> dict:
    out = subprocess.run(
        [binary, "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "-s", str(script), url],
        capture_output=True,
        text=True,
        timeout=seconds + 60,
    )
    line = next((line for line in out.stdout.splitlines() if line.startswith("WRK-JSON ")), None)
    if out.returncode != 0 or line is None:
        raise RuntimeError(f"wrk failed ({out.returncode}):\n{out.stdout}\n{out.stderr}")
    figures = json.loads(line.removeprefix("WRK-JSON "))
    figures["rps"] = figures["requests"] / (figures["duration_us"] / 1e6)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=12, help="seconds of load per server and page, over all rounds")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=2, help="seconds of unmeasured load before the rounds")
    parser.add_argument("--connections", type=int, default=4, help="wrk connections")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers (the Makefile's WORKERS)")
    args = parser.parse_args()

    binary = ensure_wrk()
    workdir = Path(tempfile.mkdtemp(prefix="arbitre-serve-bench-"))
    servers: dict[str, subprocess.Popen] = {}
    rounds: dict[tuple[str, str], list[dict]] = {}
    try:
        var = workdir / "var"
        env = base_env(var)
        started = time.perf_counter()
        manage(env, "migrate", "--noinput")
        manage(env, "import_rules", *map(str, RULE_FILES), "--ruleset", RULESET)
        manage(env, "rebuild_index")
        serve_env = {**env, **SERVE_ENV}
        manage(serve_env, "collectstatic", "--noinput", "-v0")
        print(f"Prepared database, rules, index and static files in {time.perf_counter() - started:.1f} s", flush=True)

        ports = {"runserver": free_port(), "make serve": free_port()}
        commands = {
            "runserver": (
                [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{ports['runserver']}"],
                env,
            ),
            "make serve": (
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    "judge.wsgi",
                    "--workers",
                    str(args.workers),
                    "--bind",
                    f"127.0.0.1:{ports['make serve']}",
                    "--timeout",
                    "30",
                ],
                serve_env,
            ),
        }
        for name, (command, server_env) in commands.items():
            log = workdir / f"{name.replace(' ', '-')}.log"
            with open(log, "wb") as output:  # the child keeps its own copy of the descriptor
                servers[name] = subprocess.Popen(
                    command, cwd=ROOT, env=server_env, stdout=output, stderr=subprocess.STDOUT
                )
            wait_until_up(servers[name], ports[name], log)
            for _, path in PAGES:
                status = get_status(ports[name], path)
                if status != 200:
                    raise RuntimeError(f"{name}: {path} answered {status}, not 200")

        script = workdir / "done.lua"
        script.write_text(DONE_LUA, encoding="utf-8")
        print(
            f"{os.cpu_count()} CPUs; Python {sys.version.split()[0]}; wrk 1 thread, {args.connections} connections;"
            f" gunicorn {args.workers} sync workers; {args.duration} s per server and page in {args.rounds} interleaved"
            f" rounds after {args.warmup} s of warm-up",
            flush=True,
        )
        for name in servers:
            for _, path in PAGES:
                wrk(binary, f"http://127.0.0.1:{ports[name]}{path}", script, args.warmup, args.connections)
        share = max(1, round(args.duration / args.rounds))
        for _ in range(args.rounds):
            for page, path in PAGES:
                for name in servers:
                    rounds.setdefault((page, name), []).append(
                        wrk(binary, f"http://127.0.0.1:{ports[name]}{path}", script, share, args.connections)
                    )
    finally:
        for server in servers.values():
            stop_server(server)
        shutil.rmtree(workdir, ignore_errors=True)

    print()
    print(f"  {'page':<38} {'server':<11} {'req/s':>7} {'median ms':>10} {'p95 ms':>7} {'p99 ms':>7} {'errors':>7}")
    missed = []
    for page, _ in PAGES:
        for name in ("runserver", "make serve"):
            runs = rounds[(page, name)]
            rps = sum(r["requests"] for r in runs) / (sum(r["duration_us"] for r in runs) / 1e6)
            errors = sum(r["errors"] for r in runs)
            print(
                f"  {page:<38} {name:<11} {rps:>7.0f} {statistics.median(r['p50_us'] for r in runs) / 1000:>10.1f}"
                f" {max(r['p95_us'] for r in runs) / 1000:>7.1f} {max(r['p99_us'] for r in runs) / 1000:>7.1f} {errors:>7}"
            )
            if errors:
                missed.append(f"{name} on {page}: {errors} errors")
        ratios = [
            s["rps"] / r["rps"] for s, r in zip(rounds[(page, "make serve")], rounds[(page, "runserver")], strict=True)
        ]
        ratio = statistics.median(ratios)
        print(f"  {'':<38} make serve / runserver: {ratio:.1f}×  [{' '.join(f'{x:.1f}' for x in ratios)}]")
        if ratio < TARGET_RATIO:
            missed.append(f"{page}: {ratio:.1f}× < {TARGET_RATIO:.0f}×")
    print()
    print(
        f"Target (issue 16): zero errors, make serve ≥ {TARGET_RATIO:.0f}× runserver's throughput on each page: "
        + ("met" if not missed else "MISSED " + "; ".join(missed))
    )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
