"""Property-based tests over random boards (Hypothesis, fixed and derandomised for stable CI)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.model import PHASES, STATUSES

PROFILE = settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
#: 2v2 boards have four players' worth of cards and steps: fewer examples keep the suite's time in budget
PROFILE_2V2 = settings(PROFILE, max_examples=15)
STEPS = [
    {"action": "draw", "player": "self", "count": 1},
    {"action": "resupply", "player": "opponent"},
    {"action": "sabotage", "target": "choose"},
    {"action": "discard", "target": "choose", "optional": True},
    {"action": "move_forward", "expedition": "choose"},
    {"action": "move_backward", "expedition": "opponent.hero", "if": {"zone": "self.hand", "at_least": 1}},
    {"action": "gain_counters", "target": "choose", "name": "boost", "count": 2},
    {"action": "remove_counters", "target": "me", "name": "boost", "count": 1},
    {"action": "gain_status", "target": "choose", "status": "asleep", "unless": {"first_player": "self"}},
    {"action": "sacrifice", "target": "choose"},
    {
        "action": "internal",
        "cost": {"mana": 1},
        "effect": [{"action": "gain_status", "target": "choose", "status": "anchored"}],
    },
]
EFFECTS = [[s] for s in STEPS] + [
    [{"action": "choose_one", "modes": [[STEPS[0]], [STEPS[2], STEPS[4]]]}],
    [STEPS[6], STEPS[3]],
]
ABILITIES = [
    {"trigger": "join", "effect": [STEPS[0]]},
    {"trigger": "played_from_reserve", "effect": [STEPS[6]]},
    {"trigger": "played_from_hand", "effect": [STEPS[3]]},
    {"trigger": "noon", "effect": [STEPS[4]]},
    {"trigger": "dusk", "effect": [STEPS[8], STEPS[10]]},
    {"quick": {"exhaust_me": True}, "effect": [STEPS[1]]},
    {"quick": {"mana": 1}, "effect": [STEPS[5]]},
    {"quick": {"discard_me": True}, "effect": [STEPS[0]]},
    {"quick": {"spend": {"boost": 1}}, "effect": [STEPS[2]]},
]
ZONES = ("deck", "hand", "mana", "reserve", "landmarks", "discard", "hero_expedition", "companion_expedition")


SEATS = {"1v1": ("A", "B"), "2v2": ("A1", "B1", "A2", "B2")}


@st.composite
def boards(draw, mode: str = "1v1"):
    ids = SEATS[mode]
    phase = draw(st.sampled_from(PHASES))
    day = 1 if phase == "setup" else draw(st.integers(1, 4))
    n = 0
    players = {}
    for p in ids:
        pl = {
            "hero": draw(
                st.sampled_from(
                    [
                        None,
                        {
                            "name": "H",
                            "reserve_limit": draw(st.integers(0, 3)),
                            "landmark_limit": draw(st.integers(0, 3)),
                        },
                    ]
                )
            )
        }
        for zone in ZONES:
            if phase == "setup" and zone != "deck":
                continue
            cards = []
            for _ in range(draw(st.integers(0, 10 if zone == "deck" else 3))):
                n += 1
                kind = "permanent" if zone == "landmarks" else "character"
                if zone in ("hand", "reserve", "deck", "discard") and draw(st.integers(0, 3)) == 0:
                    kind = draw(st.sampled_from(["spell", "permanent"]))
                c = {
                    "id": f"c{n}",
                    "owner": draw(st.sampled_from(ids)),
                    "type": kind,
                    "hand_cost": draw(st.integers(0, 2)),
                    "reserve_cost": draw(st.sampled_from([None, 0, 1])),
                    "abilities": draw(st.lists(st.sampled_from(ABILITIES), max_size=2)),
                    **({"effect": draw(st.sampled_from(EFFECTS))} if kind == "spell" else {}),
                    **({"keywords": ["fleeting"]} if kind == "spell" and draw(st.booleans()) else {}),
                    "stats": {
                        "forest": draw(st.integers(0, 3)),
                        "mountain": draw(st.integers(0, 3)),
                        "water": draw(st.integers(0, 3)),
                    },
                    "statuses": draw(st.lists(st.sampled_from(STATUSES), unique=True, max_size=2)),
                    "counters": draw(st.sampled_from([{}, {"boost": 1}])),
                }
                if not zone.endswith("expedition"):
                    c["owner"] = p  # a private zone holds only its owner's cards (3.1.2.c)
                if zone in ("hand", "deck", "discard"):
                    # neither counters nor statuses there (2.1.g, 2.1.i; CR 5.0 2.5.b, 2.4.1.c)
                    c["counters"], c["statuses"] = {}, []
                if kind == "permanent":  # Landmark Permanents are never Fleeting, in any zone (CR 5.0 2.4.7.b remark)
                    c["statuses"] = [x for x in c["statuses"] if x != "fleeting"]
                if zone.endswith("expedition") and draw(st.booleans()):
                    c["token"] = True
                if zone == "mana":
                    c = {"id": c["id"], "statuses": c["statuses"][:0] + (["exhausted"] if draw(st.booleans()) else [])}
                cards.append(c)
            pl[zone] = cards
        pl["passed"] = phase == "afternoon" and draw(st.booleans())
        players[p] = pl
    h = draw(st.integers(0, 6))
    markers = {p: {"hero": draw(st.integers(0, h)), "companion": draw(st.integers(h + 1, 7))} for p in ids}
    doc = {
        "format": "arbitre-scenario/1",
        "seed": draw(st.integers(0, 10**6)),
        "day": day,
        "phase": phase,
        "first_player": draw(st.sampled_from(ids)),
        "players": players,
        "adventure": {"markers": markers, "arena": draw(st.booleans())} if phase != "setup" else {},
    }
    if mode == "2v2":
        doc["mode"] = "2v2"
        if doc["adventure"] and not doc["adventure"]["arena"] and draw(st.booleans()):
            doc["adventure"]["tumult"] = TUMULT_2V2_FACE_UP
    return doc


#: a 2v2 Adventure with every Tumult card face up, the central pair turned opposite ways
TUMULT_2V2_FACE_UP = [
    {"name": f"T{k}{x}", "face_up": True, "terrains": halves[::-1] if (k, x) == (3, "b") else halves}
    for k, halves in (
        (1, [["forest"], ["mountain", "water"]]),
        (2, [["mountain"], ["forest", "water"]]),
        (3, [["water"], ["forest", "mountain"]]),
    )
    for x in "ab"
]


def non_token_ids(doc):
    found = [c["id"] for pl in doc["players"].values() for z in ZONES for c in pl[z] if not c.get("token")]
    return found + [c["id"] for c in doc["limbo"]]


def play(doc, steps, choice_seed, check_undo=False):
    game = engine.load(doc)
    rnd = random.Random(choice_seed)
    before_ids = sorted(non_token_ids(game.to_doc()))
    for _ in range(steps):
        if game.winner:
            break
        snapshot = game.to_doc() if check_undo else None
        entries = game.advance()
        decision = None
        if not entries:
            options = game.legal_decisions()
            assert options, f"stuck without options: {game.pending}"
            decision = rnd.choice(options)
            entries = game.decide(decision)
        assert entries
        if check_undo:
            after = game.to_doc()
            log_len = len(game.log)
            game.undo()
            assert game.to_doc() == snapshot
            assert len(game.log) == log_len - len(entries)
            redo = game.decide(decision) if decision else game.advance()
            assert game.to_doc() == after
            assert [e.text for e in redo] == [e.text for e in entries]
        ids = non_token_ids(game.to_doc())
        assert len(ids) == len(set(ids)), "a card is in two zones"
        assert sorted(ids) == before_ids, "a card was lost or created"
    return game


@PROFILE
@given(boards(), st.integers(0, 1000))
def test_no_card_lost_or_duplicated_and_no_step_raises(doc, choice_seed):
    play(doc, 80, choice_seed)


@PROFILE
@given(boards(), st.integers(0, 1000))
def test_undo_restores_the_exact_state(doc, choice_seed):
    play(doc, 30, choice_seed, check_undo=True)


@PROFILE
@given(boards(), st.integers(0, 1000))
def test_same_file_same_log(doc, choice_seed):
    a = play(doc, 60, choice_seed)
    b = play(doc, 60, choice_seed)
    assert [e.to_json() for e in a.log] == [e.to_json() for e in b.log]


@PROFILE
@given(boards(), st.integers(0, 1000))
def test_dump_then_load_resumes_identically(doc, choice_seed):
    game = play(doc, 25, choice_seed)
    dumped = game.to_doc()
    again = engine.load(dumped)
    assert again.to_doc() == dumped
    game.run("end", max_steps=40)
    again.run("end", max_steps=40)
    assert [e.text for e in again.log] == [e.text for e in game.log[-len(again.log) :]] if again.log else True


@PROFILE
@given(boards(), st.integers(0, 1000))
def test_what_the_game_waits_for_is_what_a_fresh_load_of_it_waits_for(doc, choice_seed):
    """A game computes what it waits for once between two steps (Game._need_memo): after each step,
    undo and refused decision it must answer as a game loaded from its own dump."""
    game = engine.load(doc)
    rnd = random.Random(choice_seed)
    for _ in range(30):
        fresh = engine.load(game.to_doc())
        assert game.pending == fresh.pending
        assert game.legal_decisions(20) == fresh.legal_decisions(20)
        assert game.legal_count() == fresh.legal_count()
        if game.winner:
            break
        action = rnd.random()
        if action < 0.2 and game.log and len(game._history):
            game.undo()
        elif action < 0.3:
            with pytest.raises(engine.IllegalDecision):
                game.decide({"player": "nobody", "pass": True})
        elif not game.advance():
            game.decide(rnd.choice(game.legal_decisions()))


def generic_deck(p: str) -> list[dict]:
    deck = []
    for i in range(40):
        c = {
            "id": f"{p}{i}",
            "type": "character",
            "hand_cost": i % 3,
            "reserve_cost": 1,
            "stats": {"forest": i % 4, "mountain": (i + 1) % 4, "water": (i + 2) % 4},
        }
        if i % 5 == 4:
            c = {
                "id": f"{p}{i}",
                "type": "spell",
                "hand_cost": 1,
                "reserve_cost": 1,
                "effect": EFFECTS[i % len(EFFECTS)],
            }
        elif i % 6 == 5:
            c["abilities"] = [ABILITIES[i % len(ABILITIES)]]
        deck.append(c)
    return deck


@settings(max_examples=8, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_whole_games_from_setup_reach_a_winner_without_losing_a_card(seed):
    doc = {
        "format": "arbitre-scenario/1",
        "seed": seed,
        "phase": "setup",
        "players": {p: {"hero": None, "deck": generic_deck(p)} for p in "AB"},
    }
    game = play(doc, 3000, seed)
    assert game.winner in ("A", "B")
    again = play(doc, 3000, seed)
    assert [e.to_json() for e in again.log] == [e.to_json() for e in game.log]


@settings(max_examples=4, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_undo_is_exact_through_a_whole_game_with_card_play(seed):
    doc = {
        "format": "arbitre-scenario/1",
        "seed": seed,
        "phase": "setup",
        "players": {p: {"hero": None, "deck": generic_deck(p)} for p in "AB"},
    }
    play(doc, 250, seed, check_undo=True)


# -- the same properties on 2v2 boards (issue 7) --------------------------------------------------
@PROFILE_2V2
@given(boards("2v2"), st.integers(0, 1000))
def test_2v2_no_card_lost_or_duplicated_and_no_step_raises(doc, choice_seed):
    play(doc, 80, choice_seed)


@PROFILE_2V2
@given(boards("2v2"), st.integers(0, 1000))
def test_2v2_undo_restores_the_exact_state(doc, choice_seed):
    play(doc, 30, choice_seed, check_undo=True)


@PROFILE_2V2
@given(boards("2v2"), st.integers(0, 1000))
def test_2v2_same_file_same_log_and_dump_resumes(doc, choice_seed):
    a = play(doc, 60, choice_seed)
    b = play(doc, 60, choice_seed)
    assert [e.to_json() for e in a.log] == [e.to_json() for e in b.log]
    dumped = a.to_doc()
    assert engine.load(dumped).to_doc() == dumped


@settings(max_examples=4, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_2v2_whole_games_from_setup_reach_a_team_winner(seed):
    doc = {
        "format": "arbitre-scenario/1",
        "seed": seed,
        "phase": "setup",
        "mode": "2v2",
        "players": {p: {"hero": None, "deck": generic_deck(p)} for p in SEATS["2v2"]},
    }
    game = play(doc, 6000, seed)
    assert game.winner in ("A", "B")
    again = play(doc, 6000, seed)
    assert [e.to_json() for e in again.log] == [e.to_json() for e in game.log]


@settings(max_examples=2, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_2v2_undo_is_exact_through_a_whole_game(seed):
    doc = {
        "format": "arbitre-scenario/1",
        "seed": seed,
        "phase": "setup",
        "mode": "2v2",
        "players": {p: {"hero": None, "deck": generic_deck(p)} for p in SEATS["2v2"]},
    }
    play(doc, 250, seed, check_undo=True)
