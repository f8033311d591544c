"""The engine's budget in the browser, under the name ``judge.scenarios.runner`` imports.

The site's ``judge.guard.budget`` guards a shared server: one deadline per request, a meter of every
client's engine time and the site's engine slots. A judge's phone guards nobody but its owner and
has no other clients: what is left is the engine's own budget
(``engine.Budget``, checked at every step), with the site's limits (``ARBITRE_RUN_SECONDS``,
``ARBITRE_RUN_STEPS``, given by :func:`configure` from the page) and the same refusals, word for
word (both are :class:`judge.guard.steps.StepBudget`, the site's own file, shipped as it is), so that a
run refused by the site is refused here with the same message. A step that never
ends is the page's to stop (it ends the worker).
"""

from __future__ import annotations

import time
from contextlib import contextmanager

import engine
from judge.guard.steps import BudgetExceeded, StepBudget

__all__ = ["Budget", "BudgetExceeded", "configure"]

#: The site's limits per request (``configure`` sets them from the site's settings).
LIMITS = {"seconds": 0.5, "steps": 5000}
#: Wall time, as on the site: what the judge waits for.
clock = time.monotonic


def configure(seconds: float, steps: int) -> None:
    LIMITS.update(seconds=float(seconds), steps=int(steps))


class Budget(StepBudget):
    """Time (``seconds``) and engine steps (``steps``) one call may spend (the site's interface)."""

    def __init__(self, seconds: float | None = None, steps: int | None = None) -> None:
        super().__init__(
            LIMITS["seconds"] if seconds is None else seconds,
            LIMITS["steps"] if steps is None else steps,
            clock,
        )

    @contextmanager
    def hard_stop(self):
        """The engine's own refusal becomes this budget's (no timer: the engine checks at each step)."""
        try:
            yield self
        except engine.BudgetExceeded as exc:
            raise self.refusal(exc) from None
