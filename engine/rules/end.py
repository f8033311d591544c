"""The end of the game (4.3.a–e; in 2v2 the article's Conditions de victoire), checked at every
movement of an expedition marker: "C'est un modificateur d'événement additif" (4.3.a), the win
belongs to the movement that makes the expeditions meet or cross (reading "end-each-move").

Under cr-5.0 nothing is checked at a movement: victory is checked at Night ("Check Victory", the
third daily effect, 4.2.5.d), by each player's total distance (:func:`check_victory`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as ev
from ..model import HOME, team
from ..versions import CR5, cr5
from .registry import art, implements, implements_article

VICTORY = "Conditions de victoire"
TIEBREAK = "Départage"

if TYPE_CHECKING:
    from ..table import Table


def _reading(game: Table) -> str:
    """'end-first-move' when the end comes inside an effect (later steps are not played)."""
    return "end-first-move" if game.state.stack else "end-check"


@implements("4.3.a", "4.3.b", "4.3.c", "4.3.d", "4.3.e", "3.2.1.c")
def check_end(game: Table) -> None:
    """Checked after every step that moved a marker (reading _reading(game)). 4.3.a: a player whose
    expeditions meet wins; 4.3.b: whose expeditions cross wins; 4.3.c: both players at once
    (meeting or crossing, reading "tiebreak-mixed") start the tiebreakers (4.3.d–e: the Arena).
    In 2v2, the article's conditions (check_end_2v2)."""
    st = game.state
    if st.rules == CR5:
        return  # cr-5.0: no win when expeditions meet or cross; Check Victory at Night (check_victory)
    if st.mode == "2v2":
        check_end_2v2(game)
        return
    reached = []
    for p in st.order:
        m = st.adventure.markers[p]
        if m["hero"] == m["companion"]:
            reached.append((p, "meet"))
        elif m["hero"] > m["companion"]:
            reached.append((p, "cross"))
    if len(reached) == 1:
        p, how = reached[0]
        game.emit(ev.Win(p, how), ("4.3.a",) if how == "meet" else ("4.3.b",), _reading(game))
    elif len(reached) > 1:
        mixed = len({how for _, how in reached}) > 1
        game.emit(
            ev.Tiebreak("begin"), ("4.3.c", "4.3.d", "4.3.e", "3.2.1.c"), "tiebreak-mixed" if mixed else _reading(game)
        )


@implements_article(VICTORY, 1, 2, 3, 4)
@implements_article("(introduction)", 3)
def check_end_2v2(game: Table) -> None:
    """The 2v2 article, Conditions de victoire. A player meets the conditions when their hero and
    companion expeditions meet in one region (or have crossed, 4.3.b: they went "plus loin que
    nécessaire"); their extra advance is hero position − companion position (0 when they just met).
    One player, or players of one team: that team wins. Two players of different teams: the one
    who went further than necessary wins for their team (both further: the larger extra advance,
    reading "2v2-further"), else a tiebreak day in the Arena. Three players: the allied pair wins.
    Four: a team with at least one extra advance more than the other (team totals, reading
    "2v2-team-extra") wins, else a tiebreak day."""
    st = game.state
    extra = {p: m["hero"] - m["companion"] for p, m in st.adventure.markers.items() if m["hero"] >= m["companion"]}
    if not extra:
        return
    teams = sorted({team(p) for p in extra})
    players = tuple(p for p in st.players if p in extra)
    how = "cross" if any(extra.values()) else "meet"
    if len(teams) == 1:
        rules = ("4.3.a",) if how == "meet" else ("4.3.a", "4.3.b")
        game.emit(ev.Win(teams[0], how, players), rules, _reading(game), art(VICTORY))
        return
    if len(players) == 3:
        ally = next(t for t in teams if sum(team(p) == t for p in players) == 2)
        game.emit(ev.Win(ally, "three", players), ("4.3.a",), _reading(game), art(VICTORY))
        return
    if len(players) == 2:
        a, b = players
        if extra[a] != extra[b]:
            w = a if extra[a] > extra[b] else b
            reading = "2v2-further" if min(extra[a], extra[b]) > 0 else _reading(game)
            game.emit(ev.Win(team(w), "further", (w,)), ("4.3.a", "4.3.b"), reading, art(VICTORY))
            return
        game.emit(
            ev.Tiebreak("begin", players=players), ("4.3.d", "4.3.e", "3.2.1.c"), _reading(game), art(VICTORY, TIEBREAK)
        )
        return
    totals = {t: sum(extra[p] for p in players if team(p) == t) for t in teams}
    if abs(totals["A"] - totals["B"]) >= 1:
        w = "A" if totals["A"] > totals["B"] else "B"
        game.emit(ev.Win(w, "team_extra", players), ("4.3.a", "4.3.b"), "2v2-team-extra", art(VICTORY))
        return
    game.emit(
        ev.Tiebreak("begin", players=players), ("4.3.d", "4.3.e", "3.2.1.c"), "2v2-team-extra", art(VICTORY, TIEBREAK)
    )


def distance(markers: dict[str, int]) -> int:
    """4.2.5.d (CR 5.0): the distance of a player's two expeditions to their starting regions (hero
    from region 0, companion from region 7): 7 when they are on the same region, more when crossed."""
    return (markers["hero"] - HOME["hero"]) + (HOME["companion"] - markers["companion"])


@implements(*cr5("4.2.5.a", "4.2.5.d", "4.3.a", "4.3.b", "4.3.f"))
def check_victory(game: Table) -> None:
    """Check Victory (cr-5.0 only; 4.2.5.a: the third daily effect of Night, after Rest and Clean-up;
    1.3.2.f, 1.3.3.a–c, 4.2.5.d): each player sums the distance of their expeditions. All at 6 or
    less: nothing happens. One player at 7 or more, strictly above every opponent: they win. Otherwise
    several players tie at the highest total: tiebreakers start (4.3.a–b: the Arena). During
    tiebreakers Check Victory has no effect (4.3.f). (2v2 is refused under cr-5.0: scenario/check.py.)"""
    st = game.state
    if st.adventure.arena:
        game.emit(ev.Note("victory_tiebreak"), cr5("4.2.5.d", "4.3.f"))
        return
    totals = {p: distance(st.adventure.markers[p]) for p in st.order}
    game.emit(ev.Note("victory_check", players=tuple(st.order)), cr5("4.2.5.a", "4.2.5.d"))
    best = max(totals.values())
    leaders = [p for p in st.order if totals[p] == best]
    if best <= 6:
        game.emit(ev.Note("victory_none"), cr5("4.2.5.d"))
    elif len(leaders) == 1:
        how = "meet" if best == 7 else "cross"
        game.emit(ev.Win(leaders[0], f"total_{how}"), cr5("4.2.5.d"))
    else:
        game.emit(ev.Tiebreak("begin", players=tuple(leaders)), cr5("4.2.5.d", "4.3.a", "4.3.b"))
