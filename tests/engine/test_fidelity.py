"""Issue 11, "Fidelity": what the scenario files cannot say (log order, a direct 2.1.f case, refusals,
the phases article's bullets accounted for). The board-level expectations are fixtures/scenarios/."""

from __future__ import annotations

import pytest

import engine
from engine import events as ev
from engine.rules.effects import still_there
from engine.rules.registry import (
    ARTICLE_PHASES,
    PHASES_IMPLEMENTED,
    PHASES_NOT_APPLICABLE,
    citable_articles,
    implemented,
    seed_phases_paragraphs,
)

from .helpers import board, char


def test_every_bullet_of_the_phases_article_is_played_or_explained():
    implemented()
    labels = [label for label, _ in seed_phases_paragraphs()]  # read from fixtures/rules/
    assert len(labels) == 16 and 'Activation des Capacités "À Midi"' in labels
    assert set(labels) == set(PHASES_IMPLEMENTED) | set(PHASES_NOT_APPLICABLE)
    assert {label for title, label in citable_articles() if title == ARTICLE_PHASES} <= set(labels)


def test_a_reaction_announces_its_resolution_before_the_choices_inside_it():
    react = [{"trigger": "noon", "effect": [{"action": "gain_counters", "target": "choose", "name": "boost"}]}]
    game = engine.load(board(phase="noon", A={"hero_expedition": [char("a1", abilities=react), char("a2")]}))
    game.run()
    assert game.pending["kind"] == "targets"
    begin = [e.seq for e in game.log if type(e.event) is ev.Effect and e.event.stage == "begin"]
    assert begin, "the resolution is announced before the target is asked"
    game.decide({"player": "A", "targets": ["a2"]})
    decision = next(e.seq for e in game.log if type(e.event) is ev.Decision and e.event.kind == "targets")
    assert begin[0] < decision


def test_an_internal_action_target_cites_5_2_3_g():
    spell = {
        "id": "s1",
        "type": "spell",
        "effect": [
            {
                "action": "internal",
                "cost": {},
                "effect": [{"action": "gain_counters", "target": "choose", "name": "boost"}],
            }
        ],
    }
    game = engine.load(
        board(
            phase="afternoon",
            A={"hand": [spell], "hero_expedition": [char("a1")]},
            decisions=[{"player": "A", "play": "s1"}, {"player": "A", "optional": True}],
        )
    )
    game.run()
    assert game.pending["kind"] == "targets" and "5.2.3.g" in game.pending["rules"]


def test_an_ability_finds_an_object_it_moved_twice_citing_2_1_f():
    game = engine.load(board(phase="afternoon", A={"discard": [char("a1")]}))
    ts = game.state.card("a1").timestamp
    game.journal.ops = []
    frame = {"player": "A", "found": {"a1": [ts, 2]}}
    assert still_there(game, frame, "a1", ts - 1)
    assert game.log[-1].rules == ("2.1.e", "2.1.f") and game.log[-1].event.key == "found_again"
    assert not still_there(game, {"player": "A"}, "a1", ts - 1)
    assert game.log[-1].rules == ("2.1.c",)


def test_an_orb_swap_is_accepted_from_the_player_without_priority():
    doc = board(
        phase="afternoon",
        A={"mana": [{"id": "ao0"}]},
        B={"mana": [{"id": "bo0"}, {"id": "bo1", "statuses": ["exhausted"]}]},
    )
    game = engine.load(doc)
    assert game.pending["player"] == "A"
    game.decide({"player": "B", "swap": ["bo0", "bo1"]})
    assert game.pending["player"] == "A" and game.pending["kind"] == "turn"
    assert game.state.card("bo0").has("exhausted") and not game.state.card("bo1").has("exhausted")
    assert game.log[-1].rules == ("3.2.9.e",)
    with pytest.raises(engine.IllegalDecision, match="3.2.9.e"):
        game.decide({"player": "B", "swap": ["bo0", "bo1"]})  # bo0 is exhausted now
    game.undo()
    assert not game.state.card("bo0").has("exhausted") and game.to_doc()["decisions"] == []


def test_a_tumult_effect_is_checked_like_any_effect():
    doc = board(phase="dusk")
    doc["adventure"] = {
        "tumult": [
            {"name": "T1", "terrains": [["forest"], ["water"]], "effect": [{"action": "fly"}]},
            {"name": "T2", "terrains": [["mountain"], ["water"]]},
            {"name": "T3", "terrains": [["water", "forest"], ["mountain"]], "effect": "draw"},
        ]
    }
    paths = {p["path"] for p in engine.check(doc)}
    assert paths == {"adventure.tumult[0].effect[0].action", "adventure.tumult[2].effect"}


def test_dusk_once_reading_is_logged():
    doc = board(
        phase="dusk",
        A={
            "hero_expedition": [
                char(
                    "a1",
                    2,
                    abilities=[{"trigger": "dusk", "effect": [{"action": "move_forward", "expedition": "self.hero"}]}],
                )
            ]
        },
    )
    game = engine.load(doc)
    game.run("night")
    once = [e for e in game.log if type(e.event) is ev.Note and e.event.key == "dusk_once"]
    assert len(once) == 1 and once[0].reading == "dusk-once" and "1.3.2.e" in once[0].rules
    assert (ARTICLE_PHASES, "Avancement des Expéditions") in once[0].articles
    assert game.state.adventure.markers["A"]["hero"] == 1
