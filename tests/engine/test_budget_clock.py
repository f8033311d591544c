"""The engine's budget counts its seconds on the clock it is given (``engine.Budget.clock``): with a
clock that advances a fixed amount at each reading, where a run stops depends on the steps it
performed, never on the machine's speed."""

from __future__ import annotations

import pytest

import engine
from tests.security.hostile_boards import long_game


class Ticking:
    """A clock advancing ``tick`` seconds at each reading."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick, self.reads = 0.0, tick, 0

    def __call__(self) -> float:
        self.now += self.tick
        self.reads += 1
        return self.now


def test_a_run_stops_where_the_given_clock_says_whatever_the_machine():
    stops = []
    for _ in range(2):
        game = engine.load(long_game(400), budget=engine.Budget(seconds=0.05, clock=Ticking(0.001)))
        with pytest.raises(engine.BudgetExceeded) as refused:
            game.run("end")
        assert refused.value.budget == "seconds"
        stops.append(game.steps_done)
    assert stops[0] == stops[1] and 0 < stops[0] < 50  # about one reading per step, 50 readings


def test_the_default_clock_is_the_threads_cpu_time():
    import time

    assert engine.Budget().clock is time.thread_time
    game = engine.load(long_game(10))
    game.run("end")
    assert game.spent()[0] == game.steps_done
