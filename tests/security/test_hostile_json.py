"""Every JSON endpoint refuses with a 400 what could not be taken (issue 24): a lone surrogate (not
text: it cannot be echoed in an error message nor stored), nesting deep enough for Python's parser to
raise RecursionError. The hardened parser is the API's default, not the scenario API's alone."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.judge.test_training_api import make_exercise, make_scenario

pytestmark = pytest.mark.django_db

LONE_SURROGATE = b'{"mode": "\\ud800"}'
DEEP = b"[" * 100_000 + b"]" * 100_000


@pytest.fixture
def endpoints(rules, users):
    exercise = make_exercise(make_scenario(users["alice"]))
    return ["/api/training/series/", f"/api/exercises/{exercise.uuid}/answer/", "/api/run/", "/api/scenarios/"]


@pytest.mark.parametrize("body", [LONE_SURROGATE, DEEP], ids=["lone surrogate", "deep nesting"])
def test_hostile_json_is_a_400_naming_what_is_wrong_on_every_endpoint(endpoints, users, body):
    client = APIClient()
    client.force_authenticate(users["bob"])
    for url in endpoints:
        response = client.generic("POST", url, body, content_type="application/json")
        assert response.status_code == 400, (url, response.status_code, response.content[:200])
        detail = response.json()["detail"]
        assert detail.startswith("JSON refusé : ") and ("UTF-16" in detail or "imbrication" in detail), (url, detail)


def test_a_valid_choice_error_never_echoes_what_cannot_be_encoded(endpoints, users):
    client = APIClient()
    client.force_authenticate(users["bob"])
    response = client.post("/api/training/series/", {"mode": "examen\u00e9"}, format="json")
    assert response.status_code == 400 and "mode" in response.json()
