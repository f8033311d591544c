"""`Game`: one state, stepped by `advance()`, restored by `undo()` (python-chess's push/pop).

The top layer: the game loop. A step is the unit of `advance()`: one daily effect, or one
player's decision. Every step appends at least one log entry. The step to perform next is the
state's cursor (`state.step`, `state.sub`); :data:`STEPS`, the one step table, maps it to its rule
function and, when the step needs a player's choice, to the function giving the
:class:`~engine.rules.flow.Need`. Effects waiting on the stack resolve first. After every step
that moved a marker the end of the game is checked (every other movement checks it as it happens).

Layers, each importing only those below it: core (`vocabulary`, `errors`, `jsondata`, `model`,
`events`, `journal`, `steps`, `table`, `rules/registry`), then the scenario format (`scenario/`)
and the rules (`rules/`, which see a `Table`, never `Game`), then this loop.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from . import events as ev
from .apply import apply_event
from .errors import DEFAULT_BUDGET, Budget, BudgetExceeded, IllegalDecision, Refusal
from .journal import Journal, revert
from .model import PHASES, State
from .rules import afternoon, dusk, effects, flow, morning, night, registry, setup
from .rules.end import check_end
from .rules.flow import LEGAL_CAP
from .rules.play import anytime_swap, swap_problem
from .rules.registry import ARTICLE_SLUGS, CR5_NOT_PLAYED, RULE_CODES
from .scenario.dump import dump
from .scenario.shapes import decision_kind, decision_problems
from .text import describe
from .versions import CR5, FR1, changes, cite, concordance, cr5, is_cr5

__all__ = ["STEPS", "Budget", "BudgetExceeded", "Game", "IllegalDecision", "LogEntry"]


def cite_in(ruleset: str, numbers: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the citations in `ruleset`'s numbering, the French rules among them that cr-5.0 does not play
    yet). Under cr-5.0 such a rule is cited as "N (FR 1)", never as the v5.0 number of a behaviour
    the engine does not play (registry.CR5_NOT_PLAYED); every other French number is translated."""
    if ruleset != CR5:
        return numbers, ()
    out: list[str] = []
    not_v5: list[str] = []
    for n in numbers:
        if n in CR5_NOT_PLAYED:
            out.append(f"{n} (FR 1)")
            not_v5.append(n)
        else:
            out.extend(cite(CR5, (n,)))
    return tuple(dict.fromkeys(out)), tuple(not_v5)


def not_v5_json(rules: tuple[str, ...]) -> list[dict[str, Any]]:
    """The `not_v5` key of a log entry or pending under cr-5.0: each French rule it still cites whose
    meaning changed by v5.0, with its v5.0 numbers, the concordance note and why it is not played."""
    table = concordance()
    return [
        {
            "rule": n,
            "cr5": list(table[n]["v5"]),
            "verdict": table[n]["v5_verdict"],
            "note": table[n]["note"],
            "reason": CR5_NOT_PLAYED[n],
        }
        for n in rules
    ]


#: The step table, in the order of a game: cursor name -> (the function giving the decision the step
#: waits for, or None; the step's rule function). Built here only (scenario/check.py lists the names).
STEPS: dict[str, tuple[flow.NeedFn | None, flow.StepFn]] = {
    "setup.adventure": (None, setup.setup_adventure),
    "setup.first_player": (None, setup.setup_first_player),
    "setup.shuffle": (None, setup.setup_shuffle),
    "setup.draw": (None, setup.setup_draw),
    "setup.mana": (setup.need_mana, setup.setup_mana),
    "morning.first_draw": (None, setup.first_morning_draw),
    "morning.first_mana": (setup.need_mana, setup.first_morning_mana),
    "morning.first_player": (None, morning.pass_first_player_marker),
    "morning.prepare": (None, morning.prepare),
    "morning.draw": (morning.need_reshuffle, morning.morning_draw),
    "morning.mana": (morning.need_mana, morning.morning_mana),
    "morning.shuffle": (morning.need_shuffle, morning.morning_shuffle),
    "noon.reactions": (None, morning.noon),
    "noon.end": (None, morning.end_of_noon),
    "afternoon.turn": (afternoon.need_turn, afternoon.take_turn),
    "dusk.reactions": (None, dusk.dusk_reactions),
    "dusk.progress": (None, dusk.progress),
    "dusk.end": (None, dusk.end_of_dusk),
    "night.rest": (None, night.rest),
    "night.cleanup": (night.need_keep, night.cleanup_choice),
    "night.discard": (None, night.cleanup_discard),
}


@dataclass(slots=True)
class LogEntry:
    """One line of the log: never changed once made (not frozen, for speed: see engine/events.py)."""

    seq: int
    day: int
    phase: str
    rules: tuple[str, ...]
    text: str
    event: ev.Event
    reading: str | None = None
    articles: tuple[tuple[str, str], ...] = ()  # (article title, section): rules without numbers
    source: str | None = None  # the rule function that emitted it (recorded when the contract is checked)
    not_v5: tuple[str, ...] = ()  # cr-5.0: French rules cited for a behaviour not yet played as v5.0

    def to_json(self) -> dict[str, Any]:
        out = {
            "seq": self.seq,
            "day": self.day,
            "phase": self.phase,
            "rules": list(self.rules),
            "text": self.text,
            "event": self.event.to_json(),
        }
        if self.articles:
            out["articles"] = [{"title": t, "section": s, "slug": ARTICLE_SLUGS.get(t, "")} for t, s in self.articles]
        if self.reading:
            out["reading"] = self.reading
        changed = changes(FR1, self.rules)
        if changed:
            out["changed_since"] = changed
        if self.not_v5:
            out["not_v5"] = not_v5_json(self.not_v5)
        return out


class Game:
    """A game in progress. Build one with :func:`engine.load`.

    Contract: `advance()` performs exactly one step (returns its log entries, or ``[]`` when the
    game is over or waits for a decision, see `pending`); `undo()` restores the state and the log
    exactly as they were before the last step; randomness comes only from ``state.seed``.
    """

    def __init__(self, state: State, budget: Budget | None = None, started: float | None = None) -> None:
        self.state = state
        self.budget = budget or DEFAULT_BUDGET
        self._clock = self.budget.clock
        self._started = self._clock() if started is None else started
        # the CPU time last read and the wall clock then (see check_budget)
        self._cpu_read, self._wall_read = self._clock() - self._started, time.perf_counter()
        self.steps_done = 0
        self.journal = Journal()
        self.log: list[LogEntry] = []
        self._history: list[tuple[list[tuple], int]] = []
        self._changes = 0  # counts the steps performed or undone: the state is unchanged while it is
        self._need_memo: tuple[int, flow.Need | None] | None = None  # (changes, the Need then)
        self.names = {c.id: c.name for c in state.all_cards()}
        self.names.update({f"tumult:{k}": t.name for k, t in enumerate(state.adventure.tumult)})
        if not state.step:
            flow.start(self)

    # -- used by the rules -------------------------------------------------------------------
    def emit(
        self,
        event: ev.Event,
        rules: Iterable[str] = (),
        reading: str | None = None,
        articles: Iterable[tuple[str, str]] = (),
        via: frozenset[str] = frozenset(),
    ) -> LogEntry:
        """Apply `event` to the state and record it in the log, citing `rules` (most specific first)
        and `articles` ((title, section) of glossary articles without rule numbers). When the rule
        contract is checked (tests), the entry records its source function and any number that no
        running rule function declares (nor `via`: the numbers of the step a decision answers) is a
        violation (registry.VIOLATIONS)."""
        apply_event(self, event)
        st = self.state
        cited = tuple(dict.fromkeys(rules))
        text = describe(event, self, reading)
        source = None
        if registry.CONTRACT:
            source = registry.check_contract(sys._getframe(1), cited, text, via)
            if st.rules == CR5:
                registry.CR5_CITED.update(n for n in cited if not is_cr5(n))
        not_v5: tuple[str, ...] = ()
        if st.rules == CR5:
            # the glossary articles are the French text's; CR 5.0 decides by its numbered rules alone
            articles = ()
            cited, not_v5 = cite_in(st.rules, cited)
            if registry.CONTRACT:
                registry.check_summary(cited, text)
            if not_v5:
                text += f" (Non joué selon les CR 5.0 : règle {', '.join(not_v5)} de la traduction française.)"
        entry = LogEntry(
            len(self.log) + 1,
            st.day,
            st.phase,
            cited,
            text,
            event,
            reading,
            tuple(dict.fromkeys(articles)) if articles else (),
            source,
            not_v5,
        )
        self.log.append(entry)
        return entry

    def set(self, obj: Any, attr: str, value: Any) -> None:
        self.journal.set(obj, attr, value)

    def goto(self, step: str, sub: int = 0) -> None:
        """Set the cursor: the step `advance()` performs next."""
        self.journal.set(self.state, "step", step)
        self.journal.set(self.state, "sub", sub)

    def rng(self) -> random.Random:
        """A generator for one random event, derived from the seed and a counter kept in the state
        (so a dumped state resumes exactly and undo restores the counter)."""
        n = self.state.random_count
        self.journal.set(self.state, "random_count", n + 1)
        return random.Random(f"{self.state.seed}:{n}")

    # -- public API --------------------------------------------------------------------------
    @property
    def winner(self) -> str | None:
        return self.state.winner

    @property
    def over(self) -> bool:
        return self.state.winner is not None

    @property
    def pending(self) -> dict[str, Any] | None:
        """What the game waits for, or None: {player, kind, choose, options, rules, text[, reason]}."""
        if self.over:
            return None
        need = self._need()
        if need is None:
            return None
        decision, reason = self._scripted(need)
        if decision is not None or self._scripted_swap(need) is not None:
            return None
        out = need.to_pending(reason)
        rules, not_v5 = cite_in(self.state.rules, tuple(out["rules"]))
        if registry.CONTRACT and self.state.rules == CR5:
            registry.check_summary(rules, out.get("text", ""))
        out["rules"] = list(rules)
        if self.state.rules == CR5:
            out.pop("articles", None)  # the French glossary articles are not CR 5.0's rules
        if not_v5:
            out["not_v5"] = not_v5_json(not_v5)
        return out

    def legal_decisions(self, limit: int = LEGAL_CAP) -> list[dict[str, Any]]:
        """The first `limit` legal DECISIONs for the choice the game needs now ([] when none is
        needed), produced lazily; `legal_count()` says how many there are in all."""
        if self.over:
            return []
        need = self._need()
        return need.legal(limit) if need else []

    def legal_count(self) -> int:
        """How many legal decisions the current choice has (computed, never enumerated)."""
        if self.over:
            return 0
        need = self._need()
        return need.count() if need else 0

    def spent(self) -> tuple[int, float]:
        """(steps performed, CPU seconds of this thread since loading)."""
        return self.steps_done, self._clock() - self._started

    def check_budget(self, budget: Budget | None = None) -> None:
        """Raise :class:`BudgetExceeded` if `budget` (default: the game's) is spent."""
        b = budget or self.budget
        if self.steps_done >= b.steps:
            steps, seconds = self.spent()
            raise BudgetExceeded("steps", b.steps, steps, seconds)
        # A thread's CPU time grows no faster than the wall clock: while the CPU time last read
        # plus the wall time since then is under the budget, the budget is not spent, and the
        # thread's clock (a system call, ten times the wall clock's cost) need not be read.
        wall = time.perf_counter()
        if self._clock is time.thread_time and self._cpu_read + (wall - self._wall_read) < b.seconds:
            return
        seconds = self._clock() - self._started
        self._cpu_read, self._wall_read = seconds, wall
        if seconds >= b.seconds:
            raise BudgetExceeded("seconds", b.seconds, self.steps_done, seconds)

    def advance(self) -> list[LogEntry]:
        """Perform one step; return its log entries ([] if over or waiting for a decision)."""
        if self.over:
            return []
        need = self._need()
        decision = None
        if need is not None:
            decision, _ = self._scripted(need)
            if decision is None:
                swap = self._scripted_swap(need)
                return self._perform_swap(swap) if swap is not None else []
        return self._perform(decision, need)

    def decide(self, decision: dict[str, Any]) -> list[LogEntry]:
        """Insert `decision` at the current point of the decision list and perform the step that
        consumes it. Raises :class:`IllegalDecision` (state untouched) if it does not fit."""
        need = None if self.over else self._need()
        if need is None:
            if not self.over and self._swap_problem(decision) is None:
                return self._perform_swap(dict(decision), inserted=True)
            raise IllegalDecision("Aucune décision n'est attendue maintenant.")
        problem = need.check(decision)
        if problem and self._answers_swap(need, decision):
            swap_refused = self._swap_problem(decision)
            if swap_refused:
                raise IllegalDecision(*self._refusal(swap_refused, ()))
            return self._perform_swap(dict(decision), inserted=True)
        if problem:
            raise IllegalDecision(*self._refusal(problem, tuple(need.rules)))
        return self._perform(dict(decision), need, inserted=True)

    def _refusal(self, problem: str, waited: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
        """(the message, the rules) of a refused decision: the rules that decide the refusal itself
        (a :class:`Refusal`'s: no Reserve cost 2.2.7.b, not enough ready Orbs 3.2.9.f…), else those of
        the decision waited for (`waited`), cited in the rule set played; the message is the reason
        followed by them, so it names the same rules as `rules`."""
        decides = problem.rules if isinstance(problem, Refusal) else ()
        text = problem.text if isinstance(problem, Refusal) and decides else str(problem)
        rules = cite_in(self.state.rules, decides or waited)[0]
        if registry.CONTRACT:
            registry.check_refusal(self.state.rules, decides or waited, rules, text)
        return (f"{text} (règle{'s' if len(rules) > 1 else ''} {', '.join(rules)})" if rules else text), rules

    def undo(self) -> list[LogEntry]:
        """Go back one step exactly; return the entries removed. IndexError at the start."""
        if not self._history:
            raise IndexError("Rien à annuler : la partie est à son état de départ.")
        ops, start = self._history.pop()
        self._changes += 1
        revert(ops)
        removed = self.log[start:]
        del self.log[start:]
        return removed

    def run(self, until: str = "end", max_steps: int = 100_000, budget: Budget | None = None) -> list[LogEntry]:
        """Run to the end or a missing decision ("end"), one step ("step"), or until the next
        beginning of the named phase. Returns the entries appended. `budget` replaces the game's
        budget for the steps of this run (counted from this call); past it, BudgetExceeded."""
        if until == "step":
            return self.advance()
        if until != "end" and until not in PHASES:
            raise ValueError(f"until: 'end', 'step' or one of {', '.join(PHASES)}, not {until!r}")
        out: list[LogEntry] = []
        steps0, seconds0 = self.spent()
        for _ in range(max_steps):
            if budget is not None:
                steps, seconds = self.spent()
                if steps - steps0 >= budget.steps:
                    raise BudgetExceeded("steps", budget.steps, steps - steps0, seconds - seconds0)
                if seconds - seconds0 >= budget.seconds:
                    raise BudgetExceeded("seconds", budget.seconds, steps - steps0, seconds - seconds0)
            entries = self.advance()
            if not entries:
                break
            out += entries
            if until != "end" and any(type(e.event) is ev.PhaseBegins and e.event.phase == until for e in entries):
                break
        return out

    def to_doc(self) -> dict[str, Any]:
        """The current state as a scenario document (loads back to the same state)."""
        return dump(self.state)

    def output(self) -> dict[str, Any]:
        """The output document of a run: state, log, pending, winner."""
        return {
            "state": self.to_doc(),
            "log": [e.to_json() for e in self.log],
            "pending": self.pending,
            "winner": self.winner,
        }

    # -- the loop: what is needed, perform it, check the end -----------------------------------
    def _need(self) -> flow.Need | None:
        """The decision the next step waits for. Effects waiting on the stack (reactions, a spell,
        a quick action, a Tumult card's effect) resolve before the cursor's step goes on. Between
        two steps it is computed once (pending, legal_decisions and decide ask in turn): the state
        changes only inside a step (the journal) or by undo, and both count in `_changes`."""
        memo = self._need_memo
        if memo is not None and memo[0] == self._changes:
            return memo[1]
        if self.state.stack:
            need = effects.need_resolution(self)
        else:
            need_fn = STEPS[self.state.step][0]
            need = need_fn(self) if need_fn else None
        if self.journal.ops is None:  # not inside a step, where the state is changing
            self._need_memo = (self._changes, need)
        return need

    def _step_function(self) -> flow.StepFn:
        return effects.resolve if self.state.stack else STEPS[self.state.step][1]

    def _perform_step(self, decision: dict[str, Any] | None) -> None:
        start = len(self.log)
        self._step_function()(self, decision)
        st = self.state
        if (
            st.winner is None
            and not st.adventure.arena
            and any(type(e.event) is ev.MarkerMove for e in self.log[start:])
        ):
            check_end(self)  # Dusk's simultaneous moves (every other move was checked as it happened)

    def _declared_by(self) -> frozenset[str]:
        """The numbers declared by the function that performs the next step: what the decision it
        consumes may cite (the rule contract)."""
        return RULE_CODES.get(self._step_function().__code__, ("", frozenset()))[1]

    # -- internals ---------------------------------------------------------------------------
    def _scripted(self, need) -> tuple[dict | None, str | None]:
        """The next decision of the scenario's list if it fits `need`, else (None, why not)."""
        st = self.state
        if need.automatic is not None:
            return need.automatic, None
        if st.decision_index >= len(st.decisions):
            return None, None
        d = st.decisions[st.decision_index]
        problem = need.check(d)
        if problem and st.rules == CR5 and self._answers_swap(need, d):
            problem = self._swap_problem(d) or problem  # say why the swap is refused (3.2.9.e, CR 5.0)
        if problem:
            return None, f"decisions[{st.decision_index}] ne convient pas : {self._refusal(problem, need.rules)[0]}"
        return d, None

    # 3.2.9.e: "Les joueurs peuvent épuiser un Orbe de Mana pour préparer un autre Orbe de Mana Épuisé à
    # tout moment": any player may swap whenever the game waits for a decision, not only on their turn
    @staticmethod
    def _answers_swap(need: Any, d: Any) -> bool:
        """Whether `d` is a swap that is not simply the current player's turn decision."""
        return isinstance(d, dict) and "swap" in d and (need.kind != "turn" or d.get("player") != need.player)

    def _swap_problem(self, d: Any) -> str | None:
        if not isinstance(d, dict) or decision_kind(d) != ["swap"] or decision_problems(d):
            return Refusal('réponse attendue : {"player", "swap": [Orbe prêt, Orbe épuisé]}', "3.2.9.e")
        if not isinstance(d.get("player"), str) or d["player"] not in self.state.players:
            return f"joueur inconnu {d.get('player')!r}"
        if self.state.rules == CR5:
            # 3.2.9.e (CR 5.0): only just before a step that asks the player to choose their Mana Orbs
            # (the engine reads it as: on their own turn, as a turn decision, before playing a card or a quick action)
            return Refusal(
                f"{d['player']} ne peut pas échanger d'Orbes maintenant : un échange se fait seulement juste "
                "avant une étape qui demande de choisir ses Orbes de Mana (pendant son tour, avant de payer un "
                "coût), plus « à tout moment »",
                *cr5("3.2.9.e"),
            )
        return swap_problem(self, d["player"], d)

    def _scripted_swap(self, need: Any) -> dict | None:
        """The next scripted decision when it is an Orb swap made at any time (3.2.9.e)."""
        st = self.state
        if need.automatic is not None or st.decision_index >= len(st.decisions):
            return None
        d = st.decisions[st.decision_index]
        return d if self._answers_swap(need, d) and self._swap_problem(d) is None else None

    def _perform_swap(self, decision: dict, inserted: bool = False) -> list[LogEntry]:
        """One step: the Orb swap of any player (3.2.9.e); what the game waited for still waits."""

        def body() -> None:
            st, j = self.state, self.journal
            if inserted:
                j.insert(st.decisions, st.decision_index, decision)
            j.set(st, "decision_index", st.decision_index + 1)
            anytime_swap(self, decision)

        return self._step(body)

    def _step(self, body: Any) -> list[LogEntry]:
        """Run `body` as one step: journaled, undone as a whole on error, counted in the budget."""
        self.check_budget()
        ops: list[tuple] = []
        start = len(self.log)
        self._changes += 1
        self.journal.ops = ops
        try:
            body()
        except BaseException:
            revert(ops)
            del self.log[start:]
            raise
        finally:
            self.journal.ops = None
            self._changes += 1
        self._history.append((ops, start))
        self.steps_done += 1
        return self.log[start:]

    def _perform(self, decision: dict | None, need: flow.Need | None, inserted: bool = False) -> list[LogEntry]:
        """One step consuming `decision` for `need` (the caller's, computed on this same state), or
        the cursor's step when nothing is needed."""

        def body() -> None:
            st, j = self.state, self.journal
            if need is not None and need.automatic is None:
                if inserted:
                    j.insert(st.decisions, st.decision_index, decision)
                j.set(st, "decision_index", st.decision_index + 1)
            if need is not None:
                self.emit(
                    ev.Decision(
                        need.player, need.kind, tuple((decision or {}).items()), automatic=need.automatic is not None
                    ),
                    need.rules,
                    need.reading,
                    need.articles,
                    via=self._declared_by() if registry.CONTRACT else frozenset(),
                )
            self._perform_step(decision)

        return self._step(body)
