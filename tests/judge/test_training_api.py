"""The training API: exercises with their scenario's permissions, answers, series, progress; the pages."""

from __future__ import annotations

import json
from collections import Counter

from django.core.management import call_command

from judge.scenarios.models import Scenario
from judge.training import questions
from judge.training.models import Attempt, Exercise

from .test_scenarios_api import board, client_for


def make_scenario(author, visibility="public", title="Fugace au Repos") -> Scenario:
    scenario = Scenario(title=title, author=author, visibility=visibility, document=board())
    scenario.save_document(tags=["nuit"])
    return scenario


def make_exercise(scenario: Scenario, **fields) -> Exercise:
    fields.setdefault("status", Exercise.Status.PUBLISHED)
    exercise = Exercise(
        scenario=scenario,
        author=scenario.author,
        steps=0,
        kind="card_zone",
        focus="a1",
        explanation="Fugace : Défausse au lieu de Réserve (2.4.6.c).",
        **fields,
    )
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
    assert client_for(None).get(url(shared)).status_code == 200  # the link is enough to read it


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
    rule.rebuild()
    rule.save()
    get = lambda q: {e["uuid"] for e in client_for(None).get(f"/api/exercises/?{q}").json()["results"]}  # noqa: E731
    assert get("section=2.4") == {str(card.uuid)} and get("section=4.2") == {str(rule.uuid)}
    assert get("difficulty=3") == {str(rule.uuid)} and get("tag=nuit") == {str(card.uuid), str(rule.uuid)}
    assert get("tag=jour") == set()


# ---- writing: the scenario's author ---------------------------------------------------------------------


def test_the_author_makes_an_exercise_and_the_engine_computes_the_answer(rules, users):
    scenario = make_scenario(users["alice"], visibility="private")
    body = {
        "scenario": str(scenario.uuid),
        "steps": 0,
        "kind": "card_zone",
        "focus": "a1",
        "explanation": "Voir 2.4.6.c.",
        "answer": "A.reserve",
        "section": "9.9",
    }
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
    assert right["after"]["players"]["A"]["discard"][0]["id"] == "a1"  # the board after the step
    wrong = client.post(url(exercise, "answer"), {"chosen": "A.reserve"}, format="json").json()
    assert wrong["correct"] is False and wrong["answer"] == "A.discard" and wrong["counted"] is False
    assert client.post(url(exercise, "answer"), {"chosen": "nulle-part"}, format="json").status_code == 400
    attempts = Attempt.objects.filter(exercise=exercise)
    assert attempts.count() == 2 and {a.user for a in attempts} == {None} and all(a.session_key for a in attempts)
    assert [a.first for a in attempts.order_by("at")] == [True, False]  # only the first answer counts
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
    assert first["series"] == {
        "id": series.json()["id"],
        "mode": "practice",
        "total": 2,
        "answered": 1,
        "right": 1,
        "finished": False,
        "time_left": None,
    }
    wrong = next(o["key"] for o in exercises[0].question["options"] if o["key"] != "A.discard")
    again = client.post(f"/api/exercises/{drawn[0]}/answer/", {"chosen": wrong}, format="json").json()
    assert again["counted"] is False and again["correct"] is True  # a second try does not count: the first stands
    last = client.post(f"/api/exercises/{drawn[1]}/answer/", {"chosen": "A.reserve"}, format="json").json()
    assert last["series"]["right"] == 1 and last["series"]["finished"] is True
    current = client.get("/api/training/series/").json()
    assert (current["answered"], current["right"], current["total"]) == (2, 1, 2)
    assert client_for(None).get("/api/training/series/").status_code == 404  # another visitor: no series


def test_progress_is_per_section_and_only_ever_ones_own(rules, users):
    exercise = make_exercise(make_scenario(users["alice"]))
    bob, anonymous = client_for(users["bob"]), client_for(None)
    bob.post(url(exercise, "answer"), {"chosen": "A.discard"}, format="json")
    bob.post(url(exercise, "answer"), {"chosen": "A.reserve"}, format="json")
    anonymous.post(url(exercise, "answer"), {"chosen": "A.discard"}, format="json")
    mine = bob.get("/api/training/progress/").json()  # only the first answer counts
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
    assert 'href="/entrainement/"' in client.get("/").content.decode()  # the nav link


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
    assert exercise.status == "draft" and exercise.level == "L1"  # a new exercise waits for its review
    client.logout()
    assert client.get(response["Location"]).status_code == 404  # private scenario, private exercise


def test_the_stepper_link_starts_the_form_from_its_step(rules, users, client):
    scenario = make_scenario(users["alice"])
    client.force_login(users["alice"])
    page = client.get(f"/entrainement/nouveau/{scenario.uuid}/?etape=3").content.decode()
    assert 'name="steps" value="3"' in page and "part de l'étape 3" in page
    assert 'name="steps" value="0"' in client.get(f"/entrainement/nouveau/{scenario.uuid}/?etape=x").content.decode()


# ---- no leaks, exams, review queue, review workflow, statistics ----------------------------------------------


def _answer_data(exercise: Exercise) -> list[str]:
    """What would give an exercise's answer away if it reached the browser before answering."""
    scenario = exercise.scenario
    rule = (
        f'"{exercise.rule}"' if exercise.kind != "rule" else ""
    )  # a rule question offers rules: the right one among them
    data = [
        scenario.title,
        scenario.description,
        exercise.explanation,
        rule,
        "decisive_rule",
        '"section"',
        '"expect"',
        '"decisions"',
        '"answer"',
        exercise.reading,
    ]
    data += [json.dumps(d, ensure_ascii=False) for d in scenario.document.get("decisions", [])]
    return [d for d in data if d]


def test_nothing_sent_before_answering_reveals_the_answer(rules, users):
    call_command("load_library", verbosity=0)
    call_command("load_exercises", verbosity=0)
    client = client_for(None)
    listed = client.get("/api/exercises/?limit=300").content.decode()
    drawn = client.post("/api/training/series/", {"count": 20}, format="json")
    assert drawn.status_code == 201
    for item in drawn.json()["exercises"]:
        exercise = Exercise.objects.get(uuid=item["uuid"])
        assert set(item) == {
            "uuid",
            "kind",
            "level",
            "status",
            "prompt",
            "options",
            "multiple",
            "board",
            "cards",
            "stated",
        }
        single = client.get(url(exercise)).content.decode()
        sent = json.dumps(item, ensure_ascii=False)
        for leak in _answer_data(exercise):
            assert leak not in sent and leak not in single, (exercise.source, leak)
    assert "decisive_rule" not in listed and '"expect"' not in listed and '"explanation"' not in listed
    # The page of one exercise does not name its scenario either.
    exercise = Exercise.objects.get(source="fixtures/exercises.json#fugace-repos-zone")
    page = client.get(f"/entrainement/exercice/{exercise.uuid}/").content.decode()
    assert exercise.scenario.title not in page


def test_an_exam_is_timed_gives_no_feedback_until_the_end_and_scores_by_section(rules, users):
    call_command("load_library", verbosity=0)
    call_command("load_exercises", verbosity=0)
    from judge.training.models import ExamTemplate

    # Six sections, one question each: the curated bank has few exam-eligible questions a section.
    sections = ["1.3", "2.1", "2.4", "3.1", "3.2", "4.3"]
    ExamTemplate.objects.create(slug="six", name="Six sections", per_section=1, sections=sections)
    client = client_for(users["bob"])
    started = client.post("/api/training/series/", {"mode": "exam", "template": "six"}, format="json")
    assert started.status_code == 201, started.content
    exam = started.json()
    uuids = [e["uuid"] for e in exam["exercises"]]
    chosen = Exercise.objects.filter(uuid__in=uuids)
    assert exam["mode"] == "exam" and exam["total"] == 6 and exam["right"] is None and exam["time_left"] > 0
    assert Counter(chosen.values_list("section", flat=True)) == dict.fromkeys(sections, 1)
    assert len(set(chosen.values_list("scenario_id", flat=True))) == 6  # no repeated scenario
    assert not chosen.exclude(reading="").exists() and not chosen.exclude(status="published").exists()
    for n, uuid in enumerate(uuids):
        exercise = chosen.get(uuid=uuid)
        pick = (
            exercise.answer
            if n % 2 == 0
            else next(o["key"] for o in exercise.question["options"] if o["key"] != exercise.answer)
        )
        response = client.post(f"/api/exercises/{uuid}/answer/", {"chosen": pick}, format="json")
        body = response.content.decode()
        assert response.status_code == 202 and response.json()["recorded"] is True, body
        assert '"correct"' not in body and exercise.explanation not in body
        if n < 5:  # until the last answer, nothing of right or wrong
            assert response.json()["series"]["right"] is None
            assert client.get("/api/training/series/").json().get("corrections") is None
    again = client.post(f"/api/exercises/{uuids[0]}/answer/", {"chosen": "x"}, format="json")
    assert again.status_code == 400
    done = client.get("/api/training/series/").json()
    assert done["finished"] and done["right"] == 3 and done["passed"] is False and done["pass_mark"] == 0.75
    right_in = {chosen.get(uuid=uuid).section: int(n % 2 == 0) for n, uuid in enumerate(uuids)}
    assert done["sections"] == [
        {"section": s, "label": done["sections"][i]["label"], "total": 1, "right": right_in[s]}
        for i, s in enumerate(sections)
    ]
    assert [c["correct"] for c in done["corrections"]] == [True, False] * 3
    assert all(c["answer_label"] and c["rule"] for c in done["corrections"])


def test_an_exam_refuses_answers_once_the_time_is_up(rules, users):
    from judge.training.models import Exam, ExamTemplate

    call_command("load_library", verbosity=0)
    call_command("load_exercises", verbosity=0)
    ExamTemplate.objects.create(slug="un", name="Une question", per_section=1, sections=["2.4"])
    client = client_for(users["bob"])
    exam = client.post("/api/training/series/", {"mode": "exam", "template": "un"}, format="json").json()
    Exam.objects.update(deadline="2000-01-01T00:00:00Z")
    uuid = exam["exercises"][0]["uuid"]
    response = client.post(
        f"/api/exercises/{uuid}/answer/", {"chosen": Exercise.objects.get(uuid=uuid).answer}, format="json"
    )
    assert response.status_code == 400 and "temps" in response.json()["detail"]
    done = client.get("/api/training/series/").json()
    assert (
        done["finished"] and done["right"] == 0 and done["time_left"] == 0 and done["corrections"][0]["chosen"] is None
    )


def test_missed_questions_come_back_in_the_review_queue(rules, users):
    from datetime import timedelta

    from django.utils import timezone

    from judge.training.models import Review

    exercise = make_exercise(make_scenario(users["alice"]))
    bob = client_for(users["bob"])
    bob.post(url(exercise, "answer"), {"chosen": "A.reserve"}, format="json")  # missed
    item = Review.objects.get(user=users["bob"], exercise=exercise)
    assert item.stage == 0 and item.due > timezone.now() + timedelta(hours=23)
    assert bob.post("/api/training/series/", {"mode": "review"}, format="json").status_code == 404  # not due yet
    Review.objects.filter(pk=item.pk).update(due=timezone.now() - timedelta(minutes=1))
    assert bob.get("/api/training/progress/").json()["review_due"] == 1
    review = bob.post("/api/training/series/", {"mode": "review"}, format="json").json()
    assert [e["uuid"] for e in review["exercises"]] == [str(exercise.uuid)] and review["mode"] == "review"
    result = bob.post(url(exercise, "answer"), {"chosen": "A.discard"}, format="json").json()
    assert result["correct"] is True and result["counted"] is False  # the first answer still counts for progress
    item.refresh_from_db()
    assert item.stage == 1 and item.due > timezone.now() + timedelta(days=2) and not item.done
    assert bob.get("/api/training/progress/").json()["right"] == 0


def test_answers_given_before_signing_in_join_the_account(rules, users, client):
    from django.urls import reverse

    from tests.conftest import PASSWORDS

    first = make_exercise(make_scenario(users["alice"]))
    second = make_exercise(make_scenario(users["alice"], title="Autre"))
    bob = client_for(users["bob"])
    bob.post(url(second, "answer"), {"chosen": "A.discard"}, format="json")  # Bob's account already answered it
    client.post(url(first, "answer"), {"chosen": "A.reserve"}, content_type="application/json")  # anonymous visit
    client.post(url(second, "answer"), {"chosen": "A.reserve"}, content_type="application/json")
    assert client.get("/api/training/progress/").json()["answered"] == 2
    response = client.post(reverse("login"), {"username": "bob", "password": PASSWORDS["bob"]})
    assert response.status_code == 302
    mine = client.get("/api/training/progress/").json()
    assert mine["signed_in"] and (mine["answered"], mine["right"]) == (
        2,
        1,
    )  # the visit's first joins; the account's first stays
    assert Attempt.objects.filter(user=users["bob"]).count() == 3 and not Attempt.objects.filter(user=None).exists()
    assert mine["review_due"] == 0 and users["bob"].training_reviews.count() == 2


def trusted(user):
    """``user`` in the group of trusted reviewers (a review counts only from them or staff)."""
    from django.contrib.auth.models import Group

    user.groups.add(Group.objects.get_or_create(name=Exercise.REVIEWERS_GROUP)[0])
    return user


def test_review_workflow_draft_reviewed_published(rules, users):
    trusted(users["bob"])
    exercise = make_exercise(make_scenario(users["alice"]), status=Exercise.Status.DRAFT)
    anonymous = client_for(None)
    assert str(exercise.uuid) not in anonymous.get("/api/exercises/").content.decode()
    assert anonymous.post("/api/training/series/", {}, format="json").status_code == 404  # drafts are not drawn
    review = lambda who, status: client_for(who).post(url(exercise, "review"), {"status": status}, format="json")
    assert review(users["alice"], "reviewed").status_code == 403  # not by its author
    assert review(users["alice"], "published").status_code == 400  # a draft is reviewed first
    assert review(users["bob"], "reviewed").status_code == 200
    exercise.refresh_from_db()
    assert (exercise.status, exercise.reviewer) == ("reviewed", users["bob"])
    assert review(users["alice"], "published").status_code == 200
    assert str(exercise.uuid) in anonymous.get("/api/exercises/").content.decode()
    assert review(None, "draft").status_code == 403
    assert review(users["bob"], "draft").status_code == 403  # back to draft: who may edit it


def test_statistics_per_question_from_first_answers(rules, users):
    exercise = make_exercise(make_scenario(users["alice"]))
    for chosen in ["A.discard", "A.reserve", "A.reserve", "A.discard"]:
        client = client_for(None)
        client.post(url(exercise, "answer"), {"chosen": chosen}, format="json")
        client.post(url(exercise, "answer"), {"chosen": "A.discard"}, format="json")  # second tries do not count
    stats = client_for(users["alice"]).get(url(exercise, "stats")).json()
    assert (stats["answered"], stats["right"], stats["share_right"]) == (4, 2, 0.5)
    assert (
        stats["wrong"] == [{"key": "A.reserve", "label": "La Réserve de A", "count": 2}] and stats["complexity"] is None
    )
    assert client_for(users["bob"]).get(url(exercise, "stats")).status_code == 403
    Exercise.COMPLEXITY_AFTER, before = 4, Exercise.COMPLEXITY_AFTER
    try:
        client_for(None).post(url(exercise, "answer"), {"chosen": "A.reserve"}, format="json")
    finally:
        Exercise.COMPLEXITY_AFTER = before
    exercise.refresh_from_db()
    assert exercise.complexity == 0.6  # 3 wrong first answers out of 5


def test_the_exercise_page_lets_another_judge_review_and_the_author_publish(rules, users, client):
    trusted(users["bob"])
    exercise = make_exercise(make_scenario(users["alice"]), status=Exercise.Status.DRAFT)
    page = f"/entrainement/exercice/{exercise.uuid}/"
    client.force_login(users["alice"])
    assert 'value="reviewed"' not in client.get(page).content.decode()  # not by its author
    assert client.post(f"{page}relire/", {"status": "reviewed"}).status_code == 403
    client.force_login(users["bob"])
    assert 'value="reviewed"' in client.get(page).content.decode()
    assert client.post(f"{page}relire/", {"status": "reviewed"}).status_code == 302
    client.force_login(users["alice"])
    html = client.get(page).content.decode()
    assert 'value="published"' in html and "Premières réponses : 0" in html
    client.post(f"{page}relire/", {"status": "published"})
    exercise.refresh_from_db()
    assert (exercise.status, exercise.reviewer) == ("published", users["bob"])


def test_an_exercise_made_by_the_older_builder_is_computed_again_when_drawn(rules, users):
    exercise = make_exercise(make_scenario(users["alice"]))
    old = {k: exercise.question[k] for k in ("prompt", "options", "seqs")}  # what the first builder stored
    Exercise.objects.filter(pk=exercise.pk).update(question=old)
    drawn = client_for(None).post("/api/training/series/", {"count": 1}, format="json").json()["exercises"][0]
    assert drawn["board"]["players"]["A"]["hero_expedition"][0]["id"] == "a1"
    assert Exercise.objects.get(pk=exercise.pk).question["format"] == questions.QUESTION_FORMAT
