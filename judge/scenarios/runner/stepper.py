"""The stepper's way: land at a position once (:func:`position`), then go on from the state each
answer gave (:func:`step_from`): no replay from the start per step; the answers carry the state's
changes (:func:`diff`, :func:`patch`) and the new log entries."""

from __future__ import annotations

import time
from typing import Any

from engine.events import Decision
from engine.game import IllegalDecision
from judge.guard.budget import Budget

from .play import MAX_STEPS, Driver, Mornings, PhaseEnd, RunError, begins_phase, boundary, play_forced
from .play import hold as _hold
from .verdict import decisive_entry, decisive_step, dress, since_last_choice

#: What one stepper request may ask for: one step (answering the pending decision when one is given),
#: or run on until the judge needs to look: before the next player's decision, before the next phase
#: begins (the end of this one), just after the next phase begins, or to the end.
STEP_ACTIONS = ("step", "decision", "phase_end", "phase", "end")


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


def _is_choice(entries: list) -> bool:
    """A step that consumes a player's own decision (scripted or given), not an automatic one."""
    return bool(entries) and isinstance(entries[0].event, Decision) and not entries[0].event.automatic


def _tag(entries: list, step: int, offset: int, forced_seqs: set[int] = frozenset()) -> list[dict]:
    """Log entries as JSON, numbered in the whole game (``seq`` + ``offset``) and with the ``step``
    (the stepper's position) that logged them: the step counter and the log numbering agree. A
    decision the site played because it was the only legal one says so (``forced``, and its text)."""
    tagged = []
    for e in entries:
        item = dict(e.to_json(), seq=e.seq + offset, step=step)
        dress(item, e.seq in forced_seqs)
        tagged.append(item)
    return tagged


def _answer(
    game, steps: int, performed: list[list], offset: int, before: dict | None, forced_seqs: set[int] = frozenset()
) -> dict:
    state = _compact(game.to_doc())
    out: dict[str, Any] = {"steps": steps, "log": [], "pending": game.pending, "winner": game.winner}
    position = steps - len(performed)
    for entries in performed:
        position += 1
        out["log"] += _tag(entries, position, offset, forced_seqs)
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
    ``phase_end``, ``phase``, ``pending``, ``over``, ``nothing``, ``repeats`` (a run to the end came
    back to a Morning already seen with nobody having had a choice: nobody can win) or ``limit``.
    A pending decision with one legal answer is played on (:func:`forced`); ``decisive`` is
    :func:`decisive_step` of the new entries. ``phase_end`` stopping inside the engine's step that
    ends the phase and begins the next shows it up to the phase's end (``held``, ``shown``: :func:`_hold`).
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
    forced_seqs: set[int] = set()
    mornings = Mornings()
    stopped = "limit"
    held = 0
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
    phase_end = PhaseEnd(start_phase, first=not performed)
    deadline = None if seconds is None else time.monotonic() + seconds
    for _ in range(0 if stopped == "step" else max(0, limit - len(performed))):
        if deadline is not None and performed and time.monotonic() > deadline:
            break
        entries = game.advance() or play_forced(game, forced_seqs)
        if not entries:
            stopped = "over" if game.over else "pending" if game.pending is not None else "nothing"
            break
        if action in ("decision", "phase_end") and performed:
            # Stop *before* what the judge wants to see: the step is undone, the board shown as it was.
            if action == "decision" and _is_choice(entries) and entries[0].seq not in forced_seqs:
                game.undo()
                stopped = "decision"
                break
        # The phase's last step (:class:`PhaseEnd`, the comparison's F too): one that only begins
        # the next phase is undone, one that ends the phase and begins the next is held at its end.
        stop = phase_end.after(game, entries) if action == "phase_end" else None
        if action == "phase_end" and stop == "undo":
            game.undo()
            stopped = "phase_end"
            break
        performed.append(entries)
        if action == "step":
            stopped = "step"
            break
        if action == "phase_end" and stop == "hold":
            held = len(entries) - boundary(entries)
            stopped = "phase_end"
            break
        if action == "phase" and begins_phase(entries) and game.state.phase != start_phase:
            stopped = "phase"
            break
        if action == "end" and mornings.again(game, entries):
            stopped = "repeats"
            break
    out = _answer(game, steps + len(performed), performed, seq, state, forced_seqs)
    out["stopped"] = stopped
    _hold(out, held)
    _decide(out, out["log"])
    return out


def _decide(out: dict, run: list[dict]) -> None:
    """``decisive`` (the step), ``decisive_seq`` (its entry that decided) and ``decisive_rule`` (the
    rule that decided it) of ``run``."""
    entry = decisive_entry(run)
    out["decisive"] = entry["step"] if entry else decisive_step(run)
    out["decisive_seq"] = entry["seq"] if entry else None
    out["decisive_rule"] = entry["rules"][0] if entry else None


def states_at(document: dict, positions: set[int], decisions: list[dict] | None = None) -> dict[int, dict]:
    """The states after each of ``positions`` steps (the judge's ``decisions`` given, as
    :func:`position`), in one replay: the boards before and after a ruling's deciding step."""
    wanted = {p for p in positions if 0 <= p <= MAX_STEPS}
    budget = Budget()
    budget.require_steps(max(wanted, default=0))
    states: dict[int, dict] = {}
    with budget.hard_stop():
        game = budget.load(document)
        driver = Driver(game, list(decisions or []), budget)
        if 0 in wanted:
            states[0] = _compact(game.to_doc())
        for n in range(1, max(wanted, default=0) + 1):
            if not driver.step():
                break
            if n in wanted:
                states[n] = _compact(game.to_doc())
    return states


def position(document: dict, steps: int = 0, decisions: list[dict] | None = None, hold: bool = False) -> dict:
    """The stepper's landing at a position: the document replayed ``steps`` steps with the judge's
    ``decisions`` (once, for a reload or a shared link), the whole log tagged with steps, the state
    to step on from, and ``decisions_used``. ``hold``: the last step shown up to the end of its phase
    when it also begins the next (:func:`_hold`), as « Fin de cette phase » left it."""
    budget = Budget()
    budget.require_steps(min(steps, MAX_STEPS))
    with budget.hard_stop():
        game = budget.load(document)
        driver = Driver(game, list(decisions or []), budget)
        return _position(game, driver, steps, hold)


def _position(game: Any, driver: Driver, steps: int, hold: bool = False) -> dict:
    performed: list[list] = []
    for _ in range(min(steps, MAX_STEPS)):
        entries = driver.step()
        if not entries:
            break
        performed.append(entries)
    out = _answer(game, len(performed), performed, 0, None, driver.forced)
    out["decisions_used"] = driver.used
    cut = boundary(performed[-1]) if hold and performed else 0
    _hold(out, len(performed[-1]) - cut if cut else 0)
    _decide(out, since_last_choice(out["log"]))
    return out
