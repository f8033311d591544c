from __future__ import annotations

import copy
from pathlib import Path

import pytest

#: Small made-up exports in both shapes (no real card data: Arbitre ships none).
EXPORTS = Path(__file__).resolve().parent / "exports"
CARD_FILES = EXPORTS / "json"
SET_FILES = EXPORTS / "SETS"


@pytest.fixture
def imported(db):
    """Both made-up exports imported; returns the import's report."""
    from judge.cards.importer import import_paths

    return import_paths([EXPORTS])


NOON_BOOST = {"trigger": "noon", "effect": [{"action": "gain_counters", "target": "me", "name": "boost", "count": 1}]}


def saved(user, title: str, cards: list[dict], visibility: str = "public"):
    """A scenario at Noon of day 1 with ``cards`` in A's hero expedition, saved as the builder does."""
    from judge.scenarios.models import Scenario
    from judge.scenarios.views import EMPTY_DOCUMENT

    doc = copy.deepcopy(EMPTY_DOCUMENT)
    doc["players"]["A"]["hero_expedition"] = cards
    scenario = Scenario(author=user, title=title, visibility=visibility, document=doc)
    scenario.save_document()
    return scenario


@pytest.fixture
def ruling(imported, users, rules):
    """A public scenario using the common Vigie du Zénith by its reference, with its Noon reaction."""
    from judge.cards.models import Card

    card = Card.objects.get(reference="ALT_MADE_B_AX_10_C").scenario_card()
    card["abilities"] = [NOON_BOOST]
    return saved(users["alice"], "Vigie à Midi", [card])
