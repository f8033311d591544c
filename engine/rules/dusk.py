"""Dusk (1.3.2.e) and the tiebreakers in the Arena (4.3.f–h); the end of the game is rules/end.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..model import EXPEDITIONS, FACING_2V2, TERRAINS, team
from ..versions import CR5, cr5
from . import effects
from .actions import move_forward
from .flow import begin_phase
from .registry import art, implements, implements_article, implements_phases, phases

SETUP_2V2 = "Mise en place d'une partie multijoueur Altered en 2v2"
TIEBREAK = "Départage"

if TYPE_CHECKING:
    from ..table import Table


@implements("1.1.6.d", "2.4.3", *cr5("2.5.1.b"))
def expedition_sums(
    game: Table, player: str, expedition: str
) -> tuple[tuple[int, int, int], tuple[str, ...], tuple[str, ...]]:
    """Sum of the statistics of the characters of one expedition (1.3.2.e); a missing number is 0
    (1.1.6.d); asleep characters are not counted (2.4.3). Under cr-5.0 each boost counter of a
    Character adds 1 to each of its statistics (2.5.1.b); the French rules give counters no effect
    of their own (2.5.h). Returns (sums, asleep ids left out, ids whose boosts counted)."""
    f = m = w = 0
    asleep = []
    boosted = []
    v5 = game.state.rules == CR5
    for c in game.state.zones[f"{player}.{expedition}_expedition"]:
        if c.type != "character":
            continue
        if "asleep" in c.statuses:
            asleep.append(c.id)
            continue
        s = c.stats
        boost = c.counters.get("boost", 0) if v5 and c.counters else 0
        if boost:
            boosted.append(c.id)
        f += s.get("forest", 0) + boost
        m += s.get("mountain", 0) + boost
        w += s.get("water", 0) + boost
    return (f, m, w), tuple(asleep), tuple(boosted)


BOOST = cr5("2.5.1.b")


@implements("1.2.1.b")
@implements_article(SETUP_2V2, 7)
def facing(game: Table, player: str, expedition: str) -> tuple[str, str]:
    """The expedition facing (player, expedition): in a two-player game the opponent (1.2.1.b)'s
    expedition of the same kind. In 2v2 each expedition faces a different opponent (the article):
    the opponent who shares its region (model.FACING_2V2), with the expedition of the same kind."""
    if game.state.mode == "2v2":
        return FACING_2V2[(player, expedition)], expedition
    return game.state.opponent(player), expedition


@implements("1.3.2.e", "2.4.3", *cr5("2.5.1.b"))
@implements_phases("Comparaison des Statistiques", "Avancement des Expéditions")
def progress(game: Table, _: Any) -> None:
    """1.3.2.e: every expedition compares, for each terrain of the region it stands on, its sum with
    the facing expedition (in 1v1 the opponent's expedition of the same kind) and moves forward
    once if one of those sums is strictly greater and above zero. All comparisons are made on the
    board as it stands at the start of the step, then the expeditions move (simultaneous).
    In the Arena, 4.3.h replaces this comparison."""
    st = game.state
    if st.adventure.arena and st.mode == "2v2":
        tiebreak_2v2(game)
    elif st.adventure.arena:
        tiebreak(game)
    else:
        results = []
        for p in st.order:
            for kind in EXPEDITIONS:
                region = st.adventure.markers[p][kind]
                terrains = st.adventure.region_terrains(region, p)
                mine, asleep, boosted = expedition_sums(game, p, kind)
                theirs, asleep2, boosted2 = expedition_sums(game, *facing(game, p, kind))
                wins = [t for i, t in enumerate(TERRAINS) if t in terrains and mine[i] > theirs[i] and mine[i] > 0]
                results.append(
                    (p, kind, region, terrains, mine, theirs, bool(wins), asleep + asleep2, boosted + boosted2)
                )
        cite = art(SETUP_2V2) if st.mode == "2v2" else ()
        for p, kind, region, terrains, mine, theirs, advances, asleep, boosted in results:
            rules: tuple[str, ...] = ("1.3.2.e", "2.4.3") if asleep else ("1.3.2.e",)
            rules += BOOST if boosted else ()
            game.emit(
                ev.Progress(
                    p,
                    kind,
                    region,
                    tuple(t for t in TERRAINS if t in terrains),
                    mine,
                    theirs,
                    advances,
                    asleep,
                    facing(game, p, kind)[0] if cite else None,
                ),
                rules,
                articles=cite + phases("Comparaison des Statistiques"),
            )
            if advances:
                move_forward(game, p, kind, "dusk", ("1.3.2.e",))
    if st.winner is None:
        game.goto("dusk.end")


def end_of_dusk(game: Table, _: Any) -> None:
    begin_phase(game, "night")


@implements_phases('Activation des Capacités "Au Crépuscule"')
def dusk_reactions(game: Table, _: Any) -> None:
    """The article on the phases: "Au Crépuscule" reactions are activated and resolved before the
    expeditions move, first player's first. Without any, the comparison is made in this step."""
    if effects.trigger(game, "dusk"):
        game.goto("dusk.progress")
    else:
        progress(game, None)


@implements_article(TIEBREAK, 1, 2)
@implements("4.3.h", "4.3.f", "2.4.3")
def tiebreak_2v2(game: Table) -> None:
    """The 2v2 article, Départage: during the tiebreak day's Dusk each team totals the statistics
    of its characters (both players, both expeditions, asleep ones left out, 2.4.3) for each type
    of the Arena (4.3.f); the team ahead on more types wins; otherwise another tiebreak day."""
    st = game.state
    totals: dict[str, list[int]] = {"A": [0, 0, 0], "B": [0, 0, 0]}
    asleep_any = False
    for p in st.order:
        for kind in EXPEDITIONS:
            s, asleep, _ = expedition_sums(game, p, kind)  # 2v2: fr-1 only (no boosts counted)
            asleep_any = asleep_any or bool(asleep)
            for i in range(3):
                totals[team(p)][i] += s[i]
    a: tuple[int, int, int] = (totals["A"][0], totals["A"][1], totals["A"][2])
    b: tuple[int, int, int] = (totals["B"][0], totals["B"][1], totals["B"][2])
    wins = {"A": sum(x > y for x, y in zip(a, b)), "B": sum(y > x for x, y in zip(a, b))}
    rules = ("4.3.f", "2.4.3") if asleep_any else ("4.3.f",)
    game.emit(ev.Tiebreak("compare", (("A", a), ("B", b)), tuple(wins.items())), rules, articles=art(TIEBREAK))
    if wins["A"] != wins["B"]:
        game.emit(ev.Win("A" if wins["A"] > wins["B"] else "B", "arena"), ("4.3.h", "4.3.f"), articles=art(TIEBREAK))
    else:
        game.emit(ev.Note("tiebreak_again"), (), articles=art(TIEBREAK))


@implements("4.3.h", "4.3.f", "2.4.3", *cr5("4.3.e", "4.3.c", "2.5.1.b"))
def tiebreak(game: Table) -> None:
    """4.3.h: each player sums the statistics of the characters of both expeditions (asleep ones
    left out, 2.4.3; the Arena has the three terrains, 4.3.f), compares each statistic; a player
    who wins on more statistics than the opponent wins; otherwise the game goes on (more days).
    Under cr-5.0 (4.3.e) a terrain counts for a player only when their total there is greater than
    the opponent's and positive (the Arena's terrains: 4.3.c)."""
    st = game.state
    v5 = st.rules == CR5
    totals: dict[str, tuple[int, int, int]] = {}
    asleep_any = boosted_any = False
    for p in st.order:
        sums = [0, 0, 0]
        for kind in EXPEDITIONS:
            s, asleep, boosted = expedition_sums(game, p, kind)
            asleep_any = asleep_any or bool(asleep)
            boosted_any = boosted_any or bool(boosted)
            for i in range(3):
                sums[i] += s[i]
        totals[p] = (sums[0], sums[1], sums[2])
    a, b = st.order
    floor = 0 if v5 else None  # cr-5.0: "a greater (positive) statistic"
    wins = {
        a: sum(x > y and (floor is None or x > floor) for x, y in zip(totals[a], totals[b])),
        b: sum(y > x and (floor is None or y > floor) for x, y in zip(totals[a], totals[b])),
    }
    rules = cr5("4.3.e", "4.3.c") if v5 else ("4.3.h", "4.3.f")
    game.emit(
        ev.Tiebreak("compare", tuple(totals.items()), tuple(wins.items())),
        rules + (("2.4.3",) if asleep_any else ()) + (BOOST if boosted_any else ()),
    )
    if wins[a] != wins[b]:
        game.emit(ev.Win(a if wins[a] > wins[b] else b, "arena"), cr5("4.3.e") if v5 else ("4.3.h",))
