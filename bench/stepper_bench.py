"""Stepper bench: a step of the stepper page over HTTP at position 1,200 against a step at position 0,
with the trivial ``/ping/`` view as the floor, all in the same run.

    .venv/bin/python bench/stepper_bench.py [--rounds N] [--position N] [--target X]

The page steps from the state the previous answer gave (``POST /api/step/`` with ``state``,
``steps`` and ``seq``): the server loads that state (checked like any document), performs one step,
and answers with the state's changes and the new log entries, so a step should cost the same at any
position. Target (issue 13): the median of a step at position ``--position`` (1,200) within
``--target`` (2×) the median of a step at position 0; exit 1 when missed. p95 and the ratio to
``/ping/`` are printed as well, and, for comparison, a few samples of the old way (``POST /api/run/``
replaying the document from its start to that position).

Works on a fresh clone and stays on the loopback: its own temporary SQLite database and index
(``ARBITRE_SQLITE_PATH`` …, set before ``django.setup()``), ``migrate``, a child process serving the
site (threaded WSGI server) on a free ``127.0.0.1`` port; everything is removed at the end. Bounded:
a fixed number of requests, each with a 10 s timeout.

The game: a generated full board (both players with deck, hand, mana, reserve, landmarks,
expeditions) played with the engine's first legal decision (``pass`` on a turn) each time it waits.
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import shutil
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from common import RULESET, median_ms, p95_ms, start_server, stop_server
from common import setup_django as _setup_django


def http(url: str, body: dict | None = None) -> tuple[float, int, dict | None]:
    """(seconds, bytes of the answer, its JSON or None)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url,
        data=data,
        method="GET" if body is None else "POST",
        headers={"Content-Type": "application/json", "Accept": "application/json"},
    )
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=10) as response:
        payload = response.read()
        if response.status != 200:
            raise RuntimeError(f"{url}: HTTP {response.status}")
    elapsed = time.perf_counter() - started
    try:
        return elapsed, len(payload), json.loads(payload)
    except ValueError:
        return elapsed, len(payload), None


# ---------------------------------------------------------------- the boards


def full_board(seed: int = 11) -> dict:
    """Day 2, Morning: both players with every zone filled, characters in both expeditions."""
    from judge.scenarios.views import EMPTY_DOCUMENT  # after django.setup()

    def card(pid: str, n: int, **extra) -> dict:
        f, m, w = (n * 7) % 4, (n * 5) % 3, (n * 3) % 4
        return {
            "id": f"{pid.lower()}{n}",
            "name": f"Personnage {pid}{n}",
            "hand_cost": 1 + n % 4,
            "reserve_cost": n % 3,
            "stats": {"forest": f, "mountain": m, "water": w},
            **extra,
        }

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
            "hero_expedition": [
                card(pid, next(n), statuses=["fleeting"]),
                card(pid, next(n), counters={"boost": 1}),
                card(pid, next(n), statuses=["asleep"]),
            ],
            "companion_expedition": [card(pid, next(n)), card(pid, next(n), statuses=["anchored"])],
        }
    return {
        "format": "arbitre-scenario/1",
        "rules": RULESET,
        "seed": seed,
        "mode": "1v1",
        "day": 2,
        "phase": "morning",
        "first_player": "A",
        "players": players,
        "adventure": copy.deepcopy(EMPTY_DOCUMENT["adventure"]),
        "limbo": [],
        "decisions": [],
    }


def play_to(document: dict, position: int) -> tuple[dict, int, list[dict]]:
    """The state after ``position`` steps (as the stepper holds it), its log length and the decisions
    given on the way (the first legal one each time the engine waits; ``pass`` on a turn)."""
    from judge.scenarios import runner

    out = runner.position(document, 0)
    state, seq, decisions = out["state"], 0, []
    for _ in range(3 * position):  # bounded
        if out["steps"] >= position:
            break
        decision = None
        if out["pending"]:
            legal = out["legal_decisions"]
            decision = next((d for d in legal if d.get("pass")), legal[0])
            decisions.append(decision)
        out = runner.step_from(state, "step", decision, out["steps"], seq)
        state = runner.patch(state, out["changes"])
        seq += len(out["log"])
    if out["steps"] != position:
        raise RuntimeError(f"the generated game stopped at step {out['steps']}, before {position}")
    return state, seq, decisions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200, help="requests of each kind")
    parser.add_argument("--position", type=int, default=1200, help="the late position")
    parser.add_argument("--target", type=float, default=2.0, help="late step / early step, medians")
    parser.add_argument("--replays", type=int, default=10, help="samples of the old replay, for comparison")
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="arbitre-stepper-bench-"))
    child = None
    samples: dict[str, list[float]] = {"ping": [], "early": [], "late": [], "replay": []}
    sizes: dict[str, int] = {}
    try:
        _setup_django(workdir)
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)
        board = full_board()
        early_state, early_seq, _ = play_to(board, 0)
        late_state, late_seq, decisions = play_to(board, args.position)

        child, port = start_server(workdir)
        base = f"http://127.0.0.1:{port}"
        early = {"state": early_state, "steps": 0, "seq": early_seq}
        late = {"state": late_state, "steps": args.position, "seq": late_seq}
        for _ in range(5):  # warm-up
            http(f"{base}/ping/")
            http(f"{base}/api/step/", early)
            http(f"{base}/api/step/", late)
        for _ in range(args.rounds):
            elapsed, _, _ = http(f"{base}/ping/")
            samples["ping"].append(elapsed)
            elapsed, sizes["early"], out = http(f"{base}/api/step/", early)
            assert out["steps"] == 1, out.get("steps")
            samples["early"].append(elapsed)
            elapsed, sizes["late"], out = http(f"{base}/api/step/", late)
            assert out["steps"] == args.position + 1 and out["log"][0]["seq"] == late_seq + 1, out.get("steps")
            samples["late"].append(elapsed)
        for _ in range(args.replays):
            elapsed, sizes["replay"], _ = http(
                f"{base}/api/run/", {"document": board, "until": "step", "steps": args.position, "decisions": decisions}
            )
            samples["replay"].append(elapsed)
    finally:
        stop_server(child)
        shutil.rmtree(workdir, ignore_errors=True)

    cards = sum(len(v) for p in board["players"].values() for v in p.values() if isinstance(v, list))
    print(
        f"Stepper bench: Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, threaded WSGI server on 127.0.0.1,"
        f" one connection per request, {args.rounds} rounds (ping, step at 0, step at {args.position} in turn)"
    )
    print(
        f"  generated full board: {cards} cards; state sent at position {args.position}: "
        f"{len(json.dumps(late_state)) // 1024} KB ({len(decisions)} decisions taken on the way)"
    )
    print()
    print(f"  {'request':<52} {'n':>4} {'median ms':>10} {'p95 ms':>8} {'answer':>9}")
    rows = [
        ("GET /ping/ (floor)", "ping", None),
        ("POST /api/step/ at position 0", "early", "early"),
        (f"POST /api/step/ at position {args.position}", "late", "late"),
        (f"old way: POST /api/run/ replaying to {args.position}", "replay", "replay"),
    ]
    for label, key, size in rows:
        if samples[key]:
            answer = f"{sizes[size] / 1024:.1f} KB" if size else ""
            print(
                f"  {label:<52} {len(samples[key]):>4} {median_ms(samples[key]):>10.2f} {p95_ms(samples[key]):>8.2f} {answer:>9}"
            )
    ratio = median_ms(samples["late"]) / median_ms(samples["early"])
    ratio95 = p95_ms(samples["late"]) / p95_ms(samples["early"])
    floor = median_ms(samples["late"]) / median_ms(samples["ping"])
    print()
    print(
        f"  step at {args.position} / step at 0: {ratio:.2f}x (medians), {ratio95:.2f}x (p95); target <= {args.target:.1f}x"
    )
    print(f"  step at {args.position} / ping: {floor:.1f}x (medians)")
    if ratio > args.target:
        print(f"  MISSED: a step at position {args.position} costs {ratio:.2f}x a step at position 0", file=sys.stderr)
        return 1
    print("  target met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
