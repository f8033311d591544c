"""Morning (1.3.2.b and the glossary article "Clarification des phases d'une journée") and Noon (1.3.2.c)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..versions import CR5, cr5
from . import effects
from .actions import draw, move_card, shuffle_discard_under_deck
from .flow import Need, begin_phase
from .registry import implements, implements_phases, phases

if TYPE_CHECKING:
    from ..table import Table


MARKER = "Passage du Marqueur Premier Joueur"


@implements("1.3.2.b", "1.3.1.d", *cr5("4.2.1.a", "4.2.1.b", "4.1.j"))
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
            cr5("4.1.j") if v5 else ("1.3.2.b", "1.3.1.d"),
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
            cr5("4.2.1.b", "4.2.1.a") if v5 else ("1.3.2.b",),
            articles=phases(MARKER),
        )
    game.goto("morning.prepare")


PREPARE = "Redressement des Orbes de Mana et des Cartes Épuisées"


@implements("1.3.2.b", *cr5("4.2.1.c", "4.2.1.a"))
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
    rules = cr5("4.2.1.c", "4.2.1.a")
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


def need_reshuffle(game: Table) -> Need | None:
    """cr-5.0, Draw (7.3.9.c): a player who would draw two cards with fewer in their Deck first draws
    what the Deck has, then decides whether to shuffle their Discard pile back into the Deck and draw
    the rest. Reading "cr5-morning-reshuffle": the choice is asked at the player's Draw, before the
    cards are drawn (the cards drawn do not depend on it). None under fr-1 (3.2.2.d reshuffles)."""
    st = game.state
    if st.rules != CR5:
        return None
    p = st.order[st.sub]
    if len(st.zones[f"{p}.deck"]) >= 2 or not st.zones[f"{p}.discard"]:
        return None

    def fits(d: dict) -> str | None:
        if not isinstance(d.get("optional"), bool):
            return 'réponse attendue : "optional": true (remélanger sa Défausse dans son Deck) ou false'
        return None

    have = len(st.zones[f"{p}.deck"])
    return Need(
        p,
        "optional",
        [True, False],
        1,
        cr5("7.3.9.c", "4.2.1.d"),
        f"Pioche du Matin : le Deck de {p} n'a que {have} carte{'s' if have > 1 else ''} ; une fois ce"
        f"{'s cartes piochées' if have > 1 else 'tte carte piochée' if have else ' Deck vide'}, {p} peut "
        "remélanger sa Défausse dans son Deck pour piocher le reste (true), ou non (false).",
        fits,
        lambda: iter([{"player": p, "optional": True}, {"player": p, "optional": False}]),
        lambda: 2,
        reading="cr5-morning-reshuffle",
    )


@implements("1.3.2.b", "3.2.2.d", "3.2.2.e", *cr5("4.2.1.d", "4.2.1.a", "7.3.9.c"))
@implements_phases("Pioche de Cartes")
def morning_draw(game: Table, decision: dict | None) -> None:
    """Draw (1.3.2.b): each player draws two cards, first player first; the deck rules
    3.2.2.d–e apply when the Deck runs out. Under cr-5.0 (4.2.1.d) one step per player: the Deck
    is never reshuffled by the draw itself (3.2.2.d–e); a player who runs out chooses whether to
    shuffle their Discard pile back in and draw the rest (7.3.9.c, `need_reshuffle`)."""
    st = game.state
    if st.rules != CR5:
        for p in st.order:
            draw(game, p, 2, ("1.3.2.b",))
        game.goto("morning.mana")
        return
    rules = cr5("4.2.1.d", "4.2.1.a")
    p = st.order[st.sub]
    if decision is not None and decision.get("optional"):
        first = min(2, len(st.zones[f"{p}.deck"]))
        draw(game, p, first, rules)
        shuffle_discard_under_deck(game, p, cr5("7.3.9.c", "4.2.1.d"))
        draw(game, p, 2 - first, rules + cr5("7.3.9.c"))
    else:
        draw(game, p, 2, rules)
    if st.sub + 1 < len(st.order):
        game.goto("morning.draw", st.sub + 1)
    else:
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
        cr5("4.2.1.e", "4.2.1.a") if st.rules == CR5 else ("1.3.2.b", "3.2.9.b"),
        f"{p} peut placer une carte de sa Main dans sa Zone de Mana, ou aucune.",
        fits,
        lambda: ({"player": p, "mana": i} for i in [None] + hand),
        lambda: 1 + len(hand),
        auto,
        articles=phases("Placement des Cartes en Zone de Mana"),
    )


@implements("1.3.2.b", "3.2.9.b", *cr5("4.2.1.e", "4.2.1.a"))
@implements_phases("Placement des Cartes en Zone de Mana")
def morning_mana(game: Table, decision: dict) -> None:
    """1.3.2.b: each player, first player first, may put one card from Hand into Mana; it enters
    face down and exhausted (3.2.9.b), after Prepare: that orb is not usable this day. Under cr-5.0
    (Expand, 4.2.1.e, 1.3.2.b) it enters face down and ready."""
    st = game.state
    p = decision["player"]
    if decision.get("mana") is not None and st.rules == CR5:
        move_card(game, decision["mana"], p, "mana", "mana_ready", cr5("4.2.1.e", "4.2.1.a"))
    elif decision.get("mana") is not None:
        move_card(game, decision["mana"], p, "mana", "mana", ("3.2.9.b", "1.3.2.b"), enters=("exhausted",))
    if st.sub + 1 < len(st.order):
        game.goto("morning.mana", st.sub + 1)
    else:
        _after_expand(game, 0)


def _after_expand(game: Table, start: int) -> None:
    """cr-5.0: the next player from `start` (turn order) with an empty Deck and a Discard pile to shuffle
    decides (4.2.1.f, `morning.shuffle`); when there is none, Noon begins."""
    st = game.state
    if st.rules == CR5:
        for k in range(start, len(st.order)):
            p = st.order[k]
            if not st.zones[f"{p}.deck"] and st.zones[f"{p}.discard"]:
                game.goto("morning.shuffle", k)
                return
    begin_phase(game, "noon")


def need_shuffle(game: Table) -> Need:
    """cr-5.0 (4.2.1.f): after Expand, a player with an empty Deck may shuffle their Discard pile back
    into it (players decide in turn order). Reading "cr5-shuffle-after-expand": of the moments 4.2.1.f
    allows (before and after each daily effect of Morning), the engine offers this one (its remark:
    "it is enough ... only once: after Expand") and the Draw's own (7.3.9.c)."""
    st = game.state
    p = st.order[st.sub]

    def fits(d: dict) -> str | None:
        if not isinstance(d.get("optional"), bool):
            return 'réponse attendue : "optional": true (remélanger sa Défausse dans son Deck vide) ou false'
        return None

    return Need(
        p,
        "optional",
        [True, False],
        1,
        cr5("4.2.1.f"),
        f"Fin du Matin : le Deck de {p} est vide ; {p} peut y remélanger sa Défausse (true) ou non (false).",
        fits,
        lambda: iter([{"player": p, "optional": True}, {"player": p, "optional": False}]),
        lambda: 2,
        reading="cr5-shuffle-after-expand",
    )


@implements(*cr5("4.2.1.f"))
def morning_shuffle(game: Table, decision: dict) -> None:
    """cr-5.0 (4.2.1.f): the player's Discard pile is shuffled into their empty Deck if they chose to;
    then the next player who may, or Noon."""
    st = game.state
    if decision.get("optional"):
        shuffle_discard_under_deck(game, st.order[st.sub], cr5("4.2.1.f"))
    _after_expand(game, st.sub + 1)


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
