"""The game state: cards, players, the Adventure, and the engine's progress.

The state is plain mutable data; it is changed only by :mod:`engine.journal`, which records
the inverse of every change so that :meth:`engine.Game.undo` restores it exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .vocabulary import CardType, Expedition, Mode, Phase, Status, Terrain, Zone, values

FORMAT = "arbitre-scenario/1"
# the format's identifiers, from the one vocabulary (engine/vocabulary.py)
PHASES = values(Phase)
STATUSES = values(Status)
CARD_TYPES = values(CardType)
TERRAINS = values(Terrain)
EXPEDITIONS = values(Expedition)
PLAYER_ZONES = tuple(z for z in values(Zone) if z != Zone.LIMBO)
EXPEDITION_ZONES = ("hero_expedition", "companion_expedition")
# 1.2.3.e / 3.1.3.a: visible zones hold objects. Mana: 3.2.9.a calls it visible (face-down orbs
# are objects, 3.2.9.c) although 1.2.3.f lists it as hidden; the engine follows 3.2.9.a.
VISIBLE_ZONES = frozenset(
    {"reserve", "landmarks", "discard", "hero_expedition", "companion_expedition", "mana", "limbo"}
)
# 2.5.i: leaving these zones loses every counter; 2.5.j: leaving the others keeps them.
COUNTER_LOSING_ZONES = frozenset({"hero_expedition", "companion_expedition", "landmarks"})
IN_PLAY_ZONES = ("hero_expedition", "companion_expedition", "landmarks")  # 1.2.4.d
# part 2: the vocabulary of abilities and effect steps (scenario format, "ABILITY and STEP")
TRIGGERS = ("join", "played_from_hand", "played_from_reserve", "noon", "dusk")
QUICK_COSTS = ("exhaust_me", "discard_me", "mana", "spend")
VERBS = (
    "draw",
    "discard",
    "resupply",
    "sabotage",
    "sacrifice",
    "move_forward",
    "move_backward",
    "gain_counters",
    "remove_counters",
    "gain_status",
    "lose_status",
    "choose_one",
    "internal",
    "put",  # issue 12: put / return / send an object in play into a zone (CR 5.0 7.3.27)
)
HOME = {"hero": 0, "companion": 7}  # 3.2.1.b, 7.3.11.a
OPPOSITE = {"hero": 7, "companion": 0}
ARENA = 7  # 4.3.d: the Arena is the companion region turned face down
ALL_TERRAINS = frozenset(TERRAINS)
MODES = values(Mode)
PLAYERS = {"1v1": ("A", "B"), "2v2": ("A1", "B1", "A2", "B2")}  # 2v2: clockwise seat order

# The 2v2 Adventure (engine/README.md, "Mode 2v2"): a cross of four arms around a central pair.
# Tumult slots: 0 beside hero region 1, 1 beside hero region 2, 2 beside companion region 1,
# 3 beside companion region 2 (half 0 next to its region), 4 and 5 the central pair.
#: player -> (their hero region, their companion region); each region is shared by two opponents
ARMS_2V2 = {"A1": (1, 1), "B1": (2, 1), "A2": (2, 2), "B2": (1, 2)}
#: the opponent each expedition faces (its region's other player): 2v2 article, "Chaque joueur fait face
#: à un adversaire différent pour chacune de ses Expéditions"
FACING_2V2 = {
    ("A1", "hero"): "B2",
    ("B2", "hero"): "A1",
    ("B1", "hero"): "A2",
    ("A2", "hero"): "B1",
    ("A1", "companion"): "B1",
    ("B1", "companion"): "A1",
    ("A2", "companion"): "B2",
    ("B2", "companion"): "A2",
}
CENTRE = (4, 5)


def path_2v2(player: str) -> tuple[tuple, ...]:
    """The eight regions of a 2v2 player's path, position 0 (hero region) to 7 (companion region):
    ("hero", n) / ("companion", n) regions, ("tumult", slot, half) halves. The centre is crossed on
    the hero arm's side: hero region 1's players cross halves 0 of cards 4 then 5, hero region 2's
    halves 1 of cards 5 then 4 (the pair turned opposite ways, both meet its single-type half first)."""
    h, c = ARMS_2V2[player]
    centre = (("tumult", 4, 0), ("tumult", 5, 0)) if h == 1 else (("tumult", 5, 1), ("tumult", 4, 1))
    return (
        ("hero", h),
        ("tumult", h - 1, 0),
        ("tumult", h - 1, 1),
        *centre,
        ("tumult", c + 1, 1),
        ("tumult", c + 1, 0),
        ("companion", c),
    )


def team(player: str) -> str:
    """2v2: "A1" and "A2" are team "A"; in 1v1 a player is their own side."""
    return player[0]


@dataclass(eq=False, slots=True)
class Card:
    """One physical card or token, named by `id` across every move.

    `statuses` is a tuple and `counters` a dict that are replaced, never mutated in place,
    so the journal can undo a change by restoring the old value. `timestamp` is the object's
    timestamp (2.1.c): a new one each time the card enters a visible zone, `None` in a hidden zone.
    """

    id: str
    name: str
    type: str = "character"
    owner: str = "A"
    hand_cost: int = 0
    reserve_cost: int | None = None
    stats: dict[str, int] = field(default_factory=dict)
    statuses: tuple[str, ...] = ()
    counters: dict[str, int] = field(default_factory=dict)
    keywords: list[str] = field(default_factory=list)
    abilities: list[Any] = field(default_factory=list)
    effect: list[Any] = field(default_factory=list)
    token: bool = False
    timestamp: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def stat(self, terrain: str) -> int:
        """A statistic; a missing number counts as zero (1.1.6.d)."""
        return self.stats.get(terrain, 0)

    def has(self, status: str) -> bool:
        return status in self.statuses


@dataclass(eq=False, slots=True)
class Player:
    id: str
    hero: dict[str, Any] | None = None
    passed: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def reserve_limit(self) -> int:
        """4.2.5.c the hero's limit; 4.2.5.d: 2 without a hero (or a hero that names none)."""
        return int(self.hero.get("reserve_limit", 2)) if self.hero else 2

    @property
    def landmark_limit(self) -> int:
        return int(self.hero.get("landmark_limit", 2)) if self.hero else 2


@dataclass(eq=False, slots=True)
class Tumult:
    name: str
    face_up: bool
    terrains: tuple[tuple[str, ...], tuple[str, ...]]
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(eq=False, slots=True)
class Adventure:
    tumult: list[Tumult]
    markers: dict[str, dict[str, int]]
    arena: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    layout: str = "1v1"

    def region_of(self, region: int, player: str | None = None) -> tuple:
        """Which region position `region` of `player`'s path is: ("hero", n), ("companion", n) or
        ("tumult", slot, half). 1v1 (3.2.1.b): 0 and 7 the end regions, tumult card k covers
        positions 2k+1 and 2k+2. 2v2: see :func:`path_2v2`."""
        if self.layout == "2v2" and player is not None:
            return path_2v2(player)[region]
        if region == 0:
            return ("hero", 1)
        if region == 7:
            return ("companion", 1)
        k, half = divmod(region - 1, 2)
        return ("tumult", k, half)

    def region_terrains(self, region: int, player: str | None = None) -> frozenset[str]:
        """Terrains of a region (3.2.1.b): hero and companion regions have all three; a face-down
        Tumult half has none; the Arena has all three (4.3.f)."""
        if self.arena:
            return ALL_TERRAINS
        where = self.region_of(region, player)
        if where[0] != "tumult":
            return ALL_TERRAINS
        _, k, half = where
        if k >= len(self.tumult):
            return frozenset()
        card = self.tumult[k]
        return frozenset(card.terrains[half]) if card.face_up else frozenset()


@dataclass(eq=False, slots=True)
class State:
    """Everything a scenario document holds, plus the engine's progress (its `progress` key)."""

    players: dict[str, Player]
    zones: dict[str, list[Card]]  # "A.hand", ..., "limbo"
    adventure: Adventure
    format: str = FORMAT
    rules: str = "fr-1"
    seed: int = 0
    mode: str = "1v1"
    day: int = 1
    phase: str = "noon"
    first_player: str | None = "A"
    decisions: list[dict[str, Any]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    # progress: where the engine stands inside the phase
    step: str = ""
    sub: int = 0
    decision_index: int = 0
    random_count: int = 0
    next_timestamp: int = 1
    turn: str | None = None
    keeps: dict[str, tuple[str, ...]] = field(default_factory=dict)
    winner: str | None = None
    # part 2: effects waiting to resolve (front first) and a play being declared (see rules/effects.py)
    stack: list[dict[str, Any]] = field(default_factory=list)
    declare: dict[str, Any] | None = None
    groups: int = 0
    dusk_advanced: tuple[str, ...] = ()  # "P.hero" / "P.companion" that advanced this Dusk (phases article)
    loc: dict[str, str] = field(default_factory=dict)  # card id -> zone key
    cards: dict[str, Card] = field(default_factory=dict)  # card id -> the card (a lookup, not a scan)

    def __post_init__(self) -> None:
        if not self.cards:
            self.cards = {c.id: c for cards in self.zones.values() for c in cards}

    @property
    def order(self) -> list[str]:
        """Players in initiative order: the first player, then the others (4.2.5.c remark); in 2v2
        clockwise from the first player (the 2v2 article). `players` is kept in seat order."""
        ids = list(self.players)
        fp = self.first_player or ids[0]
        i = ids.index(fp)
        return ids[i:] + ids[:i]

    def opponent(self, player: str) -> str:
        """1.2.1.b: in a two-player game each player is the other's opponent. In 2v2, the next
        opponent clockwise (the one after `player` in seat order)."""
        return self.opponents(player)[0]

    def opponents(self, player: str) -> list[str]:
        """Every opponent of `player`, clockwise from the next seat."""
        ids = list(self.players)
        i = ids.index(player)
        return [p for p in ids[i + 1 :] + ids[:i] if team(p) != team(player)]

    def teammate(self, player: str) -> str | None:
        """2v2: the other player of the team (seated across the table); None in 1v1."""
        return next((p for p in self.players if p != player and team(p) == team(player)), None)

    def next_seat(self, player: str) -> str:
        """The next player clockwise (2v2 article; in 1v1 the opponent)."""
        ids = list(self.players)
        return ids[(ids.index(player) + 1) % len(ids)]

    def card(self, card_id: str) -> Card:
        """The card named `card_id` (KeyError when it is nowhere, e.g. a token that ceased)."""
        self.loc[card_id]
        return self.cards[card_id]

    def zone_of(self, card_id: str) -> str:
        return self.loc[card_id]

    def all_cards(self) -> list[Card]:
        return [c for cards in self.zones.values() for c in cards]


def zone_key(player: str, zone: str) -> str:
    return f"{player}.{zone}"


def split_zone(key: str) -> tuple[str | None, str]:
    """'A.hand' -> ('A', 'hand'); 'limbo' -> (None, 'limbo'). Looked up in a table made once: a
    step splits a zone key a few dozen times."""
    try:
        return _SPLIT[key]
    except KeyError:
        return _split(key)


def _split(key: str) -> tuple[str | None, str]:
    if "." in key:
        p, z = key.split(".", 1)
        return p, z
    return None, key


#: every zone key of every mode, split
_SPLIT = {
    key: _split(key)
    for key in {zone_key(p, z) for ps in PLAYERS.values() for p in ps for z in PLAYER_ZONES} | {"limbo"}
}
