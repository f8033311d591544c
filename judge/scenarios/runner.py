"""Run a scenario document for the site: replay to a position, then step, run to a phase or the end
(``run``, the run API); and the stepper's way (``position`` once, then ``step_from`` the state each
answer gave: no replay from the start per step).

The site keeps no game in memory between requests: a position is the number of steps performed
from the document's start (``steps``), so "back one step" is the same document with one step
fewer. Replay is deterministic (the engine's randomness comes only from the seed) and cheap.
Extra ``decisions`` (the judge's choices on the stepper) are given to the engine, in order, each time
it waits for one.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from engine.events import Decision, PhaseBegins
from engine.game import IllegalDecision
from judge.guard.budget import Budget

UNTIL = ("end", "step", "none", "setup", "morning", "noon", "afternoon", "dusk", "night")
MAX_STEPS = 5000
#: what one request may spend in the engine (steps and CPU seconds, loading included)


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


def run(
    document: dict,
    until: str = "end",
    decisions: list[dict] | None = None,
    steps: int | None = None,
    budget: Budget | None = None,
) -> dict:
    """The engine's output document after replaying ``steps`` steps and then running ``until``.

    Adds ``steps`` (the position reached), ``last`` (the ``seq`` numbers logged by the last step
    performed, for highlighting) and ``legal_decisions`` (what may be chosen when pending).
    Raises :class:`engine.ScenarioError` for a document that cannot be played and :class:`RunError`
    for a decision that does not fit, and :class:`judge.guard.budget.BudgetExceeded` past the request's
    ``budget`` (one from the settings when none is given).
    """
    if until not in UNTIL:
        raise RunError([{"path": "until", "message": f"« {until} » : attendu l'une des valeurs {', '.join(UNTIL)}"}])
    budget = budget or Budget()
    with budget.hard_stop():
        out = _run(document, until, decisions, steps, budget)
    budget.check_time()  # however the engine's work ended, past the deadline is a refusal
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
        entries = driver.step() if remaining > 0 else []  # never past the last position: no 5001st step
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
    out["legal_decisions"] = game.legal_decisions() if out["pending"] else []  # capped (engine.LEGAL_CAP)
    out["legal_count"] = out["pending"]["count"] if out["pending"] else 0
    out["legal_truncated"] = out["legal_count"] > len(out["legal_decisions"])
    out["decisions_used"] = driver.used
    return out


# ---- the stepper: step from the state the previous answer gave (no replay from the start) --------

#: What one stepper request may ask for: one step (answering the pending decision when one is given),
#: or run on until the judge needs to look: before the next player's decision, before the next phase
#: begins (the end of this one), just after the next phase begins, or to the end.
STEP_ACTIONS = ("step", "decision", "phase_end", "phase", "end")


def _tag(entries: list, step: int, offset: int) -> list[dict]:
    """Log entries as JSON, numbered in the whole game (``seq`` + ``offset``) and with the ``step``
    (the stepper's position) that logged them: the step counter and the log numbering agree."""
    return [dict(e.to_json(), seq=e.seq + offset, step=step) for e in entries]


def _compact(doc: dict) -> dict:
    """The state to resume from, without the decisions already consumed (they are the past: the log
    has them), so that a state's size does not grow with its position."""
    progress = doc.get("progress")
    if isinstance(progress, dict) and progress.get("decision_index"):
        doc["decisions"] = doc.get("decisions", [])[progress["decision_index"] :]
        progress["decision_index"] = 0
    return doc


def diff(before: Any, after: Any, path: tuple = ()) -> list[dict]:
    """What changed from ``before`` to ``after``, as ``{"path": [...], "value": v}`` (set) or
    ``{"path": [...], "delete": true}``: objects are compared key by key, anything else whole."""
    if isinstance(before, dict) and isinstance(after, dict):
        changes: list[dict] = []
        for key in before:
            if key not in after:
                changes.append({"path": [*path, key], "delete": True})
        for key, value in after.items():
            if key not in before:
                changes.append({"path": [*path, key], "value": value})
            elif before[key] != value:
                changes.extend(diff(before[key], value, (*path, key)))
        return changes
    return [] if before == after else [{"path": list(path), "value": after}]


def patch(doc: Any, changes: list[dict]) -> Any:
    """Apply :func:`diff`'s changes to ``doc`` (in place when the root does not change)."""
    for change in changes:
        keys = change["path"]
        if not keys:
            doc = change["value"]
            continue
        node = doc
        for key in keys[:-1]:
            node = node[key]
        if change.get("delete"):
            node.pop(keys[-1], None)
        else:
            node[keys[-1]] = change["value"]
    return doc


def _begins_phase(entries: list, phase: str | None = None) -> bool:
    return any(isinstance(e.event, PhaseBegins) and (phase is None or e.event.phase == phase) for e in entries)


def _is_choice(entries: list) -> bool:
    """A step that consumes a player's own decision (scripted or given), not an automatic one."""
    return bool(entries) and isinstance(entries[0].event, Decision) and not entries[0].event.automatic


def _answer(game, steps: int, performed: list[list], offset: int, before: dict | None) -> dict:
    state = _compact(game.to_doc())
    out: dict[str, Any] = {"steps": steps, "log": [], "pending": game.pending, "winner": game.winner}
    position = steps - len(performed)
    for entries in performed:
        position += 1
        out["log"] += _tag(entries, position, offset)
    out["last"] = [e["seq"] for e in out["log"][-len(performed[-1]) :]] if performed else []
    out["legal_decisions"] = game.legal_decisions() if out["pending"] else []
    if before is None:
        out["state"] = state
    else:
        out["changes"] = diff(before, state)
    return out


def step_from(
    state: dict,
    action: str = "step",
    decision: dict | None = None,
    steps: int = 0,
    seq: int = 0,
    limit: int = MAX_STEPS,
    seconds: float | None = None,
) -> dict:
    """Go on from ``state`` (a scenario document, typically a previous answer's state: its
    ``progress`` resumes the game exactly) without replaying anything before it.

    ``steps`` and ``seq`` are the position and the number of log entries the caller already has: the
    answer's ``log`` holds only the new entries, numbered after them and tagged with their step;
    ``changes`` is what changed in the state (:func:`diff`, apply with :func:`patch`). ``decision``
    answers the pending decision (first step). ``stopped`` says why a run ended: ``decision``,
    ``phase_end``, ``phase``, ``pending``, ``over``, ``nothing`` or ``limit``.
    The state is checked like any document: a forged state is just another board. Bounded: at most
    ``limit`` steps and, when given, ``seconds`` of play (then ``stopped`` is ``limit``: ask again).
    """
    if action not in STEP_ACTIONS:
        raise RunError(
            [{"path": "action", "message": f"« {action} » : attendu l'une des valeurs {', '.join(STEP_ACTIONS)}"}]
        )
    budget = Budget(seconds=None if seconds is None else seconds * 2)
    with budget.hard_stop():
        return _step_from(budget.load(state), state, action, decision, steps, seq, limit, seconds)


def _step_from(
    game: Any, state: dict, action: str, decision: dict | None, steps: int, seq: int, limit: int, seconds: float | None
) -> dict:
    """:func:`step_from` under the request's budget: ``seconds`` of play stop the run gracefully
    (``stopped: limit``), the budget (twice as long) refuses a single step that will not end."""
    performed: list[list] = []
    stopped = "limit"
    if decision is not None:
        if game.pending is None:
            raise RunError([{"path": "decision", "message": "aucune décision n'est attendue à cette étape"}])
        try:
            performed.append(game.decide(decision))
        except IllegalDecision as exc:
            raise RunError([{"path": "decision", "message": str(exc)}]) from None
        if action == "step":
            stopped = "step"
    start_phase = game.state.phase
    deadline = None if seconds is None else time.monotonic() + seconds
    for _ in range(0 if stopped == "step" else max(0, limit - len(performed))):
        if deadline is not None and performed and time.monotonic() > deadline:
            break
        entries = game.advance()
        if not entries:
            stopped = "over" if game.over else "pending" if game.pending is not None else "nothing"
            break
        if action in ("decision", "phase_end") and performed:
            # Stop *before* what the judge wants to see: the step is undone, the board shown as it was.
            if action == "decision" and _is_choice(entries):
                game.undo()
                stopped = "decision"
                break
            if action == "phase_end" and _begins_phase(entries) and game.state.phase != start_phase:
                # A step that ends the phase and begins the next (a last cleanup, then the Morning)
                # is kept: its board is this phase's end. One that only begins the next is undone.
                if _begins_phase(entries[:1]):
                    game.undo()
                else:
                    performed.append(entries)
                stopped = "phase_end"
                break
        performed.append(entries)
        if action == "step":
            stopped = "step"
            break
        if action == "phase" and _begins_phase(entries) and game.state.phase != start_phase:
            stopped = "phase"
            break
        if action == "phase_end" and len(performed) == 1 and _begins_phase(entries):
            start_phase = game.state.phase  # already at a phase's end: on to the end of the next one
    out = _answer(game, steps + len(performed), performed, seq, state)
    out["stopped"] = stopped
    return out


def position(document: dict, steps: int = 0, decisions: list[dict] | None = None) -> dict:
    """The stepper's landing at a position: the document replayed ``steps`` steps with the judge's
    ``decisions`` (once, for a reload or a shared link), the whole log tagged with steps, the state
    to step on from, and ``decisions_used``."""
    budget = Budget()
    budget.require_steps(min(steps, MAX_STEPS))
    with budget.hard_stop():
        game = budget.load(document)
        driver = _Driver(game, list(decisions or []), budget)
        return _position(game, driver, steps)


def _position(game: Any, driver: _Driver, steps: int) -> dict:
    performed: list[list] = []
    for _ in range(min(steps, MAX_STEPS)):
        entries = driver.step()
        if not entries:
            break
        performed.append(entries)
    out = _answer(game, len(performed), performed, 0, None)
    out["decisions_used"] = driver.used
    return out
