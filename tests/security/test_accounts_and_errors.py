"""The smaller holes of issue 24: no password-reset views (the site sends no mail: each POST tried
SMTP, logged a traceback and told by its timing which addresses exist), password validators, one log
line per 4xx (never a traceback), Retry-After for a locked HTTP Basic client, the API's 404 in French."""

from __future__ import annotations

import base64
import logging

import pytest
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "url", ["/comptes/password_reset/", "/comptes/password_reset/done/", "/comptes/reset/MQ/set-password/"]
)
def test_no_password_reset_views(client, url):
    assert client.get(url).status_code == 404
    assert client.post(url, {"email": "alice@example.org"}).status_code in (403, 404)


def test_login_and_logout_are_still_routed(client):
    assert client.get("/comptes/login/").status_code == 200
    assert client.post("/comptes/logout/").status_code == 302


@pytest.mark.parametrize("password", ["a", "12345678901", "motdepasse", "azertyuiop"])
def test_weak_passwords_are_refused(users, password):
    with pytest.raises(ValidationError):
        validate_password(password, users["alice"])


def test_a_sound_password_is_accepted(users):
    validate_password("Tumulte-au-crépuscule-7", users["alice"])


def test_a_403_page_logs_one_line_without_its_traceback(client, settings, users, caplog):
    from judge.scenarios.models import Scenario

    from .conftest import small_board

    settings.DEBUG = False
    scenario = Scenario(title="Cas", author=users["alice"], document=small_board(), visibility="public")
    scenario.save_document()
    client.force_login(users["bob"])
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = client.get(f"/scenarios/{scenario.uuid}/modifier/")
    assert response.status_code == 403
    records = [r for r in caplog.records if r.name == "django.request"]
    assert len(records) == 1 and records[0].getMessage().startswith("Forbidden")
    assert records[0].exc_info is None and not records[0].exc_text


def test_a_locked_basic_auth_client_is_told_when_to_retry(users):
    api = APIClient()

    def basic(password):
        return {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(f"alice:{password}".encode()).decode()}

    for attempt in range(5):
        api.get("/api/scenarios/", **basic(f"faux-{attempt}"))
    response = api.get("/api/scenarios/?mine=1", **basic("pw-alice-1"))
    assert response.status_code == 429, response.content
    assert int(response["Retry-After"]) > 0
    assert response.json()["detail"].startswith("Trop de tentatives de connexion échouées")


def test_the_apis_404_is_french(client, settings):
    settings.DEBUG = False
    for url in ("/api/scenarios/00000000-0000-0000-0000-000000000000/", "/api/rules/fr-1/99.99/", "/api/nope/"):
        response = client.get(url)
        assert response.status_code == 404 and response["Content-Type"] == "application/json", url
        assert "matches the given query" not in response.json()["detail"], url
