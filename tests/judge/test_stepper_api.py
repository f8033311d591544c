"""The run API as the stepper page uses it: positions by replay, back one step, extra decisions,
bad decisions and bad boards (400 with paths), every ``until``, forks that resume exactly, and
privacy (a private scenario is a 404 to anyone but its author, never a 401/403 that confirms it)."""

from __future__ import annotations

import copy

import pytest
from rest_framework.test import APIClient

import engine
from judge.scenarios import runner
from judge.scenarios.models import Scenario
from judge.scenarios.views import EMPTY_DOCUMENT

KEEP_A1_A2 = {"player": "A", "keep": ["a1", "a2"]}


def cleanup_board() -> dict:
    """Night of day 2: A has three cards in Reserve for a limit of 2, so the engine waits for A."""
    doc = copy.deepcopy(EMPTY_DOCUMENT)
    doc.update(day=2, phase="night", seed=7)
    doc["players"]["A"]["hero"] = {"name": "Sierra", "reserve_limit": 2, "landmark_limit": 2}
    doc["players"]["A"]["reserve"] = [
        {"id": "a1", "name": "Un", "hand_cost": 2, "reserve_cost": 1},
        {"id": "a2", "name": "Deux", "hand_cost": 2, "reserve_cost": 1},
        {"id": "a3", "name": "Trois", "hand_cost": 2, "reserve_cost": 1},
    ]
    doc["players"]["A"]["hero_expedition"] = [
        {"id": "a4", "name": "Garde forestière", "stats": {"forest": 2}, "statuses": ["fleeting"]},
    ]
    return doc


def run(client: APIClient, **body):
    return client.post("/api/run/", body, format="json")


@pytest.fixture
def client():
    return APIClient()


def zone_ids(state: dict, player: str, zone: str) -> list[str]:
    return [c["id"] for c in state["players"][player][zone]]


# -- positions ------------------------------------------------------------------------------------


def test_start_position_is_step_zero_with_empty_log(client, db):
    out = run(client, document=cleanup_board(), until="none", steps=0).json()
    assert out["steps"] == 0 and out["log"] == [] and out["last"] == []
    assert out["pending"] is None and out["winner"] is None


def test_steps_replay_reaches_the_same_position_as_stepping_one_by_one(client, db):
    doc = cleanup_board()
    stepped = run(client, document=doc, until="none", steps=0).json()
    for n in range(1, 5):
        stepped = run(client, document=doc, until="step", steps=stepped["steps"], decisions=[KEEP_A1_A2]).json()
        assert stepped["steps"] == n
        replayed = run(client, document=doc, until="none", steps=n, decisions=[KEEP_A1_A2]).json()
        assert replayed["state"] == stepped["state"]
        assert replayed["log"] == stepped["log"]
        assert replayed["last"] == stepped["last"] == [e["seq"] for e in stepped["log"] if e["seq"] in stepped["last"]]


def test_back_one_step_gives_the_previous_board_and_a_shorter_log(client, db):
    doc = cleanup_board()
    extra = [KEEP_A1_A2]
    positions = [run(client, document=doc, until="none", steps=0, decisions=extra).json()]
    for _ in range(4):
        positions.append(run(client, document=doc, until="step", steps=positions[-1]["steps"], decisions=extra).json())
    assert [p["steps"] for p in positions] == [0, 1, 2, 3, 4]
    for n in range(4, 0, -1):
        back = run(client, document=doc, until="none", steps=n - 1, decisions=extra).json()
        before = positions[n - 1]
        assert back["steps"] == n - 1
        assert len(back["log"]) < len(positions[n]["log"])
        assert back["state"] == before["state"] and back["log"] == before["log"] and back["last"] == before["last"]


def test_step_waits_at_a_pending_decision_and_lists_the_legal_ones(client, db):
    out = run(client, document=cleanup_board(), until="end").json()
    assert out["pending"]["player"] == "A" and out["pending"]["kind"] == "keep"
    assert out["pending"]["rules"] == ["4.2.5.c"]
    assert {tuple(d["keep"]) for d in out["legal_decisions"]} == {("a1", "a2"), ("a1", "a3"), ("a2", "a3")}
    again = run(client, document=cleanup_board(), until="step", steps=out["steps"]).json()
    assert again["steps"] == out["steps"] and again["log"] == out["log"]  # nothing to do without a decision


def test_extra_decisions_are_given_when_the_engine_waits(client, db):
    doc = cleanup_board()
    waiting = run(client, document=doc, until="end").json()
    chosen = run(client, document=doc, until="step", steps=waiting["steps"], decisions=[KEEP_A1_A2]).json()
    assert chosen["steps"] == waiting["steps"] + 1
    assert chosen["decisions_used"] == 1
    assert chosen["log"][-1]["event"]["type"] == "decision"
    assert chosen["log"][-1]["event"]["decision"] == KEEP_A1_A2
    end = run(client, document=doc, until="end", decisions=[KEEP_A1_A2]).json()
    assert zone_ids(end["state"], "A", "reserve") == ["a1", "a2"]
    assert "a3" in zone_ids(end["state"], "A", "discard") + zone_ids(end["state"], "A", "hand") + zone_ids(
        end["state"], "A", "deck"
    )
    # Replaying past the decision with the same extra decisions reaches the same position.
    replay = run(client, document=doc, until="none", steps=chosen["steps"], decisions=[KEEP_A1_A2]).json()
    assert replay["state"] == chosen["state"] and replay["log"] == chosen["log"]
    # Going back before the decision leaves it unused: the page drops it from its list.
    before = run(client, document=doc, until="none", steps=waiting["steps"], decisions=[KEEP_A1_A2]).json()
    assert before["decisions_used"] == 0 and before["pending"]["kind"] == "keep"


def test_illegal_decision_is_a_400_naming_its_path(client, db):
    response = run(client, document=cleanup_board(), until="end", decisions=[{"player": "A", "keep": ["a1"]}])
    assert response.status_code == 400
    problems = response.json()["problems"]
    assert problems[0]["path"] == "decisions[0]" and "4.2.5.c" in problems[0]["message"]
    wrong_player = run(client, document=cleanup_board(), until="end", decisions=[{"player": "B", "keep": []}])
    assert wrong_player.status_code == 400 and wrong_player.json()["problems"][0]["path"] == "decisions[0]"


def test_board_with_problems_is_a_400_with_every_path(client, db):
    doc = cleanup_board()
    doc["players"]["B"]["hand"] = [{"id": "a1", "name": "Doublon"}]
    doc["adventure"]["markers"]["A"]["hero"] = 9
    response = run(client, document=doc, until="step")
    assert response.status_code == 400
    paths = {p["path"] for p in response.json()["problems"]}
    assert "adventure.markers.A.hero" in paths
    assert any(path.startswith("players.B.hand[0]") for path in paths)


@pytest.mark.parametrize("until", ["end", "step", "none", "morning", "noon", "afternoon", "dusk", "night"])
def test_every_until_value_is_accepted(client, db, until):
    out = run(client, document=cleanup_board(), until=until, decisions=[KEEP_A1_A2])
    assert out.status_code == 200, out.content
    body = out.json()
    if until == "none":
        assert body["steps"] == 0
    elif until == "morning":
        # Stops at the beginning of the next Morning, after the night's clean-up.
        assert body["log"][-1]["event"]["type"] == "phase" or body["pending"]
        assert any(e["event"] == {"type": "phase", "day": 3, "phase": "morning"} for e in body["log"])
        assert body["state"]["phase"] == "morning"


def test_until_morning_stops_at_the_phase_beginning(client, db):
    body = run(client, document=cleanup_board(), until="morning", decisions=[KEEP_A1_A2]).json()
    assert body["log"][-1]["event"] == {"type": "phase", "day": 3, "phase": "morning"}
    assert body["log"][-1]["seq"] in body["last"]  # the step that began the Morning is the last one


def test_unknown_until_is_a_400(client, db):
    response = run(client, document=cleanup_board(), until="tea-time")
    assert response.status_code == 400 and "until" in response.json()


# -- saved scenarios: same contract, and privacy ------------------------------------------------------


def saved(author, visibility="private", document=None) -> Scenario:
    scenario = Scenario(title="Nettoyage", author=author, visibility=visibility, document=document or cleanup_board())
    scenario.save_document()
    return scenario


def test_saved_run_matches_the_document_run(client, alice):
    scenario = saved(alice, "public")
    body = {"until": "step", "steps": 1, "decisions": [KEEP_A1_A2]}
    from_saved = client.post(f"/api/scenarios/{scenario.uuid}/run/", body, format="json")
    from_document = run(client, document=cleanup_board(), **body)
    assert from_saved.status_code == 200
    assert from_saved.json() == from_document.json()


def test_private_scenario_is_a_404_never_a_401_or_403(client, alice, bob):
    scenario = saved(alice, "private")
    for c in (APIClient(), _signed(bob)):
        assert c.get(f"/api/scenarios/{scenario.uuid}/").status_code == 404
        assert c.post(f"/api/scenarios/{scenario.uuid}/run/", {"until": "step"}, format="json").status_code == 404
        assert c.get(f"/scenarios/{scenario.uuid}/").status_code == 404
    mine = _signed(alice)
    assert mine.get(f"/api/scenarios/{scenario.uuid}/").status_code == 200
    assert mine.post(f"/api/scenarios/{scenario.uuid}/run/", {"until": "step"}, format="json").status_code == 200


def test_shared_by_link_is_readable_and_runnable_but_not_listed(client, alice):
    scenario = saved(alice, "link")
    assert client.get(f"/api/scenarios/{scenario.uuid}/").status_code == 200
    assert client.post(f"/api/scenarios/{scenario.uuid}/run/", {"until": "end"}, format="json").status_code == 200
    assert client.get(f"/scenarios/{scenario.uuid}/").status_code == 200
    listed = client.get("/api/scenarios/").json()
    items = listed["results"] if isinstance(listed, dict) else listed
    assert str(scenario.uuid) not in {s["uuid"] for s in items}


def test_stepper_page_hands_its_initial_data_and_permissions(client, alice, bob):
    scenario = saved(alice, "link")
    page = _signed_session(bob).get(f"/scenarios/{scenario.uuid}/")
    html = page.content.decode()
    assert 'id="stepper-initial"' in html and "csrfmiddlewaretoken" in html
    assert f"/scenarios/{scenario.uuid}/modifier/" not in html
    assert "Copier dans mes scénarios" in html
    own = _signed_session(alice).get(f"/scenarios/{scenario.uuid}/").content.decode()
    assert f"/scenarios/{scenario.uuid}/modifier/" in own


def test_session_post_needs_the_csrf_header(alice):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(alice)
    page = client.get("/scenarios/essai/")
    token = page.cookies["csrftoken"].value
    body = {"document": cleanup_board(), "until": "step"}
    assert client.post("/api/run/", body, format="json").status_code == 403
    assert client.post("/api/run/", body, format="json", HTTP_X_CSRFTOKEN=token).status_code == 200


# -- forks resume exactly ---------------------------------------------------------------------------------


def fork_document(state: dict) -> dict:
    """What the page sends: the state, with the decisions already consumed dropped."""
    doc = copy.deepcopy(state)
    used = doc["progress"]["decision_index"]
    doc["decisions"] = doc["decisions"][used:]
    doc["progress"]["decision_index"] = 0
    return doc


@pytest.mark.parametrize("steps", [0, 1, 2, 3, 5])
def test_forked_state_reloads_at_exactly_that_position(db, steps):
    doc = cleanup_board()
    at = runner.run(doc, until="none", steps=steps, decisions=[KEEP_A1_A2])
    forked = fork_document(at["state"])
    reloaded = engine.load(copy.deepcopy(forked)).to_doc()
    assert reloaded == forked
    assert engine.load(copy.deepcopy(at["state"])).to_doc() == at["state"]
    # The fork goes on exactly as the original would have from there.
    original = runner.run(doc, until="end", steps=steps, decisions=[KEEP_A1_A2])
    continued = runner.run(forked, until="end", decisions=[KEEP_A1_A2][at["decisions_used"] :])
    assert [e["text"] for e in continued["log"]] == [e["text"] for e in original["log"][len(at["log"]) :]]
    assert continued["pending"] == original["pending"]


def test_fork_through_the_api_is_a_private_scenario_of_the_user(alice):
    scenario = saved(alice, "public")
    at = runner.run(scenario.document, until="none", steps=2, decisions=[KEEP_A1_A2])
    client = _signed(alice)
    response = client.post(
        "/api/scenarios/",
        {
            "title": "Nettoyage — variante (étape 2)",
            "visibility": "private",
            "document": fork_document(at["state"]),
            "forked_from": str(scenario.uuid),
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    fork = Scenario.objects.get(uuid=response.json()["uuid"])
    assert fork.author == alice and fork.forked_from == scenario and fork.visibility == "private"
    assert runner.run(fork.document, until="none")["state"]["players"] == at["state"]["players"]
    assert APIClient().post(
        "/api/scenarios/", {"title": "x", "document": cleanup_board()}, format="json"
    ).status_code in (401, 403)


def _signed(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _signed_session(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client
