"""Typed events: one small dataclass per kind of change, never changed once made.

They are not declared frozen: a frozen dataclass sets each field through object.__setattr__, which
made building the events and log entries a tenth of a 2v2 day (callgrind, 30.7 → 27.6 M
instructions per day of bench/engine_bench.py's 2v2 board). Nothing assigns to them.

Rules decide events, :meth:`engine.Game.emit` applies them to the state (through the journal)
and :mod:`engine.text` turns them into French. ``to_json()`` gives the ``event`` of a log entry
(see the scenario format, "Output of a run"). ``cause`` names why a change happened (``"rest"``,
``"draw"``...) so that the formatter can say it; it is part of the JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(slots=True)
class Event:
    type: ClassVar[str] = "event"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            v = getattr(self, f.name)
            if v is None or v == () or v == "":
                continue
            out[f.name.rstrip("_")] = list(v) if isinstance(v, tuple) else v
        return out


@dataclass(slots=True)
class PhaseBegins(Event):
    type: ClassVar[str] = "phase"
    day: int
    phase: str


@dataclass(slots=True)
class FirstPlayer(Event):
    type: ClassVar[str] = "first_player"
    player: str
    previous: str | None = None
    cause: str = ""


@dataclass(slots=True)
class Move(Event):
    """A card moves between zones ('A.hand', 'limbo'); `enters` lists statuses it enters with;
    `instead` is the zone it would have gone to when a replacement rule sent it elsewhere ("à la
    place", 2.4.6.c); `within` is true for a move inside the Expedition zone, from one Expedition to
    the other (fr-1 1.2.3.c, CR 5.0 3.2.4.d): the same object, not a change of zone."""

    type: ClassVar[str] = "move"
    card: str
    from_: str
    to: str
    cause: str = ""
    enters: tuple[str, ...] = ()
    instead: str = ""
    within: bool | None = None  # None (left out of the JSON) for every other move


@dataclass(slots=True)
class Cease(Event):
    """A token ceases to exist (2.1.d)."""

    type: ClassVar[str] = "cease"
    card: str
    zone: str


@dataclass(slots=True)
class StatusChange(Event):
    type: ClassVar[str] = "status"
    card: str
    status: str
    value: bool
    cause: str = ""


@dataclass(slots=True)
class CountersChange(Event):
    type: ClassVar[str] = "counters"
    card: str
    name: str
    before: int
    after: int
    cause: str = ""


@dataclass(slots=True)
class MarkerMove(Event):
    type: ClassVar[str] = "marker"
    player: str
    expedition: str
    from_: int
    to: int
    cause: str = ""


@dataclass(slots=True)
class Reveal(Event):
    type: ClassVar[str] = "reveal"
    tumult: int
    name: str
    regions: tuple[int, ...] = ()
    turned: bool = False  # 2v2 centre: the second card is turned the opposite way


@dataclass(slots=True)
class Shuffle(Event):
    """Cards of `from_` shuffled into `to` (same zone: shuffled in place), in `order` (top first).

    For the Adventure (`from_ == to == 'adventure'`), `order` names the tumult cards and
    `flipped` tells which were turned around (1.3.1.a)."""

    type: ClassVar[str] = "shuffle"
    player: str | None
    from_: str
    to: str
    order: tuple[str, ...]
    position: str = ""  # "bottom" when placed under the deck (3.2.2.d)
    flipped: tuple[bool, ...] = ()
    cause: str = ""


@dataclass(slots=True)
class Decision(Event):
    type: ClassVar[str] = "decision"
    player: str
    kind: str
    decision: tuple[tuple[str, Any], ...]
    automatic: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "player": self.player,
            "kind": self.kind,
            "decision": dict(self.decision),
            **({"automatic": True} if self.automatic else {}),
        }


@dataclass(slots=True)
class Win(Event):
    type: ClassVar[str] = "win"
    player: str  # 2v2: the team ("A" or "B")
    cause: str
    players: tuple[str, ...] = ()  # 2v2: the players whose conditions decided it


@dataclass(slots=True)
class Tiebreak(Event):
    """`cause` 'begin' turns the Adventure into the Arena (4.3.d); 'compare' reports 4.3.h."""

    type: ClassVar[str] = "tiebreak"
    cause: str
    totals: tuple[tuple[str, tuple[int, int, int]], ...] = ()  # 2v2: per team
    wins: tuple[tuple[str, int], ...] = ()
    players: tuple[str, ...] = ()  # 2v2 'begin': the players who met their conditions

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "cause": self.cause}
        if self.players:
            out["players"] = list(self.players)
        if self.totals:
            out["totals"] = {p: dict(zip(("forest", "mountain", "water"), t)) for p, t in self.totals}
            out["wins"] = dict(self.wins)
        return out


@dataclass(slots=True)
class Note(Event):
    """A step that changes nothing on the board but must be said (Noon passes, nothing to draw...).
    `card` is only ever a card id, `expedition` an expedition kind, `players` players named."""

    type: ClassVar[str] = "note"
    key: str
    player: str | None = None
    card: str | None = None
    count: int | None = None
    expedition: str | None = None
    players: tuple[str, ...] = ()


@dataclass(slots=True)
class Progress(Event):
    """Dusk (1.3.2.e): one expedition's sums against the facing one, on its region's terrains."""

    type: ClassVar[str] = "progress"
    player: str
    expedition: str
    region: int
    terrains: tuple[str, ...]
    mine: tuple[int, int, int]
    theirs: tuple[int, int, int]
    advances: bool
    asleep: tuple[str, ...] = ()  # asleep characters left out (2.4.3)
    against: str | None = None  # the facing player (2v2: a different opponent per expedition)


@dataclass(slots=True)
class Effect(Event):
    """An effect on its way: a reaction triggers (`triggered`), or a spell, quick action, reaction or
    internal action starts resolving (`begin`). `kind`: spell, reaction, quick, internal."""

    type: ClassVar[str] = "effect"
    card: str
    player: str
    kind: str
    stage: str
    trigger: str = ""
    group: tuple[str, ...] = ()  # `order`: the frames of one player's simultaneous reactions, in order


@dataclass(slots=True)
class Declared(Event):
    """The choices made on declaring a card or a quick action: mode and targets (5.2.3.a–d)."""

    type: ClassVar[str] = "declared"
    card: str
    player: str
    mode: int | None = None
    targets: tuple[str, ...] = ()
    support: bool = False
