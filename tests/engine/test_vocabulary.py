"""One vocabulary (issue 11, part 3): the format's identifiers and their French labels in one module."""

from __future__ import annotations

import json

import engine
from engine import model, text
from engine.scenario.shapes import ANSWERS
from engine.vocabulary import DecisionKind, Phase, Status, Zone, vocabulary, vocabulary_json


def test_the_format_tuples_come_from_the_vocabulary():
    v = vocabulary()
    assert tuple(v["phases"]) == model.PHASES == ("setup", "morning", "noon", "afternoon", "dusk", "night")
    assert tuple(v["statuses"]) == model.STATUSES
    assert tuple(v["card_types"]) == model.CARD_TYPES and tuple(v["terrains"]) == model.TERRAINS
    assert set(v["zones"]) == set(model.PLAYER_ZONES) | {"limbo"}
    assert set(ANSWERS) <= set(v["decision_kinds"])


def test_labels_are_french_unique_and_json_for_the_site():
    data = json.loads(vocabulary_json())
    assert data == vocabulary() and data["zones"]["limbo"] == Zone.LIMBO.label == "Limbo"
    for kind, labels in data.items():
        assert len(set(labels.values())) == len(labels), kind
    assert Status("asleep").label == "Endormi" and Phase.DUSK.label == "Crépuscule"
    assert DecisionKind.SWAP == "swap"


def test_the_log_speaks_the_vocabulary():
    assert text.ZONE_FR is not None and text.ZONE_FR == vocabulary()["zones"]
    spell = {"id": "s1", "name": "Appel", "type": "spell", "effect": [{"action": "draw", "player": "self"}]}
    game = engine.load(
        {
            **engine.empty_document(),
            "phase": "afternoon",
            "players": {"A": {"hero": None, "hand": [spell]}, "B": {"hero": None}},
        }
    )
    game.decide({"player": "A", "play": "s1"})
    assert any("Limbo" in e.text for e in game.log)


def test_one_empty_document_per_mode():
    for mode in ("1v1", "2v2"):
        doc = engine.empty_document(mode)
        assert engine.check(doc) == [] and doc["mode"] == mode
        assert set(doc["players"]) == set(model.PLAYERS[mode])
