"""Run a scenario document for the site: replay to a position, then step, run to a phase or the end.

The site keeps no game in memory between requests: a position is the number of steps performed
from the document's start (``steps``), so "back one step" is the same document with one step
fewer. Replay is deterministic (the engine's randomness comes only from the seed) and cheap.
Extra ``decisions`` (the judge's choices on the stepper) are given to the engine, in order, each time
it waits for one.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.events import PhaseBegins
from engine.game import IllegalDecision
from judge.budget import Budget

UNTIL = ("end", "step", "none", "setup", "morning", "noon", "afternoon", "dusk", "night")
MAX_STEPS = 5000


class RunError(ValueError):
    """A run that cannot go on as asked; ``problems`` are in the API's problem format."""

    def __init__(self, problems: list[dict[str, str]]) -> None:
        super().__init__("; ".join(f"{p['path']}: {p['message']}" for p in problems))
        self.problems = problems


@dataclass
class _Driver:
    game: Any
    extra: list[dict]
    budget: Budget
    used: int = 0

    def step(self) -> list:
        self.budget.step()
        entries = self.game.advance()
        if entries or self.game.over or self.game.pending is None or self.used >= len(self.extra):
            if not entries:
                self.budget.refund()
            return entries
        decision = self.extra[self.used]
        try:
            entries = self.game.decide(decision)
        except IllegalDecision as exc:
            raise RunError([{"path": f"decisions[{self.used}]", "message": str(exc)}]) from None
        self.used += 1
        return entries


def run(document: dict, until: str = "end", decisions: list[dict] | None = None, steps: int | None = None,
        budget: Budget | None = None) -> dict:
    """The engine's output document after replaying ``steps`` steps and then running ``until``.

    Adds ``steps`` (the position reached), ``last`` (the ``seq`` numbers logged by the last step
    performed, for highlighting) and ``legal_decisions`` (what may be chosen when pending).
    Raises :class:`engine.ScenarioError` for a document that cannot be played and :class:`RunError`
    for a decision that does not fit, and :class:`judge.budget.BudgetExceeded` past the request's
    ``budget`` (one from the settings when none is given).
    """
    if until not in UNTIL:
        raise RunError([{"path": "until", "message": f"« {until} » : attendu l'une des valeurs {', '.join(UNTIL)}"}])
    budget = budget or Budget()
    with budget.hard_stop():
        out = _run(document, until, decisions, steps, budget)
    budget.check_time()   # however the engine's work ended, past the deadline is a refusal
    return out


def _run(document: dict, until: str, decisions: list[dict] | None, steps: int | None, budget: Budget) -> dict:
    """:func:`run` under the budget's timer; no position goes past :data:`MAX_STEPS`."""
    game = budget.load(document)
    driver = _Driver(game, list(decisions or []), budget)
    position = 0
    last: list = []
    for _ in range(min(steps or 0, MAX_STEPS)):
        entries = driver.step()
        if not entries:
            break
        position += 1
        last = entries
    remaining = MAX_STEPS - position
    if until == "step":
        entries = driver.step() if remaining > 0 else []   # never past the last position: no 5001st step
        if entries:
            position += 1
            last = entries
    elif until != "none":
        for _ in range(remaining):
            entries = driver.step()
            if not entries:
                break
            position += 1
            last = entries
            if until != "end" and any(isinstance(e.event, PhaseBegins) and e.event.phase == until for e in entries):
                break
    out = game.output()
    out["steps"] = position
    out["last"] = [e.seq for e in last]
    out["legal_decisions"] = game.legal_decisions() if out["pending"] else []
    out["decisions_used"] = driver.used
    return out
