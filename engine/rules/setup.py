"""The start of the game (1.3.1, 4.1): `phase: "setup"`, then day 1 from Noon (4.1.j)."""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..model import HOME
from ..versions import CR5, cr5
from .actions import draw, move_card
from .flow import Need, begin_phase
from .registry import art, implements, implements_article, implements_phases, phases

SETUP_2V2 = "Mise en place d'une partie multijoueur Altered en 2v2"

if TYPE_CHECKING:
    from ..table import Table


@implements("4.1.b", "4.1.c", "1.3.1.a", "4.1.d", "1.3.1.b", "3.2.1.b")
def setup_adventure(game: Table, _: Any) -> None:
    """4.1.b–d, 1.3.1.a–b: hero and companion regions at the ends (the scenario's regions 0 and 7);
    the three Tumult cards shuffled face down in random positions and orientations, unless the
    scenario already shows one face up (then the judge's Adventure is kept); markers home."""
    st = game.state
    adv = st.adventure
    if adv.tumult and not adv.arena and not any(t.face_up for t in adv.tumult) and adv.layout == "2v2":
        setup_adventure_2v2(game)
    elif adv.tumult and not adv.arena and not any(t.face_up for t in adv.tumult):
        rng = game.rng()
        order = [t.name for t in adv.tumult]
        rng.shuffle(order)
        flipped = tuple(rng.random() < 0.5 for _ in order)
        game.emit(
            ev.Shuffle(None, "adventure", "adventure", tuple(order), flipped=flipped, cause="setup"),
            ("4.1.c", "1.3.1.a", "3.2.1.b"),
        )
    else:
        game.emit(ev.Note("tumult_kept"), ("4.1.b", "3.2.1.b"))
    for p in st.order:
        for kind, home in HOME.items():
            pos = adv.markers[p][kind]
            if pos != home:
                game.emit(ev.MarkerMove(p, kind, pos, home, "setup"), ("4.1.d", "1.3.1.b"))
    game.emit(ev.Note("markers_home"), ("4.1.d", "1.3.1.b"))
    game.goto("setup.first_player")


@implements_article(SETUP_2V2, 1, 3, 4, 5)
def setup_adventure_2v2(game: Table) -> None:
    """2v2 article, Mise en place: the two hero regions face each other, so do the two companion
    regions (the layout of model.path_2v2; teammates sit across the table, model.PLAYERS); the
    three piles of two identical Tumult cards are shuffled; the first pile goes beside the hero
    regions, the second beside the companion regions, the last in the centre, face down."""
    adv = game.state.adventure
    rng = game.rng()
    pairs = [(adv.tumult[k].name, adv.tumult[k + 1].name) for k in (0, 2, 4)]
    rng.shuffle(pairs)
    order = tuple(name for pair in pairs for name in pair)
    flipped = tuple(rng.random() < 0.5 for _ in order)
    game.emit(
        ev.Shuffle(None, "adventure", "adventure", order, flipped=flipped, cause="setup_2v2"),
        ("4.1.c", "1.3.1.a", "3.2.1.b"),
        articles=art(SETUP_2V2),
    )


@implements("4.1.g", "4.1.h", "1.3.1.c", "3.2.6.b", "4.2.5.d", *cr5("4.1.e", "3.2.7.c", "3.2.10.b"))
@implements_article(SETUP_2V2, 2)
def setup_first_player(game: Table, _: Any) -> None:
    """4.1.g: the first player is drawn at random, unless the scenario names one (`first_player`),
    which stands for that draw. 4.1.h / 1.3.1.c: each hero is revealed in its Hero zone. Under
    cr-5.0 there is no reveal step: the hero was presented face up (4.1.e)."""
    st = game.state
    cite = art(SETUP_2V2) if st.mode == "2v2" else ()
    if st.first_player is None:
        p = game.rng().choice(sorted(st.players))
        game.emit(ev.FirstPlayer(p, None, "random"), ("4.1.g",), articles=cite)
    else:
        game.emit(
            ev.Note("first_player_given", player=st.first_player), ("4.1.g",), "first-player-given", articles=cite
        )
    v5 = st.rules == CR5
    for p in st.order:
        hero = st.players[p].hero
        if hero:
            game.emit(
                ev.Note("hero_face_up" if v5 else "hero_revealed", player=p),
                cr5("4.1.e") if v5 else ("4.1.h", "1.3.1.c"),
            )
        else:
            game.emit(ev.Note("no_hero", player=p), cr5("4.1.e", "3.2.7.c", "3.2.10.b") if v5 else ("4.1.h", "4.2.5.d"))
    game.goto("setup.shuffle")


@implements("4.1.i", "1.3.1.c")
def setup_shuffle(game: Table, _: Any) -> None:
    """4.1.i / 1.3.1.c: each player shuffles their deck and places it in their Deck zone."""
    st = game.state
    for p in st.order:
        order = [c.id for c in st.zones[f"{p}.deck"]]
        game.rng().shuffle(order)
        game.emit(ev.Shuffle(p, f"{p}.deck", f"{p}.deck", tuple(order), cause="setup"), ("4.1.i", "1.3.1.c"))
    game.goto("setup.draw")


@implements("4.1.j", "1.3.1.d", *cr5("4.1.h"))
def setup_draw(game: Table, _: Any) -> None:
    """4.1.j / 1.3.1.d: instead of the first Morning, each player draws six cards (cr-5.0: 4.1.h)."""
    for p in game.state.order:
        draw(game, p, 6, _draw_six(game), cause="draw_setup")
    game.goto("setup.mana")


def _draw_six(game: Table) -> tuple[str, ...]:
    return cr5("4.1.h") if game.state.rules == CR5 else ("4.1.j", "1.3.1.d")


def _three_orbs(game: Table) -> tuple[str, ...]:
    return cr5("4.1.i") if game.state.rules == CR5 else ("4.1.j", "1.3.1.d")


def need_mana(game: Table) -> Need:
    st = game.state
    p = st.order[st.sub]
    hand = [c.id for c in st.zones[f"{p}.hand"]]
    k = min(3, len(hand))

    def fits(d: dict) -> str | None:
        ids = d.get("mana")
        if not isinstance(ids, list):
            return 'réponse attendue : "mana" avec la liste des trois cartes'
        if len(ids) != k or len(set(ids)) != k:
            return f"il faut exactement {k} cartes différentes de la Main"
        bad = [i for i in ids if i not in hand]
        return f"pas dans la Main de {p} : {', '.join(map(str, bad))}" if bad else None

    auto = {"player": p, "mana": hand} if len(hand) <= 3 else None
    return Need(
        p,
        "mana",
        hand,
        k,
        _three_orbs(game),
        f"{p} doit placer {k} cartes de sa Main dans sa Zone de Mana (mise en place).",
        fits,
        lambda: ({"player": p, "mana": list(c)} for c in combinations(hand, k)),
        lambda: comb(len(hand), k),
        auto,
    )


@implements("4.1.j", "1.3.1.d", "3.2.9.b", *cr5("4.1.i", "3.2.9.b", "4.1.j", "4.2.a"))
def setup_mana(game: Table, decision: dict) -> None:
    """Three cards from Hand to Mana, first player first. Reading "setup-mana-ready": these orbs
    enter ready, as the first Morning (whose Prepare would ready them) is replaced by this setup
    (4.1.j) — the "sauf indication contraire" of 3.2.9.b. Under cr-5.0 no reading: "as ready Mana
    Orbs" (4.1.i, 1.3.1.e), then the first day starts, its Morning skipped (4.1.j)."""
    _place_three(game, decision, "setup.mana")


def _place_three(game: Table, decision: dict, again: str) -> None:
    st = game.state
    p = decision["player"]
    v5 = st.rules == CR5
    for card_id in decision["mana"]:
        if v5:
            move_card(game, card_id, p, "mana", "mana_setup", cr5("4.1.i", "3.2.9.b"))
        else:
            move_card(
                game, card_id, p, "mana", "mana_setup", ("3.2.9.b", "4.1.j", "1.3.1.d"), reading="setup-mana-ready"
            )
    if st.sub + 1 < len(st.order):
        game.goto(again, st.sub + 1)
    else:
        begin_phase(game, "noon", 1, cr5("4.1.j", "4.2.a") if v5 else ("4.1.j", "1.3.2.a"))


# -- a scenario that starts on the Morning of day 1: that Morning is replaced (1.3.1.d, 4.1.j) ----------
@implements("1.3.1.d", "4.1.j", *cr5("4.1.h", "4.1.j"))
@implements_phases("Passage du Marqueur Premier Joueur")
def first_morning_draw(game: Table, _: Any) -> None:
    """1.3.1.d: "Le matin du premier jour, au lieu des effets quotidiens normaux, les joueurs piochent
    six cartes et en placent trois dans leur Zone de Mana" (4.1.j): no marker change (the phases
    article: "Si ce n'est pas le premier jour"), no Prepare, no draw of two."""
    st = game.state
    game.emit(
        ev.Note("first_morning", player=st.first_player),
        cr5("4.1.h", "4.1.j") if st.rules == CR5 else ("1.3.1.d", "4.1.j"),
        articles=phases("Passage du Marqueur Premier Joueur"),
    )
    for p in st.order:
        draw(game, p, 6, _draw_six(game), cause="draw_setup")
    game.goto("morning.first_mana")


@implements("4.1.j", "1.3.1.d", "3.2.9.b", *cr5("4.1.i", "3.2.9.b", "4.1.j", "4.2.a"))
def first_morning_mana(game: Table, decision: dict) -> None:
    """The first Morning's three cards to Mana (as setup_mana), then Noon."""
    _place_three(game, decision, "morning.first_mana")
