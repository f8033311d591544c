"""Morning (1.3.2.b and the glossary article "Clarification des phases d'une journée") and Noon (1.3.2.c)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..versions import CR5, cr5
from . import effects
from .actions import draw, move_card
from .flow import Need, begin_phase
from .registry import implements, implements_phases, phases

if TYPE_CHECKING:
    from ..table import Table


MARKER = "Passage du Marqueur Premier Joueur"


@implements("1.3.2.b", "1.3.1.d", *cr5("1.3.2.b", "4.2.1.b", "1.3.1.e", "4.1.j"))
@implements_phases(MARKER)
def pass_first_player_marker(game: Table, _: Any) -> None:
    """1.3.2.b: the first player's opponent becomes the first player — except on the first day
    (the article on the phases; 1.3.1.d replaces the first Morning). cr-5.0: Succeed (4.2.1.b)."""
    st = game.state
    assert st.first_player is not None, "a Morning has a first player (4.1.g happened at the setup)"
    v5 = st.rules == CR5
    if st.day == 1:
        game.emit(
            ev.Note("first_player_stays", player=st.first_player),
            cr5("1.3.1.e", "4.1.j") if v5 else ("1.3.2.b", "1.3.1.d"),
            "day1-marker",
            articles=phases(MARKER),
        )
    elif st.mode == "2v2":
        # reading "2v2-marker-clockwise": the article says nothing; the marker goes to the next
        # player clockwise, an opponent, as 1.3.2.b gives it to the opponent in 1v1
        game.emit(
            ev.FirstPlayer(st.next_seat(st.first_player), st.first_player, "morning"),
            ("1.3.2.b",),
            "2v2-marker-clockwise",
            articles=phases(MARKER),
        )
    else:
        new = st.opponent(st.first_player)
        game.emit(
            ev.FirstPlayer(new, st.first_player, "morning"),
            cr5("4.2.1.b", "1.3.2.b") if v5 else ("1.3.2.b",),
            articles=phases(MARKER),
        )
    game.goto("morning.prepare")


PREPARE = "Redressement des Orbes de Mana et des Cartes Épuisées"


@implements("1.3.2.b", *cr5("4.2.1.c", "1.3.2.b"))
@implements_phases(PREPARE)
def prepare(game: Table, _: Any) -> None:
    """Prepare (1.3.2.b): ready exhausted Characters, Permanents and Mana Orbs. Reading
    "prepare-all": every exhausted card on the board is readied (the article's wording), which
    includes the Reserve and the Hero. Under cr-5.0 (4.2.1.c, 1.3.2.b) no reading: each player
    readies what is exhausted in their personal zones and Expeditions (Reserve included; the shared
    Limbo is not)."""
    st = game.state
    if st.rules == CR5:
        _prepare_v5(game)
        return
    any_ready = False
    for p in st.order:
        for zone in ("mana", "hero_expedition", "companion_expedition", "landmarks", "reserve", "discard"):
            for card in st.zones[f"{p}.{zone}"]:
                if card.has("exhausted"):
                    reading = "prepare-all" if zone in ("reserve", "discard") else None
                    game.emit(
                        ev.StatusChange(card.id, "exhausted", False, "prepare"),
                        ("1.3.2.b",),
                        reading,
                        articles=phases(PREPARE) if reading else (),
                    )
                    any_ready = True
    for card in st.zones["limbo"]:
        if card.has("exhausted"):
            game.emit(
                ev.StatusChange(card.id, "exhausted", False, "prepare"),
                ("1.3.2.b",),
                "prepare-all",
                articles=phases(PREPARE),
            )
            any_ready = True
    if not any_ready:
        game.emit(ev.Note("prepare_nothing"), ("1.3.2.b",))
    game.goto("morning.draw")


def _prepare_v5(game: Table) -> None:
    st = game.state
    rules = cr5("4.2.1.c", "1.3.2.b")
    any_ready = False
    for p in st.order:
        for zone in ("mana", "hero_expedition", "companion_expedition", "landmarks", "reserve", "discard"):
            for card in st.zones[f"{p}.{zone}"]:
                if card.has("exhausted"):
                    game.emit(ev.StatusChange(card.id, "exhausted", False, "prepare"), rules)
                    any_ready = True
    if not any_ready:
        game.emit(ev.Note("prepare_nothing"), rules)
    game.goto("morning.draw")


@implements("1.3.2.b", "3.2.2.d", "3.2.2.e", *cr5("4.2.1.d", "1.3.2.b"))
@implements_phases("Pioche de Cartes")
def morning_draw(game: Table, _: Any) -> None:
    """Draw (1.3.2.b): each player draws two cards, first player first; the deck rules
    3.2.2.d–e apply when the Deck runs out (cr-5.0: 4.2.1.d; the Morning's reshuffle is still
    the French one, see registry.CR5_NOT_PLAYED["3.2.2.d"])."""
    rules = cr5("4.2.1.d", "1.3.2.b") if game.state.rules == CR5 else ("1.3.2.b",)
    for p in game.state.order:
        draw(game, p, 2, rules)
    game.goto("morning.mana")


def need_mana(game: Table) -> Need:
    st = game.state
    p = st.order[st.sub]
    hand = [c.id for c in st.zones[f"{p}.hand"]]

    def fits(d: dict) -> str | None:
        if "mana" not in d:
            return 'réponse attendue : "mana" (une carte de la Main, ou null)'
        m = d["mana"]
        if m is None or m in hand:
            return None
        return f"{m!r} n'est pas dans la Main de {p} (une carte de la Main, ou null)"

    auto = {"player": p, "mana": None} if not hand else None
    return Need(
        p,
        "mana",
        [None] + hand,
        1,
        cr5("4.2.1.e", "1.3.2.b") if st.rules == CR5 else ("1.3.2.b", "3.2.9.b"),
        f"{p} peut placer une carte de sa Main dans sa Zone de Mana, ou aucune.",
        fits,
        lambda: ({"player": p, "mana": i} for i in [None] + hand),
        lambda: 1 + len(hand),
        auto,
        articles=phases("Placement des Cartes en Zone de Mana"),
    )


@implements("1.3.2.b", "3.2.9.b", *cr5("4.2.1.e", "1.3.2.b"))
@implements_phases("Placement des Cartes en Zone de Mana")
def morning_mana(game: Table, decision: dict) -> None:
    """1.3.2.b: each player, first player first, may put one card from Hand into Mana; it enters
    face down and exhausted (3.2.9.b), after Prepare: that orb is not usable this day. Under cr-5.0
    (Expand, 4.2.1.e, 1.3.2.b) it enters face down and ready."""
    st = game.state
    p = decision["player"]
    if decision.get("mana") is not None and st.rules == CR5:
        move_card(game, decision["mana"], p, "mana", "mana_ready", cr5("4.2.1.e", "1.3.2.b"))
    elif decision.get("mana") is not None:
        move_card(game, decision["mana"], p, "mana", "mana", ("3.2.9.b", "1.3.2.b"), enters=("exhausted",))
    if st.sub + 1 < len(st.order):
        game.goto("morning.mana", st.sub + 1)
    else:
        begin_phase(game, "noon")


@implements("1.3.2.c")
@implements_phases('Activation des Capacités "À Midi"')
def noon(game: Table, _: Any) -> None:
    """1.3.2.c: nothing happens at Noon unless reactions trigger "À Midi". They resolve first
    player's first, then the opponent's (the article on the phases), each player ordering theirs;
    then the afternoon begins."""
    if effects.trigger(game, "noon", rules=("1.3.2.c",)):
        game.goto("noon.end")
        return
    game.emit(ev.Note("noon_nothing"), ("1.3.2.c",))
    begin_phase(game, "afternoon")


def end_of_noon(game: Table, _: Any) -> None:
    begin_phase(game, "afternoon")
