"""Hostile documents and decisions: the engine refuses them with ScenarioError (every problem with its
JSON path) or IllegalDecision (state untouched), and never raises anything else.

Each `test_crash_*` is a crash site found by fuzzing (a TypeError, KeyError, IndexError or
AttributeError raised instead of a problem), kept as a small explicit document.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine

from .helpers import board, board4, card, char, deck, playable_scenarios

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = playable_scenarios()
DOCS = [json.loads(f.read_text()) for f in LIBRARY]


def _dumped() -> list[dict]:
    """The library's games dumped where their run stops (with a `progress` cursor, a stack...)."""
    out = []
    for doc in DOCS:
        game = engine.load(copy.deepcopy(doc))
        game.run("end", max_steps=300)
        out.append(game.to_doc())
    return out


DUMPED = _dumped()
WEIRD = [
    None,
    [],
    {},
    [1],
    {"a": 1},
    "x",
    10**30,
    -1,
    1.5,
    True,
    False,
    "",
    "\ud800",
    [[]],
    [{}],
    {"id": []},
    0,
    2**63,
    "A",
    "self",
    "choose",
    "A.hero",
    ["a1", "a1"],
    [None],
    {"a": {"b": [[]]}},
]
weird = st.one_of(
    st.sampled_from(WEIRD), st.integers(-(10**40), 10**40), st.text(max_size=6), st.floats(allow_nan=False)
)
FAST = settings(
    max_examples=500,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def paths(node, here=()):
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in items:
        yield here + (key,)
        yield from paths(child, here + (key,))


def put(node, path, value):
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def assert_problems_well_formed(problems):
    assert isinstance(problems, list)
    for p in problems:
        assert isinstance(p["path"], str) and p["path"], p
        assert isinstance(p["message"], str) and p["message"], p


def play_through(doc) -> None:
    """check, load, run, output: only ScenarioError may come out, and only when check refused."""
    problems = engine.check(doc)
    assert_problems_well_formed(problems)
    if problems:
        with pytest.raises(engine.ScenarioError) as err:
            engine.load(doc)
        assert_problems_well_formed(err.value.problems)
        return
    game = engine.load(doc)
    game.run("end", max_steps=300)
    game.output()
    game.legal_decisions()


@st.composite
def mutated(draw, sources):
    doc = copy.deepcopy(draw(st.sampled_from(sources)))
    spots = list(paths(doc))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(spots))
        try:
            put(doc, path, draw(weird))
        except (KeyError, IndexError, TypeError):
            pass  # an earlier mutation replaced a parent
    return doc


@FAST
@given(doc=mutated(DOCS))
def test_mutated_library_documents_are_refused_or_played(doc):
    play_through(doc)


@settings(FAST, max_examples=300)
@given(doc=mutated(DUMPED))
def test_mutated_dumped_games_are_refused_or_resumed(doc):
    play_through(doc)


@settings(FAST, max_examples=300)
@given(data=st.data())
def test_mutated_decisions_are_refused_with_the_state_untouched(data):
    sources = [d for d in DUMPED if d["progress"]["winner"] is None]
    game = engine.load(copy.deepcopy(data.draw(st.sampled_from(sources))))
    legal = game.legal_decisions()
    decision = (
        copy.deepcopy(data.draw(st.sampled_from(legal)))
        if legal and data.draw(st.booleans())
        else {
            "player": data.draw(st.sampled_from(["A", "B", "A1", "B2"])),
            data.draw(
                st.sampled_from(
                    ["pass", "play", "quick", "mana", "keep", "optional", "mode", "targets", "swap", "order", "zzz"]
                )
            ): None,
        }
    )
    spots = list(paths(decision))
    for _ in range(data.draw(st.integers(0, 3))):
        if spots:
            try:
                put(decision, data.draw(st.sampled_from(spots)), data.draw(weird))
            except (KeyError, IndexError, TypeError):
                pass
    if data.draw(st.integers(0, 9)) == 0:
        decision = data.draw(weird)
    before = game.to_doc()
    try:
        game.decide(decision)
    except engine.IllegalDecision as e:
        assert str(e)
        assert game.to_doc() == before
    else:
        game.run("end", max_steps=50)
        game.output()
    # the same decision in the document's list is refused by the checker or waits as pending
    doc = copy.deepcopy(before)
    doc["decisions"].insert(doc["progress"]["decision_index"], decision)
    play_through(doc)


# -- every position of every library game dumps and loads back identically ---------------------------
@pytest.mark.parametrize("path", LIBRARY, ids=lambda p: p.stem)
def test_every_position_of_the_library_reloads_identically(path):
    game = engine.load(json.loads(path.read_text()))
    for _ in range(400):
        dumped = game.to_doc()
        again = engine.load(json.loads(json.dumps(dumped)))
        assert again.to_doc() == dumped
        assert again.pending == game.pending
        if not game.advance():
            break


def test_setup_forked_after_the_draw_loads_back():
    """4.1.a holds before the draw only: after it the six cards are in the Hand, then in Mana."""
    doc = board(phase="setup", day=1, first=None, A={"deck": deck("a", 10)}, B={"deck": deck("b", 10)})
    del doc["first_player"]
    game = engine.load(doc)
    game.run("step")
    game.run("step")
    game.run("step")
    game.run("step")  # adventure, first player, shuffle, draw
    assert game.state.step == "setup.mana"
    dumped = game.to_doc()
    assert engine.load(dumped).to_doc() == dumped
    game.decide(game.legal_decisions()[0])
    dumped = game.to_doc()
    assert dumped["players"][game.state.order[0]]["mana"]
    assert engine.load(dumped).to_doc() == dumped
    # a card elsewhere than Deck, Hand and Mana is still refused during the setup
    dumped["players"]["A"]["reserve"] = [char("zz")]
    assert "players.A.reserve" in {p["path"] for p in engine.check(dumped)}
    # before the draw, a card in the Hand is refused (4.1.a)
    early = board(phase="setup", day=1, A={"hand": [char("a1")]}, progress={"step": "setup.draw"})
    assert "players.A.hand" in {p["path"] for p in engine.check(early)}


# -- the crash sites found by fuzzing, each refused at its path -----------------------------------------
def refused_at(doc, path):
    problems = engine.check(doc)
    assert_problems_well_formed(problems)
    assert path in {p["path"] for p in problems}, problems
    with pytest.raises(engine.ScenarioError):
        engine.load(doc)


def spell(cid, *steps, **kw):
    return card(cid, type="spell", effect=list(steps), **kw)


AFTERNOON = dict(phase="afternoon", day=1)


@pytest.mark.parametrize("value", [[], {"a": 1}])
def test_crash_unhashable_marker_player_and_tumult_name(value):
    doc = board(markers={"B": value if isinstance(value, list) else "x"})
    refused_at(doc, "adventure.markers.B")
    doc = board(adventure={"tumult": [{"name": value, "terrains": [["forest"], ["water"]]}] * 3})
    refused_at(doc, "adventure.tumult[0].name")


def test_crash_unhashable_decision_player():
    refused_at(
        board(decisions=[{"player": "A", "pass": True}, {"player": {"id": []}, "pass": True}]), "decisions[1].player"
    )


def test_crash_unhashable_first_player():
    refused_at(board(first={"a": 1}), "first_player")


def test_crash_unhashable_card_owner():
    refused_at(board(A={"hero_expedition": [char("a1", owner={"a": 1})]}), "players.A.hero_expedition[0].owner")


def test_crash_unhashable_tumult_terrain():
    tumult = [{"name": f"T{i}", "terrains": [[{"a": 1}], ["water"]]} for i in range(3)]
    refused_at(board(adventure={"tumult": tumult}), "adventure.tumult[0].terrains[0][0]")
    tumult = [
        [],
        {"name": "T2", "terrains": [["forest"], ["water"]]},
        {"name": "T3", "terrains": [["forest"], ["water"]]},
    ]
    refused_at(board(adventure={"tumult": tumult}), "adventure.tumult[0]")


def test_crash_unhashable_mana_decision():
    refused_at(
        board(A={"hand": [char("a1")]}, decisions=[{"player": "A", "mana": ["a1", {"a": 1}]}]), "decisions[0].mana[1]"
    )


def test_crash_2v2_central_tumult_with_one_half():
    tumult = [{"name": f"T{i}", "face_up": True, "terrains": [["forest"], ["water"]]} for i in range(6)]
    tumult[4]["terrains"] = [[]]
    refused_at(board4(adventure={"layout": "2v2", "tumult": tumult}), "adventure.tumult[4].terrains")


def test_crash_null_tumult_is_the_default_adventure():
    doc = board(adventure={"tumult": None})
    assert engine.check(doc) == []
    assert len(engine.load(doc).state.adventure.tumult) == 3


@pytest.mark.parametrize(
    "key,value,path",
    [
        ("player", {"id": []}, "player"),
        ("player", "", "player"),
        ("player", "C", "player"),
        ("expedition", [], "expedition"),
        ("expedition", "nobody.hero", "expedition"),
        ("expedition", "self.left", "expedition"),
        ("target", {"a": 1}, "target"),
        ("if", {"zone": "self.hand", "at_least": [1]}, "if.at_least"),
        ("if", {"zone": 3}, "if.zone"),
        ("if", [1], "if"),
        ("unless", {"first_player": []}, "unless.first_player"),
        ("count", True, "count"),
        ("count", 10**30, "count"),
        ("count", 1.5, "count"),
        ("choose", 0, "choose"),
        ("controller", [], "controller"),
        ("name", {}, "name"),
        ("type", [], "type"),
        ("optional", "yes", "optional"),
    ],
)
def test_crash_malformed_step(key, value, path):
    verb = {"player": "draw", "expedition": "move_forward"}.get(key, "gain_counters")
    step = {"action": verb, "target": "a1", "player": "self", "expedition": "self.hero", key: value}
    refused_at(
        board(**AFTERNOON, A={"hand": [spell("s1", step)], "hero_expedition": [char("a1")]}),
        f"players.A.hand[0].effect[0].{path}",
    )


@pytest.mark.parametrize(
    "cost,path",
    [
        ({"mana": {"a": 1}}, "cost.mana"),
        ([1], "cost"),
        ({"exhaust_me": "x"}, "cost.exhaust_me"),
        ({"spend": {"boost": True}}, "cost.spend.boost"),
    ],
)
def test_crash_malformed_internal_cost(cost, path):
    step = {"action": "internal", "cost": cost, "effect": [{"action": "draw", "player": "self"}]}
    refused_at(board(**AFTERNOON, A={"hand": [spell("s1", step)]}), f"players.A.hand[0].effect[0].{path}")


def test_crash_malformed_ability_zones_and_trigger():
    ability = {"trigger": [], "zones": 3, "effect": []}
    doc = board(**AFTERNOON, A={"hero_expedition": [char("a1", abilities=[ability])]})
    refused_at(doc, "players.A.hero_expedition[0].abilities[0].trigger")
    refused_at(doc, "players.A.hero_expedition[0].abilities[0].zones")


@pytest.mark.parametrize(
    "decision,path",
    [
        ({"player": "A", "order": [{}, "a1:0"]}, "decisions[0].order[0]"),
        ({"player": "A", "swap": [["o1"], "o2"]}, "decisions[0].swap[0]"),
        ({"player": "A", "swap": ["o1"]}, "decisions[0].swap"),
        ({"player": "A", "play": "a1", "expedition": "hero", "targets": [{}]}, "decisions[0].targets[0]"),
        ({"player": "A", "quick": "a1", "ability": True}, "decisions[0].ability"),
        ({"player": "A", "mode": True}, "decisions[0].mode"),
        ({"player": "A", "keep": [[]]}, "decisions[0].keep[0]"),
        ({"player": "A", "keep": "a1"}, "decisions[0].keep"),
        ({"player": "A", "optional": 1}, "decisions[0].optional"),
        ({"player": "A", "pass": True, "play": "a1"}, "decisions[0]"),
    ],
)
def test_crash_malformed_decisions_in_a_document(decision, path):
    refused_at(
        board(
            **AFTERNOON,
            A={"hand": [char("a1")], "mana": [card("o1"), card("o2", statuses=["exhausted"])]},
            decisions=[decision],
        ),
        path,
    )


@pytest.mark.parametrize(
    "decision",
    [
        None,
        [],
        "pass",
        {"player": "A", "order": [{}, "x"]},
        {"player": "A", "swap": [["o1"], "o2"]},
        {"player": "A", "swap": [{}, {}]},
        {"player": "A", "play": {"a": 1}},
        {"player": "A", "play": "a1", "quick": "zz"},
        {"player": "A", "play": "a1", "expedition": []},
        {"player": "A", "quick": "a1", "ability": True},
        {"player": "A", "mode": 10**30},
        {"player": "A", "targets": [[]]},
        {"player": "A", "mana": [{}]},
        {"player": "A", "keep": {"a": 1}},
        {"player": "A", "optional": "x"},
        {"player": "A", "pass": 1},
    ],
)
def test_crash_malformed_decisions_given_to_decide(decision):
    game = engine.load(
        board(**AFTERNOON, A={"hand": [char("a1")], "mana": [card("o1"), card("o2", statuses=["exhausted"])]})
    )
    assert game.pending["kind"] == "turn"
    before = game.to_doc()
    with pytest.raises(engine.IllegalDecision):
        game.decide(decision)
    assert game.to_doc() == before


def test_a_decision_of_another_kind_is_refused_by_a_reaction_waiting_for_targets():
    """A `mode` given where targets are awaited is refused (it would choose a mode out of range)."""
    ability = {
        "trigger": "join",
        "effect": [
            {"action": "gain_counters", "target": "choose", "name": "boost", "count": 1},
            {"action": "choose_one", "modes": [[{"action": "draw", "player": "self"}]]},
        ],
    }
    doc = board(
        **AFTERNOON,
        A={"hand": [char("a1", abilities=[ability])], "hero_expedition": [char("a2")]},
        decisions=[{"player": "A", "play": "a1", "expedition": "hero"}],
    )
    game = engine.load(doc)
    game.run("end")
    assert game.pending["kind"] == "targets"
    with pytest.raises(engine.IllegalDecision):
        game.decide({"player": "A", "mode": 7, "targets": ["a2"]})
    game.decide({"player": "A", "targets": ["a2"]})


@pytest.mark.parametrize(
    "field,value", [("seed", True), ("seed", 10**30), ("day", True), ("day", 10**30), ("day", 0), ("seed", 1.5)]
)
def test_numbers_out_of_range_or_booleans_are_refused(field, value):
    refused_at(board(**{field: value}), field)


@pytest.mark.parametrize(
    "path,value",
    [
        ("players.A.hand[0].hand_cost", True),
        ("players.A.hand[0].stats.forest", 10**30),
        ("players.A.hand[0].counters.boost", False),
        ("players.A.hero.reserve_limit", True),
        ("players.A.hand[0].keywords", [1]),
        ("players.A.hand[0].statuses", [{}]),
    ],
)
def test_card_and_hero_numbers(path, value):
    doc = board(A={"hand": [char("a1", counters={"boost": 1}, keywords=[])], "hero": {"name": "H"}})
    node = doc
    keys = path.replace("[0]", ".0").split(".")
    for k in keys[:-1]:
        node = node[int(k)] if k.isdigit() else node[k]
    node[keys[-1]] = value
    problems = {p["path"] for p in engine.check(doc)}
    assert any(p.startswith(path) for p in problems), problems


@pytest.mark.parametrize(
    "progress,path",
    [
        ({"step": 5}, "progress.step"),
        ({"step": "night.rest", "sub": 9}, "progress.sub"),
        ({"step": "night.rest", "decision_index": 3}, "progress.decision_index"),
        ({"step": "night.rest", "keeps": {"A": [{}]}}, "progress.keeps.A[0]"),
        ({"step": "night.rest", "turn": []}, "progress.turn"),
        ({"step": "night.rest", "winner": {}}, "progress.winner"),
        ({"step": "night.rest", "stack": [{"id": "x"}]}, "progress.stack[0]"),  # required: card…
        ({"step": "night.rest", "declare": {"player": "A", "quick": "zz"}}, "progress.declare.quick"),
    ],
)
def test_malformed_progress_is_refused(progress, path):
    refused_at(board(progress=progress), path)


def test_a_stack_frame_target_that_no_step_can_take_is_refused():
    game = engine.load(
        board(
            **AFTERNOON,
            A={"hand": [spell("s1", {"action": "draw", "player": "choose"})]},
            decisions=[{"player": "A", "play": "s1", "targets": ["B"]}],
        )
    )
    game.run("step")
    doc = game.to_doc()
    assert doc["progress"]["stack"]
    assert engine.load(copy.deepcopy(doc)).to_doc() == doc
    doc["progress"]["stack"][0]["targets"][0][0] = "a1"  # not a player: draw would find no Deck
    refused_at(doc, "progress.stack[0].targets")


def test_deeply_nested_documents_are_refused():
    nested: list = []
    for _ in range(200):
        nested = [nested]
    problems = engine.check(board(extra=nested))
    assert problems and problems[0]["message"].startswith("document trop imbriqué")


def test_a_deeply_nested_card_is_refused_with_its_path():
    """The depth of a card is walked with the card (only when it is not plain): the path names it."""
    nested: list = []
    for _ in range(200):
        nested = [nested]
    for where, key in (("abilities", "abilities"), ("stats", "stats"), ("statuses", "statuses")):
        card = char("a1", **{key: nested if key != "stats" else {"forest": nested}})
        problems = engine.check(board(A={"hand": [card]}))
        assert [p["message"] for p in problems] == ["document trop imbriqué (plus de 64 niveaux)"], where
        assert problems[0]["path"].startswith("$.players.A.hand[0]." + key), problems[0]["path"]
    limbo = engine.check(board(limbo=[char("l1", abilities=nested)]))
    assert limbo[0]["path"].startswith("$.limbo[0].abilities[0]")
    within = nested
    for _ in range(141):  # 60 levels under the card's key, the card 4 levels down: 64 in all
        within = within[0]
    assert engine.check(board(A={"hand": [char("a1", kept=within)]})) == []
    assert engine.check(board(A={"hand": [char("a1", kept=[within])]}))[0]["message"].startswith("document trop")


def test_crash_playing_into_an_opponents_expedition_is_refused():
    game = engine.load(board(**AFTERNOON, A={"hand": [char("a1")]}))
    before = game.to_doc()
    with pytest.raises(engine.IllegalDecision, match="propre Expédition"):
        game.decide({"player": "A", "play": "a1", "expedition": "B.hero"})
    assert game.to_doc() == before
