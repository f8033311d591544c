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

import engine
from engine.events import PhaseBegins
from engine.game import IllegalDecision

UNTIL = ("end", "step", "none", "setup", "morning", "noon", "afternoon", "dusk", "night")
MAX_STEPS = 5000
#: what one request may spend in the engine (steps and CPU seconds, loading included)
BUDGET = engine.Budget(steps=MAX_STEPS + 10, seconds=2.0)


class RunError(ValueError):
    """A run that cannot go on as asked; ``problems`` are in the API's problem format."""

    def __init__(self, problems: list[dict[str, str]]) -> None:
        super().__init__("; ".join(f"{p['path']}: {p['message']}" for p in problems))
        self.problems = problems


@dataclass
class _Driver:
    game: Any
    extra: list[dict]
    used: int = 0

    def step(self) -> list:
        entries = self.game.advance()
        if entries or self.game.over or self.game.pending is None or self.used >= len(self.extra):
            return entries
        decision = self.extra[self.used]
        try:
            entries = self.game.decide(decision)
        except IllegalDecision as exc:
            raise RunError([{"path": f"decisions[{self.used}]", "message": str(exc)}]) from None
        self.used += 1
        return entries


def run(document: dict, until: str = "end", decisions: list[dict] | None = None, steps: int | None = None) -> dict:
    """The engine's output document after replaying ``steps`` steps and then running ``until``.

    Adds ``steps`` (the position reached), ``last`` (the ``seq`` numbers logged by the last step
    performed, for highlighting) and ``legal_decisions`` (what may be chosen when pending).
    Raises :class:`engine.ScenarioError` for a document that cannot be played and :class:`RunError`
    for a decision that does not fit.
    """
    if until not in UNTIL:
        raise RunError([{"path": "until", "message": f"« {until} » : attendu l'une des valeurs {', '.join(UNTIL)}"}])
    game = engine.load(document, budget=BUDGET)
    try:
        return _run(game, until, decisions, steps)
    except engine.BudgetExceeded as exc:
        raise RunError([{"path": "$", "message": str(exc)}]) from None


def _run(game: Any, until: str, decisions: list[dict] | None, steps: int | None) -> dict:
    driver = _Driver(game, list(decisions or []))
    position = 0
    last: list = []
    for _ in range(min(steps or 0, MAX_STEPS)):
        entries = driver.step()
        if not entries:
            break
        position += 1
        last = entries
    budget = MAX_STEPS - position
    if until == "step":
        entries = driver.step()
        if entries:
            position += 1
            last = entries
    elif until != "none":
        for _ in range(budget):
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
    out["legal_decisions"] = game.legal_decisions() if out["pending"] else []   # capped (engine.LEGAL_CAP)
    out["legal_count"] = out["pending"]["count"] if out["pending"] else 0
    out["legal_truncated"] = out["legal_count"] > len(out["legal_decisions"])
    out["decisions_used"] = driver.used
    return out
