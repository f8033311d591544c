"""The verdict for the players: a ruling's link that opens logged out while the scenario stays a
private draft, the « Décision » (the step that decided, its rule's text, the boards around it), the
decisions with one legal answer played for the judge, and a run to the end that stops when the
position comes back with nobody able to win."""

from __future__ import annotations

import copy
import re

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


def test_phase_end_stops_on_the_phase_s_last_step_before_the_next_begins():
    """The engine logs the Night's last Clean-up step and the next Morning's beginning as one step:
    « Fin de cette phase » shows that step up to the Night's end, the Morning's beginning held back."""
    start = runner.position(fugace_board(), 0)
    out = runner.step_from(start["state"], "phase_end")
    assert out["stopped"] == "phase_end" and out["steps"] == 4
    assert {(e["day"], e["phase"]) for e in out["log"]} == {(2, "night")}  # nothing of the Morning shown
    assert out["log"][-1]["text"] == "Nettoyage : aucun objet en excès, rien n'est défaussé."
    assert [(e["step"], e["event"], e["rules"]) for e in out["held"]] == [
        (4, {"type": "phase", "day": 3, "phase": "morning"}, ["1.3.2.a"])
    ]
    assert out["shown"] == {"day": 2, "phase": "night"}
    assert out["last"] == [out["log"][-1]["seq"]]  # the highlight is the Night's last entry
    state = runner.patch(start["state"], out["changes"])
    assert (state["day"], state["phase"]) == (3, "morning")  # the state stays the engine's, to step on from
    # A link to that moment (hold) lands there the same way; without it, on the whole step.
    held = runner.position(fugace_board(), 4, hold=True)
    assert [e["text"] for e in held["log"]] == [e["text"] for e in start["log"] + out["log"]]
    assert held["held"] == out["held"] and held["shown"] == out["shown"]
    whole = runner.position(fugace_board(), 4)
    assert whole["held"] == [] and whole["log"][-1]["event"]["type"] == "phase"
    # Pressed one step before the Night's end, F stops on that step too (not at the Morning's end).
    before = runner.position(fugace_board(), 3)
    again = runner.step_from(before["state"], "phase_end", steps=3, seq=len(before["log"]))
    assert again["steps"] == 4 and again["held"] == out["held"] and again["shown"] == out["shown"]


def crowded_spell_board(characters: int = 12) -> dict:
    """The two-step spell's board with ``characters`` Characters on each side: 4 × characters² ordered
    pairs of targets, too many for the engine to list (the play is declared bare, then its targets)."""
    doc = spell_board()
    doc["players"]["A"]["hero_expedition"] = [
        {"id": f"a{k}", "name": f"Guetteur {k}", "type": "character"} for k in (1, *range(3, characters + 2))
    ]
    doc["players"]["B"]["hero_expedition"] = [
        {"id": f"b{k}", "name": f"Sentinelle {k}", "type": "character"} for k in range(1, characters + 1)
    ]
    return doc


@pytest.mark.parametrize(
    ("doc", "sentence"),
    [
        (
            crowded_spell_board(),
            "Élan (a2) : A choisit ses cibles dans l'ordre des étapes (Étape 1 — Un Personnage ciblé gagne 1 jeton"
            " Boost ; Étape 2 — Un Personnage ciblé gagne le statut Endormi).",
        ),
        (
            dict(spell_board(), rules="cr-5.0"),
            "Élan (a2), étape 1 — Un Personnage ciblé gagne 1 jeton Boost : A choisit 1 cible.",
        ),
    ],
    ids=["fr-1, declared", "cr-5.0, as the step resolves"],
)
def test_the_ruling_page_asks_targets_in_french_not_in_the_engine_s_verbs(client, alice, rules_fr, doc, sentence):  # noqa: F811
    import base64
    import json
    from html import unescape

    play = {"player": "A", "play": "a2"}
    out = runner.run(doc, "end", decisions=[play])
    assert out["pending"]["kind"] == "targets" and "gain_counters" in out["pending"]["text"]  # the engine's
    scenario = Scenario(title="Élan", author=alice, visibility="public", document=doc)
    scenario.save_document()
    choix = base64.urlsafe_b64encode(json.dumps([play]).encode()).decode().rstrip("=")
    html = unescape(
        client.get(f"/scenarios/{scenario.uuid}/decision/", {"etape": out["steps"], "choix": choix}).content.decode()
    )
    assert f"Décision attendue (joueur A) :</strong> {sentence}</p>" in html
    shown = re.sub(r"<script.*?</script>", "", html, flags=re.S)  # the boards' data aside: what is read
    assert "gain_" not in shown


def test_a_decision_with_one_legal_answer_is_played_and_logged_as_such():
    start = runner.position(spell_board(), 0)
    assert start["pending"]["player"] == "A"  # A has a real choice: asked
    play = {"player": "A", "play": "a2", "targets": ["a1", "b1"]}
    out = runner.step_from(start["state"], "phase_end", decision=play)
    passes = [e for e in out["log"] if e.get("forced")]
    assert [e["event"]["player"] for e in passes] == ["B", "A"]  # nothing else could be done: both passed
    assert all(e["text"].endswith(runner.FORCED_TEXT + ".") and e["rules"] == ["1.3.2.d"] for e in passes)
    assert out["stopped"] == "phase_end" and out["pending"] is None
    # Replayed from a link, the same: the forced passes are not the judge's decisions (the last
    # step shown up to the Afternoon's end, as F left it: the Dusk's beginning held back).
    assert [e["text"] for e in out["held"]] == ["Jour 1 — début de la phase : Crépuscule."]
    replay = runner.position(spell_board(), out["steps"], [play], hold=True)
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


def test_a_saved_scenario_s_citations_and_ruling_play_forced_decisions_as_the_run_api(client, alice, rules_fr):  # noqa: F811
    """One way to run a board: its saved citations (the library's « cite la règle »), the run API
    and the ruling page all play the decisions with one legal answer (both players can only pass),
    and all stop when the Morning comes back with nobody able to win."""
    doc = copy.deepcopy(EMPTY_DOCUMENT)
    doc["phase"] = "afternoon"
    doc["players"]["A"]["hero_expedition"] = [
        {"id": "a1", "name": "Guetteur", "type": "character", "stats": {"forest": 2, "mountain": 2, "water": 2}}
    ]
    scenario = Scenario(title="Rien à jouer", author=alice, visibility="public", document=doc)
    scenario.save_document()
    run = client.post("/api/run/", {"document": doc}, content_type="application/json").json()
    assert run["log"][0]["forced"] and run["log"][0]["text"].endswith(runner.FORCED_TEXT + ".")
    assert run["repeats"] and run["winner"] is None and run["steps"] < 60
    cited = {n for e in run["log"] for n in e["rules"]}
    assert {"1.3.2.d", "7.3.11.a", "4.2.5.b"} <= cited  # the passes, the Dusk's advance, the Night's rest
    saved = set(scenario.citations.filter(ruleset="fr-1").values_list("number", flat=True))
    assert cited <= saved  # (and the glossary article the run cites by title)
    assert list(Scenario.objects.citing("fr-1", "4.2.5.b")) == [scenario]  # the library's filter finds it
    html = client.get(f"/scenarios/{scenario.uuid}/decision/", {"etape": run["steps"]}).content.decode()
    assert "A passe : il ne prendra plus de tour ce jour-là" + runner.FORCED_TEXT in html
    assert "Héros de A avance de la région 0 à la région 1." in html


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
    # The run API's log (the comparison's columns) says the same as the stepper's.
    for out in (runner.run(fugace_board(), "end"), runner.position(fugace_board(), 6)):
        notes = [c["note"] for e in out["log"] for c in e.get("changed_since") or [] if "Gears" in c["note"]]
        assert notes and all("Gears (des objets propres aux CR 5.0" in n for n in notes)


def test_the_boards_around_the_deciding_step_are_the_replay_s():
    doc = fugace_board()
    states = runner.states_at(doc, {0, 1})
    assert states[0]["players"]["A"]["hero_expedition"][0]["id"] == "a1"
    assert [c["id"] for c in states[1]["players"]["A"]["discard"]] == ["a1"]  # the Fugace one, discarded (2.4.6.c)
    assert states[1] == runner.position(doc, 1)["state"]
