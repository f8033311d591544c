"""The engine's budget per request (issue 16): time and steps, refused with a clear 422, never a 5xx
or a worker timeout.

Every request that runs the engine (runs, checks, training answers, saving a scenario) makes one
:class:`Budget` from the settings ``ARBITRE_RUN_SECONDS`` and ``ARBITRE_RUN_STEPS`` and

* calls :meth:`Budget.step` before each engine step (time is checked between steps, and the steps are
  counted: performing more than the limit is refused);
* wraps the engine calls in :meth:`Budget.hard_stop`: in the main thread of a worker process (gunicorn's
  sync workers) a timer interrupts one step that is itself too long (an engine enumerating a huge
  choice), so a single step cannot outlive the budget either. Elsewhere (threads of the development
  server) only the checks between steps apply. The timer interrupts only code of the ``engine``
  package, or the few library modules it calls in a step (:data:`ENGINE_LIBRARY`); it fires every
  50 ms past the deadline until it lands there: never Django, a database write or a finalizer.
* gives every game loaded inside :meth:`Budget.hard_stop` through :func:`load` (the training questions'
  replays) the engine's own budget, checked at every step whatever the timer does.

The engine's own budget (``engine.Budget``, ``engine.BudgetExceeded``) gets this budget's limits and
its clock (:data:`clock`, wall time: what holds a worker) from :meth:`Budget.load`, so that one
deadline holds for both; :meth:`Budget.hard_stop` turns its exception into :class:`BudgetExceeded`.
Outside a request (management commands) the budget is 60 s: no worker waits there.

Across requests (:mod:`judge.guard.meter`): the outermost :meth:`Budget.hard_stop` of a request reserves
engine time for its client (settled with the request's CPU time when it ends) and refuses a client whose engine time is spent
(:class:`EngineThrottled`); past the request's free engine time it takes one of the site's engine
slots, or refuses when none is free (:class:`EngineBusy`). Both are 429 with ``Retry-After``.
"""

from __future__ import annotations

import collections
import copy
import dataclasses
import enum
import functools
import json
import math
import os
import random
import re
import signal
import threading
import time
import typing
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from django.conf import settings

import engine

from . import meter

ENGINE_DIR = str(Path(engine.__file__).resolve().parent) + os.sep
#: The modules of Python's library the engine calls during a step (``random.shuffle``,
#: ``dataclasses.replace``…): the timer may interrupt them when the engine called them. Never the rest of
#: the library: ``weakref.finalize`` and other finalizers run there when the garbage collector calls
#: them, and an exception raised in a finalizer is lost with the finalizer's own work.
ENGINE_LIBRARY = tuple(
    os.path.dirname(module.__file__) + os.sep if module.__file__.endswith("__init__.py") else module.__file__
    for module in (random, dataclasses, enum, functools, collections, typing, copy, json, re)
)


#: The budget's clock (seconds): wall time, which is what holds a worker. The engine's own budget is
#: given the same clock (:meth:`Budget.load`), so that one deadline holds for the site and the engine.
#: Read when a budget is made: tests replace it (a clock that advances at each reading).
clock = time.monotonic


class _NoEngineBudget(Exception):
    """Stands for ``engine.BudgetExceeded`` while the engine has no budget of its own (never raised)."""


#: The engine's own budget, when it has one (CONTRACT.md): given to every game the site loads.
ENGINE_BUDGET = getattr(engine, "Budget", None)
ENGINE_BUDGET_EXCEEDED = getattr(engine, "BudgetExceeded", None) or _NoEngineBudget


class BudgetExceeded(Exception):
    """The request used up its engine budget; ``problems`` in the API's problem format (path ``$``)."""

    status = 422
    retry_after: int | None = None

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.problems = [{"path": "$", "message": message}]


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


def _seconds_text(seconds: float) -> str:
    return f"{seconds:g} s".replace(".", ",")


class Budget:
    """Time (``seconds``) and engine steps (``steps``) one request may spend."""

    def __init__(self, seconds: float | None = None, steps: int | None = None) -> None:
        if seconds is None:  # a request's budget; outside one (load_library, imports) no worker waits
            seconds = settings.ARBITRE_RUN_SECONDS if meter.in_request() else max(settings.ARBITRE_RUN_SECONDS, 60.0)
        self.seconds = float(seconds)
        self.steps = int(settings.ARBITRE_RUN_STEPS if steps is None else steps)
        self.clock = clock
        self.started = self.clock()
        self.deadline = self.started + self.seconds
        self.used = 0

    # -- refusals ---------------------------------------------------------------------------
    def out_of_time(self) -> BudgetExceeded:
        return BudgetExceeded(
            f"Budget dépassé : le moteur a calculé plus de {_seconds_text(self.seconds)} pour "
            f"cette requête (limite {_seconds_text(self.seconds)} par requête)."
        )

    def out_of_steps(self, needed: int | None = None) -> BudgetExceeded:
        what = f"{needed} étapes demandées" if needed is not None else f"plus de {self.steps} étapes de jeu"
        return BudgetExceeded(f"Budget dépassé : {what} pour cette requête (limite {self.steps} étapes par requête).")

    # -- checks -----------------------------------------------------------------------------
    def check_time(self) -> None:
        if self.clock() > self.deadline:
            raise self.out_of_time()

    def step(self) -> None:
        """Before one engine step: refuse when time is up or when this step would exceed the limit;
        take an engine slot when the request's free engine time is spent (or refuse: none is free)."""
        self.check_time()
        _need_slot()
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
        """``engine.load(document)``, with the engine's own budget set to this one's when it has one
        (its time counted from now: each game loaded has what is left)."""
        if ENGINE_BUDGET is None:
            return engine.load(document)
        remaining = max(self.deadline - self.clock(), 0.001)
        return engine.load(document, budget=ENGINE_BUDGET(steps=self.steps + 10, seconds=remaining, clock=self.clock))

    # -- the timer --------------------------------------------------------------------------
    @contextmanager
    def hard_stop(self):
        """Interrupt the engine when the deadline passes, even in the middle of one step (main thread
        only: Python delivers signals there). Nested uses keep the outer timer. The engine's own
        budget refusal (when it has one) becomes this budget's."""
        token = _CURRENT.set(self) if _CURRENT.get() is None else None
        try:
            with self._guarded(), self._timer():
                yield self
        except ENGINE_BUDGET_EXCEEDED as exc:
            raise (self.out_of_steps() if getattr(exc, "budget", "") == "steps" else self.out_of_time()) from None
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

    @contextmanager
    def _timer(self):
        if threading.current_thread() is not threading.main_thread() or _TIMER.active:
            yield self
            return
        remaining = self.deadline - self.clock()
        if remaining <= 0:
            raise self.out_of_time()

        def interrupt(signum, frame):
            # Only inside the engine's code (or ENGINE_LIBRARY called by it): never in Django, the
            # database driver, or a finalizer
            # run by the garbage collector (where Python would ignore the exception); the timer fires
            # again 50 ms later. Past the deadline: the budget's refusal; before it, the engine slot
            # the request needs once its free engine time is spent (one long step takes it too).
            if _in_engine(frame):
                if self.clock() >= self.deadline:
                    raise self.out_of_time()
                _need_slot()

        previous = signal.signal(signal.SIGALRM, interrupt)
        _TIMER.active = True
        work = meter.current()
        to_slot = work.seconds_to_slot() if work is not None else None
        first = remaining if to_slot is None else max(0.001, min(remaining, to_slot))
        signal.setitimer(signal.ITIMER_REAL, first, 0.05)
        try:
            yield self
        finally:
            try:  # the timer may fire on the way out: the refusal stands, the cleanup still happens
                signal.setitimer(signal.ITIMER_REAL, 0)
            finally:
                signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)
                _TIMER.active = False


def _in_engine(frame) -> bool:
    """The code running is the engine's, or one of :data:`ENGINE_LIBRARY` called by it."""
    while frame is not None and frame.f_code.co_filename.startswith(ENGINE_LIBRARY):
        frame = frame.f_back
    return frame is not None and frame.f_code.co_filename.startswith(ENGINE_DIR)


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


class _Timer:
    active = False


_TIMER = _Timer()
