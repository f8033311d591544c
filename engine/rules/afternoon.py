"""Afternoon (1.3.2.d and the article on the phases): turns alternate from the first player until
both have passed. On a turn a player takes any number of quick actions (and Orb swaps, 3.2.9.e),
then plays one card or passes; once passed, they take no more turns that day.

A `play` or `quick` decision may leave its mode or targets out: it is then *declared* (kept in
``state.declare``) and the next decisions are `mode` and `targets` (5.2.3.a–d), asked by the same
step; the card is played once the declaration is complete."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from .. import events as ev
from ..errors import Refusal
from . import play
from .flow import OPTIONS_CAP, Need, begin_phase
from .registry import art, implements, implements_article, implements_phases, phases
from .targets import completions_count, declared_slots, expand_mode, iter_completions, modes_of, target_options

if TYPE_CHECKING:
    from ..table import Table


def _problem(game: Table, p: str, d: dict) -> tuple[str | None, bool]:
    return (play.play_problem if "play" in d else play.quick_problem)(game, p, d)


def _steps(game: Table, d: dict) -> list[dict]:
    card = game.state.card(d["play"] if "play" in d else d["quick"])
    if "play" in d:
        return card.effect if card.type == "spell" else []
    return card.abilities[d.get("ability", 0)].get("effect", [])


def _need_declaration(game: Table) -> Need:
    st = game.state
    decl = st.declare
    assert decl is not None, "asked only while a play is being declared"
    p = decl["player"]
    card: str = decl.get("play") or decl["quick"]
    name = game.names.get(card, card)
    steps = _steps(game, decl)
    if modes_of(steps) and "mode" not in decl:
        modes = [m for m in range(modes_of(steps)) if _problem(game, p, {**decl, "mode": m})[0] is None]
        return Need(
            p,
            "mode",
            modes,
            1,
            ("5.2.3.c", "5.2.3.a"),
            f"{p} choisit le mode de {name} (déclaration d'intention).",
            lambda d: (
                f'réponse attendue : "mode" parmi {modes} (5.2.3.c)'
                if d.get("mode") not in modes
                else _problem(game, p, {**decl, **d})[0]
                if "targets" in d
                else None
            ),
            lambda: ({"player": p, "mode": m} for m in modes),
            lambda: len(modes),
        )
    if "mode" in decl:
        steps = expand_mode(steps, decl["mode"])
    slots = []
    for s in declared_slots(steps):
        options = target_options(game, p, card, s)
        slots.append(
            {
                "step": s["action"],
                "choose": int(s.get("choose", 1)),
                "options": options[:OPTIONS_CAP],
                "count": len(options),
                "truncated": len(options) > OPTIONS_CAP,
            }
        )

    def fits(d: dict) -> str | None:
        if "targets" not in d:
            return Refusal('réponse attendue : "targets"', "5.2.3.b")
        return _problem(game, p, {**decl, "targets": d["targets"]})[0]

    def legal() -> Iterator[dict]:
        return ({"player": p, "targets": t} for t in iter_completions(game, p, card, steps))

    return Need(
        p,
        "targets",
        slots,
        sum(s["choose"] for s in slots),
        ("5.2.3.b", "5.2.3.a"),
        f"{p} choisit les cibles de {name}, dans l'ordre des étapes : "
        + " ; ".join(f"{s['choose']} pour « {s['step']} »" for s in slots)
        + ".",
        fits,
        legal,
        lambda: completions_count(game, p, card, steps),
        extra={"constraints": {"distinct": "per_step"}},
    )


def need_turn(game: Table) -> Need | None:
    st = game.state
    p = st.turn
    if p is None:
        return None
    if st.declare is not None:
        return _need_declaration(game)
    return Need(
        p,
        "turn",
        lambda: play.options(game, p),
        None,
        ("1.3.2.d",),
        f"Tour de {p} : actions rapides, puis jouer une carte ou passer.",
        lambda d: play.check(game, p, d),
        lambda: play.options(game, p),
        lambda: play.options_count(game, p),
        articles=_clockwise(game),
    )


def _clockwise(game: Table) -> tuple[tuple[str, str], ...]:
    return art("Mise en place d'une partie multijoueur Altered en 2v2") if game.state.mode == "2v2" else ()


@implements_article("Mise en place d'une partie multijoueur Altered en 2v2", 6)
def next_turn(game: Table, player: str) -> str | None:
    """Who takes the next turn after `player`: the next player clockwise who has not passed (the
    2v2 article: "chacun leur tour dans le sens des aiguilles d'une montre jusqu'à ce que tout le
    monde ait passé"; in 1v1 the opponent, 1.3.2.d), else `player` again if they have not passed,
    else nobody (everyone has passed)."""
    st = game.state
    p = st.next_seat(player)
    while p != player:
        if not st.players[p].passed:
            return p
        p = st.next_seat(p)
    return None if st.players[player].passed else player


@implements("1.3.2.d", "5.2.3.a", "5.2.3.b", "5.2.3.c")
@implements_phases("Tour par Tour", "Actions Rapides", "Jouer une Carte", "Passer")
def take_turn(game: Table, decision: dict | None) -> None:
    """1.3.2.d: a quick action or an Orb swap leaves the turn to the same player; playing a card
    ends the turn; a player who passes takes no more turns this day; the afternoon ends once
    both have passed."""
    st = game.state
    if decision is None:
        _next(game, None)
        return
    p = decision["player"]
    if st.declare is not None:
        decision = {**st.declare, **{k: decision[k] for k in ("mode", "targets") if k in decision}}
        game.set(st, "declare", None)
    if decision.get("pass") is True:
        game.set(st.players[p], "passed", True)
        _next(game, next_turn(game, p))
        return
    if "swap" in decision:
        play.swap(game, p, decision)
        return
    _, complete = _problem(game, p, decision)
    if not complete:
        game.set(st, "declare", {k: v for k, v in decision.items()})
        return
    if "quick" in decision:
        play.quick_action(game, p, decision)
        return
    play.play_card(game, p, decision)
    game.set(st, "turn", next_turn(game, p))


@implements_phases("Fin de la Phase")
def _next(game: Table, nxt: str | None) -> None:
    st = game.state
    game.set(st, "turn", nxt)
    if nxt is None:
        game.emit(ev.Note("all_passed"), ("1.3.2.d",), articles=_clockwise(game) + phases("Fin de la Phase"))
        begin_phase(game, "dusk")
