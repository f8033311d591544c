"""The game state: cards, players, the Adventure, and the engine's progress.

The state is plain mutable data; it is changed only by :mod:`engine.journal`, which records
the inverse of every change so that :meth:`engine.Game.undo` restores it exactly.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

FORMAT = "arbitre-scenario/1"
PHASES = ("setup", "morning", "noon", "afternoon", "dusk", "night")
STATUSES = ("fleeting", "asleep", "anchored", "exhausted")
CARD_TYPES = ("character", "spell", "permanent", "hero")
TERRAINS = ("forest", "mountain", "water")
EXPEDITIONS = ("hero", "companion")
PLAYER_ZONES = (
    "deck", "hand", "mana", "reserve", "landmarks", "discard",
    "hero_expedition", "companion_expedition",
)
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
VERBS = ("draw", "discard", "resupply", "sabotage", "sacrifice", "move_forward", "move_backward",
         "gain_counters", "remove_counters", "gain_status", "lose_status", "choose_one", "internal")
HOME = {"hero": 0, "companion": 7}  # 3.2.1.b, 7.3.11.a
OPPOSITE = {"hero": 7, "companion": 0}
ARENA = 7  # 4.3.d: the Arena is the companion region turned face down
ALL_TERRAINS = frozenset(TERRAINS)


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

    def region_terrains(self, region: int) -> frozenset[str]:
        """Terrains of a region (3.2.1.b): 0 and 7 have all three; tumult card k covers
        regions 2k+1 and 2k+2; a face-down half has none; the Arena has all three (4.3.f)."""
        if self.arena or region in (0, 7):
            return ALL_TERRAINS
        k, half = divmod(region - 1, 2)
        if k >= len(self.tumult):
            return frozenset()
        card = self.tumult[k]
        return frozenset(card.terrains[half]) if card.face_up else frozenset()


@dataclass(eq=False, slots=True)
class State:
    """Everything a scenario document holds, plus the engine's progress (its `progress` key)."""

    players: dict[str, Player]
    zones: dict[str, list[Card]]          # "A.hand", ..., "limbo"
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
    loc: dict[str, str] = field(default_factory=dict)   # card id -> zone key

    @property
    def order(self) -> list[str]:
        """Players in initiative order: the first player, then the others (4.2.5.c remark)."""
        ids = list(self.players)
        fp = self.first_player or ids[0]
        i = ids.index(fp)
        return ids[i:] + ids[:i]

    def opponent(self, player: str) -> str:
        """1.2.1.b: in a two-player game each player is the other's opponent."""
        return next(p for p in self.players if p != player)

    def card(self, card_id: str) -> Card:
        for c in self.zones[self.loc[card_id]]:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def zone_of(self, card_id: str) -> str:
        return self.loc[card_id]

    def all_cards(self) -> list[Card]:
        return [c for cards in self.zones.values() for c in cards]


def zone_key(player: str, zone: str) -> str:
    return f"{player}.{zone}"


def split_zone(key: str) -> tuple[str | None, str]:
    """'A.hand' -> ('A', 'hand'); 'limbo' -> (None, 'limbo')."""
    if "." in key:
        p, z = key.split(".", 1)
        return p, z
    return None, key
