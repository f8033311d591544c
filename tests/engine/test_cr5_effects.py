"""Effects, objects and abilities under the official rules v5.0 (``"rules": "cr-5.0"``, issue 12):
targets, modes, optional and conditional steps chosen at resolution (6.5.b–g), tokens leaving the
Expedition (2.1.e), counters' zones (2.5.*), "enters play" (1.1.6.e, 7.3.10.a), support abilities
only when ready (1.2.4.d, 2.4.6.e). Every test asserts the state and the rules cited."""

from __future__ import annotations

from math import comb, perm

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.apply import counters_kept
from engine.versions import CR5, FR1, cr5

from . import test_properties as properties
from .helpers import board, char, deck, ids
from .test_properties import STEPS, boards
from .test_properties import play as play_randomly

MANA = [{"id": f"ao{i}"} for i in range(3)]


def spell(cid: str, effect: list[dict], cost: int = 0) -> dict:
    return {"id": cid, "name": cid.upper(), "type": "spell", "hand_cost": cost, "effect": effect}


def afternoon(rules: str = CR5, A: dict | None = None, B: dict | None = None, decisions: list | None = None) -> dict:
    return board(
        "afternoon",
        A={"deck": deck("ad", 4), "mana": MANA, **(A or {})},
        B={"deck": deck("bd", 4), **(B or {})},
        decisions=decisions,
        rules=rules,
    )


def play(game: engine.Game, decision: dict) -> None:
    """Decide, then play on until the next missing decision."""
    game.decide(decision)
    game.run()


def cited(game: engine.Game) -> set[str]:
    return {r for e in game.log for r in e.rules}


# -- counters' zones (2.5.a-l) ------------------------------------------------------------------
@pytest.mark.parametrize(
    "src, dst, fr1, v5",
    [
        ("hero_expedition", "landmarks", (False, ("2.5.i",)), (True, cr5("2.5.k"))),
        ("landmarks", "companion_expedition", (False, ("2.5.i",)), (True, cr5("2.5.k"))),
        ("hero_expedition", "reserve", (False, ("2.5.i",)), (False, cr5("2.5.j"))),
        ("reserve", "discard", (True, ("2.5.j",)), (False, cr5("2.5.l", "2.5.b"))),
        ("reserve", "limbo", (True, ("2.5.j",)), (True, cr5("2.5.l"))),
        ("limbo", "hero_expedition", (True, ("2.5.j",)), (True, cr5("2.5.l"))),
        ("discard", "reserve", (True, ("2.5.j",)), (False, cr5("2.5.b"))),
        ("reserve", "hand", (False, ()), (False, cr5("2.5.b"))),
        ("mana", "reserve", (True, ("2.5.j",)), (False, cr5("2.1.d"))),
    ],
)
def test_counters_kept_under_each_version(src, dst, fr1, v5):
    assert counters_kept(FR1, src, dst) == fr1
    assert counters_kept(CR5, src, dst) == v5


# -- targets and modes chosen at resolution (6.5.b, 6.5.g) --------------------------------------
def test_declaring_targets_or_mode_is_refused_under_cr5():
    a1 = spell("a1", [{"action": "discard", "target": "choose"}])
    game = engine.load(afternoon(A={"hand": [a1]}, B={"reserve": [char("b1", reserve_cost=1)]}))
    with pytest.raises(engine.IllegalDecision, match=r"6\.5\.b \(CR 5\.0\), 6\.5\.g \(CR 5\.0\)") as err:
        play(game, {"player": "A", "play": "a1", "targets": ["b1"]})
    assert err.value.rules == ("6.5.b (CR 5.0)", "6.5.g (CR 5.0)")  # the rules that decide, not the turn's
    assert game.to_doc()["players"]["A"]["hand"][0]["id"] == "a1"  # untouched
    # the turn lists the bare declaration only: every choice comes during the resolution
    assert {"player": "A", "play": "a1"} in game.legal_decisions()
    assert not any("targets" in d for d in game.legal_decisions())
    assert game.legal_count() == game.pending["count"] == len(game.legal_decisions())


def test_spell_without_target_is_playable_and_the_step_does_nothing():
    """6.5.b: "If there are no suitable targets, any associated atomic action does nothing" (fr-1
    refuses the declaration, 5.2.3.b)."""
    a1 = spell("a1", [{"action": "discard", "target": "choose"}, {"action": "draw", "player": "self"}])
    doc = afternoon(A={"hand": [a1]})
    game = engine.load(doc)
    play(game, {"player": "A", "play": "a1"})
    assert ids(game.to_doc()["players"]["A"]["hand"]) == ["ad0"]
    auto = [e for e in game.log if e.event.type == "decision" and e.event.automatic]
    assert auto and auto[0].rules == cr5("6.5.b")
    fr = engine.load({**doc, "rules": FR1})
    with pytest.raises(engine.IllegalDecision, match=r"5\.2\.3\.b"):
        fr.decide({"player": "A", "play": "a1"})


def test_fewer_suitable_objects_than_targets_are_all_taken():
    a1 = spell("a1", [{"action": "discard", "target": "choose", "choose": 3}])
    game = engine.load(afternoon(A={"hand": [a1]}, B={"reserve": [char("b1"), char("b2")]}))
    play(game, {"player": "A", "play": "a1"})
    st = game.to_doc()["players"]["B"]
    assert ids(st["discard"]) == ["b1", "b2"] and not st.get("reserve")
    assert "6.5.b (CR 5.0)" in cited(game)


def test_same_object_once_per_step_but_again_in_a_later_step():
    a1 = spell(
        "a1",
        [
            {"action": "gain_counters", "target": "choose", "choose": 2, "name": "boost"},
            {"action": "gain_counters", "target": "choose", "name": "boost"},
        ],
    )
    game = engine.load(afternoon(A={"hand": [a1], "hero_expedition": [char("a2"), char("a3")]}))
    play(game, {"player": "A", "play": "a1"})
    pending = game.pending
    assert pending["kind"] == "targets" and pending["step"] == 0 and pending["choose"] == 2
    assert pending["rules"] == ["6.5.b (CR 5.0)"] and pending["constraints"] == {"distinct": True}
    assert pending["count"] == comb(2, 2) == game.legal_count()
    with pytest.raises(engine.IllegalDecision, match=r"6\.5\.b|5\.2\.3\.b"):
        play(game, {"player": "A", "targets": ["a2", "a2"]})
    play(game, {"player": "A", "targets": ["a2", "a3"]})
    assert game.pending["step"] == 1
    play(game, {"player": "A", "targets": ["a2"]})
    exp = game.to_doc()["players"]["A"]["hero_expedition"]
    assert [c.get("counters", {}).get("boost") for c in exp] == [2, 1]


def test_modes_chosen_in_order_bounded_and_checked():
    modes = [[{"action": "draw", "player": "self"}], [{"action": "resupply", "player": "self"}]] + [
        [{"action": "draw", "player": "self", "count": 2}] for _ in range(8)
    ]
    a1 = spell("a1", [{"action": "choose_one", "choose": 3, "modes": modes}])
    game = engine.load(afternoon(A={"hand": [a1]}))
    play(game, {"player": "A", "play": "a1"})
    p = game.pending
    assert p["kind"] == "mode" and p["choose"] == 3 and p["rules"] == ["6.5.g (CR 5.0)"]
    assert p["count"] == perm(10, 3) == game.legal_count()
    assert p["constraints"] == {"ordered": True, "distinct": True}
    assert len(game.legal_decisions(5)) == 5
    for bad in ([1, 1, 0], [1, 0], [1, 0, 10]):
        with pytest.raises(engine.IllegalDecision, match=r"6\.5\.g"):
            play(game, {"player": "A", "modes": bad})
    play(game, {"player": "A", "modes": [1, 0, 2]})
    st = game.to_doc()["players"]["A"]
    assert ids(st["reserve"]) == ["ad0", "a1"] and ids(st["hand"]) == ["ad1", "ad2", "ad3"]


def test_repeated_modes_when_the_effect_allows_it():
    modes = [[{"action": "draw", "player": "self"}], [{"action": "resupply", "player": "self"}]]
    a1 = spell("a1", [{"action": "choose_one", "choose": 2, "repeat": True, "modes": modes}])
    game = engine.load(afternoon(A={"hand": [a1]}))
    play(game, {"player": "A", "play": "a1"})
    assert game.pending["count"] == 2**2 == game.legal_count()
    play(game, {"player": "A", "modes": [0, 0]})
    assert ids(game.to_doc()["players"]["A"]["hand"]) == ["ad0", "ad1"]


def test_reaction_target_at_resolution_under_both_versions_and_undo():
    """Reactions already chose on resolution under fr-1: under cr-5.0 they cite 6.5.b."""
    c1 = char(
        "c1",
        hand_cost=0,
        abilities=[{"trigger": "join", "effect": [{"action": "gain_counters", "target": "choose", "name": "boost"}]}],
    )
    doc = afternoon(A={"hand": [c1]})
    game = engine.load(doc)
    play(game, {"player": "A", "play": "c1", "expedition": "hero"})
    assert game.pending["rules"] == ["6.5.b (CR 5.0)", "2.2.12.a (CR 5.0)"]  # 1.2.4.c: a summary (1.1.1.d)
    play(game, {"player": "A", "targets": ["c1"]})
    assert game.to_doc()["players"]["A"]["hero_expedition"][0]["counters"] == {"boost": 1}
    assert {"7.1.1.a (CR 5.0)", "7.3.10.a (CR 5.0)"} <= cited(game)
    while True:
        try:
            game.undo()
        except IndexError:
            break
    assert game.to_doc() == engine.load(doc).to_doc()


# -- internal actions: an optional step with a cost (6.5.c, 6.5.f, 6.4.c) --------------------------
def test_unpayable_internal_step_is_declined_automatically():
    a1 = spell(
        "a1",
        [{"action": "internal", "cost": {"mana": 5}, "effect": [{"action": "draw", "player": "self"}]}],
    )
    game = engine.load(afternoon(A={"hand": [a1]}))
    play(game, {"player": "A", "play": "a1"})
    auto = [e for e in game.log if e.event.type == "decision" and e.event.automatic]
    assert auto[0].rules == cr5("6.5.c", "6.4.c")
    assert "5.2.3.g (FR 1)" not in cited(game)
    assert not game.to_doc()["players"]["A"].get("hand")


# -- tokens (2.1.e) ---------------------------------------------------------------------------------
def test_token_leaving_the_expedition_never_arrives():
    a1 = spell("a1", [{"action": "sacrifice", "target": "choose"}])
    t1 = char("t1", forest=1, token=True, counters={"boost": 1})
    for rules, moved in ((FR1, True), (CR5, False)):
        game = engine.load(afternoon(rules, A={"hand": [a1], "hero_expedition": [t1]}))
        play(game, {"player": "A", "play": "a1", **({"targets": ["t1"]} if rules == FR1 else {})})
        if rules == CR5:
            play(game, {"player": "A", "targets": ["t1"]})
        moves = [e for e in game.log if e.event.type == "move" and e.event.card == "t1"]
        cease = [e for e in game.log if e.event.type == "cease"]
        assert bool(moves) is moved and len(cease) == 1
        assert ("2.1.e (CR 5.0)" in cease[0].rules) is (rules == CR5)
        assert cease[0].event.zone == ("A.discard" if rules == FR1 else "A.hero_expedition")
        st = game.to_doc()["players"]["A"]
        assert not st.get("hero_expedition") and not st.get("discard")


# -- where abilities work (1.2.4.d, 2.4.6.e) --------------------------------------------------------
def test_exhausted_support_reaction_does_not_trigger_under_cr5():
    noon = {"trigger": "noon", "support": True, "effect": [{"action": "draw", "player": "self"}]}
    a1 = char("a1", statuses=["exhausted"], abilities=[noon])
    for rules, drawn in ((FR1, ["ad0"]), (CR5, [])):
        doc = board("noon", A={"deck": deck("ad", 2), "reserve": [a1]}, B={"deck": deck("bd", 2)}, rules=rules)
        game = engine.load(doc)
        game.run("afternoon")
        assert ids(game.to_doc()["players"]["A"].get("hand", [])) == drawn, rules


# -- the properties of tests/engine/test_properties.py, on random boards played under cr-5.0 ----------
CR5_PROFILE = settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
TWO_MODES = {"action": "choose_one", "choose": 2, "modes": [[STEPS[0]], [STEPS[2]], [STEPS[6], STEPS[3]]]}


PUTS = [
    {"action": "put", "target": "choose", "zone": "landmarks"},
    {"action": "put", "target": "choose", "zone": "hero_expedition"},
    {"action": "put", "target": "me", "zone": "reserve", "optional": True},
]


@st.composite
def cr5_boards(draw, rules: str = CR5):
    doc = draw(boards())
    doc["rules"] = rules
    for pl in doc["players"].values():  # some spells choose two modes in order (6.5.g) or put (7.3.27.a)
        for c in pl.get("hand", []):
            if c.get("type") == "spell":
                c["effect"] = draw(st.sampled_from([c.get("effect", []), [TWO_MODES], [draw(st.sampled_from(PUTS))]]))
    return doc


@pytest.mark.parametrize("rules", [CR5, FR1])
@CR5_PROFILE
@given(data=st.data())
def test_random_boards_no_card_lost_undo_exact_dump_resumes(rules, data):
    doc, choice_seed = data.draw(cr5_boards(rules)), data.draw(st.integers(0, 1000))
    game = play_randomly(doc, 30, choice_seed, check_undo=True)
    properties.test_dump_then_load_resumes_identically.hypothesis.inner_test(doc, choice_seed)
    if rules == CR5:  # every citation in v5.0 numbering (or marked as a French rule with no v5.0 paragraph)
        assert all(r.endswith(" (CR 5.0)") or r.endswith(" (FR 1)") for e in game.log for r in e.rules)


def test_resolution_targets_are_described_not_enumerated():
    """Issue 11 holds for the resolution-time choices: 20 targets among 2000 objects."""
    a1 = spell("a1", [{"action": "discard", "target": "choose", "choose": 20}])
    many = [char(f"b{i}") for i in range(2000)]
    game = engine.load(afternoon(A={"hand": [a1]}, B={"reserve": many}))
    play(game, {"player": "A", "play": "a1"})
    p = game.pending
    assert (p["kind"], p["choose"], p["count"], p["truncated"]) == ("targets", 20, comb(2000, 20), True)
    assert len(p["options"]) == 200 and game.legal_count() == p["count"]
    first = game.legal_decisions(3)
    assert len(first) == 3 and all(len(set(d["targets"])) == 20 for d in first)
    play(game, first[0])
    assert len(game.to_doc()["players"]["B"]["discard"]) == 20


def test_bad_repeat_and_modes_are_refused_with_their_path():
    a1 = spell("a1", [{"action": "choose_one", "choose": 2, "repeat": "oui", "modes": [[STEPS[0]], [STEPS[0]]]}])
    doc = afternoon(A={"hand": [a1]}, decisions=[{"player": "A", "modes": [0, -1]}])
    paths = {p["path"] for p in engine.check(doc)}
    assert {"players.A.hand[0].effect[0].repeat", "decisions[0].modes[1]"} <= paths  # the schema names the item


def test_cr5_played_rules_are_changed_rules_whose_v5_numbers_the_code_declares():
    """registry.CR5_PLAYED (RULES.md): each French rule changed by v5.0 (concordance), and the code
    declares one of its v5.0 paragraphs (or it has none: absent in v5.0), unless its French number is
    translated exactly (CR5_TRANSLATED)."""
    from engine.rules.registry import CR5_PLAYED, CR5_TRANSLATED, implemented
    from engine.versions import SUMMARY, changed_rules, concordance

    declared = set(implemented())
    for rule, how in CR5_PLAYED.items():
        if rule in CR5_TRANSLATED:
            continue
        assert rule in changed_rules() and how, rule
        # a paragraph of v5.0's section 1 is a summary (1.1.1.d): the rules it sums up stand for it
        v5 = [m for n in concordance()[rule]["v5"] for m in SUMMARY.get(n, (n,))]
        # the paragraph itself or one of its lettered paragraphs (7.3.19's heading is 7.3.36; 7.3.36.a is cited)
        assert not v5 or any(d in set(cr5(*v5)) or any(d.startswith(n + ".") for n in v5) for d in declared), rule


def test_fleeting_character_regains_fleeting_in_another_step():
    a1 = char("a1", forest=1, reserve_cost=0)
    for rules, steps in ((FR1, ["move"]), (CR5, ["move", "status"])):
        game = engine.load(afternoon(rules, A={"reserve": [a1]}))
        play(game, {"player": "A", "play": "a1", "expedition": "hero"})
        entering = [e for e in game.log if e.event.type in ("move", "status") and e.event.card == "a1"][1:]
        assert [e.event.type for e in entering] == steps, rules
        assert game.to_doc()["players"]["A"]["hero_expedition"][0]["statuses"] == ["fleeting"]
        if rules == CR5:
            assert entering[0].event.enters == () and entering[1].rules == cr5("5.2.1.c", "2.4.7.c")
        else:
            assert entering[0].event.enters == ("fleeting",) and "2.4.6.b" in entering[0].rules


def test_the_order_of_simultaneous_reactions_cites_4_4_b_c_under_cr5_and_1_2_4_c_under_fr1():
    noon = {"trigger": "noon", "effect": [{"action": "draw", "player": "self", "count": 1}]}
    for rules, want in ((FR1, ["1.2.4.c"]), (CR5, ["4.4.b (CR 5.0)", "4.4.c (CR 5.0)"])):
        doc = board(
            phase="noon",
            A={"hero_expedition": [char("a1", forest=1, abilities=[noon]), char("a2", forest=1, abilities=[noon])]},
            rules=rules,
        )
        game = engine.load(doc)
        game.advance()
        assert game.pending["kind"] == "order" and game.pending["rules"] == want
        order = next(e for e in game.log if e.event.type == "effect" and e.event.stage == "order")
        assert list(order.rules[: len(want)]) == want  # then the phase's own rule (Noon)


def test_an_illegal_up_to_choice_is_refused_citing_the_rules_of_the_rule_set_played():
    a1 = spell("a1", [{"action": "sabotage", "target": "choose"}])
    doc = afternoon(CR5, A={"hand": [a1]}, B={"reserve": [char("b1")]})
    game = engine.load(doc)
    play(game, {"player": "A", "play": "a1"})
    assert game.pending["kind"] == "targets" and game.pending["count"] == 2  # b1, or none ("jusqu'à")
    with pytest.raises(engine.IllegalDecision) as err:
        game.decide({"player": "A", "targets": ["b1", "b1"]})
    assert err.value.rules == ("6.5.b (CR 5.0)", "7.3.35.a (CR 5.0)")
    assert "(règles 6.5.b (CR 5.0), 7.3.35.a (CR 5.0))" in str(err.value) and "5.2.3.b" not in str(err.value)
    game.decide({"player": "A", "targets": []})  # none is legal
    assert game.state.loc["b1"] == "B.reserve"
