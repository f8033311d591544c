"""The one vocabulary of the engine (core: imports nothing of the engine): zones, statuses, phases,
decision kinds and the other identifiers of the scenario format, each with its French label.

The identifiers are the official English terms of the format; the labels are what the site shows.
Python reads them here (``Zone.LIMBO.label``), the site and its JavaScript from :func:`vocabulary`
(``vocabulary_json()`` gives the JSON a template embeds), never from copies.

    >>> Zone.LIMBO.value, Zone.LIMBO.label
    ('limbo', 'Limbo')
    >>> vocabulary()["statuses"]["asleep"]
    'Endormi'
"""

from __future__ import annotations

import json
from enum import Enum
from typing import Any


class Labelled(str, Enum):
    """A string enum whose members carry a French `label`: ``Member = "value", "Label"``."""

    label: str

    def __new__(cls, value: str, label: str) -> Labelled:
        member = str.__new__(cls, value)
        member._value_ = value
        member.label = label
        return member

    def __str__(self) -> str:
        return self.value


class Zone(Labelled):
    """Zones (1.2.3.b); a player's zones are keys of PLAYER, Limbo is shared (3.2.8, spelt as in the seeds)."""

    DECK = "deck", "Deck"
    HAND = "hand", "Main"
    MANA = "mana", "Zone de Mana"
    RESERVE = "reserve", "Réserve"
    LANDMARKS = "landmarks", "Repères"
    DISCARD = "discard", "Défausse"
    HERO_EXPEDITION = "hero_expedition", "Expédition du Héros"
    COMPANION_EXPEDITION = "companion_expedition", "Expédition du Compagnon"
    LIMBO = "limbo", "Limbo"


class Status(Labelled):
    FLEETING = "fleeting", "Fugace"
    ASLEEP = "asleep", "Endormi"
    ANCHORED = "anchored", "Ancré"
    EXHAUSTED = "exhausted", "Épuisé"


class Phase(Labelled):
    SETUP = "setup", "Mise en place"
    MORNING = "morning", "Matin"
    NOON = "noon", "Midi"
    AFTERNOON = "afternoon", "Après-midi"
    DUSK = "dusk", "Crépuscule"
    NIGHT = "night", "Nuit"


class DecisionKind(Labelled):
    """What a pending decision waits for (`pending.kind`), and `swap` (3.2.9.e, at any time)."""

    TURN = "turn", "Tour"
    MANA = "mana", "Zone de Mana"
    KEEP = "keep", "Nettoyage"
    MODE = "mode", "Mode"
    TARGETS = "targets", "Cibles"
    OPTIONAL = "optional", "Étape facultative"
    ORDER = "order", "Ordre des réactions"
    SWAP = "swap", "Échange d'Orbes"


class Expedition(Labelled):
    HERO = "hero", "Expédition du Héros"
    COMPANION = "companion", "Expédition du Compagnon"


class Terrain(Labelled):
    FOREST = "forest", "forêt"
    MOUNTAIN = "mountain", "montagne"
    WATER = "water", "eau"


class CardType(Labelled):
    CHARACTER = "character", "Personnage"
    SPELL = "spell", "Sort"
    PERMANENT = "permanent", "Permanent"
    HERO = "hero", "Héros"


class Mode(Labelled):
    ONE_V_ONE = "1v1", "1 contre 1"
    TWO_V_TWO = "2v2", "2 contre 2"


#: the JSON name of each enum in :func:`vocabulary`
ENUMS: dict[str, type[Labelled]] = {
    "zones": Zone,
    "statuses": Status,
    "phases": Phase,
    "decision_kinds": DecisionKind,
    "expeditions": Expedition,
    "terrains": Terrain,
    "card_types": CardType,
    "modes": Mode,
}


def values(enum: type[Labelled]) -> tuple[str, ...]:
    """The identifiers of an enum, in order (the format's tuples: PHASES, STATUSES...)."""
    return tuple(m.value for m in enum)


def vocabulary() -> dict[str, dict[str, str]]:
    """Every identifier with its French label, by kind, in order: what the site and its JS read."""
    return {name: {m.value: m.label for m in enum} for name, enum in ENUMS.items()}


def vocabulary_json() -> str:
    """:func:`vocabulary` as JSON text (for a template to embed, e.g. in a <script type="application/json">)."""
    return json.dumps(vocabulary(), ensure_ascii=False)


def label(kind: str, value: Any) -> str:
    """The French label of `value` in the enum named `kind` ("zones", "statuses"...); the value itself if unknown."""
    return vocabulary()[kind].get(value, str(value))
