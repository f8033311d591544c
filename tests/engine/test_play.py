"""Playing cards, spells, quick actions and reactions (issue 4), through the public API."""

from __future__ import annotations

import json

import pytest

import engine

from .helpers import board, card, char


def orbs(p: str, n: int, exhausted: int = 0) -> list[dict]:
    return [{"id": f"{p}o{k}", **({"statuses": ["exhausted"]} if k < exhausted else {})} for k in range(n)]


def spell(cid: str, effect: list, **kw) -> dict:
    return {"id": cid, "type": "spell", "effect": effect, **kw}


def afternoon(A: dict, B: dict | None = None, **kw) -> dict:
    return board(
        phase="afternoon",
        A={"mana": orbs("a", 3), "deck": [char("ad0"), char("ad1")], **A},
        B={"mana": orbs("b", 3), "deck": [char("bd0")], **(B or {})},
        **kw,
    )


def cited(game) -> set[str]:
    return {r for e in game.log for r in e.rules}


def test_an_illegal_play_is_refused_with_its_rule_and_the_state_untouched():
    game = engine.load(
        afternoon(
            {"reserve": [char("a1", reserve_cost=None)], "hand": [char("a2", hand_cost=4), char("a3", hand_cost=1)]}
        )
    )
    before = game.to_doc()
    with pytest.raises(engine.IllegalDecision, match="2.2.7.b"):
        game.decide({"player": "A", "play": "a1", "expedition": "hero"})
    with pytest.raises(engine.IllegalDecision, match="3.2.9.f"):
        game.decide({"player": "A", "play": "a2", "expedition": "hero"})
    with pytest.raises(engine.IllegalDecision, match="expedition"):
        game.decide({"player": "A", "play": "a3"})
    assert game.to_doc() == before
    assert [d.get("play") for d in game.legal_decisions()] == [None, "a3", "a3"]


def test_a_play_is_undone_exactly_and_the_turn_passes_to_the_opponent():
    game = engine.load(afternoon({"reserve": [char("a1", 2, reserve_cost=1, counters={"boost": 1})]}))
    before = game.to_doc()
    game.decide({"player": "A", "play": "a1", "expedition": "hero"})
    card = game.to_doc()["players"]["A"]["hero_expedition"][0]
    assert card["statuses"] == ["fleeting"] and card["counters"] == {"boost": 1}
    assert {"2.4.6.a", "2.4.6.b", "2.5.j", "2.2.7.a", "3.2.9.f", "3.2.8.a"} <= cited(game)
    assert game.pending["player"] == "B"
    game.undo()
    assert game.to_doc() == before


def test_legal_decisions_list_targets_when_few_and_declare_when_many():
    few = engine.load(
        afternoon(
            {"hand": [spell("a1", [{"action": "discard", "target": "choose"}])]}, {"reserve": [char("b1"), char("b2")]}
        )
    )
    assert {"player": "A", "play": "a1", "targets": ["b2"]} in few.legal_decisions()
    many = engine.load(
        afternoon(
            {
                "hand": [
                    spell("a1", [{"action": "discard", "target": "choose"}, {"action": "discard", "target": "choose"}])
                ]
            },
            {"reserve": [char(f"b{i}") for i in range(6)]},
        )
    )
    assert {"player": "A", "play": "a1"} in many.legal_decisions()
    many.decide({"player": "A", "play": "a1"})
    pending = many.pending
    assert pending["kind"] == "targets" and pending["choose"] == 2
    assert [s["options"] for s in pending["options"]] == [[f"b{i}" for i in range(6)]] * 2
    assert len(many.legal_decisions()) == 36
    many.decide({"player": "A", "targets": ["b0", "b0"]})  # two occurrences: the same card twice is legal
    many.run()
    assert many.to_doc()["players"]["B"]["discard"][0]["id"] == "b0"


def test_a_stopped_resolution_dumps_and_resumes():
    doc = afternoon(
        {
            "hand": [
                spell(
                    "a1",
                    [
                        {"action": "draw", "player": "self", "count": 1},
                        {"action": "discard", "target": "choose", "optional": True},
                    ],
                )
            ]
        },
        {"hero_expedition": [char("b1", 3)]},
        decisions=[{"player": "A", "play": "a1", "targets": ["b1"]}],
    )
    game = engine.load(doc)
    game.run()
    assert game.pending["kind"] == "optional"
    dumped = json.loads(json.dumps(game.to_doc()))
    assert dumped["progress"]["stack"] and dumped["limbo"][0]["id"] == "a1"
    again = engine.load(dumped)
    assert again.to_doc() == dumped
    again.decide({"player": "A", "optional": True})
    assert again.state.zone_of("b1") == "B.discard" and again.state.zone_of("a1") == "A.reserve"


def test_a_target_that_moved_is_a_new_object_and_is_left_alone():
    game = engine.load(
        afternoon(
            {"hand": [spell("a1", [{"action": "discard", "target": "choose", "optional": True}])]},
            {"hero_expedition": [char("b1", 3)]},
        )
    )
    game.decide({"player": "A", "play": "a1", "targets": ["b1"]})
    game.run()
    from engine.rules import actions

    game.journal.ops = []
    actions.move_card(game, "b1", "B", "reserve", "test")  # the target moves before resolution
    game.decide({"player": "A", "optional": True})
    assert game.state.zone_of("b1") == "B.reserve" and "2.1.c" in cited(game)


def test_reactions_of_one_player_wait_for_their_order():
    game = engine.load(
        board(
            phase="noon",
            A={
                "deck": [char("ad0"), char("ad1")],
                "hero_expedition": [
                    char("a1", abilities=[{"trigger": "noon", "effect": [{"action": "resupply", "player": "self"}]}]),
                    char(
                        "a2",
                        abilities=[{"trigger": "noon", "effect": [{"action": "draw", "player": "self", "count": 1}]}],
                    ),
                ],
            },
        )
    )
    game.run()
    assert game.pending["kind"] == "order" and sorted(game.pending["options"]) == ["a1:0", "a2:0"]
    assert len(game.legal_decisions()) == 2
    game.decide({"player": "A", "order": ["a2:0", "a1:0"]})
    game.run("afternoon")
    assert game.state.zone_of("ad0") == "A.hand" and game.state.zone_of("ad1") == "A.reserve"


def test_quick_action_costs_each_refused_when_unpaid():
    ability = {
        "quick": {"exhaust_me": True, "mana": 1, "spend": {"boost": 1}},
        "effect": [{"action": "draw", "player": "self", "count": 1}],
    }
    game = engine.load(
        afternoon({"hero_expedition": [char("a1", counters={"boost": 1}, abilities=[ability])], "mana": orbs("a", 1)})
    )
    game.decide({"player": "A", "quick": "a1", "ability": 0})
    game.run()
    assert game.pending["player"] == "A"  # a quick action keeps the turn (1.3.2.d)
    with pytest.raises(engine.IllegalDecision, match="1.1.6.h"):
        game.decide({"player": "A", "quick": "a1", "ability": 0})
    assert {"1.1.6.h", "7.1.4.a", "1.1.6.j", "7.1.4.c", "2.5.g", "3.2.2.b"} <= cited(game)


def test_an_unknown_verb_or_trigger_is_a_problem_with_its_path():
    doc = afternoon(
        {"hand": [spell("a1", [{"action": "teleport"}]), char("a2", abilities=[{"trigger": "midnight", "effect": []}])]}
    )
    paths = {p["path"] for p in engine.check(doc)}
    assert {"players.A.hand[0].effect[0].action", "players.A.hand[1].abilities[0].trigger"} <= paths


def test_a_modal_declaration_is_completed_by_mode_then_targets():
    modal = [
        {
            "action": "choose_one",
            "modes": [[{"action": "draw", "player": "self", "count": 1}], [{"action": "discard", "target": "choose"}]],
        }
    ]
    game = engine.load(afternoon({"hand": [spell("a1", modal, hand_cost=1)]}, {"reserve": [char("b1")]}))
    game.decide({"player": "A", "play": "a1"})
    assert game.pending["kind"] == "mode" and game.pending["options"] == [0, 1]
    with pytest.raises(engine.IllegalDecision, match="5.2.3.b"):
        game.decide({"player": "A", "mode": 1, "targets": ["zz"]})
    game.decide({"player": "A", "mode": 1})
    assert game.pending["kind"] == "targets" and game.legal_decisions() == [{"player": "A", "targets": ["b1"]}]
    game.decide({"player": "A", "targets": ["b1"]})
    game.run()
    assert game.state.zone_of("b1") == "B.discard" and {"5.2.3.c", "5.2.3.d", "5.2.3.b"} <= cited(game)


def test_statuses_gained_by_effects_dump_and_load_back_unchanged():
    game = engine.load(
        afternoon(
            {
                "hand": [spell("a1", [{"action": "gain_status", "target": "choose", "status": "anchored"}])],
                "hero_expedition": [char("a2", statuses=["exhausted", "asleep"])],
            }
        )
    )
    game.decide({"player": "A", "play": "a1", "targets": ["a2"]})
    game.run()
    dumped = game.to_doc()
    assert engine.load(json.loads(json.dumps(dumped))).to_doc() == dumped


@pytest.mark.parametrize("rules", ["fr-1", "cr-5.0"])
def test_a_card_sent_to_the_other_expedition_stays_exhausted_and_its_exhaust_me_is_not_offered_again(rules):
    """fr-1 1.2.3.c (reading expedition-one-zone), CR 5.0 3.2.4.d: no change of zone, the same object."""
    a2 = char(
        "a2",
        forest=1,
        statuses=["exhausted"],
        counters={"boost": 1},
        abilities=[{"quick": {"exhaust_me": True}, "effect": [{"action": "draw", "player": "self", "count": 1}]}],
    )
    a1 = spell("a1", [{"action": "put", "target": "a2", "zone": "companion_expedition"}])
    doc = board(phase="afternoon", A={"hand": [a1], "hero_expedition": [a2], "mana": [card("o1")]}, rules=rules)
    game = engine.load(doc)
    before = game.state.card("a2").timestamp
    game.decide({"player": "A", "play": "a1"})
    game.run("step")
    while game.pending is None and game.advance():
        pass
    moved = game.state.card("a2")
    assert game.state.loc["a2"] == "A.companion_expedition"
    assert (moved.statuses, moved.counters, moved.timestamp) == (("exhausted",), {"boost": 1}, before)
    game.decide({"player": "B", "pass": True})
    assert game.pending["player"] == "A"
    assert not [d for d in game.legal_decisions() if d.get("quick") == "a2"]
