"""Shared fixtures of the hostile-input tests (the users are tests/conftest.py's): a valid board, the library's documents.

``ARBITRE_FUZZ_EXAMPLES`` scales the number of generated cases (default: a run of the whole
security suite well under 90 s; e.g. ``ARBITRE_FUZZ_EXAMPLES=2000`` for a long local run).
Generation is derandomized so that CI sees the same cases every time.
"""

from __future__ import annotations

import copy
import json
import os
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from judge.scenarios.views import EMPTY_DOCUMENT

SCENARIOS_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios"

#: Examples per generated test (per API operation for schemathesis, per endpoint for documents).
EXAMPLES = int(os.environ.get("ARBITRE_FUZZ_EXAMPLES", "0")) or None


def fuzz_settings(default: int):
    """Hypothesis settings of a fuzz test: ``default`` examples unless the environment says more."""
    return settings(
        max_examples=EXAMPLES or default,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.filter_too_much,
            HealthCheck.data_too_large,
        ],
    )


def small_board() -> dict:
    """A small playable board: night of day 2, a fleeting character in A's hero expedition."""
    doc = copy.deepcopy(EMPTY_DOCUMENT)
    doc.update(day=2, phase="night")
    doc["players"]["A"]["hero_expedition"] = [
        {"id": "a1", "name": "Garde forestière", "stats": {"forest": 2}, "statuses": ["fleeting"]}
    ]
    doc["players"]["A"]["reserve"] = [{"id": "a2", "name": "Éclaireur"}]
    return doc


@lru_cache(maxsize=1)
def library_documents() -> tuple[str, ...]:
    """The library's documents the engine accepts (as JSON text: each test gets its own copy)."""
    import engine

    found = []
    for path in sorted(SCENARIOS_DIR.glob("*.json")):
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            continue
        if isinstance(document, dict) and not engine.check(document):
            found.append(json.dumps(document))
    return tuple(found) or (json.dumps(small_board()),)


#: Generated cases sent, per test family: {"family": [cases, seconds spent in requests, {status: n}]}.
FUZZ_COUNTS: dict[str, list] = {}


def count_case(family: str, status: int, seconds: float) -> None:
    row = FUZZ_COUNTS.setdefault(family, [0, 0.0, {}])
    row[0] += 1
    row[1] += seconds
    row[2][status] = row[2].get(status, 0) + 1


def pytest_terminal_summary(terminalreporter):
    if not FUZZ_COUNTS:
        return
    terminalreporter.section("hostile input: generated cases")
    for family, (cases, seconds, statuses) in sorted(FUZZ_COUNTS.items()):
        spread = ", ".join(f"{code}: {n}" for code, n in sorted(statuses.items()))
        terminalreporter.write_line(f"{family}: {cases} cases, {seconds:.1f} s in requests ({spread})")
    total = sum(row[0] for row in FUZZ_COUNTS.values())
    terminalreporter.write_line(f"total: {total} cases")


class Ticking:
    """A clock advancing ``tick`` seconds at each reading: a budget of N ticks runs out after N readings
    (each engine step reads it at least once), whatever the machine's speed."""

    def __init__(self, tick: float = 0.001) -> None:
        self.now, self.tick, self.reads = 1000.0, tick, 0

    def __call__(self) -> float:
        self.now += self.tick
        self.reads += 1
        return self.now


@pytest.fixture
def ticking(monkeypatch):
    """The request budget's clock (judge.guard.budget.clock, given to the engine too) ticking 1 ms a reading."""
    from judge.guard import budget

    clock = Ticking(0.001)
    monkeypatch.setattr(budget, "clock", clock)
    return clock


@pytest.fixture
def ticking_cpu(monkeypatch):
    """The engine guard's CPU clock (judge.guard.meter.cpu_clock) ticking 1 ms a reading: a request's
    free engine time of 0.02 s is spent after twenty readings (each step reads it)."""
    from judge.guard import meter

    clock = Ticking(0.001)
    monkeypatch.setattr(meter, "cpu_clock", clock)
    return clock
