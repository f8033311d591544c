"""Behaviours the official Comprehensive Rules 5.0 changed in effects, objects and abilities, played
when a scenario's ``rules`` is ``"cr-5.0"`` (issue 12). The branches themselves live where the
behaviour is played (rules/effects.py, rules/play.py, rules/actions.py, apply.py); this module holds
what they share; the French rules now played as v5.0 says are listed, one line each, in
rules/registry/coverage.py's ``CR5_PLAYED`` (RULES.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .. import events as ev
from ..versions import cr5
from .registry import implements

if TYPE_CHECKING:
    from ..table import Table


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
