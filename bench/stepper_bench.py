"""Stepper bench: how long one step of the stepper page takes over HTTP, against a trivial baseline.

    .venv/bin/python bench/stepper_bench.py [--rounds N] [--max-steps N]

Works on a fresh clone and stays on the loopback: it makes its own temporary SQLite database
(``ARBITRE_SQLITE_PATH``, ``ARBITRE_INDEX_DIR`` and ``ARBITRE_VAR_DIR`` set before ``django.setup()``),
runs ``migrate``, ``import_rules fixtures/rules/*.txt`` and ``load_library``, serves the site from a
child process (threaded WSGI server, one thread per request like ``runserver``) on a free
``127.0.0.1`` port, and removes everything at the end. Bounded: a fixed number of requests, each
with a 10 s timeout, and the whole run stops after ``--budget`` seconds.

The page is stateless towards the server: every click replays the document from its start to the
position asked for, then performs one step. So a step's cost grows with its position; the bench asks
for ``until=step`` at every position of two games, in increasing order, as a judge clicking
"Étape suivante" would:

* a generated full board (both players with deck, hand, mana, reserve, landmarks, expeditions),
  played for ``--max-steps`` steps with the engine's first legal decision each time it waits, the
  decisions sent as the page sends them (``POST /api/run/`` with ``document``, ``decisions``,
  ``steps``);
* the library scenario with the longest run, through ``POST /api/scenarios/<uuid>/run/``.

Baseline: ``GET /api/rules/fr-1/2.5/`` (one rule from the database), measured the same way.
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from common import ROOT, RULE_FILES, RULESET, median_ms, p95_ms, start_server, stop_server
from common import setup_django as _setup_django


# ---------------------------------------------------------------- the server (child process)


def http(url: str, body: dict | None = None) -> tuple[float, dict]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="GET" if body is None else "POST",
                                     headers={"Content-Type": "application/json", "Accept": "application/json"})
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=10) as response:
        payload = response.read()
        if response.status != 200:
            raise RuntimeError(f"{url}: HTTP {response.status}")
    elapsed = time.perf_counter() - started
    return elapsed, json.loads(payload)


# ---------------------------------------------------------------- the boards


def full_board(seed: int = 11) -> dict:
    """Day 2, Morning: both players with every zone filled, characters in both expeditions."""
    from judge.scenarios.views import EMPTY_DOCUMENT  # after django.setup()

    def card(pid: str, n: int, **extra) -> dict:
        f, m, w = (n * 7) % 4, (n * 5) % 3, (n * 3) % 4
        return {"id": f"{pid.lower()}{n}", "name": f"Personnage {pid}{n}", "hand_cost": 1 + n % 4,
                "reserve_cost": n % 3, "stats": {"forest": f, "mountain": m, "water": w}, **extra}

    players = {}
    for pid in ("A", "B"):
        n = iter(range(1, 200))
        players[pid] = {
            "hero": {"name": f"Héros {pid}", "reserve_limit": 2, "landmark_limit": 2},
            "deck": [card(pid, next(n)) for _ in range(20)],
            "hand": [card(pid, next(n)) for _ in range(5)],
            "mana": [{"id": f"{pid.lower()}m{i}", "statuses": ["exhausted"] if i % 2 else []} for i in range(4)],
            "reserve": [card(pid, next(n)) for _ in range(3)],
            "landmarks": [card(pid, next(n), type="permanent") for _ in range(3)],
            "discard": [card(pid, next(n)) for _ in range(4)],
            "hero_expedition": [card(pid, next(n), statuses=["fleeting"]), card(pid, next(n), counters={"boost": 1}),
                                card(pid, next(n), statuses=["asleep"])],
            "companion_expedition": [card(pid, next(n)), card(pid, next(n), statuses=["anchored"])],
        }
    return {
        "format": "arbitre-scenario/1", "rules": RULESET, "seed": seed, "mode": "1v1", "day": 2,
        "phase": "morning", "first_player": "A", "players": players,
        "adventure": copy.deepcopy(EMPTY_DOCUMENT["adventure"]),
        "limbo": [], "decisions": [],
    }


def play_out(document: dict, max_steps: int) -> tuple[list[dict], int]:
    """The decisions a judge would click (the first legal one; ``pass`` on a turn) and the steps."""
    from judge.scenarios import runner

    decisions: list[dict] = []
    steps = 0
    for _ in range(3 * max_steps):  # bounded: steps plus the decisions between them
        if steps >= max_steps:
            break
        out = runner.run(document, until="step", decisions=decisions, steps=steps)
        if out["steps"] == steps:
            if not out["pending"] or not out["legal_decisions"]:
                break
            legal = out["legal_decisions"]
            decisions.append(next((d for d in legal if d.get("pass")), legal[0]))
            continue
        steps = out["steps"]
    return decisions, steps


# ---------------------------------------------------------------- the run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="passes over every position of each game")
    parser.add_argument("--max-steps", type=int, default=120, help="steps of the generated game")
    parser.add_argument("--budget", type=float, default=300, help="stop measuring after this many seconds")
    args = parser.parse_args()


    workdir = Path(tempfile.mkdtemp(prefix="arbitre-stepper-bench-"))
    child = None
    started = time.monotonic()
    results: dict[str, list[float]] = {}
    by_position: dict[str, list[tuple[int, float]]] = {}
    try:
        _setup_django(workdir)
        from django.core.management import call_command

        from judge.scenarios import runner
        from judge.scenarios.models import Scenario

        quiet = open(os.devnull, "w")
        call_command("migrate", verbosity=0, interactive=False)
        call_command("import_rules", *map(str, RULE_FILES), ruleset=RULESET, stdout=quiet)
        call_command("load_library", stdout=quiet)

        board = full_board()
        decisions, board_steps = play_out(board, args.max_steps)
        library = []
        for scenario in Scenario.objects.exclude(source=""):
            if scenario.problems:
                continue
            library.append((runner.run(scenario.document, until="end")["steps"], scenario.title, str(scenario.uuid)))
        lib_steps, lib_title, lib_uuid = max(library)

        child, port = start_server(workdir)
        base = f"http://127.0.0.1:{port}"
        http(f"{base}/api/rules/{RULESET}/2.5/")  # warm-up
        http(f"{base}/api/run/", {"document": board, "until": "step", "steps": 0})

        def timed(name: str, position: int, url: str, body: dict | None = None) -> dict:
            elapsed, out = http(url, body)
            results.setdefault(name, []).append(elapsed)
            by_position.setdefault(name, []).append((position, elapsed))
            return out

        for _ in range(args.rounds):
            if time.monotonic() - started > args.budget:
                break
            for k in range(board_steps):
                out = timed("full board, POST /api/run/", k, f"{base}/api/run/",
                            {"document": board, "until": "step", "steps": k, "decisions": decisions})
                assert out["steps"] in (k, k + 1), out["steps"]
                timed("baseline GET /api/rules/fr-1/2.5/", k, f"{base}/api/rules/{RULESET}/2.5/")
            for k in range(lib_steps):
                timed("library, POST /api/scenarios/<uuid>/run/", k, f"{base}/api/scenarios/{lib_uuid}/run/",
                      {"until": "step", "steps": k})
        # The same full board's step done in process, for the share of HTTP/JSON in the figures.
        in_process = []
        for k in range(0, board_steps, max(1, board_steps // 30)):
            t0 = time.perf_counter()
            runner.run(copy.deepcopy(board), until="step", steps=k, decisions=decisions)
            in_process.append(time.perf_counter() - t0)
    finally:
        stop_server(child)
        shutil.rmtree(workdir, ignore_errors=True)

    cards = sum(len(v) for p in board["players"].values() for v in p.values() if isinstance(v, list))
    print(f"Stepper bench: Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, threaded WSGI server on 127.0.0.1,"
          f" one connection per request, {args.rounds} pass(es)")
    print(f"  generated full board: {cards} cards, {board_steps} steps played ({len(decisions)} decisions given)")
    print(f"  library scenario with the longest run: « {lib_title} », {lib_steps} steps")
    print()
    print(f"  {'request (until=step at every position)':<44} {'n':>5} {'median ms':>10} {'p95 ms':>8}"
          f" {'first 10% med':>14} {'last 10% med':>13}")
    for name, samples in results.items():
        ordered = sorted(by_position[name])
        tenth = max(1, len(ordered) // 10)
        first = [t for _, t in ordered[:tenth]]
        last = [t for _, t in ordered[-tenth:]]
        print(f"  {name:<44} {len(samples):>5} {median_ms(samples):>10.1f} {p95_ms(samples):>8.1f}"
              f" {median_ms(first):>14.1f} {median_ms(last):>13.1f}")
    if in_process:
        print(f"  {'full board, runner.run() in process':<44} {len(in_process):>5} {median_ms(in_process):>10.1f}"
              f" {p95_ms(in_process):>8.1f}")
    step = results.get("full board, POST /api/run/", [])
    baseline = results.get("baseline GET /api/rules/fr-1/2.5/", [])
    if step and baseline:
        print(f"  step / baseline (medians): {median_ms(step) / median_ms(baseline):.1f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
