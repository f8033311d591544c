"""The training API: exercises with their scenario's permissions, answers, series, progress; the pages."""
from __future__ import annotations

from django.core.management import call_command

from judge.scenarios.models import Scenario
from judge.training.models import Attempt, Exercise

from .test_scenarios_api import board, client_for


def make_scenario(author, visibility="public", title="Fugace au Repos") -> Scenario:
    scenario = Scenario(title=title, author=author, visibility=visibility, document=board())
    scenario.save_document(tags=["nuit"])
    return scenario


def make_exercise(scenario: Scenario, **fields) -> Exercise:
    fields.setdefault("status", Exercise.Status.PUBLISHED)
    exercise = Exercise(scenario=scenario, author=scenario.author, steps=0, kind="card_zone", focus="a1",
                        explanation="Fugace : Défausse au lieu de Réserve (2.4.6.c).", **fields)
    exercise.rebuild()
    exercise.save()
    return exercise


def url(exercise: Exercise, action: str = "") -> str:
    return f"/api/exercises/{exercise.uuid}/" + (f"{action}/" if action else "")


# ---- reading: as the scenario is --------------------------------------------------------------------------

def test_exercises_are_listed_and_read_as_their_scenarios_are(rules, users):
    public = make_exercise(make_scenario(users["alice"]))
    private = make_exercise(make_scenario(users["alice"], visibility="private", title="Brouillon"))
    shared = make_exercise(make_scenario(users["alice"], visibility="link", title="Partagé"))
    listed = lambda user: {e["uuid"] for e in client_for(user).get("/api/exercises/").json()["results"]}  # noqa: E731
    assert listed(None) == listed(users["bob"]) == {str(public.uuid)}
    assert listed(users["alice"]) == listed(users["staff"]) == {str(public.uuid), str(private.uuid), str(shared.uuid)}
    assert client_for(users["bob"]).get(url(private)).status_code == 404
    assert client_for(None).get(url(shared)).status_code == 200   # the link is enough to read it


def test_the_answer_key_is_shown_only_to_who_may_edit(rules, users):
    exercise = make_exercise(make_scenario(users["alice"]))
    for_bob = client_for(users["bob"]).get(url(exercise)).json()
    assert "answer" not in for_bob and len(for_bob["options"]) == 4 and for_bob["prompt"]
    assert client_for(users["alice"]).get(url(exercise)).json()["answer"] == "A.discard"
    assert client_for(users["staff"]).get(url(exercise)).json()["answer"] == "A.discard"


def test_list_filters_by_section_tag_and_difficulty(rules, users):
    scenario = make_scenario(users["alice"])
    card = make_exercise(scenario)
    rule = make_exercise(scenario, author_difficulty=3)
    rule.kind, rule.focus, rule.chosen_rule = "rule", "", "4.2.5.b"
    rule.rebuild(); rule.save()
    get = lambda q: {e["uuid"] for e in client_for(None).get(f"/api/exercises/?{q}").json()["results"]}  # noqa: E731
    assert get("section=2.4") == {str(card.uuid)} and get("section=4.2") == {str(rule.uuid)}
    assert get("difficulty=3") == {str(rule.uuid)} and get("tag=nuit") == {str(card.uuid), str(rule.uuid)}
    assert get("tag=jour") == set()


# ---- writing: the scenario's author ---------------------------------------------------------------------

def test_the_author_makes_an_exercise_and_the_engine_computes_the_answer(rules, users):
    scenario = make_scenario(users["alice"], visibility="private")
    body = {"scenario": str(scenario.uuid), "steps": 0, "kind": "card_zone", "focus": "a1",
            "explanation": "Voir 2.4.6.c.", "answer": "A.reserve", "section": "9.9"}
    response = client_for(users["alice"]).post("/api/exercises/", body, format="json")
    assert response.status_code == 201, response.content
    data = response.json()
    assert data["answer"] == "A.discard" and data["section"] == "2.4" and data["decisive_rule"] == "2.4.6.c"
    assert Exercise.objects.get(uuid=data["uuid"]).author == users["alice"]


def test_others_cannot_make_change_or_delete_exercises_of_a_scenario(rules, users):
    scenario = make_scenario(users["alice"])
    exercise = make_exercise(scenario)
    body = {"scenario": str(scenario.uuid), "steps": 0, "kind": "winner"}
    assert client_for(None).post("/api/exercises/", body, format="json").status_code == 403
    response = client_for(users["bob"]).post("/api/exercises/", body, format="json")
    assert response.status_code == 400 and "auteur" in str(response.json()["scenario"])
    assert client_for(users["bob"]).patch(url(exercise), {"explanation": "x"}, format="json").status_code == 403
    assert client_for(users["bob"]).delete(url(exercise)).status_code == 403
    assert client_for(users["staff"]).patch(url(exercise), {"explanation": "Revu."}, format="json").status_code == 200
    assert client_for(users["alice"]).delete(url(exercise)).status_code == 204


def test_a_question_the_engine_cannot_make_is_refused(rules, users):
    scenario = make_scenario(users["alice"])
    body = {"scenario": str(scenario.uuid), "steps": 40, "kind": "winner"}
    response = client_for(users["alice"]).post("/api/exercises/", body, format="json")
    assert response.status_code == 400 and "Impossible de poser cette question" in str(response.json())
    exercise = make_exercise(scenario)
    response = client_for(users["alice"]).patch(url(exercise), {"focus": "zz"}, format="json")
    assert response.status_code == 400 and Exercise.objects.get(pk=exercise.pk).focus == "a1"


# ---- answering, series, progress ---------------------------------------------------------------------------

def test_anyone_who_can_read_answers_and_gets_the_log_of_the_step(rules, users):
    exercise = make_exercise(make_scenario(users["alice"], visibility="link"))
    client = client_for(None)
    right = client.post(url(exercise, "answer"), {"chosen": "A.discard"}, format="json").json()
    assert right["correct"] is True and right["explanation"].startswith("Fugace")
    assert right["answer_label"] == "La Défausse de A" and right["counted"] is True
    assert any("2.4.6.c" in e["rules"] for e in right["log"]) and right["series"] is None
    assert right["after"]["players"]["A"]["discard"][0]["id"] == "a1"   # the board after the step
    wrong = client.post(url(exercise, "answer"), {"chosen": "A.reserve"}, format="json").json()
    assert wrong["correct"] is False and wrong["answer"] == "A.discard" and wrong["counted"] is False
    assert client.post(url(exercise, "answer"), {"chosen": "nulle-part"}, format="json").status_code == 400
    attempts = Attempt.objects.filter(exercise=exercise)
    assert attempts.count() == 2 and {a.user for a in attempts} == {None} and all(a.session_key for a in attempts)
    assert [a.first for a in attempts.order_by("at")] == [True, False]   # only the first answer counts
    private = make_exercise(make_scenario(users["alice"], visibility="private"))
    assert client.post(url(private, "answer"), {"chosen": "A.discard"}, format="json").status_code == 404


def test_a_series_is_drawn_by_theme_kept_in_the_session_and_scored(rules, users):
    scenario = make_scenario(users["alice"])
    exercises = [make_exercise(scenario) for _ in range(3)]
    client = client_for(None)
    assert client.post("/api/training/series/", {"section": "7.3"}, format="json").status_code == 404
    series = client.post("/api/training/series/", {"section": "2.4", "count": 2}, format="json")
    assert series.status_code == 201
    drawn = [e["uuid"] for e in series.json()["exercises"]]
    assert len(drawn) == 2 and set(drawn) <= {str(e.uuid) for e in exercises}
    assert all("answer" not in e for e in series.json()["exercises"])
    first = client.post(f"/api/exercises/{drawn[0]}/answer/", {"chosen": "A.discard"}, format="json").json()
    assert first["series"] == {"id": series.json()["id"], "mode": "practice", "total": 2, "answered": 1, "right": 1,
                               "finished": False, "time_left": None}
    again = client.post(f"/api/exercises/{drawn[0]}/answer/", {"chosen": "A.hand"}, format="json").json()
    assert again["counted"] is False and again["correct"] is True   # a second try does not count: the first stands
    last = client.post(f"/api/exercises/{drawn[1]}/answer/", {"chosen": "A.reserve"}, format="json").json()
    assert last["series"]["right"] == 1 and last["series"]["finished"] is True
    current = client.get("/api/training/series/").json()
    assert (current["answered"], current["right"], current["total"]) == (2, 1, 2)
    assert client_for(None).get("/api/training/series/").status_code == 404   # another visitor: no series


def test_progress_is_per_section_and_only_ever_ones_own(rules, users):
    exercise = make_exercise(make_scenario(users["alice"]))
    bob, anonymous = client_for(users["bob"]), client_for(None)
    bob.post(url(exercise, "answer"), {"chosen": "A.discard"}, format="json")
    bob.post(url(exercise, "answer"), {"chosen": "A.reserve"}, format="json")
    anonymous.post(url(exercise, "answer"), {"chosen": "A.discard"}, format="json")
    mine = bob.get("/api/training/progress/").json()   # only the first answer counts
    assert mine["signed_in"] is True and (mine["answered"], mine["right"]) == (1, 1)
    assert mine["sections"] == [{"section": "2.4", "answered": 1, "right": 1, "label": "2.4 Statuts"}]
    assert client_for(users["alice"]).get("/api/training/progress/").json()["answered"] == 0
    theirs = anonymous.get("/api/training/progress/").json()
    assert theirs["signed_in"] is False and (theirs["answered"], theirs["right"]) == (1, 1)
    assert client_for(None).get("/api/training/progress/").json()["answered"] == 0


def test_themes_list_sections_and_tags_with_exercises(rules, users):
    make_exercise(make_scenario(users["alice"]))
    make_exercise(make_scenario(users["alice"], visibility="private"))
    themes = client_for(None).get("/api/training/themes/").json()
    assert themes["sections"] == [{"key": "2.4", "label": "2.4 Statuts", "count": 1}]
    assert themes["tags"] == [{"key": "nuit", "label": "nuit", "count": 1}]


def test_schema_is_valid_without_warnings():
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null")


# ---- pages ----------------------------------------------------------------------------------------------

def test_training_page_offers_themes_difficulties_and_progress(rules, users, client):
    call_command("load_library", verbosity=0)
    call_command("load_exercises", verbosity=0)
    page = client.get("/entrainement/").content.decode()
    assert 'value="section:2.4"' in page and "2.4 Statuts" in page and 'value="tag:nuit"' in page
    assert "csrfmiddlewaretoken" in page and "Aucune réponse pour l'instant" in page
    assert 'href="/entrainement/"' in client.get("/").content.decode()   # the nav link


def test_the_author_makes_an_exercise_from_the_form(rules, users, client):
    scenario = make_scenario(users["alice"], visibility="private")
    client.force_login(users["bob"])
    assert client.get(f"/entrainement/nouveau/{scenario.uuid}/").status_code == 404
    client.force_login(users["alice"])
    form = f"/entrainement/nouveau/{scenario.uuid}/"
    refused = client.post(form, {"steps": 0, "kind": "card_zone", "focus": "zz", "explanation": ""})
    assert refused.status_code == 200 and "pas sur le plateau" in refused.content.decode()
    response = client.post(form, {"steps": 0, "kind": "card_zone", "focus": "a1", "explanation": "Fugace."})
    exercise = Exercise.objects.get(scenario=scenario)
    assert response.status_code == 302 and response["Location"] == f"/entrainement/exercice/{exercise.uuid}/"
    assert exercise.answer == "A.discard" and exercise.author == users["alice"]
    assert client.get(response["Location"]).status_code == 200
    client.logout()
    assert client.get(response["Location"]).status_code == 404   # private scenario, private exercise
