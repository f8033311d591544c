"""Issue 12, part 3 (Night, victory, setup, Morning): the same boards under fr-1 and cr-5.0 give the
two rulings, each citing its own rule set; what cr-5.0 does not play yet says so (`not_v5`), and
RULES.md's list of rules not played under cr-5.0 is exactly what the engine may still cite."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest

import engine
from engine.game import cite_in
from engine.rules import registry
from engine.rules.registry import (
    CR5_NOT_PLAYED,
    CR5_PLAYED,
    CR5_TRANSLATED,
    citable,
    cr5_status,
    french,
    implemented,
    table,
)
from engine.versions import CR5, FR1, changed_rules, cr5

from .helpers import board, deck, playable_scenarios

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "fixtures" / "scenarios"


def load(name: str, rules: str | None = None) -> dict:
    doc = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    if rules:
        doc["rules"] = rules
    return doc


def cited(game) -> set[str]:
    return {r for e in game.log for r in e.rules}


# -- victory: at Dusk under fr-1, at Night under cr-5.0 -----------------------------------------------
def test_same_board_wins_at_dusk_under_fr1_and_at_night_under_cr5():
    fr = engine.load(load("end-expeditions-meet", FR1))
    fr.run()
    v5 = engine.load(load("end-expeditions-meet", CR5))
    v5.run()
    assert fr.winner == v5.winner == "A"
    win_fr = next(e for e in fr.log if e.event.type == "win")
    win_v5 = next(e for e in v5.log if e.event.type == "win")
    assert (win_fr.phase, win_fr.rules) == ("dusk", ("4.3.a",))
    assert win_v5.phase == "night" and "4.2.5.d (CR 5.0)" in win_v5.rules
    # under cr-5.0 Rest and Clean-up came first (4.2.5.a), and no French number is cited
    kinds = [e.event.type for e in v5.log if e.phase == "night"]
    assert kinds.index("win") == len(kinds) - 1 and "move" in kinds
    assert all(r.endswith(" (CR 5.0)") for r in cited(v5))
    # fr-1 says the ruling changed since (changed_since), cr-5.0 does not need to
    assert win_fr.to_json()["changed_since"][0]["cr5"] == ["4.2.5.d"]
    assert "changed_since" not in win_v5.to_json()


def night(markers: dict, **top) -> engine.Game:
    doc = board(phase="night", day=5, markers=markers, rules=CR5, **top)
    game = engine.load(doc)
    game.run("morning")
    return game


@pytest.mark.parametrize(
    ("a", "b", "winner", "tiebreak"),
    [
        ((3, 4), (2, 5), None, False),  # 6 and 4: nobody met, nothing happens
        ((4, 4), (2, 5), "A", False),  # 7 against 4: A met, strictly greater
        ((4, 4), (5, 6), "A", False),  # 7 against 6
        ((5, 3), (4, 4), "A", False),  # crossed (9) beats met (7)
        ((4, 4), (4, 4), None, True),  # 7 and 7: tiebreakers
        ((5, 4), (6, 5), None, True),  # 8 and 8: crossed by the same amount
        ((4, 4), (6, 4), "B", False),  # 7 against 9
    ],
)
def test_check_victory_compares_total_distances(a, b, winner, tiebreak):
    game = night({"A": {"hero": a[0], "companion": a[1]}, "B": {"hero": b[0], "companion": b[1]}})
    assert game.winner == winner
    assert game.state.adventure.arena is tiebreak
    check = [e for e in game.log if e.event.type == "note" and e.event.key == "victory_check"]
    assert len(check) == 1 and check[0].rules == cr5("4.2.5.a", "4.2.5.d")
    totals = f"A {a[0] + 7 - a[1]} ; B {b[0] + 7 - b[1]}"
    assert totals in check[0].text
    if winner:
        assert game.log[-1].event.type == "win" and game.log[-1].rules == cr5("4.2.5.d")
    elif tiebreak:
        entry = next(e for e in game.log if e.event.type == "tiebreak")
        assert entry.rules == cr5("4.2.5.d", "4.3.a", "4.3.b")
        assert "retirées de la partie" in entry.text
        assert game.state.phase == "morning" and game.state.day == 6
    else:
        assert game.state.phase == "morning"


def test_no_win_when_a_spell_makes_expeditions_meet_under_cr5():
    doc = load("end-win-inside-a-spell", CR5)
    doc["players"]["A"]["hand"][0]["effect"] = [{"action": "move_forward", "expedition": "self.hero"}]
    game = engine.load(doc)
    game.run()
    assert game.winner is None and game.state.adventure.markers["A"] == {"hero": 5, "companion": 5}
    # the game goes on to Night, where the meeting counts
    game.decide({"player": "B", "pass": True})
    game.decide({"player": "A", "pass": True})
    game.run()
    assert game.winner == "A" and game.state.phase == "night"


def test_undo_through_check_victory_is_exact():
    doc = load("cr5-victory-meet-at-night")
    game = engine.load(doc)
    start = game.to_doc()
    snapshots = []
    while not game.over:
        snapshots.append(game.to_doc())
        assert game.advance()
    while snapshots:
        game.undo()
        assert game.to_doc() == snapshots.pop()
    assert game.to_doc() == start and game.winner is None


def test_a_dumped_cr5_game_resumes_under_cr5():
    game = engine.load(load("cr5-victory-tie-tiebreak"))
    game.run("night")
    game.advance()  # Rest
    dumped = game.to_doc()
    assert dumped["rules"] == CR5
    again = engine.load(dumped)
    again.run("morning")
    game.run("morning")
    assert again.state.adventure.arena and [e.text for e in again.log] == [e.text for e in game.log[-len(again.log) :]]


def test_2v2_is_refused_under_cr5_at_rules():
    from .helpers import board4

    doc = board4(phase="dusk", rules=CR5)
    problems = engine.check(doc)
    assert [p["path"] for p in problems] == ["rules"]
    assert "2v2" in problems[0]["message"] and "fr-1" in problems[0]["message"]
    doc["rules"] = FR1
    assert engine.check(doc) == []


# -- Night, setup, Morning ---------------------------------------------------------------------------
def test_cleanup_sacrifices_landmarks_and_discards_reserve_under_cr5():
    game = engine.load(load("cr5-night-landmarks-sacrificed"))
    game.run("morning")
    moves = {e.event.card: e for e in game.log if e.event.type == "move"}
    assert moves["a7"].event.cause == "cleanup_sacrifice" and "7.3.36.a (CR 5.0)" in moves["a7"].rules
    assert moves["a3"].event.cause == "cleanup" and "7.3.7.a (CR 5.0)" in moves["a3"].rules
    assert "sacrifié" in moves["a7"].text
    fr = engine.load(load("night-cleanup-landmarks"))
    fr.run("morning")
    assert {e.event.cause for e in fr.log if e.event.type == "move"} == {"cleanup"}


def test_orbs_enter_ready_at_setup_without_a_reading_and_at_morning_under_cr5():
    v5 = engine.load(load("cr5-setup-orbs-ready"))
    v5.run("afternoon")
    mana = [e for e in v5.log if e.event.type == "move" and e.event.cause == "mana_setup"]
    assert len(mana) == 6 and all(e.reading is None and "4.1.i (CR 5.0)" in e.rules for e in mana)
    fr = engine.load(load("setup-to-first-afternoon"))
    fr.run("afternoon")
    assert {e.reading for e in fr.log if e.event.type == "move" and e.event.cause == "mana_setup"} == {
        "setup-mana-ready"
    }
    morning = engine.load(load("cr5-morning-mana-enters-ready"))
    morning.run("noon")
    assert morning.to_doc()["players"]["A"]["mana"][1].get("statuses") in (None, [])


def test_no_card_waits_in_limbo_at_a_morning_under_cr5():
    """4.2.1.c readies the personal zones and Expeditions, not the shared Limbo; but a Morning never
    finds a card there: Limbo only contains cards while they are played (3.2.8.a remark), and every
    effect has resolved by the end of the Afternoon. Such a board is refused, citing it."""
    doc = board(
        phase="morning",
        A={"mana": [{"id": "o1", "statuses": ["exhausted"]}], "deck": deck("ad", 4)},
        B={"deck": deck("bd", 4)},
        limbo=[{"id": "l1", "type": "spell", "owner": "A", "statuses": ["exhausted"]}],
        rules=CR5,
    )
    problems = engine.check(doc)
    assert [(p["path"], p["code"], p["rules"]) for p in problems] == [
        ("limbo[0]", "limbo_not_played", ["3.2.8.a (CR 5.0)"])
    ]
    del doc["limbo"]
    game = engine.load(doc)
    game.run("noon")
    assert "o1" in {e.event.card for e in game.log if e.event.type == "status"}


def test_empty_deck_outside_the_morning_draws_nothing_under_cr5():
    fr = engine.load(load("fr1-draw-empty-deck-reshuffles"))
    fr.run()
    v5 = engine.load(load("cr5-draw-empty-deck-does-nothing"))
    v5.run()
    assert len(fr.to_doc()["players"]["A"]["hand"]) == 2
    assert v5.to_doc()["players"]["A"]["hand"] == [] and len(v5.to_doc()["players"]["A"]["discard"]) == 2
    note = next(e for e in v5.log if e.event.type == "note" and e.event.key == "draw_nothing_v5")
    assert note.rules[:2] == cr5("3.2.2.d", "3.2.2.e") and not note.not_v5


def test_swap_only_on_the_players_turn_under_cr5():
    doc = load("mana-orb-swap-any-time", CR5)
    doc["decisions"] = []
    game = engine.load(doc)
    with pytest.raises(engine.IllegalDecision, match=r"3\.2\.9\.e \(CR 5\.0\)"):
        game.decide({"player": "B", "swap": ["bo0", "bo1"]})
    assert game.to_doc() == engine.load(doc).to_doc()
    # the player whose turn it is swaps just before paying: accepted
    doc["players"]["A"]["mana"] = [{"id": "ao0"}, {"id": "ao1", "statuses": ["exhausted"]}]
    game = engine.load(doc)
    entries = game.decide({"player": "A", "swap": ["ao0", "ao1"]})
    swaps = [e for e in entries if e.event.type == "status"]
    assert len(swaps) == 2 and all(e.rules == ("3.2.9.e (CR 5.0)",) for e in swaps)
    assert game.pending["kind"] == "turn" and game.pending["player"] == "A"
    # under fr-1 the swap of B during A's turn is still accepted (3.2.9.e "à tout moment")
    fr = engine.load(load("mana-orb-swap-any-time"))
    fr.run()
    assert fr.to_doc()["players"]["B"]["mana"][1].get("statuses") in (None, [])


# -- rules not played yet under cr-5.0: marked, and RULES.md lists exactly them ----------------------------
def test_a_rule_not_played_under_cr5_is_cited_fr1_with_not_v5(monkeypatch):
    # any rule listed as not played is cited "N (FR 1)" with the not_v5 key and a French warning
    monkeypatch.setitem(CR5_NOT_PLAYED, "4.2.5.b", "raison de test")
    game = engine.load(load("cr5-victory-meet-at-night"))
    game.run()
    rest = next(e for e in game.log if e.event.type == "move" and e.event.cause == "rest")
    assert rest.rules == ("4.2.5.b (FR 1)", "4.2.5.b (CR 5.0)") and rest.not_v5 == ("4.2.5.b",)
    assert rest.text.endswith("(Non joué selon les CR 5.0 : règle 4.2.5.b de la traduction française.)")
    data = rest.to_json()["not_v5"]
    assert data == [
        {
            "rule": "4.2.5.b",
            "cr5": ["4.2.5.b"],
            "verdict": "changed",
            "note": data[0]["note"],
            "reason": "raison de test",
        }
    ]
    assert "Repos" in data[0]["note"]
    # a pending choice says it too
    doc = load("mana-orb-swap-any-time", CR5)
    doc["decisions"] = []
    monkeypatch.setitem(CR5_NOT_PLAYED, "1.3.2.d", "raison de test")
    pending = engine.load(doc)
    pending.run()
    assert "1.3.2.d (FR 1)" in pending.pending["rules"] and pending.pending["not_v5"][0]["rule"] == "1.3.2.d"


def test_every_fr1_citation_under_cr5_is_a_rule_not_played():
    game = engine.load(load("cr5-victory-not-inside-a-spell"))
    game.run()
    marked = [e for e in game.log if any(r.endswith(" (FR 1)") for r in e.rules)]
    for e in marked:
        fr = {r.removesuffix(" (FR 1)") for r in e.rules if r.endswith(" (FR 1)")}
        assert fr <= set(CR5_NOT_PLAYED) and set(e.not_v5) == fr and "Non joué selon les CR 5.0" in e.text
    fr1 = engine.load(load("end-win-inside-a-spell"))
    fr1.run()
    assert all("not_v5" not in e.to_json() for e in fr1.log)


def test_the_morning_reshuffle_is_the_players_choice_under_cr5():
    chosen = engine.load(load("cr5-morning-draw-reshuffle-chosen"))
    chosen.run("noon")
    declined = engine.load(load("cr5-morning-draw-reshuffle-declined"))
    declined.run("noon")
    assert len(chosen.to_doc()["players"]["A"]["hand"]) == 2 and chosen.to_doc()["players"]["A"]["discard"] == []
    assert [c["id"] for c in declined.to_doc()["players"]["A"]["hand"]] == ["a1"]
    shuffle = next(e for e in chosen.log if e.event.type == "shuffle")
    assert shuffle.rules == cr5("7.3.9.c", "4.2.1.d")
    assert not any(e.event.type == "shuffle" for e in declined.log)
    waiting = engine.load(load("cr5-morning-draw-reshuffle-pending"))
    waiting.run()
    assert waiting.legal_count() == 2 and waiting.pending["kind"] == "optional"
    with pytest.raises(engine.IllegalDecision):
        waiting.decide({"player": "A", "optional": "oui"})
    waiting.decide({"player": "A", "optional": True})
    assert len(waiting.to_doc()["players"]["A"]["hand"]) == 2
    # after Expand, a player left with an empty Deck may shuffle (4.2.1.f); the cursor dumps and loads
    after = load("cr5-morning-shuffle-after-expand")
    after["decisions"] = after["decisions"][:1]
    game = engine.load(after)
    game.run()
    assert game.state.step == "morning.shuffle" and game.pending["rules"] == ["4.2.1.f (CR 5.0)"]
    dumped = game.to_doc()
    assert engine.check(dumped) == [] and dumped["progress"]["step"] == "morning.shuffle"
    resumed = engine.load(dumped)
    resumed.decide({"player": "A", "optional": False})
    assert resumed.state.phase == "noon" and resumed.to_doc()["players"]["A"]["deck"] == []
    # fr-1 reshuffles without asking (3.2.2.d) and has no such step
    fr = engine.load(load("morning-draw-reshuffle"))
    fr.run("noon")
    assert next(e for e in fr.log if e.event.type == "shuffle").rules[0] == "3.2.2.d"
    assert fr.pending is None and all(e.event.type != "decision" or e.event.kind != "optional" for e in fr.log)


def test_the_played_and_not_played_lists_partition_the_changed_rules_the_engine_cites():
    changed = changed_rules()
    cites = french(citable())
    assert not set(CR5_PLAYED) & set(CR5_NOT_PLAYED)
    assert set(CR5_PLAYED) <= changed and set(CR5_NOT_PLAYED) <= changed
    assert changed & cites <= set(CR5_PLAYED) | set(CR5_NOT_PLAYED), "a changed rule with no cr-5.0 status"
    assert set(CR5_NOT_PLAYED) <= cites, "a rule listed as not played that the engine cannot cite anyway"
    assert CR5_TRANSLATED <= set(CR5_PLAYED)
    assert all(CR5_PLAYED.values()) and all(CR5_NOT_PLAYED.values())


def test_rules_still_citable_under_cr5_are_the_rules_md_not_played_list():
    still = (changed_rules() & french(citable())) - set(CR5_PLAYED)
    text = (ROOT / "engine" / "RULES.md").read_text(encoding="utf-8")
    assert text == table()
    section = text.split("## Sous les Comprehensive Rules 5.0", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| ([\d.a-z]+) \| \w+ \| ([^|]+) \|", section, re.M)
    listed = {n for n, state in rows if state.strip() == "non jouée"}
    assert listed == still
    assert {n for n, _ in rows} == changed_rules()
    played = {n for n, state in rows if state.strip() == "jouée"}
    assert played == set(CR5_PLAYED)
    assert all(s == "jouée" for n, (s, _) in cr5_status().items() if n in CR5_PLAYED)
    head = text.split("\n| Règle |", 1)[0]
    assert f"{len(played)} jouées selon la v5.0 ; {len(listed)} non jouées" in head and "Totaux : 197 numéros" in head


def test_every_v5_citation_is_declared_and_well_formed():
    v5 = {n for n in implemented() if n.endswith(" (CR 5.0)")}
    assert v5, "cr-5.0 behaviours declare their v5.0 numbers"
    assert all(re.fullmatch(r"\d+\.\d+(\.\d+)?(\.[a-z])? \(CR 5\.0\)", n) for n in v5)
    # French numbers of played rules never translate to "(FR 1)"; not-played ones always do
    assert all(cite_in(CR5, (n,))[1] == () for n in CR5_PLAYED)
    assert all(cite_in(CR5, (n,)) == ((f"{n} (FR 1)",), (n,)) for n in CR5_NOT_PLAYED)


def random_game(seed: int) -> engine.Game:
    from .test_properties import generic_deck

    doc = {
        "format": "arbitre-scenario/1",
        "rules": CR5,
        "seed": seed,
        "phase": "setup",
        "players": {p: {"hero": None, "deck": generic_deck(p)} for p in "AB"},
    }
    game = engine.load(doc)
    rnd = random.Random(seed)
    for _ in range(3000):
        if game.over:
            break
        if not game.advance():
            game.decide(rnd.choice(game.legal_decisions()))
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_cr5_games_end_at_night_or_in_the_arena_and_cite_no_forgotten_french_rule(seed):
    registry.CR5_CITED.clear()
    game = random_game(seed)
    assert game.winner in ("A", "B")
    win = next(e for e in game.log if e.event.type == "win")
    assert (win.phase == "night" and "4.2.5.d (CR 5.0)" in win.rules) or (
        win.phase == "dusk" and win.rules == cr5("4.3.e")
    )
    # every French number the cr-5.0 path cited is the same in v5.0, translated exactly, or marked not played
    forgotten = (registry.CR5_CITED & changed_rules()) - set(CR5_NOT_PLAYED) - CR5_TRANSLATED
    assert forgotten == set()
    # "4.2.5.d (CR 5.0)" is Check Victory only (the French 4.2.5.d, the limits without a hero, is split in v5.0)
    victory = {"victory_check", "victory_none", "victory_tiebreak"}
    for e in game.log:
        if "4.2.5.d (CR 5.0)" in e.rules:
            assert e.event.type in ("win", "tiebreak") or getattr(e.event, "key", None) in victory, e.text
    for e in game.log:
        marked = {r.removesuffix(" (FR 1)") for r in e.rules if r.endswith(" (FR 1)")}
        assert marked - set(CR5_NOT_PLAYED) <= {n for n in marked if n not in changed_rules()}
        assert set(e.not_v5) == marked & set(CR5_NOT_PLAYED)


def test_cr5_scenarios_cite_no_forgotten_french_rule():
    registry.CR5_CITED.clear()
    for path in playable_scenarios("cr5-*.json"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["rules"] == CR5 and "cr-5.0" in doc["tags"], path.name
        game = engine.load(copy.deepcopy(doc))
        game.run(doc["expect"].get("until", "end"))
    assert registry.CR5_CITED, "the contract records French numbers cited under cr-5.0"
    assert (registry.CR5_CITED & changed_rules()) - set(CR5_NOT_PLAYED) - CR5_TRANSLATED == set()
