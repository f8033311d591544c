"""The checker's fast path for plain cards agrees with the full check (issue 11, speed of a big board).

`_Checker.plain_card` accepts a card without building paths or messages; it must accept exactly the
plain cards in which `_Checker.card` finds nothing to report, record the card's id the same way, and
report the same problems of a card's keywords, abilities and effect as the full check.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.model import CARD_TYPES, EXPEDITION_ZONES, PLAYER_ZONES, STATUSES, TERRAINS
from engine.scenario.check import MAX_NUMBER, _Checker, check

ODD = st.one_of(st.none(), st.booleans(), st.text(max_size=3), st.floats(allow_nan=False), st.lists(st.integers()))
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
            ODD,
        ),
        "effect": st.one_of(
            st.just([{"action": "discard", "target": "choose"}]), st.just([{"action": "zzz", "count": -1}]), ODD
        ),
    },
)


@settings(max_examples=600, deadline=None)
@given(cards=st.lists(CARD, min_size=1, max_size=3), zone=st.sampled_from([*PLAYER_ZONES, "limbo"]))
def test_plain_card_accepts_exactly_what_card_accepts(cards, zone):
    fast, full = _Checker(), _Checker()
    full.pids = fast.pids = {"A", "B"}
    for i, c in enumerate(cards):
        path = f"players.A.{zone}[{i}]"
        before = len(full.problems)
        full.card(c, path, {"A", "B"}, zone)
        clean = len(full.problems) == before
        lists = isinstance(c, dict) and bool({"keywords", "abilities", "effect"} & c.keys())
        accepted = fast.plain_card(c, zone, ("players.A", zone, i))
        if isinstance(c, dict) and not lists:  # a plain card: taken exactly when it is clean
            assert accepted == clean, (c, full.problems[before:])
        if not accepted:  # as check() does: the full check names the problems
            fast.card(c, path, {"A", "B"}, zone)
        assert set(fast.ids) == set(full.ids)
    assert fast.problems == full.problems


def test_a_duplicate_of_a_plain_card_names_the_first_cards_path():
    doc = {
        "format": "arbitre-scenario/1",
        "players": {
            "A": {"hero": None, "hand": [{"id": "x"}]},
            "B": {"hero": None, "reserve": [{"id": "x", "name": 3}]},
        },
    }
    paths = {p["path"]: p["message"] for p in check(doc)}
    assert "déjà utilisé par players.A.hand[0]" in paths["players.B.reserve[0].id"]
    assert paths["players.B.reserve[0].name"] == "texte attendu, reçu 3"  # the schema's problem (code "type")


def test_a_plain_card_of_another_type_is_refused_in_an_expedition():
    doc = {
        "format": "arbitre-scenario/1",
        "players": {"A": {"hero": None, EXPEDITION_ZONES[0]: [{"id": "p", "type": "permanent"}]}, "B": {"hero": None}},
    }
    assert [p["path"] for p in check(doc)] == [f"players.A.{EXPEDITION_ZONES[0]}[0].type"]
