"""Property-based tests over random boards (Hypothesis, fixed and derandomised for stable CI)."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

import engine
from engine.model import PHASES, STATUSES

PROFILE = settings(max_examples=40, deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow])
ZONES = ("deck", "hand", "mana", "reserve", "landmarks", "discard", "hero_expedition", "companion_expedition")


@st.composite
def boards(draw):
    phase = draw(st.sampled_from(PHASES))
    day = 1 if phase == "setup" else draw(st.integers(1, 4))
    n = 0
    players = {}
    for p in ("A", "B"):
        pl = {"hero": draw(st.sampled_from([None, {"name": "H", "reserve_limit": draw(st.integers(0, 3)),
                                                   "landmark_limit": draw(st.integers(0, 3))}]))}
        for zone in ZONES:
            if phase == "setup" and zone != "deck":
                continue
            cards = []
            for _ in range(draw(st.integers(0, 10 if zone == "deck" else 3))):
                n += 1
                c = {"id": f"c{n}", "owner": draw(st.sampled_from(["A", "B"])),
                     "type": "permanent" if zone == "landmarks" else "character",
                     "stats": {"forest": draw(st.integers(0, 3)), "mountain": draw(st.integers(0, 3)),
                               "water": draw(st.integers(0, 3))},
                     "statuses": draw(st.lists(st.sampled_from(STATUSES), unique=True, max_size=2)),
                     "counters": draw(st.sampled_from([{}, {"boost": 1}]))}
                if zone.endswith("expedition") and draw(st.booleans()):
                    c["token"] = True
                cards.append(c)
            pl[zone] = cards
        pl["passed"] = phase == "afternoon" and draw(st.booleans())
        players[p] = pl
    h = draw(st.integers(0, 6))
    markers = {p: {"hero": draw(st.integers(0, h)), "companion": draw(st.integers(h + 1, 7))} for p in "AB"}
    return {"format": "arbitre-scenario/1", "seed": draw(st.integers(0, 10**6)), "day": day, "phase": phase,
            "first_player": draw(st.sampled_from(["A", "B"])), "players": players,
            "adventure": {"markers": markers, "arena": draw(st.booleans())} if phase != "setup" else {}}


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
    assert [e.text for e in again.log] == [e.text for e in game.log[-len(again.log):]] if again.log else True
