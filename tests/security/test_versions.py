"""Optimistic concurrency (issue 16, CONTRACT.md): a scenario carries a version; GET sends its ETag; a
PUT/PATCH whose If-Match names an older version answers 412 with the current version and who saved
it, and writes nothing. Without If-Match a save is accepted (API clients that don't send it)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from judge.scenarios.models import Scenario

from .conftest import small_board


@pytest.fixture
def scenario(rules, users):
    scenario = Scenario(title="Départ", author=users["alice"], visibility="public", document=small_board())
    scenario.save_document()
    return scenario


def as_user(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_version_and_etag(scenario, users):
    url = f"/api/scenarios/{scenario.uuid}/"
    first = as_user(users["alice"]).get(url)
    assert first.json()["version"] == 1 and first["ETag"] == f'"{scenario.uuid}-1"'
    saved = as_user(users["alice"]).patch(url, {"title": "Un"}, format="json", HTTP_IF_MATCH=first["ETag"])
    assert saved.status_code == 200 and saved.json()["version"] == 2 and saved["ETag"] == f'"{scenario.uuid}-2"'
    assert as_user(users["bob"]).get(url)["ETag"] == f'"{scenario.uuid}-2"'
    created = as_user(users["bob"]).post("/api/scenarios/", {"title": "Neuf", "document": small_board()}, format="json")
    assert created.json()["version"] == 1 and created["ETag"] == f'"{created.json()["uuid"]}-1"'


def test_two_tabs_the_stale_save_gets_412_and_writes_nothing(scenario, users):
    url = f"/api/scenarios/{scenario.uuid}/"
    tab1, tab2 = as_user(users["alice"]), as_user(users["staff"])
    etag = tab1.get(url)["ETag"]
    assert tab2.get(url)["ETag"] == etag
    assert (
        tab1.put(
            url,
            {"title": "Onglet 1", "document": small_board(), "visibility": "public"},
            format="json",
            HTTP_IF_MATCH=etag,
        ).status_code
        == 200
    )
    stale = tab2.put(
        url, {"title": "Onglet 2", "document": small_board(), "visibility": "public"}, format="json", HTTP_IF_MATCH=etag
    )
    assert stale.status_code == 412
    body = stale.json()
    assert body["version"] == 2 and body["updated_by"] == "alice" and body["updated_at"]
    assert body["detail"].startswith("Quelqu'un d'autre a enregistré ce scénario")
    scenario.refresh_from_db()
    assert (scenario.title, scenario.version, scenario.revisions.count()) == ("Onglet 1", 2, 2)
    stale_patch = tab2.patch(url, {"title": "Onglet 2"}, format="json", HTTP_IF_MATCH=etag)
    assert stale_patch.status_code == 412
    fresh = tab2.patch(url, {"title": "Onglet 2"}, format="json", HTTP_IF_MATCH=f'"{scenario.uuid}-2"')
    assert fresh.status_code == 200 and fresh.json()["version"] == 3


@pytest.mark.parametrize(
    "header,status",
    [
        (None, 200),
        ("*", 200),
        ('W/"{uuid}-1"', 200),
        ('"other", "{uuid}-1"', 200),
        ('"{uuid}-7"', 412),
        ('"not an etag"', 412),
        ('"00000000-0000-0000-0000-000000000000-1"', 412),
    ],
)
def test_if_match_forms(header, status, scenario, users):
    extra = {"HTTP_IF_MATCH": header.format(uuid=scenario.uuid)} if header else {}
    response = as_user(users["alice"]).patch(
        f"/api/scenarios/{scenario.uuid}/", {"title": "Changé"}, format="json", **extra
    )
    assert response.status_code == status
    scenario.refresh_from_db()
    assert scenario.title == ("Changé" if status == 200 else "Départ")


def test_the_version_is_checked_again_inside_the_write(scenario, users):
    """A save that passed the early check but finds a newer version once it holds the row is refused."""
    from judge.api_errors import VersionConflict

    stale = Scenario.objects.get(pk=scenario.pk)
    Scenario.objects.get(pk=scenario.pk).save_document(editor=users["staff"])  # another save in between
    stale.title = "Perdu"
    with pytest.raises(VersionConflict) as conflict:
        stale.save_document(expected_version=1)
    assert conflict.value.current == 2 and conflict.value.updated_by == "staff"
    assert Scenario.objects.get(pk=scenario.pk).title == "Départ"


def test_version_is_read_only(scenario, users):
    response = as_user(users["alice"]).patch(f"/api/scenarios/{scenario.uuid}/", {"version": 99}, format="json")
    assert response.status_code == 200 and response.json()["version"] == 2
