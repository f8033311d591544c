"""The engine's one wording layer: every French word the engine and the site say about the game.

- :mod:`.words`: the vocabulary's names, the trigger symbols, the small grammar both halves share;
- :mod:`.log`: the log's sentences, what a step did, from the typed events (``describe``), and the
  readings a log entry may name (``READINGS``);
- :mod:`.objects`: game objects in words, for a judge who reads them without the engine: a card's whole
  text, a decision, the position in the day, the effect being resolved, what the board does not show.

Everything is importable from ``engine.text`` itself (``from engine import text``; ``text.card_text``,
``text.describe``). Core: it imports nothing that plays.
"""

from .log import (
    EXPEDITION_FR,
    NOTE_TEXTS,
    PHASE_FR,
    READINGS,
    STATUS_FR,
    TERRAIN_FR,
    ZONE_FR,
    describe,
)
from .objects import (
    POSITIONS,
    PRESENT,
    article,
    card_label,
    card_text,
    condition_text,
    cost_text,
    decision_text,
    effect_text,
    frame_text,
    names_of,
    position_text,
    step_text,
    unseen_facts,
)
from .words import (
    EXPEDITIONS,
    FRAME_KINDS,
    PHASES,
    STATUSES,
    TERRAINS,
    TRIGGERS,
    TRIGGERS_CR5,
    TYPES,
    ZONES,
    capital,
    framed,
    of,
    plural,
    trigger_text,
)

__all__ = [
    "EXPEDITIONS",
    "EXPEDITION_FR",
    "FRAME_KINDS",
    "NOTE_TEXTS",
    "PHASES",
    "PHASE_FR",
    "POSITIONS",
    "PRESENT",
    "READINGS",
    "STATUSES",
    "STATUS_FR",
    "TERRAINS",
    "TERRAIN_FR",
    "TRIGGERS",
    "TRIGGERS_CR5",
    "TYPES",
    "ZONES",
    "ZONE_FR",
    "article",
    "capital",
    "card_label",
    "card_text",
    "condition_text",
    "cost_text",
    "decision_text",
    "describe",
    "effect_text",
    "frame_text",
    "framed",
    "names_of",
    "of",
    "plural",
    "position_text",
    "step_text",
    "trigger_text",
    "unseen_facts",
]
