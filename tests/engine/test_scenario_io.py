"""Loading, checking and dumping scenario documents."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import engine

from .helpers import board, char, deck

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def paths(problems):
    return {p["path"] for p in problems}


def test_load_dump_load_gives_the_same_state():
    doc = board(
        A={
            "reserve": [char("a1", 1, counters={"boost": 2})],
            "deck": deck("ad", 5),
            "hero_expedition": [char("a2", 2, statuses=["fleeting"])],
        },
        B={"companion_expedition": [char("b1", water=3, token=True)]},
        title="Titre",
        description="Texte",
        tags=["x"],
        expect={"until": "end"},
    )
    dumped = engine.load(doc).to_doc()
    again = engine.load(json.loads(json.dumps(dumped))).to_doc()
    assert dumped == again
    for key in ("title", "description", "tags", "expect"):
        assert dumped[key] == doc[key]


def _deface(value):
    """Change every list and dict inside `value`, in place."""
    todo = [value]
    while todo:
        node = todo.pop()
        children = list(node.values()) if isinstance(node, dict) else list(node)
        todo += [v for v in children if isinstance(v, (dict, list))]
        if isinstance(node, dict):
            node["defaced"] = True
        else:
            node.append("defaced")


def test_the_state_shares_nothing_with_the_document_loaded_nor_the_document_dumped():
    """load() and dump() copy only what they must (engine/scenario/load.py, dump.py): whatever the
    caller then does to either document, the game is untouched."""
    ability = {"trigger": "join", "effect": [{"action": "draw", "player": "self", "count": 1}]}
    doc = board(
        phase="afternoon",
        A={
            "hero": {"name": "H", "reserve_limit": 2, "landmark_limit": 2, "art": ["x"]},
            "hand": [
                char("a1", keywords=["x"], abilities=[ability]),
                {"id": "s1", "type": "spell", "effect": [{"action": "draw", "player": "self"}]},
                char("a2", abilities=[ability], note={"kept": [1]}),
                char("a3"),
            ],
            "notes": {"k": [1]},
        },
        limbo=[char("l1", abilities=[ability])],  # being played: its effect is on the stack (3.2.8.a)
        progress={
            "step": "afternoon.turn",
            "stack": [
                {
                    **{"id": "l1", "card": "l1", "player": "A", "kind": "spell", "after": "spell"},
                    **{"steps": [{"action": "draw", "player": "self"}], "targets": [], "i": 0, "t": 0},
                    **{"declared": True, "ordered": True, "started": False},
                }
            ],
        },
        adventure={
            "tumult": [{"terrains": [[t], ["water"]], "art": [1]} for t in ("forest", "mountain", "water")],
            "extra": {"k": [1]},
        },
        meta={"k": [1]},
    )
    game = engine.load(doc)
    before = game.to_doc()
    _deface(doc)
    assert game.to_doc() == before
    _deface(game.to_doc())
    dumped = game.to_doc()
    assert dumped == before
    _deface(dumped)
    assert game.to_doc() == before


def test_unknown_card_and_player_keys_are_kept():
    doc = board(A={"hand": [char("a1", rarity="rare")], "note": "x"})
    out = engine.load(doc).to_doc()
    assert out["players"]["A"]["hand"][0]["rarity"] == "rare"
    assert out["players"]["A"]["note"] == "x"


def test_every_problem_is_listed_with_its_path():
    doc = board(
        phase="teatime",
        A={"hand": [char("x1"), char("x1")], "reserve": [char("t1", token=True), {"id": "s", "statuses": ["sleepy"]}]},
        markers={"A": {"hero": 9, "companion": 7}},
    )
    doc["players"]["B"]["hand"] = [{"id": "b1", "type": "wizard", "counters": {"boost": -1}}]
    problems = engine.check(doc)
    assert {
        "phase",
        "players.A.hand[1].id",
        "players.A.reserve[0].token",
        "players.A.reserve[1].statuses[0]",
        "adventure.markers.A.hero",
        "players.B.hand[0].type",
        "players.B.hand[0].counters.boost",
    } <= paths(problems)
    with pytest.raises(engine.ScenarioError) as err:
        engine.load(doc)
    assert err.value.problems == problems


def test_a_card_in_two_zones_is_refused():
    doc = board(A={"hand": [char("a1")]}, B={"reserve": [char("a1")]})
    assert "players.B.reserve[0].id" in paths(engine.check(doc))


def test_malformed_json_names_line_and_column():
    with pytest.raises(engine.ScenarioError) as err:
        engine.loads('{"format": "arbitre-scenario/1",\n "day": }')
    (p,) = err.value.problems
    assert p["path"] == "$" and p["line"] == 2 and p["column"] > 1


def test_decisions_naming_unknown_cards_are_refused():
    doc = board(decisions=[{"player": "A", "keep": ["zz"]}, {"player": "C", "pass": True}])
    assert {"decisions[0].keep[0]", "decisions[1].player"} <= paths(engine.check(doc))


def test_setup_needs_every_card_in_the_deck():
    doc = board(phase="setup", day=1, A={"hand": [char("a1")]})
    assert "players.A.hand" in paths(engine.check(doc))


def test_cards_keep_their_id_and_get_a_new_timestamp_in_visible_zones():
    game = engine.load(board(A={"hero_expedition": [char("a1", 1, timestamp=5)]}))
    game.advance()  # Rest
    card = game.state.card("a1")
    assert game.state.zone_of("a1") == "A.reserve" and card.timestamp > 5


def test_cli_check_and_run_exit_2_on_a_refused_scenario(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(board(phase="lunch")))
    for cmd in ("check", "run"):
        r = subprocess.run([sys.executable, "-m", "engine", cmd, str(bad)], cwd=ROOT, capture_output=True, text=True)
        assert r.returncode == 2
        assert json.loads(r.stdout)["problems"][0]["path"] == "phase"
    good = tmp_path / "good.json"
    good.write_text(json.dumps(board()))
    r = subprocess.run(
        [sys.executable, "-m", "engine", "run", str(good), "--until", "step"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    out = json.loads(r.stdout)
    assert set(out) == {"state", "log", "pending", "winner"} and len(out["log"]) >= 1


@pytest.mark.parametrize(("ruleset", "rules"), [("fr-1", ["2.1.d"]), ("cr-5.0", ["2.1.e (CR 5.0)"])])
def test_a_token_outside_the_expedition_zone_is_refused_in_the_rule_set_named(ruleset, rules):
    doc = board(phase="afternoon", A={"reserve": [char("t1", token=True)]}, rules=ruleset)
    (problem,) = engine.check(doc)
    assert (problem["path"], problem["code"], problem["rules"]) == ("players.A.reserve[0].token", "token_zone", rules)
    assert "Réserve de A" in problem["message"]
