"""The engine's vocabulary as the site's pages embed it (``<script id="vocabulary">``, read by
static/arbitre/board.js and static/arbitre/lib/vocab.js): the French labels come from
:mod:`engine.vocabulary`, the lists of the scenario format from :mod:`engine.model`; never copies."""

from __future__ import annotations

from functools import cache

from engine import model
from engine.steps import PUT_ZONES, TARGET_KEY
from engine.versions import RULESETS
from engine.vocabulary import vocabulary as labels


@cache
def embedded() -> dict:
    """What every page embeds: ``labels`` (kind -> identifier -> French label), the format's lists
    and ``rulesets`` (engine.versions.RULESETS: slug -> label)."""
    return {
        "labels": labels(),
        "triggers": list(model.TRIGGERS),
        "verbs": list(model.VERBS),
        "statuses": list(model.STATUSES),
        "card_types": list(model.CARD_TYPES),
        "terrains": list(model.TERRAINS),
        "phases": list(model.PHASES),
        "player_zones": list(model.PLAYER_ZONES),
        "quick_costs": list(model.QUICK_COSTS),
        "target_key": dict(TARGET_KEY),
        "put_zones": list(PUT_ZONES),  # where the verb `put` may move a card
        # the rule sets a scenario may be played under (its "rules"), with the label a judge reads
        "rulesets": dict(RULESETS),
    }
