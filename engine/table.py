"""The narrow interface the rules see (core): not `Game`, only the table they play on.

`state` to read the board, `emit` to change it (an event, applied and logged with its rules),
`set` and `goto` for the engine's own cursor and bookkeeping, `rng` for a random event; `journal`
for the stack frames' bookkeeping, `log` to read what a step did, `names` for the cards' names.
`engine.game.Game` implements it; the rules never import the game loop.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Protocol

from .journal import Journal
from .model import State


class Table(Protocol):
    state: State
    journal: Journal
    log: list[Any]
    names: dict[str, str]

    def emit(
        self,
        event: Any,
        rules: Iterable[str] = (),
        reading: str | None = None,
        articles: Iterable[tuple[str, str]] = (),
        via: frozenset[str] = frozenset(),
    ) -> Any: ...

    def set(self, obj: Any, attr: str, value: Any) -> None: ...

    def goto(self, step: str, sub: int = 0) -> None: ...

    def rng(self) -> random.Random: ...
