"""CSRF: every form that changes something needs Django's token, and so does every unsafe API
method when the caller is authenticated by the session cookie (the browser's case).

Django's test client skips CSRF checks unless asked: here it is built with ``enforce_csrf_checks``.
Each refusal has its counterpart with the token, so a 403 is known to come from CSRF and nothing else.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client

from judge.scenarios.models import Scenario
from tests.conftest import PASSWORDS

from .conftest import small_board

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_every_post_form_in_the_templates_carries_the_token():
    forms = 0
    for template in sorted(TEMPLATES.rglob("*.html")):
        html = template.read_text(encoding="utf-8")
        for match in re.finditer(r"<form\b[^>]*>(.*?)</form>", html, flags=re.S | re.I):
            if re.search(r"method=[\"']?post", match.group(0)[: match.group(0).index(">")], flags=re.I):
                forms += 1
                assert "{% csrf_token %}" in match.group(1), (
                    f"{template.relative_to(TEMPLATES)}: a POST form without {{% csrf_token %}}"
                )
    assert forms >= 3  # login, logout, copy at least


@pytest.fixture
def scenario(rules, users):
    s = Scenario(title="Garde fugace", author=users["alice"], visibility="public", document=small_board())
    s.save_document(tags=["nuit"])
    return s


def strict_client(user=None) -> Client:
    client = Client(enforce_csrf_checks=True)
    if user is not None:
        client.force_login(user)
    return client


def token_of(client: Client) -> str:
    """The CSRF token as a page hands it over (cookie set by a page with a form)."""
    client.get("/comptes/login/")
    return client.cookies["csrftoken"].value


def test_login_needs_the_token(users):
    client = strict_client()
    response = client.post("/comptes/login/", {"username": "alice", "password": PASSWORDS["alice"]})
    assert response.status_code == 403
    assert "_auth_user_id" not in client.session
    token = token_of(client)
    response = client.post(
        "/comptes/login/", {"username": "alice", "password": PASSWORDS["alice"], "csrfmiddlewaretoken": token}
    )
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(users["alice"].pk)


def test_logout_needs_the_token(users):
    client = strict_client(users["alice"])
    assert client.post("/comptes/logout/").status_code == 403
    assert client.session.get("_auth_user_id") == str(users["alice"].pk)
    token = token_of(client)
    assert client.post("/comptes/logout/", {"csrfmiddlewaretoken": token}).status_code == 302
    assert "_auth_user_id" not in client.session


def test_copy_page_needs_the_token(scenario, users):
    client = strict_client(users["bob"])
    url = f"/scenarios/{scenario.uuid}/copier/"
    assert client.post(url).status_code == 403
    assert not Scenario.objects.filter(author=users["bob"]).exists()
    assert client.post(url, {"csrfmiddlewaretoken": token_of(client)}).status_code == 302
    assert Scenario.objects.filter(author=users["bob"]).count() == 1


def test_delete_page_needs_the_token(scenario, users):
    client = strict_client(users["alice"])
    url = f"/scenarios/{scenario.uuid}/supprimer/"
    assert client.post(url).status_code == 403
    assert Scenario.objects.filter(pk=scenario.pk).exists()
    assert client.post(url, {"csrfmiddlewaretoken": token_of(client)}).status_code == 302
    assert not Scenario.objects.filter(pk=scenario.pk).exists()


def api_calls(scenario):
    body = {"title": "Nouveau", "document": small_board()}
    return [
        ("post", "/api/scenarios/", body),
        ("put", f"/api/scenarios/{scenario.uuid}/", {**body, "title": "Remplacé"}),
        ("patch", f"/api/scenarios/{scenario.uuid}/", {"title": "Modifié"}),
        ("post", f"/api/scenarios/{scenario.uuid}/run/", {"until": "end"}),
        ("post", f"/api/scenarios/{scenario.uuid}/copy/", {}),
        ("post", "/api/run/", {"document": small_board()}),
        ("post", "/api/check/", {"document": small_board()}),
        ("delete", f"/api/scenarios/{scenario.uuid}/", None),  # last: the others need the scenario
    ]


def test_session_authenticated_api_needs_the_token(scenario, users):
    client = strict_client(users["alice"])
    for method, url, body in api_calls(scenario):
        data = json.dumps(body) if body is not None else None
        response = getattr(client, method)(url, data=data, content_type="application/json")
        assert response.status_code == 403, (method, url, response.status_code)
        assert "CSRF" in response.json()["detail"], response.json()
    scenario.refresh_from_db()
    assert scenario.title == "Garde fugace" and Scenario.objects.count() == 1

    token = token_of(client)
    for method, url, body in api_calls(scenario):
        data = json.dumps(body) if body is not None else None
        response = getattr(client, method)(url, data=data, content_type="application/json", HTTP_X_CSRFTOKEN=token)
        assert response.status_code in (200, 201, 204), (method, url, response.status_code, response.content[:300])
    assert not Scenario.objects.filter(pk=scenario.pk).exists()


def test_anonymous_api_calls_are_not_session_calls(scenario):
    """Without a session there is no ambient authority to abuse: anonymous runs and checks work
    without a token (the trial stepper), anonymous writes are refused for lack of a user."""
    client = strict_client()
    assert (
        client.post(
            "/api/run/", data=json.dumps({"document": small_board()}), content_type="application/json"
        ).status_code
        == 200
    )
    assert (
        client.post(
            "/api/scenarios/",
            data=json.dumps({"title": "x", "document": small_board()}),
            content_type="application/json",
        ).status_code
        == 403
    )
