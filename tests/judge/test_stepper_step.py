"""The stepper's step API (POST /api/step/): stepping from the state the previous answer gave gives
exactly the replay's board and log (numbered in the whole game, each entry tagged with its step),
only changes and new entries are sent, the run-on actions stop where the judge needs them, and a
forged or broken state is refused like any board (400 with paths, never a 500)."""

from __future__ import annotations

import copy

import pytest
from rest_framework.test import APIClient

from judge.scenarios import runner
from judge.scenarios.models import Scenario

from .test_stepper_api import KEEP_A1_A2, cleanup_board


@pytest.fixture
def client():
    return APIClient()


def post(client, **body):
    return client.post("/api/step/", body, format="json")


def walk(client, doc, n, decisions=()):
    """Step ``n`` times from the start as the page does: state, patches, appended log."""
    out = post(client, document=doc, steps=0).json()
    state, log, steps = out["state"], out["log"], out["steps"]
    extra = list(decisions)
    for _ in range(n):
        body = {"state": state, "steps": steps, "seq": len(log)}
        if out["pending"]:
            body["decision"] = extra.pop(0)
        out = post(client, **body).json()
        assert "state" not in out, "a step sends the changes, not the whole state"
        state = runner.patch(copy.deepcopy(state), out["changes"])
        log += out["log"]
        steps = out["steps"]
    return state, log, steps, out


def test_stepping_from_states_equals_replaying_from_the_start(client, db):
    doc = cleanup_board()
    state, log, steps, last = walk(client, doc, 6, [KEEP_A1_A2])
    assert steps == 6
    replay = post(client, document=doc, steps=6, decisions=[KEEP_A1_A2]).json()
    assert replay["state"] == state
    assert replay["log"] == log
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
    assert replay["last"] == last["last"] == [e["seq"] for e in log if e["step"] == 6]
    # The judge's keep decision was taken: a1 and a2 stay in A's Reserve, a3 is discarded (4.2.5.c).
    assert [c["id"] for c in state["players"]["A"]["reserve"]] == ["a1", "a2"]
    assert "a3" in [c["id"] for c in state["players"]["A"]["discard"]]
    assert any("4.2.5.c" in e["rules"] or "1.3.2.f" in e["rules"] for e in log)


def test_log_steps_agree_with_the_step_counter(client, db):
    _, log, steps, _ = walk(client, cleanup_board(), 5, [KEEP_A1_A2])
    assert sorted({e["step"] for e in log}) == list(range(1, steps + 1))  # every step logs something
    assert [e["step"] for e in log] == sorted(e["step"] for e in log)


def test_a_step_at_a_late_position_sends_no_more_than_a_step_at_the_start(client, db):
    doc = cleanup_board()
    early = post(client, state=post(client, document=doc, steps=0).json()["state"], steps=0, seq=0)
    late_start = post(client, document=doc, steps=7, decisions=[KEEP_A1_A2]).json()
    late = post(client, state=late_start["state"], steps=7, seq=len(late_start["log"]))
    assert early.status_code == late.status_code == 200
    assert len(late.json()["log"]) < 10 and len(late.content) < 4 * len(early.content) + 4000
    assert late.json()["log"][0]["seq"] == len(late_start["log"]) + 1


def test_pending_decision_is_answered_with_the_step(client, db):
    doc = cleanup_board()
    out = post(client, document=doc, steps=0).json()
    state, steps, log = out["state"], 0, []
    for _ in range(30):
        if out["pending"]:
            break
        out = post(client, state=state, steps=steps, seq=len(log)).json()
        state = runner.patch(state, out["changes"])
        log += out["log"]
        steps = out["steps"]
    assert out["pending"]["player"] == "A" and out["pending"]["kind"] == "keep"
    assert KEEP_A1_A2 in out["legal_decisions"]
    nothing = post(client, state=state, steps=steps, seq=len(log)).json()
    assert nothing["steps"] == steps and nothing["log"] == [] and nothing["stopped"] == "pending"
    answered = post(client, state=state, steps=steps, seq=len(log), decision=KEEP_A1_A2).json()
    assert answered["steps"] == steps + 1 and answered["log"][0]["event"]["type"] == "decision"
    assert answered["log"][0]["step"] == steps + 1


def test_illegal_decision_and_forged_state_are_400s_with_paths(client, db):
    out = post(client, document=cleanup_board(), steps=3).json()
    bad = post(client, state=out["state"], decision={"player": "A", "keep": ["zz"]})
    assert bad.status_code in (400,) and bad.json()["problems"][0]["path"] == "decision"
    forged = copy.deepcopy(out["state"])
    forged["players"]["A"]["reserve"][0]["stats"] = {"forest": -4}
    response = post(client, state=forged)
    assert response.status_code == 400
    assert any("players.A.reserve[0]" in p["path"] or "reserve" in p["path"] for p in response.json()["problems"])
    assert post(client, state=[1, 2]).status_code == 400
    assert post(client, steps=2).status_code == 400  # neither state nor a document
    assert post(client, state=out["state"], action="tea").status_code == 400


@pytest.mark.parametrize("action", ["decision", "phase_end", "phase", "end"])
def test_run_on_actions_stop_where_the_judge_needs_them(client, db, action):
    doc = cleanup_board()
    doc["decisions"] = [KEEP_A1_A2]  # scripted: nothing pending on the way
    start = post(client, document=doc, steps=0).json()
    out = post(client, state=start["state"], action=action).json()
    engine_run = runner.position(doc, 5000)
    full = engine_run["log"]
    got = out["log"]
    assert got == full[: len(got)]  # the same game, cut somewhere
    if action == "decision":
        # Stopped just *before* A's keep decision: the next step is that decision.
        assert out["stopped"] == "decision"
        assert full[len(got)]["event"]["type"] == "decision" and full[len(got)]["event"]["player"] == "A"
    elif action == "phase_end":
        # The board at the end of Night: every Night entry done, nothing of the Morning but its beginning.
        assert out["stopped"] == "phase_end"
        assert [e for e in full if e["phase"] == "night"] == [e for e in got if e["phase"] == "night"]
        assert all(e["phase"] != "night" for e in full[len(got) :])
        assert [e["event"]["type"] for e in got if e["phase"] != "night"] in ([], ["phase"])
    elif action == "phase":
        assert (out["stopped"] == "phase" and got[-1]["event"]["type"] == "phase") or any(
            e["event"]["type"] == "phase" for e in out["log"] if e["step"] == out["steps"]
        )
        assert got[-1]["phase"] != "night"
    else:
        assert out["steps"] == engine_run["steps"] and len(got) == len(full)


def test_saved_private_scenario_lands_only_for_its_readers(client, alice, bob):
    scenario = Scenario(title="Nettoyage", author=alice, visibility="private", document=cleanup_board())
    scenario.save_document()
    assert post(client, scenario=str(scenario.uuid), steps=2).status_code == 404
    mine = APIClient()
    mine.force_authenticate(alice)
    landed = post(mine, scenario=str(scenario.uuid), steps=2, decisions=[KEEP_A1_A2])
    assert landed.status_code == 200 and landed.json()["steps"] == 2


def test_patch_applies_exactly_the_diff():
    before = {"a": {"b": [1, 2], "c": 1}, "d": 2, "gone": 1}
    after = {"a": {"b": [1, 2, 3], "c": 1}, "d": 3, "new": {"x": None}}
    changes = runner.diff(before, after)
    assert runner.patch(copy.deepcopy(before), changes) == after
    assert {"path": ["gone"], "delete": True} in changes and {"path": ["a", "b"], "value": [1, 2, 3]} in changes


# -- the ruling page ------------------------------------------------------------------------------------


def _b64(decisions) -> str:
    import base64
    import json

    return base64.urlsafe_b64encode(json.dumps(decisions, separators=(",", ":")).encode()).decode().rstrip("=")


@pytest.fixture
def rules_fr(db):
    import io
    from pathlib import Path

    from django.core.management import call_command

    files = sorted(str(p) for p in (Path(__file__).resolve().parents[2] / "fixtures" / "rules").glob("*.txt"))
    call_command("import_rules", *files, ruleset="fr-1", stdout=io.StringIO())


def test_ruling_page_has_each_step_the_full_text_of_cited_rules_the_note_and_permalink(client, alice, rules_fr):
    from rules_ref.models import Rule

    scenario = Scenario(title="Nettoyage", author=alice, visibility="link", document=cleanup_board())
    scenario.save_document()
    choix = _b64([KEEP_A1_A2])
    page = client.get(
        f"/scenarios/{scenario.uuid}/decision/", {"etape": 4, "choix": choix, "note": "A garde Un et Deux."}
    )
    assert page.status_code == 200
    html = page.content.decode()
    for n in (1, 2, 3, 4):
        assert f'id="step-{n}"' in html
    assert 'id="step-5"' not in html
    assert "A garde Un, Deux." in html and "A garde Un et Deux." in html
    cited = Rule.objects.get(ruleset__slug="fr-1", number="4.2.5.c")
    assert 'id="rule-4.2.5.c"' in html
    first_block = next(b["text"] for b in cited.blocks if b["kind"] == "paragraph")
    from django.utils.html import escape

    assert escape(first_block) in html
    assert f"/scenarios/{scenario.uuid}/?etape=4&amp;choix={choix}" in html


def test_ruling_page_refuses_private_scenarios_and_survives_bad_links(client, alice, bob, rules_fr):
    scenario = Scenario(title="Nettoyage", author=alice, visibility="private", document=cleanup_board())
    scenario.save_document()
    assert client.get(f"/scenarios/{scenario.uuid}/decision/").status_code == 404
    client.force_login(alice)
    page = client.get(f"/scenarios/{scenario.uuid}/decision/", {"etape": "abc", "choix": "%%%not-base64"})
    assert page.status_code == 200 and "illisibles" in page.content.decode()
    page = client.get(
        f"/scenarios/{scenario.uuid}/decision/", {"etape": 3, "choix": _b64([{"player": "A", "keep": ["zz"]}])}
    )
    assert page.status_code == 200 and "decisions[0]" in page.content.decode()


# -- the log and prompts read as French sentences ------------------------------------------------------------


def test_unnamed_cards_are_named_by_id_counts_agree_and_no_null_in_prompts():
    doc = cleanup_board()
    del doc["players"]["A"]["reserve"][2]  # a3 gone: nothing to clean up, one card to reshuffle
    for card in doc["players"]["A"]["reserve"]:
        del card["name"]
    out = runner.position(doc, 100)
    texts = [e["text"] for e in out["log"]]
    assert any(t.startswith("Nettoyage : A garde la carte a1, la carte a2") for t in texts), texts
    assert "Le Deck de A est vide : sa Défausse (1 carte) est mélangée et placée au bas du Deck." in texts
    assert out["pending"]["kind"] == "mana"
    prompt = out["pending"]["text"]
    assert "null" not in prompt and "None" not in prompt and prompt.endswith("ou aucune.")
    assert not any("None" in t or "null" in t or "(s)" in t for t in texts)


def test_a_run_on_is_bounded_and_says_so():
    doc = cleanup_board()
    doc["decisions"] = [KEEP_A1_A2]
    start = runner.position(doc, 0)
    out = runner.step_from(start["state"], "end", limit=3)
    assert out["steps"] == 3 and out["stopped"] == "limit" and out["pending"] is None
    again = runner.step_from(runner.patch(start["state"], out["changes"]), "end", steps=3, seq=len(out["log"]))
    assert again["log"][0]["seq"] == len(out["log"]) + 1 and again["log"][0]["step"] == 4
