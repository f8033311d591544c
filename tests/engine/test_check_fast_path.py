"""The schema is the one statement of the format's shape (issue 11's fast path, now derived from it).

`check()` applies the JSON Schema through `validate()`: a predicate compiled once from the schema
(`compile_fits`) answers for a sound document, and only a document it refuses is walked to name
each problem. On random cards (plain, odd values, abilities and effects), the compiled predicate
accepts exactly what the walker finds nothing in, the walker's problems are at the places the
reference validator (`jsonschema`) names, and `check()` reports a problem of shape exactly there.
"""

from __future__ import annotations

import random
import re

import jsonschema
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.model import CARD_TYPES, EXPEDITION_ZONES, PLAYER_ZONES, STATUSES, TERRAINS
from engine.scenario.check import MAX_NUMBER, check
from engine.scenario.schema import FITS, SCHEMA, compile_fits, shape_problems

from .test_schema import reference_paths

REFERENCE = jsonschema.Draft202012Validator(SCHEMA)
SHAPE_CODES = {"type", "enum", "const", "required", "additional", "negative", "minimum", "range", "maximum"}
SHAPE_CODES |= {"min_items", "max_items", "unique", "min_length"}
# no integral floats: JSON Schema counts 1.0 as an integer, the engine never does (1.1.6.a; README "Checking")
FLOATS = st.floats(allow_nan=False, allow_infinity=False).filter(lambda x: not x.is_integer())
ODD = st.one_of(st.none(), st.booleans(), st.text(max_size=3), FLOATS, st.lists(st.integers()))
NUMBER = st.one_of(st.integers(-2, 3), st.just(MAX_NUMBER), st.just(MAX_NUMBER + 1), ODD)
CARD = st.fixed_dictionaries(
    {"id": st.one_of(st.sampled_from(["a", "b"]), st.just(""), ODD)},
    optional={
        "name": st.one_of(st.text(max_size=3), ODD),
        "type": st.one_of(st.sampled_from(CARD_TYPES), st.just("héros"), ODD),
        "hand_cost": NUMBER,
        "reserve_cost": NUMBER,
        "stats": st.one_of(st.dictionaries(st.sampled_from([*TERRAINS, "fire"]), NUMBER, max_size=4), ODD),
        "statuses": st.one_of(st.lists(st.one_of(st.sampled_from(STATUSES), st.just("x"), ODD), max_size=3), ODD),
        "counters": st.one_of(st.dictionaries(st.text(max_size=2), NUMBER, max_size=2), ODD),
        "owner": st.one_of(st.sampled_from(["A", "B", "Z"]), ODD),
        "token": st.one_of(st.booleans(), ODD),
        "timestamp": NUMBER,
        "keywords": st.one_of(st.lists(st.one_of(st.text(max_size=2), ODD), max_size=2), ODD),
        "abilities": st.one_of(
            st.just([{"trigger": "join", "effect": [{"action": "draw", "player": "self", "count": 1}]}]),
            st.just([{"trigger": "nope", "effect": []}, 3]),
            st.just([{"quick": {"exhaust_me": 1, "spend": {"boost": -1}}, "effect": [{"action": "put"}]}]),
            ODD,
        ),
        "effect": st.one_of(
            st.just([{"action": "discard", "target": "choose"}]),
            st.just([{"action": "zzz", "count": -1}]),
            st.just([{"action": "choose_one", "modes": [[{"action": "draw", "count": 101}], [3]]}]),
            ODD,
        ),
    },
)


def _board(cards: list, zone: str) -> dict:
    where = {"limbo": cards} if zone == "limbo" else {"players": {"A": {zone: cards}, "B": {}}}
    return {"format": "arbitre-scenario/1", "players": {"A": {}, "B": {}}} | where


@settings(max_examples=400, deadline=None)
@given(cards=st.lists(CARD, min_size=1, max_size=3), zone=st.sampled_from([*PLAYER_ZONES, "limbo"]))
def test_check_reports_the_shape_where_the_schema_says(cards, zone):
    doc = _board(cards, zone)
    walked = shape_problems(doc, SCHEMA, "$")
    assert FITS(doc) == (walked == [])  # the compiled predicate and the walker: one schema
    assert FITS(doc) == REFERENCE.is_valid(doc)
    assert {p["path"] for p in walked} == reference_paths(doc)
    shape = {p["path"] for p in check(doc) if p["code"] in SHAPE_CODES}
    assert shape == {p["path"] for p in walked}


def test_the_predicate_is_compiled_from_the_schema_it_is_given():
    """Not a hand-written copy: a stricter schema gives a stricter predicate."""
    strict = {**SCHEMA, "$defs": {**SCHEMA["$defs"], "card": {**SCHEMA["$defs"]["card"], "required": ["id", "name"]}}}
    doc = _board([{"id": "a1"}], "hand")
    assert FITS(doc) and not compile_fits(strict)(doc)


def test_a_duplicate_id_names_the_first_cards_place():
    doc = {
        "format": "arbitre-scenario/1",
        "players": {
            "A": {"hero": None, "hand": [{"id": "x"}]},
            "B": {"hero": None, "reserve": [{"id": "x", "name": 3}]},
        },
    }
    problems = {p["path"]: p for p in check(doc)}
    assert problems["players.B.reserve[0].id"]["code"] == "duplicate_id"
    assert problems["players.B.reserve[0].id"]["rules"] == ["2.1.a"]
    assert "la carte 1 de la Main de A" in problems["players.B.reserve[0].id"]["message"]
    assert problems["players.B.reserve[0].name"]["code"] == "type"


def test_a_card_of_another_type_is_refused_in_an_expedition():
    doc = {
        "format": "arbitre-scenario/1",
        "players": {"A": {"hero": None, EXPEDITION_ZONES[0]: [{"id": "p", "type": "permanent"}]}, "B": {"hero": None}},
    }
    assert [(p["path"], p["code"]) for p in check(doc)] == [
        (f"players.A.{EXPEDITION_ZONES[0]}[0].type", "expedition_type")
    ]


def test_every_problem_has_a_code_its_rules_and_the_french_of_its_code():
    """No problem is written outside problems.py: each has a known code, and its message is that
    code's French (the builder shows the message and reads the code and rules as data)."""
    from engine.scenario.problems import MESSAGES

    from .test_schema import DOCS, _mutations

    rnd = random.Random(3)
    seen = set()
    for doc in rnd.sample(DOCS, 20):
        for bad in _mutations(doc, rnd, 30):
            for p in check(bad):
                assert p["code"] in MESSAGES and isinstance(p["rules"], list), p
                assert p["message"] and not re.search(r"\{[a-z_]+\}", p["message"]), p  # filled in
                seen.add(p["code"])
    assert len(seen) > 8, seen  # the mutations reach many kinds of problem


def test_every_code_the_checker_writes_has_its_french():
    """Each code named in the checker's source is one of problems.py (a typo would be a KeyError)."""
    from pathlib import Path

    from engine.scenario.problems import MESSAGES

    root = Path(__file__).resolve().parents[2] / "engine" / "scenario"
    source = "\n".join((root / name).read_text(encoding="utf-8") for name in ("check.py", "board.py", "schema.py"))
    codes = set(re.findall(r'(?:add|problem)\(\s*[^,()]+(?:\([^()]*\))?[^,()]*,\s*"([a-z_0-9]+)"', source))
    assert len(codes) > 30, codes
    assert codes <= MESSAGES.keys(), codes - MESSAGES.keys()


def test_the_checkers_rules_are_cited_in_the_documents_rule_set():
    """Written from the rule text: the Adventure has three Tumult cards (fr-1 3.2.1.b; CR 5.0 3.2.1.b)
    and an object is in one zone at a time (2.1.a, the same in CR 5.0); a modal step needs its
    modes (fr-1 5.2.3.c; CR 5.0 chooses them on resolution, 6.5.g)."""
    from .helpers import board, char

    three = [{"terrains": [[t], ["water"]]} for t in ("forest", "mountain", "water")]
    for ruleset, suffix, modes in (("fr-1", "", "5.2.3.c"), ("cr-5.0", " (CR 5.0)", "6.5.g (CR 5.0)")):
        s1 = {"id": "s1", "type": "spell", "effect": [{"action": "choose_one"}]}
        doc = board(A={"hand": [char("x1"), s1]}, B={"reserve": [char("x1")]})
        doc["rules"] = ruleset
        doc["adventure"] = {"tumult": three[:2]}
        got = {p["path"]: (p["code"], p["rules"]) for p in check(doc)}
        assert got["adventure.tumult"] == ("tumult_count", [f"3.2.1.b{suffix}"])
        assert got["players.B.reserve[0].id"] == ("duplicate_id", [f"2.1.a{suffix}"])
        assert got["players.A.hand[1].effect[0].modes"] == ("modes_missing", [modes])
