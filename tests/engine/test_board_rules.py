"""The board rules (engine/scenario/board.py): each statement "X can only / never be in Y" of the rules is
a problem at the field it names, cited in the document's rule set; the README lists every such
statement, with its code or why it is not checked."""

from __future__ import annotations

import re
from pathlib import Path

import engine
from engine.scenario.problems import MESSAGES
from engine.versions import CR5

from .helpers import board, card, char, deck

README = (Path(__file__).resolve().parents[2] / "engine" / "README.md").read_text(encoding="utf-8")
BOARD = (Path(__file__).resolve().parents[2] / "engine" / "scenario" / "board.py").read_text(encoding="utf-8")


def found(doc: dict) -> list[tuple[str, str, list[str]]]:
    return [(p["path"], p["code"], p["rules"]) for p in engine.check(doc)]


def test_a_fleeting_permanent_is_refused_in_every_zone_under_cr5_and_nowhere_under_fr1():
    """CR 5.0 2.4.7.b, its remark: "Landmark Permanents cannot have or gain Fleeting in any zone"; the
    French text has no such rule (2.4.6 names Characters and Spells)."""
    tower = card("p1", type="permanent", statuses=["fleeting"])
    for zone in ("landmarks", "reserve"):
        doc = board(phase="afternoon", A={zone: [tower], "deck": deck("ad", 3)}, B={"deck": deck("bd", 3)}, rules=CR5)
        assert found(doc) == [(f"players.A.{zone}[0].statuses", "fleeting_landmark", ["2.4.7.b (CR 5.0)"])]
        assert found(doc | {"rules": "fr-1"}) == []
    # in Limbo (not being played, so 3.2.8.a's problem too)
    doc = board(phase="afternoon", A={"deck": deck("ad", 3)}, B={"deck": deck("bd", 3)}, limbo=[tower], rules=CR5)
    assert found(doc) == [
        ("limbo[0].statuses", "fleeting_landmark", ["2.4.7.b (CR 5.0)"]),
        ("limbo[0]", "limbo_not_played", ["3.2.8.a (CR 5.0)"]),
    ]


def test_only_permanents_are_meant_and_the_discard_pile_is_2_4_1_c():
    """A Fleeting Character in the Reserve is possible (an effect may give it Fleeting there); in the
    Discard pile no object has a status at all (2.4.1.c), one problem, not two."""
    doc = board(
        phase="afternoon",
        A={
            "reserve": [char("a1", 1, statuses=["fleeting"])],
            "discard": [card("p2", type="permanent", statuses=["fleeting"])],
        },
        rules=CR5,
    )
    assert found(doc) == [("players.A.discard[0].statuses", "statuses_zone", ["2.4.1.c (CR 5.0)"])]


def test_two_objects_never_share_a_timestamp_in_either_rule_set():
    a1, b1 = char("a1", 1, timestamp=5), card("b1", type="permanent", timestamp=5)
    doc = board(phase="afternoon", A={"reserve": [a1]}, B={"landmarks": [b1]}, limbo=[])
    assert found(doc) == [("players.B.landmarks[0].timestamp", "timestamp_duplicate", ["2.1.c"])]
    rules = ["2.2.16.b (CR 5.0)", "2.2.16.c (CR 5.0)"]
    assert found(doc | {"rules": CR5}) == [("players.B.landmarks[0].timestamp", "timestamp_duplicate", rules)]
    message = engine.check(doc)[0]["message"]
    assert "a1" in message and "5" in message


def test_a_timestamp_in_a_hidden_zone_is_one_problem_not_two():
    doc = board(phase="afternoon", A={"hand": [char("a1", timestamp=5)], "reserve": [char("a2", timestamp=5)]})
    assert found(doc) == [("players.A.hand[0].timestamp", "timestamp_hidden", ["2.1.g"])]


def test_a_dumped_game_never_has_two_objects_with_one_timestamp():
    """The loader stamps what the file leaves out after the highest given, and every move takes the
    next one: whatever the engine writes, its checker accepts."""
    doc = board(
        phase="night",
        A={"hero_expedition": [char("a1", 1, timestamp=3), char("a2", 1)], "reserve": [char("a3")]},
        B={"landmarks": [card("b1", type="permanent")], "deck": deck("bd", 4)},
    )
    game = engine.load(doc)
    game.run("afternoon")
    dumped = game.to_doc()
    assert not [p for p in engine.check(dumped) if p["code"] == "timestamp_duplicate"]


def test_every_board_code_is_in_the_readme_table_and_has_its_french():
    codes = set(re.findall(r'problem\(\s*f?"[^"]*",\s*"(\w+)"', BOARD))
    assert {"owner_zone", "timestamp_duplicate", "fleeting_landmark", "tumult_identical"} <= codes
    for code in codes:
        assert f"`{code}`" in README, code
        assert code in MESSAGES, code
