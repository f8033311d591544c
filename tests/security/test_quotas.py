"""Saves have a rate and a quota per user (issue 24): ``save`` requests per minute (DRF throttle scope),
and ``ARBITRE_SAVE_QUOTA_BYTES`` of stored documents per author, their history and their bin included.
Past it a save is refused (413, French message naming both sizes) and writes nothing; other judges are
not affected."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from judge.scenarios.models import Scenario, ScenarioRevision

from .test_amplifiers import big_board

pytestmark = pytest.mark.django_db


def as_user(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def stored_bytes(user) -> int:
    documents = [s.document for s in Scenario.all_objects.filter(author=user)]
    documents += [r.document for r in ScenarioRevision.objects.filter(scenario__author=user)]
    return sum(len(json.dumps(d)) for d in documents)  # as the JSON field stores them


def test_saves_past_the_quota_are_refused_and_write_nothing(settings, users, rules):
    board = big_board(60)  # about 75 KB; each save stores it twice (the scenario and its revision)
    size = len(json.dumps(board))
    settings.ARBITRE_SAVE_QUOTA_BYTES = 10 * size
    settings.ARBITRE_THROTTLE_RATES = {**settings.ARBITRE_THROTTLE_RATES, "save-bytes": ""}  # the quota alone
    alice = as_user(users["alice"])
    statuses = [
        alice.post("/api/scenarios/", {"title": f"Cas {n}", "document": board}, format="json").status_code
        for n in range(8)
    ]
    assert statuses[:5] == [201] * 5 and set(statuses[5:]) == {413}, statuses
    assert stored_bytes(users["alice"]) <= settings.ARBITRE_SAVE_QUOTA_BYTES
    refused = alice.post("/api/scenarios/", {"title": "Encore", "document": board}, format="json")
    assert "Quota" in refused.json()["detail"] and "Mo" in refused.json()["detail"]
    first = Scenario.objects.filter(author=users["alice"]).first()
    patched = alice.patch(f"/api/scenarios/{first.uuid}/", {"document": board}, format="json")
    assert patched.status_code == 413 and first.revisions.count() == 1
    bob = as_user(users["bob"])
    assert bob.post("/api/scenarios/", {"title": "À moi", "document": board}, format="json").status_code == 201


def test_saves_have_a_rate_per_user(settings, users, rules):
    settings.ARBITRE_THROTTLE_RATES = {**settings.ARBITRE_THROTTLE_RATES, "save": "3/min"}
    alice = as_user(users["alice"])
    board = big_board(1)
    statuses = [
        alice.post("/api/scenarios/", {"title": f"Cas {n}", "document": board}, format="json").status_code
        for n in range(4)
    ]
    assert statuses == [201, 201, 201, 429]
    assert (
        as_user(users["bob"]).post("/api/scenarios/", {"title": "À moi", "document": board}, format="json").status_code
        == 201
    )


def test_saves_have_a_rate_in_bytes_per_user(settings, users, rules):
    board = big_board(60)  # about 75 KB
    settings.ARBITRE_THROTTLE_RATES = {**settings.ARBITRE_THROTTLE_RATES, "save-bytes": "200000/min"}
    alice = as_user(users["alice"])
    statuses = [
        alice.post("/api/scenarios/", {"title": f"Cas {n}", "document": board}, format="json").status_code
        for n in range(3)
    ]
    assert statuses == [201, 201, 429]
    small = {"title": "Petit", "document": big_board(1)}
    assert alice.post("/api/scenarios/", small, format="json").status_code == 201  # room for a small one
    assert (
        as_user(users["bob"]).post("/api/scenarios/", {"title": "À moi", "document": board}, format="json").status_code
        == 201
    )
