"""The engine's budget per request (issue 16): time and steps, refused with a clear 422, never a 5xx
or a worker timeout. It is the engine's own ``engine.Budget`` (a deadline and a step count, checked
before every step the engine performs), given this budget's limits and clock.

Every request that runs the engine (runs, checks, training answers, saving a scenario) makes a
:class:`Budget` from the settings ``ARBITRE_RUN_SECONDS`` and ``ARBITRE_RUN_STEPS``, and

* loads its games with :meth:`Budget.load` (or :func:`load`, under the budget of the engine work
  running): the engine refuses the next step past the deadline or the step count, before changing
  anything. The site's own loops over steps call :meth:`Budget.step` too (the same deadline, and the
  steps they may perform);
* wraps the engine work in :meth:`Budget.hard_stop`, which admits and meters it across requests (below)
  and turns the engine's refusal into this budget's (:class:`BudgetExceeded`).

**One deadline per request.** The first budget a request makes sets its deadline; every later one,
nested (the ruling page's position, then the boards around its deciding step) or not, ends by it
too: the request's engine work, all of it, holds a worker at most ``ARBITRE_RUN_SECONDS``. Outside a
request (management commands) a budget is 60 s: no worker waits there.

**No timer.** What the engine does between two of its budget checks is one step, and one step is
bounded by the size of the board (``judge.limits``: 400 cards, 2,000 decisions, a 512 KB body, checked
before the engine runs, and the engine's caps on what it enumerates): a step of the worst board within
them is measured in tens of milliseconds, a check of one the same (README, Production). What is not
engine work (encoding a long game's answer) is bounded the same way, by what the limits let an answer
hold (``judge.limits.MAX_ANSWER_BYTES``), and charged to the client (:mod:`judge.guard.meter`). So
no signal interrupts a frame in the middle of its work.

The clock (:data:`clock`, wall time: what holds a worker) is the engine's too, so one deadline holds
for both; tests replace it with one that advances at each reading.

Across requests (:mod:`judge.guard.meter`): the outermost :meth:`Budget.hard_stop` of a request reserves
engine time for its client (settled with the request's CPU time when it ends) and refuses a client whose engine time is spent
(:class:`EngineThrottled`); past the request's free engine time it takes one of the site's engine
slots at the next step, or refuses when none is free (:class:`EngineBusy`). Both are 429 with ``Retry-After``.
"""

from __future__ import annotations

import math
import time
from contextlib import contextmanager
from contextvars import ContextVar

from django.conf import settings

import engine

from . import meter
from .steps import BudgetExceeded, StepBudget

#: The budget's clock (seconds): wall time, which is what holds a worker. The engine's own budget is
#: given the same clock (:meth:`Budget.load`), so that one deadline holds for the site and the engine.
#: Read when a budget is made: tests replace it (a clock that advances at each reading).
clock = time.monotonic

#: The engine's refusal past its budget (kept under this name for the callers that catch it).
ENGINE_BUDGET_EXCEEDED = engine.BudgetExceeded


def _in_seconds(seconds: int) -> str:
    return f"{seconds} seconde{'s' if seconds > 1 else ''}"


class EngineRefused(BudgetExceeded):
    """The engine was not run for this request (:mod:`judge.guard.meter`): 429, retry after
    ``retry_after`` seconds. Code that catches :class:`BudgetExceeded` shows it as a refusal too."""

    status = 429

    def __init__(self, message: str, retry_after: float) -> None:
        self.retry_after = max(1, math.ceil(retry_after))
        super().__init__(message.format(when=_in_seconds(self.retry_after)))


class EngineThrottled(EngineRefused):
    """The client's engine time of the last minutes is spent."""

    def __init__(self, wait: float) -> None:
        super().__init__(
            "Trop de calcul : le moteur a déjà beaucoup travaillé pour vous ces dernières minutes ; "
            "réessayez dans {when}.",
            wait,
        )


class EngineBusy(EngineRefused):
    """Every engine slot is taken by other heavy work."""

    def __init__(self) -> None:
        super().__init__(
            "Le moteur est occupé par d'autres calculs longs : réessayez dans {when}.",
            float(settings.ARBITRE_RUN_SECONDS),
        )


class Budget(StepBudget):
    """Time (``seconds``) and engine steps (``steps``) one request may spend: the request's one deadline,
    and an engine slot taken before a step when the request's free engine time is spent."""

    def __init__(self, seconds: float | None = None, steps: int | None = None) -> None:
        if seconds is None:  # a request's budget; outside one (load_library, imports) no worker waits
            seconds = settings.ARBITRE_RUN_SECONDS if meter.in_request() else max(settings.ARBITRE_RUN_SECONDS, 60.0)
        started = clock()
        # the request's one deadline: set by its first budget, kept by the others (see the module)
        super().__init__(
            seconds,
            settings.ARBITRE_RUN_STEPS if steps is None else steps,
            clock,
            started,
            meter.deadline(started + float(seconds)),
        )

    def before_step(self) -> None:
        """Take an engine slot when the request's free engine time is spent (or refuse: none is free)."""
        _need_slot()

    @contextmanager
    def hard_stop(self):
        """Around the request's engine work: admitted and metered across requests (the outermost one of
        a request, :meth:`_guarded`), and the engine's refusal past its budget turned into this budget's.
        Nested uses keep the outer one's guard. The name is older than the timer's removal: the stop
        is the engine's own, between steps."""
        token = _CURRENT.set(self) if _CURRENT.get() is None else None
        try:
            self.check_time()  # no engine work starts past the deadline (a check is a single call)
            with self._guarded():
                yield self
        except engine.BudgetExceeded as exc:
            raise self.refusal(exc) from None
        finally:
            if token is not None:
                _CURRENT.reset(token)

    @contextmanager
    def _guarded(self):
        """The request's engine work across requests (:mod:`judge.guard.meter`): refused when its client's
        engine time is spent or when it needs a slot from the start and none is free; charged to its
        client and its slot given back when it ends. Outside a request, or nested: nothing."""
        with meter.metered() as work:
            if work is not None:
                wait, busy = work.admit()
                if wait is not None:
                    raise EngineThrottled(wait)
                if busy:
                    raise EngineBusy()
            yield


#: The budget of the engine work running (the outermost :meth:`Budget.hard_stop`), for :func:`load`.
_CURRENT: ContextVar[Budget | None] = ContextVar("arbitre_budget", default=None)


def load(document):
    """``engine.load(document)`` under the budget of the engine work running, so that code which does
    not hold the budget (the training questions) is bound by it too; outside one, the engine's defaults."""
    budget = _CURRENT.get()
    return budget.load(document) if budget is not None else engine.load(document)


def _need_slot() -> None:
    """Take an engine slot if the request's engine work needs one now; refuse when none is free."""
    work = meter.current()
    if work is not None and work.slot_due() and not work.take():
        raise EngineBusy()
