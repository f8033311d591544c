"""Afternoon (1.3.2.d): turns alternate from the first player until both have passed.

Part 1 offers one option on a turn, `pass`; part 2 adds playing a card and quick actions to the
same `turn` decision."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import events as ev
from .flow import Need, begin_phase, step
from .registry import implements

if TYPE_CHECKING:
    from ..game import Game


def _need_turn(game: "Game") -> Need | None:
    st = game.state
    p = st.turn
    if p is None:
        return None

    def fits(d: dict) -> str | None:
        if d.get("pass") is True:
            return None
        if "play" in d or "quick" in d:
            return "jouer une carte ou une action rapide relève de la partie 2 du moteur (pas encore prise en charge)"
        return "réponse attendue : {\"pass\": true}"

    return Need(p, "turn", ["pass"], 1, ("1.3.2.d",),
                f"Tour de {p} : jouer une carte, une action rapide, ou passer.",
                fits, lambda: [{"player": p, "pass": True}])


@step("afternoon.turn", need=_need_turn)
@implements("1.3.2.d")
def take_turn(game: "Game", decision: dict | None) -> None:
    """1.3.2.d: a player who passes takes no more turns this day; the other keeps taking turns;
    the afternoon ends once both have passed."""
    st = game.state
    if decision is not None:
        p = decision["player"]
        game.set(st.players[p], "passed", True)
        other = st.opponent(p)
        nxt = other if not st.players[other].passed else None
    else:
        nxt = None
    game.set(st, "turn", nxt)
    if nxt is None:
        game.emit(ev.Note("all_passed"), ("1.3.2.d",))
        begin_phase(game, "dusk")
