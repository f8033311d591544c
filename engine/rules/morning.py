"""Morning (1.3.2.b and the glossary article "Clarification des phases d'une journée") and Noon (1.3.2.c)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import events as ev
from . import effects
from .actions import draw, move_card
from .flow import Need, begin_phase, step
from .registry import implements

if TYPE_CHECKING:
    from ..game import Game


@step("morning.first_player")
@implements("1.3.2.b")
def pass_first_player_marker(game: "Game", _: Any) -> None:
    """1.3.2.b: the first player's opponent becomes the first player — except on the first day
    (the article on the phases; 1.3.1.d replaces the first Morning)."""
    st = game.state
    if st.day == 1:
        game.emit(ev.Note("first_player_stays", player=st.first_player), ("1.3.2.b", "1.3.1.d"), "day1-marker")
    elif st.mode == "2v2":
        # reading "2v2-marker-clockwise": the article says nothing; the marker goes to the next
        # player clockwise, an opponent, as 1.3.2.b gives it to the opponent in 1v1
        game.emit(ev.FirstPlayer(st.next_seat(st.first_player), st.first_player, "morning"), ("1.3.2.b",),
                  "2v2-marker-clockwise")
    else:
        new = st.opponent(st.first_player)
        game.emit(ev.FirstPlayer(new, st.first_player, "morning"), ("1.3.2.b",))
    game.goto("morning.prepare")


@step("morning.prepare")
@implements("1.3.2.b")
def prepare(game: "Game", _: Any) -> None:
    """Prepare (1.3.2.b): ready exhausted Characters, Permanents and Mana Orbs. Reading
    "prepare-all": every exhausted card on the board is readied (the article's wording), which
    includes the Reserve and the Hero."""
    st = game.state
    any_ready = False
    for p in st.order:
        for zone in ("mana", "hero_expedition", "companion_expedition", "landmarks", "reserve", "discard"):
            for card in st.zones[f"{p}.{zone}"]:
                if card.has("exhausted"):
                    reading = "prepare-all" if zone in ("reserve", "discard") else None
                    game.emit(ev.StatusChange(card.id, "exhausted", False, "prepare"), ("1.3.2.b",), reading)
                    any_ready = True
    for card in st.zones["limbo"]:
        if card.has("exhausted"):
            game.emit(ev.StatusChange(card.id, "exhausted", False, "prepare"), ("1.3.2.b",), "prepare-all")
            any_ready = True
    if not any_ready:
        game.emit(ev.Note("prepare_nothing"), ("1.3.2.b",))
    game.goto("morning.draw")


@step("morning.draw")
@implements("1.3.2.b", "3.2.2.d", "3.2.2.e")
def morning_draw(game: "Game", _: Any) -> None:
    """Draw (1.3.2.b): each player draws two cards, first player first; the deck rules
    3.2.2.d–e apply when the Deck runs out."""
    for p in game.state.order:
        draw(game, p, 2, ("1.3.2.b",))
    game.goto("morning.mana")


def _need_mana(game: "Game") -> Need:
    st = game.state
    p = st.order[st.sub]
    hand = [c.id for c in st.zones[f"{p}.hand"]]

    def fits(d: dict) -> str | None:
        if "mana" not in d:
            return "réponse attendue : \"mana\" (une carte de la Main, ou null)"
        m = d["mana"]
        if m is None or m in hand:
            return None
        return f"{m!r} n'est pas dans la Main de {p} (une carte de la Main, ou null)"

    auto = {"player": p, "mana": None} if not hand else None
    return Need(p, "mana", [None] + hand, 1, ("1.3.2.b", "3.2.9.b"),
                f"{p} peut placer une carte de sa Main dans sa Zone de Mana, ou aucune.",
                fits, lambda: [{"player": p, "mana": None}] + [{"player": p, "mana": i} for i in hand], auto)


@step("morning.mana", need=_need_mana)
@implements("1.3.2.b", "3.2.9.b")
def morning_mana(game: "Game", decision: dict) -> None:
    """1.3.2.b: each player, first player first, may put one card from Hand into Mana; it enters
    face down and exhausted (3.2.9.b), after Prepare: that orb is not usable this day."""
    st = game.state
    p = decision["player"]
    if decision.get("mana") is not None:
        move_card(game, decision["mana"], p, "mana", "mana", ("3.2.9.b", "1.3.2.b"), enters=("exhausted",))
    if st.sub + 1 < len(st.order):
        game.goto("morning.mana", st.sub + 1)
    else:
        begin_phase(game, "noon")


@step("noon.reactions")
@implements("1.3.2.c")
def noon(game: "Game", _: Any) -> None:
    """1.3.2.c: nothing happens at Noon unless reactions trigger "À Midi". They resolve first
    player's first, then the opponent's (the article on the phases), each player ordering theirs;
    then the afternoon begins."""
    if effects.trigger(game, "noon", rules=("1.3.2.c",)):
        game.goto("noon.end")
        return
    game.emit(ev.Note("noon_nothing"), ("1.3.2.c",))
    begin_phase(game, "afternoon")


@step("noon.end")
def end_of_noon(game: "Game", _: Any) -> None:
    begin_phase(game, "afternoon")
