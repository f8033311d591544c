"""The end of the game (4.3.a–e; in 2v2 the article's Conditions de victoire), checked at every
movement of an expedition marker: "C'est un modificateur d'événement additif" (4.3.a), the win
belongs to the movement that makes the expeditions meet or cross (reading "end-each-move")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import events as ev
from ..model import team
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
