"""Behaviours the official Comprehensive Rules 5.0 changed in effects, objects and abilities, played
when a scenario's ``rules`` is ``"cr-5.0"`` (issue 12). The branches themselves live where the
behaviour is played (rules/effects.py, rules/play.py, rules/actions.py, apply.py); this module holds
what they share and :data:`CR5_PLAYED`, the list of French rules now played as v5.0 says, for
RULES.md (the table's generator belongs to rules/registry.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .. import events as ev
from ..versions import CR5, cr5
from .registry import implements

if TYPE_CHECKING:
    from ..table import Table

#: French rule -> (the v5.0 paragraphs played instead under cr-5.0, the functions that play them)
CR5_PLAYED: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "5.2.3.b": (("6.5.b",), ("rules.effects.need_resolution", "rules.effects.resolve", "rules.play.play_problem")),
    "5.2.3.c": (("6.5.g",), ("rules.effects.need_resolution", "rules.effects.resolve", "rules.targets.expand_modes")),
    "5.2.3.d": (("6.5.g", "6.5.b"), ("rules.effects.need_resolution", "rules.play.play_problem")),
    "5.2.3.e": (("6.5.c",), ("rules.effects.need_resolution", "rules.effects.resolve")),
    "5.2.3.f": (("6.5.d",), ("rules.effects.condition_holds", "rules.effects.resolve")),
    "5.2.3.g": (("6.5.c", "6.5.f", "6.4.c"), ("rules.effects.need_resolution", "rules.effects.resolve")),
    "2.1.d": (("2.1.e",), ("rules.actions.move_card", "rules.cr5.token_leaves")),
    "2.5.a": (("2.5.b",), ("apply.counters_kept", "rules.actions.move_card")),
    "2.5.i": (("2.5.j", "2.5.k"), ("apply.counters_kept", "rules.actions.move_card")),
    "2.5.j": (("2.5.l",), ("apply.counters_kept", "rules.actions.move_card")),
    "1.1.6.e": (("1.1.6.e", "7.3.10.a"), ("rules.play.play_card", "rules.effects.trigger", "rules.effects.put")),
    "1.2.4.d": (
        ("1.2.4.d", "2.4.6.e"),
        ("rules.effects.works_in", "rules.effects.trigger", "rules.play.quick_problem"),
    ),
}


def playing(game: Table) -> bool:
    """Whether the game plays the official rules v5.0."""
    return game.state.rules == CR5


@implements(*cr5("2.1.e"))
def token_leaves(
    game: Table,
    card_id: str,
    zone: str,
    rules: tuple[str, ...],
    reading: str | None = None,
    articles: Iterable[tuple[str, str]] = (),
) -> str:
    """v5.0 2.1.e: a token that would leave the Expedition zone and join another zone does not join
    it: it ceases to exist instead (it still leaves the Expedition). Returns the zone it left."""
    game.emit(ev.Cease(card_id, zone), cr5("2.1.e") + rules, reading, articles)
    return zone
