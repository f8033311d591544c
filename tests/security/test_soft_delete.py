"""Deleting a scenario (issue 16) hides it from everything and keeps it restorable by its author or staff
for 30 days ("Corbeille"); nobody's delete destroys revisions, exercises, or other judges' answers and
progress; ``purge_deleted`` erases what is older, except what others answered."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db.models import ProtectedError
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from judge.scenarios.models import Scenario, ScenarioRevision
from judge.training.models import Attempt, Exercise
from tests.judge.test_training_api import make_exercise, make_scenario


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def answered(rules, users):
    """Alice's public scenario with an exercise that Bob answered."""
    scenario = make_scenario(users["alice"])
    exercise = make_exercise(scenario)
    key = exercise.question["options"][0]["key"]
    assert (
        api(users["bob"]).post(f"/api/exercises/{exercise.uuid}/answer/", {"chosen": key}, format="json").status_code
        == 200
    )
    return scenario, exercise


def test_delete_hides_it_everywhere_and_keeps_everyone_s_data(answered, users):
    scenario, exercise = answered
    url = f"/api/scenarios/{scenario.uuid}/"
    assert api(users["alice"]).delete(url).status_code == 204
    for who in (None, users["bob"], users["alice"]):
        assert api(who).get(url).status_code == 404
        assert str(scenario.uuid) not in api(who).get("/api/scenarios/").content.decode()
        assert api(who).get(f"/api/exercises/{exercise.uuid}/").status_code == 404
        assert api(who).get("/api/exercises/").json()["count"] == 0
        assert api(who).post(f"{url}run/", {"until": "end"}, format="json").status_code == 404
    assert Client().get(f"/scenarios/{scenario.uuid}/").status_code == 404
    assert scenario.title not in Client().get("/scenarios/").content.decode()
    assert scenario.title not in Client().get("/regles/fr-1/2.4.6.c/").content.decode()
    # nothing destroyed: the row, its revisions, its exercise, Bob's answer and progress
    assert Scenario.all_objects.filter(pk=scenario.pk, deleted__isnull=False).exists()
    assert ScenarioRevision.objects.filter(scenario_id=scenario.pk).count() == 1
    assert Exercise.objects.filter(pk=exercise.pk).exists()
    assert Attempt.objects.filter(user=users["bob"], exercise=exercise).count() == 1
    progress = api(users["bob"]).get("/api/training/progress/").json()
    assert progress["answered"] == 1


def test_the_author_restores_from_the_bin(answered, users):
    scenario, exercise = answered
    api(users["alice"]).delete(f"/api/scenarios/{scenario.uuid}/")
    alice = Client()
    alice.force_login(users["alice"])
    library = alice.get("/scenarios/").content.decode()
    assert 'href="/scenarios/corbeille/"' in library
    bin_page = alice.get("/scenarios/corbeille/").content.decode()
    assert scenario.title in bin_page and f"/scenarios/{scenario.uuid}/restaurer/" in bin_page
    bob = Client()
    bob.force_login(users["bob"])
    assert scenario.title not in bob.get("/scenarios/corbeille/").content.decode()
    assert bob.post(f"/scenarios/{scenario.uuid}/restaurer/").status_code == 404
    assert api(users["bob"]).post(f"/api/scenarios/{scenario.uuid}/restore/").status_code == 404
    assert api(None).post(f"/api/scenarios/{scenario.uuid}/restore/").status_code == 403
    response = alice.post(f"/scenarios/{scenario.uuid}/restaurer/")
    assert response.status_code == 302 and response["Location"] == f"/scenarios/{scenario.uuid}/"
    assert api(users["bob"]).get(f"/api/exercises/{exercise.uuid}/").status_code == 200
    assert scenario.title not in alice.get("/scenarios/corbeille/").content.decode()


def test_staff_restores_through_the_api_within_30_days_only(answered, users):
    scenario, _ = answered
    url = f"/api/scenarios/{scenario.uuid}/"
    client = Client()
    client.force_login(users["alice"])
    assert client.post(f"/scenarios/{scenario.uuid}/supprimer/").status_code == 302  # the page's delete
    restored = api(users["staff"]).post(f"{url}restore/")
    assert restored.status_code == 200 and restored.json()["uuid"] == str(scenario.uuid)
    assert api(None).get(url).status_code == 200
    api(users["alice"]).delete(url)
    Scenario.all_objects.filter(pk=scenario.pk).update(deleted=timezone.now() - timedelta(days=31))
    assert api(users["alice"]).post(f"{url}restore/").status_code == 404
    assert api(users["staff"]).post(f"{url}restore/").status_code == 404


def test_purge_erases_old_ones_but_never_others_answers(answered, users):
    scenario, exercise = answered
    alone = make_scenario(users["alice"], visibility="private", title="Seul")
    make_exercise(alone)  # an exercise nobody answered goes with its scenario
    recent = make_scenario(users["alice"], visibility="private", title="Récent")
    for s in (scenario, alone, recent):
        api(users["alice"]).delete(f"/api/scenarios/{s.uuid}/")
    Scenario.all_objects.filter(pk__in=[scenario.pk, alone.pk]).update(deleted=timezone.now() - timedelta(days=40))
    out = io.StringIO()
    call_command("purge_deleted", stdout=out)
    assert "1 scénario(s) effacé(s), 1 gardé(s)" in out.getvalue()
    assert not Scenario.all_objects.filter(pk=alone.pk).exists()
    assert not Exercise.objects.filter(scenario_id=alone.pk).exists()
    assert Scenario.all_objects.filter(pk=recent.pk).exists()  # still in the bin
    assert Scenario.all_objects.filter(pk=scenario.pk).exists()  # Bob answered its exercise: kept
    assert Attempt.objects.filter(user=users["bob"], exercise=exercise).count() == 1


def test_hard_deletes_cannot_cascade_into_others_data(answered, users):
    scenario, exercise = answered
    with pytest.raises(ProtectedError):
        Scenario.all_objects.filter(pk=scenario.pk).delete()
    with pytest.raises(ProtectedError):
        Exercise.objects.filter(pk=exercise.pk).delete()
    # through the API, an answered exercise's delete is refused with a 409 (not a 500)
    response = api(users["alice"]).delete(f"/api/exercises/{exercise.uuid}/")
    assert response.status_code == 409 and "d'autres juges" in response.json()["detail"]
    assert Attempt.objects.filter(user=users["bob"]).count() == 1
