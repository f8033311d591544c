"""Login attempts are throttled (django-axes, see AXES_* in judge/settings.py): after 5 wrong
passwords in a row for one username from one address, the 6th attempt is refused even with the
right password, with a page in French, for 15 minutes. The API's HTTP Basic authentication counts
and is refused the same way, so the lock cannot be dodged through the API, and the session the API
trusts can only come from the (locked) login form.
"""
from __future__ import annotations

import base64
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from tests.conftest import PASSWORDS


def login(client: Client, password: str, username: str = "alice", **extra):
    return client.post("/comptes/login/", {"username": username, "password": password}, **extra)


def signed_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def basic(password: str, username: str = "alice") -> dict:
    return {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()}


def test_settings():
    assert settings.AXES_FAILURE_LIMIT == 5
    assert settings.AXES_COOLOFF_TIME == timedelta(minutes=15)
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]


def test_sixth_attempt_refused_even_with_the_right_password(users):
    client = Client()
    for attempt in range(4):
        response = login(client, f"faux-{attempt}")
        assert response.status_code == 200 and "Identifiant ou mot de passe incorrect" in response.content.decode()
    response = login(client, "faux-5")  # the 5th wrong one locks
    assert response.status_code == 429
    response = login(client, PASSWORDS["alice"])
    assert response.status_code == 429
    assert not signed_in(client)
    html = response.content.decode()
    assert "Connexion temporairement bloquée" in html
    assert "même avec le bon mot de passe" in html and "15 minutes" in html and "5 mots de passe incorrects" in html
    assert 'lang="fr"' in html


def test_the_lock_is_per_username_and_address(users):
    client = Client()
    for attempt in range(5):
        login(client, f"faux-{attempt}")
    assert login(client, PASSWORDS["alice"]).status_code == 429
    # Another user from the same address, the same user from another address: not locked.
    other = Client()
    assert login(other, PASSWORDS["bob"], username="bob").status_code == 302
    elsewhere = Client(REMOTE_ADDR="10.0.0.7")
    assert login(elsewhere, PASSWORDS["alice"]).status_code == 302 and signed_in(elsewhere)


def test_a_forged_forwarded_for_header_does_not_dodge_the_lock(users):
    client = Client()
    for attempt in range(5):
        login(client, f"faux-{attempt}", HTTP_X_FORWARDED_FOR=f"203.0.113.{attempt}")
    assert login(client, PASSWORDS["alice"], HTTP_X_FORWARDED_FOR="198.51.100.1").status_code == 429
    assert not signed_in(client)


def test_a_success_before_the_limit_starts_the_count_again(users):
    client = Client()
    for attempt in range(4):
        login(client, f"faux-{attempt}")
    assert login(client, PASSWORDS["alice"]).status_code == 302
    client.logout()
    for attempt in range(4):
        assert login(client, f"encore-{attempt}").status_code == 200
    assert login(client, PASSWORDS["alice"]).status_code == 302


def test_the_lock_ends_after_the_cool_off(users):
    client = Client()
    for attempt in range(5):
        login(client, f"faux-{attempt}")
    assert login(client, PASSWORDS["alice"]).status_code == 429
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    assert login(client, PASSWORDS["alice"]).status_code == 302 and signed_in(client)


def test_the_api_counts_and_is_locked_too(users):
    api = APIClient()
    assert api.get("/api/scenarios/?mine=1", **basic(PASSWORDS["alice"])).status_code == 200
    for attempt in range(5):
        assert api.get("/api/scenarios/", **basic(f"faux-{attempt}")).status_code in (401, 403)
    response = api.post("/api/scenarios/", {"title": "x", "document": {}}, format="json", **basic(PASSWORDS["alice"]))
    assert response.status_code in (401, 403, 429)
    assert api.get("/api/scenarios/?mine=1", **basic(PASSWORDS["alice"])).status_code in (401, 403, 429)
    # The same lock holds on the login form, so no session (the API's other way in) either.
    client = Client()
    assert login(client, PASSWORDS["alice"]).status_code == 429 and not signed_in(client)


def test_form_failures_lock_the_api(users):
    client = Client()
    for attempt in range(5):
        login(client, f"faux-{attempt}")
    api = APIClient()
    response = api.get("/api/scenarios/?mine=1", **basic(PASSWORDS["alice"]))
    assert response.status_code in (401, 403, 429)


@pytest.mark.parametrize("url", ["/admin/login/"])
def test_the_admin_login_is_locked_too(users, url):
    client = Client()
    for attempt in range(5):
        client.post(url, {"username": "staff", "password": f"faux-{attempt}"})
    response = client.post(url, {"username": "staff", "password": PASSWORDS["staff"]})
    assert response.status_code == 429
