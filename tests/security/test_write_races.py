"""No acknowledged write is lost when saves and deletes of one scenario cross (issue 24). Each race is
played out deterministically: the other request runs to its end while this one is between reading
the scenario and writing it (where the engine runs, the widest window), as two workers would."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from judge.scenarios.models import Scenario
from judge.scenarios.serializers import ScenarioSerializer

from .conftest import small_board

pytestmark = pytest.mark.django_db


@pytest.fixture
def scenario(rules, users):
    scenario = Scenario(title="Départ", description="Avant", author=users["alice"], document=small_board())
    scenario.save_document()
    return scenario


def as_user(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def meanwhile(monkeypatch):
    """``meanwhile(other)``: the next save runs ``other()`` (another request, to its end) after it read
    the scenario and before it writes."""
    pending = []
    update = ScenarioSerializer.update

    def crossing(self, instance, validated_data):
        while pending:
            pending.pop()()
        return update(self, instance, validated_data)

    monkeypatch.setattr(ScenarioSerializer, "update", crossing)
    return pending.append


@pytest.mark.parametrize("if_match", [False, True])
def test_a_save_crossing_a_delete_does_not_bring_the_scenario_back(scenario, users, meanwhile, if_match):
    url = f"/api/scenarios/{scenario.uuid}/"
    deleted = []
    meanwhile(lambda: deleted.append(as_user(users["alice"]).delete(url).status_code))
    headers = {"HTTP_IF_MATCH": scenario.etag} if if_match else {}
    saved = as_user(users["alice"]).patch(url, {"title": "Après"}, format="json", **headers)
    assert deleted == [204]
    assert saved.status_code in (404, 412), saved.content  # refused: the delete came first
    assert Scenario.all_objects.get(pk=scenario.pk).deleted is not None
    assert Scenario.all_objects.get(pk=scenario.pk).title == "Départ"
    assert as_user(users["alice"]).get(url).status_code == 404


def test_two_saves_of_different_fields_without_if_match_both_count(scenario, users, meanwhile):
    url = f"/api/scenarios/{scenario.uuid}/"
    other = []
    meanwhile(lambda: other.append(as_user(users["alice"]).patch(url, {"description": "Après"}, format="json")))
    saved = as_user(users["alice"]).patch(url, {"title": "Nouveau titre"}, format="json")
    assert other[0].status_code == 200 and saved.status_code == 200
    stored = Scenario.objects.get(pk=scenario.pk)
    assert (stored.title, stored.description) == ("Nouveau titre", "Après")
    assert saved.json()["description"] == "Après" and saved.json()["version"] == 3
    assert [r.description for r in stored.revisions.order_by("number")] == ["Avant", "Après", "Après"]


def test_a_document_save_crossing_a_title_save_keeps_both(scenario, users, meanwhile):
    url = f"/api/scenarios/{scenario.uuid}/"
    board = small_board()
    board["players"]["A"]["reserve"].append({"id": "a3", "name": "Sentinelle"})
    meanwhile(lambda: as_user(users["alice"]).patch(url, {"title": "Nouveau titre"}, format="json"))
    saved = as_user(users["alice"]).patch(url, {"document": board}, format="json")
    assert saved.status_code == 200
    stored = Scenario.objects.get(pk=scenario.pk)
    assert stored.title == "Nouveau titre" and stored.document == board
