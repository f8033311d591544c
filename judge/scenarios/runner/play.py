"""A run of a scenario document: replay to a position, then step, run to a phase's end (:class:`PhaseEnd`,
shared with the stepper), to a phase or the end (the run API, the comparison, a saved scenario's citations). A decision with one legal answer is played for
the judge (:func:`forced`) and its log entry says so; a run to the end stops when a Morning comes back
with nobody able to win (:class:`Mornings`)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from engine.events import PhaseBegins
from engine.game import IllegalDecision
from judge.guard.budget import Budget

from .verdict import dress

#: What a run may be asked to run until (the run API's ``until``).
UNTIL = ("end", "step", "none", "phase_end", "setup", "morning", "noon", "afternoon", "dusk", "night")
#: No position goes past this many steps.
MAX_STEPS = 5000


class RunError(ValueError):
    """A run that cannot go on as asked; ``problems`` are in the API's problem format."""

    def __init__(self, problems: list[dict[str, str]]) -> None:
        super().__init__("; ".join(f"{p['path']}: {p['message']}" for p in problems))
        self.problems = problems


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
class Driver:
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


def boundary(entries: list) -> int:
    """Where a step that ends a phase begins the next: the index of its first phase beginning after
    another entry (0 when the step does not begin a phase after ending one)."""
    return next((k for k, e in enumerate(entries) if k and isinstance(e.event, PhaseBegins)), 0)


class PhaseEnd:
    """« Fin de cette phase » (F), for the stepper and the comparison alike: a run stops on the last
    step of the phase it is in, never past it. A step that only begins the next phase is undone; the
    engine's step that ends the phase and begins the next (the last Clean-up, then the Morning, 4.2.5)
    is kept, shown up to its end of phase: what begins the next is held back (:func:`hold`)."""

    def __init__(self, phase: str, first: bool = True) -> None:
        self.start = phase
        self.first = first  # no step performed yet in this run

    def after(self, game, entries: list) -> str | None:
        """After the step that logged ``entries``: ``None`` (go on), ``"undo"`` (stop before it) or
        ``"hold"`` (stop on it, its entries from :func:`boundary` on held back)."""
        first, self.first = self.first, False
        changed = game.state.phase != self.start
        if not first:
            if begins_phase(entries) and changed:
                return "undo" if begins_phase(entries[:1]) else "hold"
            return None
        if boundary(entries) and changed:
            return "hold"  # the first step performed ends the phase itself
        if begins_phase(entries):
            self.start = game.state.phase  # already at a phase's end: on to the end of the next one
        return None


def hold(out: dict, held: int) -> None:
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


def run(
    document: dict,
    until: str = "end",
    decisions: list[dict] | None = None,
    steps: int | None = None,
    budget: Budget | None = None,
    adapt: bool = False,
    at: tuple[int, str] | None = None,
) -> dict:
    """The engine's output document after replaying ``steps`` steps and then running ``until``
    (``phase_end``: to the last step of the phase, :class:`PhaseEnd`; ``held`` and ``shown`` then say
    what of that step begins the next phase, :func:`hold`).

    Adds ``steps`` (the position reached), ``last`` (the ``seq`` numbers logged by the last step
    performed, for highlighting) and ``legal_decisions`` (what may be chosen when pending).
    Raises :class:`engine.ScenarioError` for a document that cannot be played and :class:`RunError`
    for a decision that does not fit, and :class:`judge.guard.budget.BudgetExceeded` past the request's
    ``budget`` (one from the settings when none is given).

    ``adapt``: the decisions were made under the other rule set (:class:`Driver`); ``diverged``
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
    driver = Driver(game, list(decisions or []), budget, adapt=adapt)
    limit = (at[0], PHASE_ORDER.index(at[1])) if at and at[1] in PHASE_ORDER else None
    position = 0
    last: list = []
    repeats = False
    held = 0
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
        phase_end = PhaseEnd(game.state.phase)
        for _ in range(remaining):
            before = (driver.used, list(driver.queued))
            entries = driver.step()
            if not entries:
                break
            stop = phase_end.after(game, entries) if until == "phase_end" else None
            if (limit is not None and _moment(game) > limit) or stop == "undo":
                game.undo()  # this step goes past the moment asked for: the run stops before it
                driver.used, driver.queued = before
                break
            position += 1
            last = entries
            if stop == "hold":
                held = len(entries) - boundary(entries)
                break
            if until not in ("end", "phase_end") and any(
                isinstance(e.event, PhaseBegins) and e.event.phase == until for e in entries
            ):
                break
            if until == "end" and mornings.again(game, entries, driver.extra[driver.used :]):
                repeats = True
                break
    out = game.output()
    for item, entry in zip(out["log"], game.log, strict=True):
        dress(item, entry.seq in driver.forced)
    out["steps"] = position
    out["last"] = [e.seq for e in last]
    out["legal_decisions"] = game.legal_decisions() if out["pending"] else []  # capped (engine.LEGAL_CAP)
    out["legal_count"] = out["pending"]["count"] if out["pending"] else 0
    out["legal_truncated"] = out["legal_count"] > len(out["legal_decisions"])
    out["decisions_used"] = driver.used
    out["diverged"] = driver.diverged
    out["repeats"] = repeats
    hold(out, held)
    return out


class Mornings:
    """The Mornings a run to the end has seen: a run whose decisions are all scripted, forced or given
    in advance (a real choice stops it) that comes back to a Morning already seen, the decisions
    still to come the same, goes round for ever, and nobody can win."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def again(self, game, entries: list, coming: list[dict] = ()) -> bool:
        """Whether the step that logged ``entries`` begins a Morning already seen."""
        if not begins_phase(entries, "morning"):
            return False
        key = _position_key(game.to_doc(), coming)
        if key in self.seen:
            return True
        self.seen.add(key)
        return False


def _position_key(doc: dict, coming: list[dict] = ()) -> str:
    """A position as a repetition sees it: the whole state and the decisions still to come, but not
    the day's number nor the decisions already consumed; hashed, so that remembering every Morning
    of a long run costs a few bytes each, whatever the board's size."""
    progress = dict(doc.get("progress") or {})
    index = progress.pop("decision_index", 0) or 0
    same = {k: v for k, v in doc.items() if k not in ("day", "decisions", "progress")}
    text = json.dumps([same, progress, (doc.get("decisions") or [])[index:], list(coming)], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def begins_phase(entries: list, phase: str | None = None) -> bool:
    return any(isinstance(e.event, PhaseBegins) and (phase is None or e.event.phase == phase) for e in entries)
