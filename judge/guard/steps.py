"""One request's budget, as the engine sees it: a deadline and a step count, with the site's refusals
in French. No Django and no meter here: the site's :class:`judge.guard.budget.Budget` adds the
request's one deadline, its admission and its engine slots; the offline copy in the browser
(``judge/offline/browser/judge/guard/budget.py``) adds only the page's limits. Both refuse with the
same words, so a run refused by the site is refused offline with the same message.
"""

from __future__ import annotations

from collections.abc import Callable

import engine


class BudgetExceeded(Exception):
    """The request used up its engine budget; ``problems`` in the API's problem format (path ``$``)."""

    status = 422
    retry_after: int | None = None

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.problems = [{"path": "$", "message": message}]


def seconds_text(seconds: float) -> str:
    return f"{seconds:g} s".replace(".", ",")


class StepBudget:
    """Time (``seconds``, until ``deadline`` on ``clock``) and engine steps (``steps``) one request may
    spend. Subclasses say what happens before each step (:meth:`before_step`)."""

    def __init__(
        self,
        seconds: float,
        steps: int,
        clock: Callable[[], float],
        started: float | None = None,
        deadline: float | None = None,
    ) -> None:
        self.seconds = float(seconds)
        self.steps = int(steps)
        self.clock = clock
        self.started = clock() if started is None else started
        self.deadline = self.started + self.seconds if deadline is None else deadline
        self.used = 0

    # -- refusals ---------------------------------------------------------------------------
    def out_of_time(self) -> BudgetExceeded:
        return BudgetExceeded(
            f"Budget dépassé : le moteur a calculé plus de {seconds_text(self.seconds)} pour "
            f"cette requête (limite {seconds_text(self.seconds)} par requête)."
        )

    def out_of_steps(self, needed: int | None = None) -> BudgetExceeded:
        what = f"{needed} étapes demandées" if needed is not None else f"plus de {self.steps} étapes de jeu"
        return BudgetExceeded(f"Budget dépassé : {what} pour cette requête (limite {self.steps} étapes par requête).")

    def refusal(self, exc: engine.BudgetExceeded) -> BudgetExceeded:
        """The engine's own refusal past its budget, as this budget's."""
        return self.out_of_steps() if exc.budget == "steps" else self.out_of_time()

    # -- checks -----------------------------------------------------------------------------
    def before_step(self) -> None:
        """What a step needs besides time and count (the site: an engine slot when due)."""

    def check_time(self) -> None:
        if self.clock() > self.deadline:
            raise self.out_of_time()

    def step(self) -> None:
        """Before one engine step: refuse when time is up or when this step would exceed the limit."""
        self.check_time()
        self.before_step()
        if self.used >= self.steps:
            raise self.out_of_steps()
        self.used += 1

    def refund(self) -> None:
        """The step announced by :meth:`step` did nothing (the game is over or waits for a decision)."""
        self.used -= 1

    def require_steps(self, needed: int) -> None:
        """Refuse at once what is known to need more steps than the limit (a position to replay)."""
        if needed > self.steps:
            raise self.out_of_steps(needed)

    def load(self, document):
        """``engine.load(document)`` with the engine's own budget set to this one: what is left of its
        time (on its clock, through :meth:`before_step`) and its steps."""
        remaining = max(self.deadline - self.clock(), 0.001)
        budget = engine.Budget(steps=self.steps + 10, seconds=remaining, clock=self._engine_clock)
        return engine.load(document, budget=budget)

    def _engine_clock(self) -> float:
        self.before_step()
        return self.clock()
