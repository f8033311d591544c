"""Stepping, decisions, undo, and the keyword actions as engine functions."""

from __future__ import annotations

import pytest

import engine
from engine.rules import actions

from .helpers import board, char, deck


def rules_cited(game):
    return {r for e in game.log for r in e.rules}


def test_advance_performs_one_step_and_undo_goes_back_exactly():
    game = engine.load(board(A={"hero_expedition": [char("a1", 1, statuses=["fleeting"])]}))
    before = game.to_doc()
    entries = game.advance()
    assert entries and game.state.zone_of("a1") == "A.discard"
    assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
    game.undo()
    assert game.to_doc() == before and game.log == []
    with pytest.raises(IndexError):
        game.undo()


def test_missing_decision_gives_pending_and_legal_decisions():
    game = engine.load(board(A={"reserve": [char("a1"), char("a2"), char("a3")]}))
    game.run()
    assert game.pending["kind"] == "keep" and game.pending["player"] == "A" and game.pending["choose"] == 2
    legal = game.legal_decisions()
    assert {"player": "A", "keep": ["a1", "a3"]} in legal and len(legal) == 3


def test_decide_refuses_an_illegal_decision_and_leaves_the_state():
    game = engine.load(board(A={"reserve": [char("a1"), char("a2"), char("a3")]}))
    game.run()
    before = game.to_doc()
    with pytest.raises(engine.IllegalDecision, match="4.2.5.c"):
        game.decide({"player": "A", "keep": ["a1"]})
    with pytest.raises(engine.IllegalDecision):
        game.decide({"player": "B", "keep": []})
    assert game.to_doc() == before
    game.decide({"player": "A", "keep": ["a1", "a2"]})
    assert game.to_doc()["decisions"] == [{"player": "A", "keep": ["a1", "a2"]}]
    game.undo()
    assert game.to_doc() == before


def test_turn_lists_pass_and_each_play_with_its_expedition():
    game = engine.load(board(phase="afternoon", A={"hand": [char("a1")]}))
    assert game.pending["kind"] == "turn"
    assert game.legal_decisions() == [
        {"player": "A", "pass": True},
        {"player": "A", "play": "a1", "expedition": "hero"},
        {"player": "A", "play": "a1", "expedition": "companion"},
    ]


def test_run_until_a_phase_stops_at_its_beginning():
    game = engine.load(board(phase="dusk"))
    game.run("night")
    assert game.state.phase == "night" and game.state.step == "night.rest"


def test_resupply_with_an_empty_deck_shuffles_the_discard_first():
    game = engine.load(board(phase="afternoon", A={"discard": [char("a1"), char("a2")]}))
    game.journal.ops = []
    got = actions.resupply(game, "A")
    assert game.state.zone_of(got) == "A.reserve" and len(game.state.zones["A.deck"]) == 1
    assert {"7.3.16.a", "7.3.16.b"} <= rules_cited(game)
    empty = engine.load(board(phase="afternoon"))
    assert actions.resupply(empty, "A") is None and "7.3.16.b" in rules_cited(empty)


def test_sabotage_sacrifice_and_discard():
    game = engine.load(
        board(
            phase="afternoon",
            A={"reserve": [char("a1")], "landmarks": [{"id": "a2", "type": "permanent"}]},
            B={"hero_expedition": [char("b1", token=True), char("b2", owner="A")]},
        )
    )
    assert actions.sabotage(game, "a1") and game.state.zone_of("a1") == "A.discard"
    assert not actions.sabotage(game, "a2")
    with pytest.raises(ValueError):
        actions.sacrifice(game, "A", "b1")
    actions.sacrifice(game, "B", "b1")
    assert "b1" not in game.state.loc  # a token leaving the expedition ceases to exist (2.1.d)
    actions.discard(game, "b2")  # owned by A: A's Discard pile (3.1.2.c)
    assert game.state.zone_of("b2") == "A.discard"
    assert {"7.3.18.a", "7.3.19.a", "2.1.d", "3.1.2.c"} <= rules_cited(game)


def test_move_forward_and_backward_limits():
    game = engine.load(
        board(phase="afternoon", markers={"A": {"hero": 0, "companion": 0}, "B": {"hero": 6, "companion": 7}})
    )
    assert not actions.move_backward(game, "A", "hero")  # home: 7.3.10.b
    assert not actions.move_forward(game, "A", "companion")  # opposite region: 7.3.11.c
    assert actions.move_forward(game, "B", "hero")  # 6 -> 7
    # the end is checked at this very movement (4.3.a, issue 11): A's and B's expeditions both meet
    assert game.state.adventure.arena and "4.3.c" in rules_cited(game)
    back = engine.load(board(phase="afternoon", markers={"B": {"hero": 7, "companion": 7}}))
    assert actions.move_backward(back, "B", "hero")  # 7 -> 6, reveals T3 (7.3.11.b)
    assert back.state.adventure.tumult[2].face_up
    assert {"7.3.10.b", "7.3.11.c", "7.3.11.a"} <= rules_cited(game)
    assert {"7.3.10.a", "7.3.11.b"} <= rules_cited(back)


def test_counters_gain_remove_spend():
    game = engine.load(board(phase="afternoon", A={"hero_expedition": [char("a1")]}))
    actions.gain_counters(game, "a1", "boost", 2)
    assert not actions.spend_counters(game, "a1", "boost", 3)
    assert actions.spend_counters(game, "a1", "boost", 1)
    actions.remove_counters(game, "a1", "boost", 5)
    assert game.state.card("a1").counters == {}
    assert {"2.5.e", "2.5.f", "2.5.g"} <= rules_cited(game)


def test_a_whole_day_from_setup_is_deterministic():
    doc = board(phase="setup", day=1, first=None, A={"deck": deck("a", 20)}, B={"deck": deck("b", 20)}, seed=5)
    logs = []
    for _ in range(2):
        game = engine.load(doc)
        for _ in range(200):
            if not game.advance():
                game.decide(game.legal_decisions()[0])
        logs.append([e.to_json() for e in game.log])
    assert logs[0] == logs[1]
