"""The day's sequence of steps: the cursor (`state.step`, `state.sub`) names the next one; the step
table itself (name -> need function, step function) is built in one place, `engine/game.py`.

A `need` function says which decision a step waits for (a :class:`Need`), or None; here are the
Need, the first step of each phase and the phase changes the rules make (`begin_phase`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..scenario.shapes import ANSWERS, decision_kind, decision_problems
from .registry import implements

if TYPE_CHECKING:
    from ..table import Table

StepFn = Callable[["Table", Any], None]  # the decision it consumes, or None
NeedFn = Callable[["Table"], "Need | None"]

#: at most this many entries in a pending's `options` list (`truncated` says when more exist)
OPTIONS_CAP = 200
#: at most this many decisions returned by `legal_decisions()` unless asked otherwise
LEGAL_CAP = 200

#: below this many combinations in all, listing them with itertools (which builds its inputs) is
#: cheaper than lazy_product; above, lazy_product keeps memory bounded
SMALL_PRODUCT = 10_000

#: first step of each phase
FIRST_STEP = {
    "setup": "setup.adventure",
    "morning": "morning.first_player",
    "noon": "noon.reactions",
    "afternoon": "afternoon.turn",
    "dusk": "dusk.reactions",
    "night": "night.rest",
}


@dataclass
class Need:
    """A decision the game waits for, described rather than enumerated (issue 11, "Bounded").

    `check(d)` returns None or why `d` does not fit, checking it directly against the rules;
    `legal(limit)` produces fitting decisions lazily, at most `limit`; `count()` is how many
    `legal()` would produce in all, computed combinatorially (never by enumeration); `automatic`
    is the only possible answer, if forced. `options` (a list, or an iterable factory computed only
    for `pending`) are the elements the choice is made from."""

    player: str
    kind: str
    options: Iterable[Any] | Callable[[], Iterable[Any]]  # a callable is computed only for `pending`
    choose: int | None
    rules: tuple[str, ...]
    text: str
    fits: Callable[[dict[str, Any]], str | None]
    legal_fn: Callable[[], Iterable[dict[str, Any]]]  # lazy: a generator, never a full list
    count_fn: Callable[[], int]
    automatic: dict[str, Any] | None = None
    reading: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    articles: tuple[tuple[str, str], ...] = ()

    def check(self, d: Any) -> str | None:
        if not isinstance(d, dict):
            return "une décision est un objet JSON"
        if d.get("player") != self.player:
            return f"c'est au joueur {self.player} de décider ({self.kind}), pas à {d.get('player')!r}"
        shape = decision_problems(d)
        if shape:
            key, message = shape[0]
            return f"{key} : {message}" if key else message
        kind = decision_kind(d)[0]
        if self.kind in ANSWERS and kind not in ANSWERS[self.kind]:
            wanted = " ou ".join(f'"{k}"' for k in ANSWERS[self.kind])
            return f'réponse attendue ({self.kind}) : {wanted}, reçu "{kind}"'
        return self.fits(d)

    def legal(self, limit: int = LEGAL_CAP) -> list[dict[str, Any]]:
        """The first `limit` legal decisions (lazily produced)."""
        return list(islice(self.legal_fn(), max(limit, 0)))

    def count(self) -> int:
        """How many legal decisions there are in all (computed, not enumerated)."""
        return self.count_fn()

    def to_pending(self, reason: str | None = None) -> dict[str, Any]:
        options = self.options() if callable(self.options) else self.options
        listed = list(islice(options, OPTIONS_CAP + 1))
        truncated = len(listed) > OPTIONS_CAP
        out = {
            "player": self.player,
            "kind": self.kind,
            "choose": self.choose,
            "options": listed[:OPTIONS_CAP],
            "rules": list(self.rules),
            "text": self.text,
            "count": self.count(),
            "truncated": truncated,
            **self.extra,
        }
        if self.articles:
            out["articles"] = [{"title": t, "section": s} for t, s in self.articles]
        if reason:
            out["reason"] = reason
        return out


def lazy_product(factories: Sequence[Callable[[], Iterable[Any]]]) -> Iterator[tuple[Any, ...]]:
    """itertools.product without building its inputs: each factory gives a fresh iterator of one
    position's choices, generated on demand (iteratively, so any number of positions)."""
    if not factories:
        yield ()
        return
    stack = [iter(factories[0]())]
    chosen: list[Any] = []
    while stack:
        try:
            item = next(stack[-1])
        except StopIteration:
            stack.pop()
            if chosen:
                chosen.pop()
            continue
        if len(stack) == len(factories):
            yield (*chosen, item)
        else:
            chosen.append(item)
            stack.append(iter(factories[len(stack)]()))


def first_turn(game: Table) -> str | None:
    """1.3.2.d: the afternoon starts with the first player; a player who passed takes no turn."""
    st = game.state
    for p in st.order:
        if not st.players[p].passed:
            return p
    return None


def start(game: Table) -> None:
    """Put the cursor at the beginning of the scenario's phase (not journaled: load time)."""
    st = game.state
    st.step, st.sub = FIRST_STEP[st.phase], 0
    if st.phase == "morning" and st.day == 1:
        st.step = "morning.first_draw"  # 1.3.1.d: the first Morning is replaced (rules/setup.py)
    if st.phase == "afternoon":
        st.turn = first_turn(game)


@implements("1.3.2.a")
def begin_phase(game: Table, phase: str, day: int | None = None, rules: tuple[str, ...] = ("1.3.2.a",)) -> None:
    """Enter `phase` (of `day`, default today): log it and put the cursor on its first step."""
    game.emit(ev.PhaseBegins(day or game.state.day, phase), rules)
    game.goto(FIRST_STEP[phase])
    if game.state.dusk_advanced:
        game.set(game.state, "dusk_advanced", ())  # "une seule fois par phase Crépuscule"
    if phase == "afternoon":
        game.set(game.state, "turn", first_turn(game))
