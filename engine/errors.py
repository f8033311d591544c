"""The engine's refusals and its run budget (core: imports nothing of the engine)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


class EngineError(Exception):
    """Base of the engine's refusals (a scenario that cannot be played, an illegal decision, a
    budget spent): each says what and why, none is a crash."""


class IllegalDecision(EngineError, ValueError):
    """A decision that does not answer what the game waits for; the message names the rule, and
    `rules` lists the rules that decide, as numbered in the rule set played (passed as data, so that
    no caller reads them out of the French message)."""

    def __init__(self, message: str, rules: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.rules = tuple(rules)


class Refusal(str):
    """Why a decision does not fit: its French reason (`text`) and the rules that decide the refusal
    (`rules`, numbered as the rule functions declare them: French numbers, v5.0 ones as ``cr5()``
    writes them). The game cites them in the rule set played (`Game.decide` puts them in
    :class:`IllegalDecision`'s ``rules`` and its message); as a plain string it reads as the text
    followed by those rules in brackets.

        >>> r = Refusal("pas de coût de Réserve", "2.2.7.b")
        >>> str(r), r.text, r.rules
        ('pas de coût de Réserve (2.2.7.b)', 'pas de coût de Réserve', ('2.2.7.b',))
    """

    text: str
    rules: tuple[str, ...]

    def __new__(cls, text: str, *rules: str) -> Refusal:
        self = super().__new__(cls, f"{text} ({', '.join(rules)})" if rules else text)
        self.text, self.rules = text, tuple(rules)
        return self


@dataclass(frozen=True)
class Budget:
    """What one `Game` may spend: `steps` performed (advance or decide) and `seconds` of CPU time
    of the calling thread, counted from :func:`engine.load` (loading included). Past either, the
    next step raises :class:`BudgetExceeded` instead of running; the state stays as it was."""

    steps: int = 100_000
    seconds: float = 30.0
    #: What `seconds` are counted on: the calling thread's CPU time. A host (or a test) may give its
    #: own clock, e.g. one that advances a fixed amount at each reading, so that where a run stops
    #: does not depend on the machine's speed.
    clock: Callable[[], float] = field(default=time.thread_time, compare=False, repr=False)


DEFAULT_BUDGET = Budget()


class BudgetExceeded(EngineError):
    """The run's budget is spent: `budget` ("steps" or "seconds"), `limit`, and the steps done."""

    def __init__(self, budget: str, limit: float, steps: int, seconds: float) -> None:
        self.budget, self.limit, self.steps, self.seconds = budget, limit, steps, seconds
        what = f"{limit:g} étapes" if budget == "steps" else f"{limit:g} s de calcul"
        super().__init__(
            f"Budget dépassé ({budget}) : la partie s'arrête après {steps} étape(s) et "
            f"{seconds:.3f} s de calcul, la limite étant de {what}."
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "budget": self.budget,
            "limit": self.limit,
            "steps": self.steps,
            "seconds": round(self.seconds, 4),
            "message": str(self),
        }
