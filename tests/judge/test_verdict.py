"""The verdict for the players: a ruling's link that opens logged out while the scenario stays a
private draft, the « Décision » (the step that decided, its rule's text, the boards around it), the
decisions with one legal answer played for the judge, and a run to the end that stops when the
position comes back with nobody able to win."""

from __future__ import annotations

import copy

import pytest
from django.test import Client

from judge.scenarios import runner
from judge.scenarios.models import Scenario
from judge.scenarios.views import EMPTY_DOCUMENT

from .test_stepper_step import rules_fr  # noqa: F401  (the fixture)


def fugace_board() -> dict:
    doc = copy.deepcopy(EMPTY_DOCUMENT)
    doc.update(phase="night", day=2)
    doc["players"]["A"]["hero_expedition"] = [
        {"id": "a1", "name": "Garde", "type": "character", "statuses": ["fleeting"]},
        {"id": "a2", "name": "Éclaireur", "type": "character"},
    ]
    return doc


def spell_board() -> dict:
    """Afternoon: A may play Élan (a targeted Character gains 1 boost, a targeted Character becomes
    Endormi) or pass; B has no card to play."""
    doc = copy.deepcopy(EMPTY_DOCUMENT)
    doc["phase"] = "afternoon"
    doc["players"]["A"]["hero_expedition"] = [{"id": "a1", "name": "Guetteur", "type": "character"}]
    doc["players"]["A"]["hand"] = [
        {
            "id": "a2",
            "name": "Élan",
            "type": "spell",
            "effect": [
                {"action": "gain_counters", "target": "choose", "count": 1, "name": "boost", "type": "character"},
                {"action": "gain_status", "target": "choose", "status": "asleep", "type": "character"},
            ],
        }
    ]
    doc["players"]["B"]["hero_expedition"] = [{"id": "b1", "name": "Sentinelle", "type": "character"}]
    return doc


def test_a_private_scenario_s_ruling_opens_for_a_logged_out_player_with_its_share_link(alice, rules_fr):  # noqa: F811
    scenario = Scenario(title="Fugace", author=alice, visibility="private", document=fugace_board())
    scenario.save_document()
    player = Client()
    assert player.get(f"/scenarios/{scenario.uuid}/decision/", {"etape": 4}).status_code == 404
    assert player.get(f"/scenarios/{scenario.uuid}/").status_code == 404  # the scenario stays private
    link = f"/scenarios/{scenario.uuid}/decision/{scenario.share_token}/"
    page = player.get(link, {"etape": 4})
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="verdict"' in html and "Ce qui a décidé : étape 1" in html
    assert html.index('id="verdict"') < html.index('id="board-before"')  # the verdict before any board
    assert "la carte Garde (a1) est Fugace" in html and ">2.4.6.c</span>" in html
    assert 'id="permalink"' not in html  # the stepper would be a 404 for the player
    wrong = scenario.share_token[:-2] + ("AA" if not scenario.share_token.endswith("AA") else "BB")
    assert player.get(f"/scenarios/{scenario.uuid}/decision/{wrong}/").status_code == 404
    other = Scenario(title="Autre", author=alice, visibility="private", document=fugace_board())
    other.save_document()
    assert player.get(f"/scenarios/{other.uuid}/decision/{scenario.share_token}/").status_code == 404
    scenario.soft_delete()
    assert player.get(link).status_code == 404


def test_the_author_s_ruling_page_gives_the_players_link(client, alice, rules_fr):  # noqa: F811
    scenario = Scenario(title="Fugace", author=alice, visibility="private", document=fugace_board())
    scenario.save_document()
    client.force_login(alice)
    html = client.get(f"/scenarios/{scenario.uuid}/decision/", {"etape": 4, "note": "Vu."}).content.decode()
    assert f"/scenarios/{scenario.uuid}/decision/{scenario.share_token}/?etape=4&amp;note=" in html
    assert "brouillon privé : ce lien-là ne s'ouvre que pour vous" in html


def test_the_decisive_step_is_the_particular_rule_or_the_win():
    out = runner.position(fugace_board(), 0)
    run = runner.step_from(out["state"], "phase_end")
    assert run["stopped"] == "phase_end" and run["decisive"] == 1
    assert [e["rules"][0] for e in run["log"] if e["step"] == 1][0] == "2.4.6.c"
    win = [
        {"step": 3, "event": {"type": "win"}, "rules": ["4.3.a"]},
        {"step": 4, "event": {"type": "move"}, "rules": ["x"]},
    ]
    assert runner.decisive_step(win) == 3
    assert runner.decisive_step([]) is None


def test_a_decision_with_one_legal_answer_is_played_and_logged_as_such():
    start = runner.position(spell_board(), 0)
    assert start["pending"]["player"] == "A"  # A has a real choice: asked
    play = {"player": "A", "play": "a2", "targets": ["a1", "b1"]}
    out = runner.step_from(start["state"], "phase_end", decision=play)
    passes = [e for e in out["log"] if e.get("forced")]
    assert [e["event"]["player"] for e in passes] == ["B", "A"]  # nothing else could be done: both passed
    assert all(e["text"].endswith(runner.FORCED_TEXT + ".") and e["rules"] == ["1.3.2.d"] for e in passes)
    assert out["stopped"] == "phase_end" and out["pending"] is None
    # Replayed from a link, the same: the forced passes are not the judge's decisions.
    replay = runner.position(spell_board(), out["steps"], [play])
    assert replay["decisions_used"] == 1
    assert [e["text"] for e in replay["log"]] == [e["text"] for e in out["log"]]


def test_a_run_to_the_end_stops_when_a_morning_comes_back_and_nobody_can_win():
    empty = copy.deepcopy(EMPTY_DOCUMENT)
    empty["phase"] = "afternoon"
    out = runner.step_from(runner.position(empty, 0)["state"], "end")
    assert out["stopped"] == "repeats" and out["winner"] is None
    assert out["log"][-1]["text"].endswith("début de la phase : Matin.") and out["steps"] < 60
    # A board that ends stops at its end, as before.
    doc = copy.deepcopy(EMPTY_DOCUMENT)
    doc["phase"] = "dusk"
    doc["adventure"]["markers"]["A"] = {"hero": 3, "companion": 4}
    doc["adventure"]["tumult"][1]["face_up"] = True
    doc["players"]["A"]["hero_expedition"] = [{"id": "a1", "type": "character", "stats": {"mountain": 2}}]
    end = runner.step_from(runner.position(doc, 0)["state"], "end")
    assert end["stopped"] == "over" and end["winner"] == "A"
    assert "4.3.a" in [n for e in end["log"] if e["step"] == end["decisive"] for n in e["rules"]]


def test_the_comparison_replays_a_spell_s_targets_across_rule_sets_and_asks_only_what_differs():
    doc = spell_board()
    play = {"player": "A", "play": "a2", "targets": ["a1", "b1"]}
    at = (1, "dusk")
    # fr-1 names the targets when the spell is played; cr-5.0 asks them as each step resolves.
    cr5 = runner.run(dict(doc, rules="cr-5.0"), "end", decisions=[play], adapt=True, at=at)
    fr1 = runner.run(dict(doc, rules="fr-1"), "end", decisions=[play], at=at)
    assert cr5["diverged"] is None and cr5["pending"] is None
    assert (cr5["state"]["day"], cr5["state"]["phase"]) == (fr1["state"]["day"], fr1["state"]["phase"]) == at
    texts = [e["text"] for e in cr5["log"]]
    assert "Sentinelle gagne le statut Endormi." in texts and "Guetteur gagne 1 jeton « boost » (0 → 1)." in texts
    # Back the other way: the answers given step by step become the targets named at declaration.
    steps = [{"player": "A", "play": "a2"}, {"player": "A", "targets": ["a1"]}, {"player": "A", "targets": ["b1"]}]
    back = runner.run(dict(doc, rules="fr-1"), "end", decisions=steps, adapt=True, at=at)
    assert back["diverged"] is None and back["decisions_used"] == 3
    assert "Sentinelle gagne le statut Endormi." in [e["text"] for e in back["log"]]
    # What cannot be translated stops the run there, waiting for the judge, instead of a 400.
    odd = runner.run(dict(doc, rules="cr-5.0"), "end", decisions=[{"player": "A", "keep": ["a1"]}], adapt=True)
    assert odd["diverged"]["index"] == 0 and odd["pending"]["player"] == "A"
    with pytest.raises(runner.RunError):
        runner.run(dict(doc, rules="cr-5.0"), "end", decisions=[play])  # without adapt: refused, as before


def test_concordance_notes_explain_their_english_terms():
    note = runner.explain_english("Le Repos renvoie aussi en Réserve les Gears ; le statut Ascended se perd.")
    assert "Gears (des objets propres aux CR 5.0" in note and "Ascended (un statut d'Expédition" in note
    assert runner.explain_english(note) == note  # once


def test_the_boards_around_the_deciding_step_are_the_replay_s():
    doc = fugace_board()
    states = runner.states_at(doc, {0, 1})
    assert states[0]["players"]["A"]["hero_expedition"][0]["id"] == "a1"
    assert [c["id"] for c in states[1]["players"]["A"]["discard"]] == ["a1"]  # the Fugace one, discarded (2.4.6.c)
    assert states[1] == runner.position(doc, 1)["state"]
