"""The scenario API: CRUD permissions, drafts, size limits, run and check, the library."""

import copy
import json

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils.html import escape
from rest_framework.test import APIClient

from judge.scenarios.models import Scenario
from judge.scenarios.views import EMPTY_DOCUMENT


def board(**changes) -> dict:
    """A small playable board: night of day 2, A has a fleeting character in the hero expedition."""
    doc = copy.deepcopy(EMPTY_DOCUMENT)
    doc.update(day=2, phase="night")
    doc["players"]["A"]["hero_expedition"] = [
        {"id": "a1", "name": "Garde forestière", "stats": {"forest": 2}, "statuses": ["fleeting"]}
    ]
    doc["players"]["A"]["reserve"] = [{"id": "a2", "name": "Éclaireur"}]
    doc.update(changes)
    return doc


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def create(user, **data) -> dict:
    body = {"title": "Fugace au Repos", "document": board(), "tags": ["nuit", "fugace"], **data}
    response = client_for(user).post("/api/scenarios/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_create_records_author_tags_and_cited_rules(rules, users):
    data = create(users["alice"])
    assert data["author"] == "alice" and data["problems"] == [] and sorted(data["tags"]) == ["fugace", "nuit"]
    scenario = Scenario.objects.get(uuid=data["uuid"])
    cited = set(scenario.citations.values_list("number", flat=True))
    assert {"4.2.5.b", "2.4.6.c"} <= cited


def test_anonymous_cannot_create(rules):
    response = client_for().post("/api/scenarios/", {"title": "x", "document": board()}, format="json")
    assert response.status_code == 403


def test_only_author_or_staff_can_change_or_delete(rules, users):
    uuid = create(users["alice"], visibility="public")["uuid"]
    url = f"/api/scenarios/{uuid}/"
    assert client_for(users["bob"]).patch(url, {"title": "pris"}, format="json").status_code == 403
    assert client_for(users["bob"]).delete(url).status_code == 403
    assert client_for().patch(url, {"title": "pris"}, format="json").status_code == 403
    assert client_for(users["staff"]).patch(url, {"title": "par l'équipe"}, format="json").status_code == 200
    assert client_for(users["alice"]).patch(url, {"title": "le mien"}, format="json").status_code == 200
    assert Scenario.objects.get(uuid=uuid).title == "le mien"
    assert client_for(users["alice"]).delete(url).status_code == 204


@pytest.mark.parametrize(
    "visibility, anonymous_read, listed",
    [
        ("private", 404, False),
        ("link", 200, False),
        ("public", 200, True),
    ],
)
def test_visibility(rules, users, visibility, anonymous_read, listed):
    uuid = create(users["alice"], visibility=visibility)["uuid"]
    assert client_for().get(f"/api/scenarios/{uuid}/").status_code == anonymous_read
    assert client_for(users["bob"]).get(f"/api/scenarios/{uuid}/").status_code == anonymous_read
    assert client_for(users["alice"]).get(f"/api/scenarios/{uuid}/").status_code == 200
    listing = client_for(users["bob"]).get("/api/scenarios/").json()["results"]
    assert (uuid in [s["uuid"] for s in listing]) is listed
    run = client_for().post(f"/api/scenarios/{uuid}/run/", {}, format="json")
    assert run.status_code == anonymous_read


def test_bad_document_is_refused_with_paths_and_nothing_saved(rules, users):
    bad = board()
    bad["adventure"]["markers"]["A"]["hero"] = 9
    bad["players"]["A"]["reserve"].append({"id": "a1"})
    response = client_for(users["alice"]).post("/api/scenarios/", {"title": "x", "document": bad}, format="json")
    assert response.status_code == 400
    paths = [p["path"] for p in response.json()["document"]]
    assert any("markers.A.hero" in p for p in paths)
    assert any(p["path"].endswith(".id") and "a1" in p["message"] for p in response.json()["document"])
    assert not Scenario.objects.exists()


def test_draft_with_problems_is_saved_private_only(rules, users):
    bad = board(phase="teatime")
    client = client_for(users["alice"])
    shared = client.post(
        "/api/scenarios/", {"title": "x", "document": bad, "draft": True, "visibility": "public"}, format="json"
    )
    assert shared.status_code == 400 and "visibility" in shared.json()
    saved = client.post("/api/scenarios/", {"title": "x", "document": bad, "draft": True}, format="json")
    assert saved.status_code == 201
    assert saved.json()["problems"][0]["path"] == "phase"


def test_document_must_be_an_object(rules, users):
    response = client_for(users["alice"]).post("/api/scenarios/", {"title": "x", "document": [1, 2]}, format="json")
    assert response.status_code == 400 and "document" in response.json()


def test_oversized_documents_get_413(rules, users):
    huge = board()
    huge["players"]["A"]["deck"] = [{"id": f"d{i}"} for i in range(450)]
    assert (
        client_for(users["alice"]).post("/api/scenarios/", {"title": "x", "document": huge}, format="json").status_code
        == 413
    )
    assert client_for().post("/api/run/", {"document": huge}, format="json").status_code == 413
    assert client_for().post("/api/check/", {"document": huge}, format="json").status_code == 413
    many = [{"player": "A", "pass": True}] * 2500
    assert client_for().post("/api/run/", {"document": board(), "decisions": many}, format="json").status_code == 413


def test_oversized_body_is_refused_before_parsing(rules, client):
    body = json.dumps({"document": board(), "padding": "x" * (600 * 1024)})
    response = client.post("/api/run/", body, content_type="application/json")
    assert response.status_code == 413


def test_run_unsaved_document(rules):
    response = client_for().post("/api/run/", {"document": board(), "until": "end"}, format="json")
    assert response.status_code == 200
    out = response.json()
    assert {"state", "log", "pending", "winner", "steps", "last", "legal_decisions"} <= set(out)
    rest = next(e for e in out["log"] if e["event"].get("card") == "a1" and e["event"]["type"] == "move")
    assert rest["rules"][:2] == ["2.4.6.c", "4.2.5.b"] and rest["event"]["to"] == "A.discard"


def test_run_refuses_bad_documents_and_bad_until(rules):
    response = client_for().post("/api/run/", {"document": board(phase="teatime")}, format="json")
    assert response.status_code == 400 and response.json()["problems"][0]["path"] == "phase"
    response = client_for().post("/api/run/", {"document": board(), "until": "lunch"}, format="json")
    assert response.status_code == 400 and "until" in response.json()


def test_check_lists_problems(rules):
    response = client_for().post("/api/check/", {"document": board()}, format="json")
    assert response.json() == {"problems": []}
    response = client_for().post("/api/check/", {"document": {"format": "nope"}}, format="json")
    assert response.status_code == 200 and response.json()["problems"]


def test_copy_makes_a_private_draft_of_ones_own(rules, users):
    uuid = create(users["alice"], visibility="link")["uuid"]
    response = client_for(users["bob"]).post(f"/api/scenarios/{uuid}/copy/")
    assert response.status_code == 201
    copy_ = Scenario.objects.get(uuid=response.json()["uuid"])
    assert (
        copy_.author == users["bob"]
        and copy_.visibility == "private"
        and copy_.forked_from.uuid.hex == uuid.replace("-", "")
    )
    assert client_for().post(f"/api/scenarios/{uuid}/copy/").status_code == 403


def test_library_filters_by_tag_and_rule(rules, users):
    create(users["alice"], visibility="public", title="Fugace")
    other = board()
    other["players"]["A"]["hero_expedition"][0]["statuses"] = ["asleep"]
    create(users["alice"], visibility="public", title="Endormi", document=other, tags=["endormi"])
    names = lambda q: sorted(s["title"] for s in client_for().get("/api/scenarios/" + q).json()["results"])
    assert names("") == ["Endormi", "Fugace"]
    assert names("?tag=endormi") == ["Endormi"]
    assert names("?rule=2.4.6.c") == ["Fugace"]


def test_rule_page_lists_public_scenarios_citing_it(rules, users, client):
    create(users["alice"], visibility="public", title="Fugace au Repos public")
    create(users["alice"], visibility="private", title="Brouillon secret")
    html = client.get("/regles/fr-1/2.4.6.c/").content.decode()
    assert "Fugace au Repos public" in html and "Brouillon secret" not in html


def test_load_library_is_idempotent_and_public(rules, tmp_path):
    (tmp_path / "one.json").write_text(json.dumps({**board(), "title": "Un", "tags": ["exemple"]}), encoding="utf-8")
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    call_command("load_library", dir=str(tmp_path))
    call_command("load_library", dir=str(tmp_path))
    scenario = Scenario.objects.get()
    assert scenario.title == "Un" and scenario.visibility == "public" and scenario.author.username == "bibliotheque"
    assert [t.name for t in scenario.tags.all()] == ["exemple", "nuit"]


def test_library_page_and_escaping(rules, users, client):
    create(users["alice"], visibility="public", title="<script>alert(1)</script>")
    html = client.get("/scenarios/").content.decode()
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html


def test_scenarios_citing_the_2v2_article_are_indexed_by_its_slug(rules, tmp_path):
    import shutil
    from pathlib import Path

    source = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "2v2-victory-one-player.json"
    shutil.copy(source, tmp_path / source.name)
    call_command("load_library", dir=str(tmp_path))
    assert Scenario.objects.citing("fr-1", "multijoueur-2v2-mode-de-jeu").count() == 1
    title = Scenario.objects.get().title
    html = Client().get("/regles/fr-1/glossaire/multijoueur-2v2-mode-de-jeu/").content.decode()
    assert escape(title) in html


def test_rule_page_shows_a_new_scenario_at_once_despite_its_cache(
    rules, users, client, django_capture_on_commit_callbacks
):
    client.get("/regles/fr-1/2.4.6.c/")  # cached without it
    with django_capture_on_commit_callbacks(execute=True):
        create(users["alice"], visibility="public", title="Nouveau cas fugace")
    assert "Nouveau cas fugace" in client.get("/regles/fr-1/2.4.6.c/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        Scenario.objects.get(title="Nouveau cas fugace").delete()
    assert "Nouveau cas fugace" not in client.get("/regles/fr-1/2.4.6.c/").content.decode()


@pytest.mark.django_db
def test_the_api_serves_the_scenario_format_schema_and_problems_carry_codes_and_rules():
    response = client_for().get("/api/scenario-schema/")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/schema+json")
    schema = json.loads(response.content)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["properties"]["format"] == {"const": "arbitre-scenario/1"}
    doc = copy.deepcopy(EMPTY_DOCUMENT)
    doc["players"]["B"]["reserve"] = [{"id": "x1", "owner": "A"}]  # 3.1.2.c: A's card in B's Reserve
    problems = client_for().post("/api/check/", {"document": doc}, format="json").json()["problems"]
    assert problems == [
        {
            "path": "players.B.reserve[0].owner",
            "code": "owner_zone",
            "rules": ["3.1.2.c"],
            "message": problems[0]["message"],
        }
    ]
    assert "3.1.2.c" in problems[0]["message"]
