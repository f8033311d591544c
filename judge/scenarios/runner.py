"""Run a scenario document for the site: replay to a position, then step, run to a phase or the end
(``run``, the run API); and the stepper's way (``position`` once, then ``step_from`` the state each
answer gave: no replay from the start per step).

The site keeps no game in memory between requests: a position is the number of steps performed
from the document's start (``steps``), so "back one step" is the same document with one step
fewer. Replay is deterministic (the engine's randomness comes only from the seed) and cheap.
Extra ``decisions`` (the judge's choices on the stepper) are given to the engine, in order, each time
it waits for one. A decision with one legal answer is played for the judge (:func:`forced`) and its
log entry says so (``forced``): nobody needs to click « A passe » when passing is all A may do.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections import Counter
from dataclasses import dataclass, field
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


#: What the site adds to the log entry of a decision it played because it was the only legal one.
FORCED_TEXT = " (aucun autre choix possible : joué automatiquement)"


def forced(game) -> dict | None:
    """The pending decision's only legal answer, when there is exactly one (never two are listed)."""
    if game.over or game.pending is None:
        return None
    options = game.legal_decisions(limit=2)
    return options[0] if len(options) == 1 else None


def play_forced(game, seqs: set[int]) -> list:
    """Play the only legal answer of the pending decision, if there is one; its seq goes in ``seqs``."""
    only = forced(game)
    if only is None:
        return []
    entries = game.decide(only)
    if entries:
        seqs.add(entries[0].seq)
    return entries


@dataclass
class _Driver:
    """Steps the game, answering what it waits for with the judge's ``extra`` decisions in order.

    With ``adapt`` (the comparison: decisions made under the other rule set), a decision that does
    not fit is translated where the two rule sets ask the same choice differently — fr-1 names a
    spell's targets when it is played (5.2.3), cr-5.0 asks them as each step resolves (6.5.b) — and
    where it cannot be, the run stops there, waiting (``diverged`` says which and why), instead of
    refusing the whole run."""

    game: Any
    extra: list[dict]
    budget: Budget
    used: int = 0
    forced: set[int] = field(default_factory=set)
    adapt: bool = False
    diverged: dict | None = None
    queued: list = field(default_factory=list)  # targets named at declaration, to answer step by step

    def step(self) -> list:
        self.budget.step()
        entries = self.game.advance()
        if not entries and not self.game.over and self.game.pending is not None:
            if self.queued and self.game.pending.get("kind") == "targets":
                return self._answer_queued()
            only = forced(self.game)
            if only is not None:
                if self.used < len(self.extra) and self.extra[self.used] == only:
                    self.used += 1  # a link made before forced decisions were played for the judge
                return play_forced(self.game, self.forced)
        if entries or self.game.over or self.game.pending is None or self.used >= len(self.extra):
            if not entries:
                self.budget.refund()
            return entries
        decision = self.extra[self.used]
        try:
            entries = self.game.decide(decision)
        except IllegalDecision as exc:
            if not self.adapt:
                raise RunError([{"path": f"decisions[{self.used}]", "message": str(exc)}]) from None
            return self._translated(decision, str(exc))
        self.used += 1
        return entries

    def _diverge(self, message: str) -> list:
        """Stop using the judge's decisions here: the game waits for this one to be chosen."""
        self.diverged = {"index": self.used, "decision": self.extra[self.used], "message": message}
        self.extra = self.extra[: self.used]
        self.queued = []
        self.budget.refund()
        return []

    def _translated(self, decision: dict, message: str) -> list:
        following = self.extra[self.used + 1 :]
        if isinstance(decision.get("targets"), list) and "play" in decision:
            # fr-1 -> cr-5.0: play the card, then give its targets as its steps ask for them
            bare = {k: v for k, v in decision.items() if k != "targets"}
            try:
                entries = self.game.decide(bare)
            except IllegalDecision:
                return self._diverge(message)
            self.used += 1
            self.queued = list(decision["targets"])
            return entries
        answers = []  # cr-5.0 -> fr-1: targets given step by step, one answer where fr-1 wants them all
        for d in following:
            if set(d) != {"player", "targets"} or not isinstance(d.get("targets"), list):
                break
            answers.append(d)
        if set(decision) == {"player", "targets"} or "play" in decision:
            for k in range(len(answers), 0, -1):
                named = [t for d in answers[:k] for t in d["targets"]]
                merged = dict(decision, targets=[*decision.get("targets", []), *named])
                try:
                    entries = self.game.decide(merged)
                except IllegalDecision:
                    continue
                self.used += 1 + k
                return entries
        return self._diverge(message)

    def _answer_queued(self) -> list:
        pending = self.game.pending
        count = pending.get("choose") or 1
        answer = {"player": pending["player"], "targets": self.queued[:count]}
        try:
            entries = self.game.decide(answer)
        except IllegalDecision as exc:
            self.queued = []
            self.diverged = {"index": self.used, "decision": answer, "message": str(exc)}
            self.extra = self.extra[: self.used]
            return []
        self.queued = self.queued[count:]
        return entries


def run(
    document: dict,
    until: str = "end",
    decisions: list[dict] | None = None,
    steps: int | None = None,
    budget: Budget | None = None,
    adapt: bool = False,
    at: tuple[int, str] | None = None,
) -> dict:
    """The engine's output document after replaying ``steps`` steps and then running ``until``.

    Adds ``steps`` (the position reached), ``last`` (the ``seq`` numbers logged by the last step
    performed, for highlighting) and ``legal_decisions`` (what may be chosen when pending).
    Raises :class:`engine.ScenarioError` for a document that cannot be played and :class:`RunError`
    for a decision that does not fit, and :class:`judge.guard.budget.BudgetExceeded` past the request's
    ``budget`` (one from the settings when none is given).

    ``adapt``: the decisions were made under the other rule set (:class:`_Driver`); ``diverged``
    then says where they stopped fitting. ``at`` (day, phase): the run stops before the first step
    that goes past that moment of the game — where the judge is in the other rule set.
    """
    if until not in UNTIL:
        raise RunError([{"path": "until", "message": f"« {until} » : attendu l'une des valeurs {', '.join(UNTIL)}"}])
    budget = budget or Budget()
    with budget.hard_stop():
        out = _run(document, until, decisions, steps, budget, adapt, at)
    budget.check_time()  # however the engine's work ended, past the deadline is a refusal
    return out


#: The phases in the order of the day, to compare two moments of a game.
PHASE_ORDER = ("setup", "morning", "noon", "afternoon", "dusk", "night")


def _moment(game) -> tuple[int, int]:
    phase = game.state.phase
    return (game.state.day, PHASE_ORDER.index(phase) if phase in PHASE_ORDER else 0)


def _run(
    document: dict,
    until: str,
    decisions: list[dict] | None,
    steps: int | None,
    budget: Budget,
    adapt: bool = False,
    at: tuple[int, str] | None = None,
) -> dict:
    """:func:`run` under the budget's timer; no position goes past :data:`MAX_STEPS`."""
    game = budget.load(document)
    driver = _Driver(game, list(decisions or []), budget, adapt=adapt)
    limit = (at[0], PHASE_ORDER.index(at[1])) if at and at[1] in PHASE_ORDER else None
    position = 0
    last: list = []
    repeats = False
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
        mornings = Mornings()
        for _ in range(remaining):
            before = (driver.used, list(driver.queued))
            entries = driver.step()
            if not entries:
                break
            if limit is not None and _moment(game) > limit:
                game.undo()  # this step goes past the moment asked for: the run stops before it
                driver.used, driver.queued = before
                break
            position += 1
            last = entries
            if until != "end" and any(isinstance(e.event, PhaseBegins) and e.event.phase == until for e in entries):
                break
            if until == "end" and mornings.again(game, entries, driver.extra[driver.used :]):
                repeats = True
                break
    out = game.output()
    for item, entry in zip(out["log"], game.log, strict=True):
        _dress(item, entry.seq in driver.forced)
    out["steps"] = position
    out["last"] = [e.seq for e in last]
    out["legal_decisions"] = game.legal_decisions() if out["pending"] else []  # capped (engine.LEGAL_CAP)
    out["legal_count"] = out["pending"]["count"] if out["pending"] else 0
    out["legal_truncated"] = out["legal_count"] > len(out["legal_decisions"])
    out["decisions_used"] = driver.used
    out["diverged"] = driver.diverged
    out["repeats"] = repeats
    return out


class Mornings:
    """The Mornings a run to the end has seen: a run whose decisions are all scripted, forced or given
    in advance (a real choice stops it) that comes back to a Morning already seen, the decisions
    still to come the same, goes round for ever, and nobody can win."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def again(self, game, entries: list, coming: list[dict] = ()) -> bool:
        """Whether the step that logged ``entries`` begins a Morning already seen."""
        if not _begins_phase(entries, "morning"):
            return False
        key = _position_key(game.to_doc(), coming)
        if key in self.seen:
            return True
        self.seen.add(key)
        return False


# ---- the stepper: step from the state the previous answer gave (no replay from the start) --------

#: What one stepper request may ask for: one step (answering the pending decision when one is given),
#: or run on until the judge needs to look: before the next player's decision, before the next phase
#: begins (the end of this one), just after the next phase begins, or to the end.
STEP_ACTIONS = ("step", "decision", "phase_end", "phase", "end")


#: English words of the official rules (CR 5.0) that the concordance's notes quote as they are: what
#: a French reader is told of them (neither exists in the French rules v1.x nor in the scenario format).
ENGLISH_TERMS = {
    "Gears": "Gears (des objets propres aux CR 5.0, en anglais faute de nom français : absents des règles v1.x et du format)",
    "Ascended": "Ascended (un statut d'Expédition propre aux CR 5.0, en anglais faute de nom français : absent des règles v1.x)",
}


def explain_english(note: str) -> str:
    """A concordance note with its English terms explained, once each."""
    for word, gloss in ENGLISH_TERMS.items():
        note = note.replace(word, gloss, 1) if word in note and gloss not in note else note
    return note


def _dress(item: dict, forced: bool) -> None:
    """A log entry (JSON) as the site shows it: its concordance notes' English terms explained, and
    a decision the site played because it was the only legal one said so (``forced``, its text)."""
    for change in item.get("changed_since") or []:
        if isinstance(change.get("note"), str):
            change["note"] = explain_english(change["note"])
    if forced:
        item.update(forced=True, text=item["text"].rstrip(".") + FORCED_TEXT + ".")


def _tag(entries: list, step: int, offset: int, forced_seqs: set[int] = frozenset()) -> list[dict]:
    """Log entries as JSON, numbered in the whole game (``seq`` + ``offset``) and with the ``step``
    (the stepper's position) that logged them: the step counter and the log numbering agree. A
    decision the site played because it was the only legal one says so (``forced``, and its text)."""
    tagged = []
    for e in entries:
        item = dict(e.to_json(), seq=e.seq + offset, step=step)
        _dress(item, e.seq in forced_seqs)
        tagged.append(item)
    return tagged


#: Log entries that change nothing by themselves: a phase beginning, a player's decision, a remark.
ROUTINE = ("phase", "decision", "note")
#: Changes that follow from another (a Tumult card revealed as an expedition arrives, a shuffle, the
#: first-player marker passed on): the verdict only when nothing else changed.
CONSEQUENCES = ("reveal", "shuffle", "first_player")


def decisive_entry(log: list[dict]) -> dict | None:
    """The log entry of a run (entries as JSON) that decided its outcome, shown as the « Décision »:
    the win, else the change whose deciding rule (the first it cites) is cited least often in the run
    — the particular rule, not the routine of the day (phase beginnings, decisions and remarks
    aside, and the consequences of another change when there is one); the latest of equals, the
    first within a step. None for a run that cites no rule."""
    cited = [e for e in log if e.get("rules")]
    for entry in cited:
        if (entry.get("event") or {}).get("type") == "win":
            return entry
    kind = lambda e: (e.get("event") or {}).get("type")  # noqa: E731
    changes = (
        [e for e in cited if kind(e) not in ROUTINE + CONSEQUENCES]
        or [e for e in cited if kind(e) not in ROUTINE]
        or cited
    )
    if not changes:
        return None
    often = Counter(e["rules"][0] for e in changes)
    return min(changes, key=lambda e: (often[e["rules"][0]], -e["step"]))


def decisive_step(log: list[dict]) -> int | None:
    """The step of :func:`decisive_entry` (the last step for a run that cites nothing)."""
    entry = decisive_entry(log)
    return entry["step"] if entry else (log[-1]["step"] if log else None)


def since_last_choice(log: list[dict]) -> list[dict]:
    """The entries after the last decision a player made (not one played automatically): the run
    that led to the position, where its decisive step is looked for."""
    for k in range(len(log) - 1, -1, -1):
        event = log[k].get("event") or {}
        if event.get("type") == "decision" and not event.get("automatic") and not log[k].get("forced"):
            return log[k + 1 :] or log[k:]
    return log


def _position_key(doc: dict, coming: list[dict] = ()) -> str:
    """A position as a repetition sees it: the whole state and the decisions still to come, but not
    the day's number nor the decisions already consumed; hashed, so that remembering every Morning
    of a long run costs a few bytes each, whatever the board's size."""
    progress = dict(doc.get("progress") or {})
    index = progress.pop("decision_index", 0) or 0
    same = {k: v for k, v in doc.items() if k not in ("day", "decisions", "progress")}
    text = json.dumps([same, progress, (doc.get("decisions") or [])[index:], list(coming)], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


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
            if action == "phase_end" and _begins_phase(entries) and game.state.phase != start_phase:
                # One that only begins the next phase is undone. The engine's step that ends the
                # phase and begins the next (the last Clean-up, then the Morning) is kept, shown up to
                # its end of phase: what begins the next is held back (:func:`_hold`).
                if _begins_phase(entries[:1]):
                    game.undo()
                else:
                    performed.append(entries)
                    held = len(entries) - _boundary(entries)
                stopped = "phase_end"
                break
        performed.append(entries)
        if action == "step":
            stopped = "step"
            break
        if action == "phase_end" and len(performed) == 1 and _boundary(entries) and game.state.phase != start_phase:
            held = len(entries) - _boundary(entries)  # the first step performed ends the phase itself
            stopped = "phase_end"
            break
        if action == "phase" and _begins_phase(entries) and game.state.phase != start_phase:
            stopped = "phase"
            break
        if action == "phase_end" and len(performed) == 1 and _begins_phase(entries):
            start_phase = game.state.phase  # already at a phase's end: on to the end of the next one
        if action == "end" and mornings.again(game, entries):
            stopped = "repeats"
            break
    out = _answer(game, steps + len(performed), performed, seq, state, forced_seqs)
    out["stopped"] = stopped
    _hold(out, held)
    _decide(out, out["log"])
    return out


def _boundary(entries: list) -> int:
    """Where a step that ends a phase begins the next: the index of its first phase beginning after
    another entry (0 when the step does not begin a phase after ending one)."""
    return next((k for k, e in enumerate(entries) if k and isinstance(e.event, PhaseBegins)), 0)


def _hold(out: dict, held: int) -> None:
    """Show the answer's last step up to the end of its phase: its last ``held`` entries (the next
    phase's beginning, logged by the engine in the same step) go to ``held``, to be shown by the
    next move; ``shown`` is the moment the board is shown at (``day``, ``phase``: the phase that
    ended), the state staying the engine's, to step on from. The step keeps its number: a position is
    still a number of the engine's steps (links, saved rulings)."""
    out["held"], out["shown"] = [], None
    if not held or len(out["log"]) <= held:
        return
    out["log"], out["held"] = out["log"][:-held], out["log"][-held:]
    ended = out["log"][-1]
    out["shown"] = {"day": ended["day"], "phase": ended["phase"]}
    out["last"] = [s for s in out["last"] if s not in {e["seq"] for e in out["held"]}]


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
        driver = _Driver(game, list(decisions or []), budget)
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
        driver = _Driver(game, list(decisions or []), budget)
        return _position(game, driver, steps, hold)


def _position(game: Any, driver: _Driver, steps: int, hold: bool = False) -> dict:
    performed: list[list] = []
    for _ in range(min(steps, MAX_STEPS)):
        entries = driver.step()
        if not entries:
            break
        performed.append(entries)
    out = _answer(game, len(performed), performed, 0, None, driver.forced)
    out["decisions_used"] = driver.used
    boundary = _boundary(performed[-1]) if hold and performed else 0
    _hold(out, len(performed[-1]) - boundary if boundary else 0)
    _decide(out, since_last_choice(out["log"]))
    return out
