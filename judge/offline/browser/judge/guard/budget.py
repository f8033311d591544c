"""The engine's budget in the browser, under the name ``judge.scenarios.runner`` imports.

The site's ``judge.guard.budget`` guards a shared server: a timer (a signal) that interrupts a step
which will not end, and a meter of every client's engine time. A judge's phone guards nobody but
its owner, and has neither signals nor other clients: what is left is the engine's own budget
(``engine.Budget``, checked at every step), with the site's limits (``ARBITRE_RUN_SECONDS``,
``ARBITRE_RUN_STEPS``, given by :func:`configure` from the page) and the same refusals, word for
word, so that a run refused by the site is refused here with the same message. A step that never
ends is the page's to stop (it ends the worker).
"""

from __future__ import annotations

import time
from contextlib import contextmanager

import engine

#: The site's limits per request (``configure`` sets them from the site's settings).
LIMITS = {"seconds": 0.5, "steps": 5000}
#: Wall time, as on the site: what the judge waits for.
clock = time.monotonic


def configure(seconds: float, steps: int) -> None:
    LIMITS.update(seconds=float(seconds), steps=int(steps))


class BudgetExceeded(Exception):
    """The run used up its budget; ``problems`` in the API's problem format (path ``$``), as 422."""

    status = 422
    retry_after: int | None = None

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.problems = [{"path": "$", "message": message}]


def _seconds_text(seconds: float) -> str:
    return f"{seconds:g} s".replace(".", ",")


class Budget:
    """Time (``seconds``) and engine steps (``steps``) one call may spend (the site's interface)."""

    def __init__(self, seconds: float | None = None, steps: int | None = None) -> None:
        self.seconds = float(LIMITS["seconds"] if seconds is None else seconds)
        self.steps = int(LIMITS["steps"] if steps is None else steps)
        self.clock = clock
        self.started = self.clock()
        self.deadline = self.started + self.seconds
        self.used = 0

    def out_of_time(self) -> BudgetExceeded:
        return BudgetExceeded(
            f"Budget dépassé : le moteur a calculé plus de {_seconds_text(self.seconds)} pour "
            f"cette requête (limite {_seconds_text(self.seconds)} par requête)."
        )

    def out_of_steps(self, needed: int | None = None) -> BudgetExceeded:
        what = f"{needed} étapes demandées" if needed is not None else f"plus de {self.steps} étapes de jeu"
        return BudgetExceeded(f"Budget dépassé : {what} pour cette requête (limite {self.steps} étapes par requête).")

    def check_time(self) -> None:
        if self.clock() > self.deadline:
            raise self.out_of_time()

    def step(self) -> None:
        self.check_time()
        if self.used >= self.steps:
            raise self.out_of_steps()
        self.used += 1

    def refund(self) -> None:
        self.used -= 1

    def require_steps(self, needed: int) -> None:
        if needed > self.steps:
            raise self.out_of_steps(needed)

    def load(self, document):
        """``engine.load`` with the engine's own budget: this one's steps and what is left of its time."""
        remaining = max(self.deadline - self.clock(), 0.001)
        return engine.load(document, budget=engine.Budget(steps=self.steps + 10, seconds=remaining, clock=self.clock))

    @contextmanager
    def hard_stop(self):
        """The engine's own refusal becomes this budget's (no timer: the engine checks at each step)."""
        try:
            yield self
        except engine.BudgetExceeded as exc:
            raise (self.out_of_steps() if exc.budget == "steps" else self.out_of_time()) from None
