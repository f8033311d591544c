"""Login attempts are throttled (django-axes + judge/guard/login.py, see AXES_* in settings.py).

Two locks, whichever comes first: 5 wrong passwords for one username from one address (that username
from that address: a stranger who knows a judge's name cannot lock her out from everywhere), or
``ARBITRE_LOGIN_IP_FAILURE_LIMIT`` (30) wrong passwords from one address for any usernames. A locked
login is refused even with the right password, with a French page saying until when (and a
Retry-After header). The address is the client's: REMOTE_ADDR, or behind ``ARBITRE_PROXY_COUNT``
proxies the address the outermost proxy appended to X-Forwarded-For; never what the client forged.
The API's HTTP Basic authentication counts and is refused the same way.
"""

from __future__ import annotations

import base64
import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

PASSWORDS = {"alice": "pw-alice-1", "bob": "pw-bob-1", "staff": "pw-staff-1"}


@pytest.fixture
def people(db):
    User = get_user_model()
    return {
        name: User.objects.create_user(name, password=password, is_staff=name == "staff")
        for name, password in PASSWORDS.items()
    }


def login(client: Client, password: str, username: str = "alice", **extra):
    return client.post("/comptes/login/", {"username": username, "password": password}, **extra)


def signed_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def basic(password: str, username: str = "alice") -> dict:
    return {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()}


def retry_at(html: str) -> str:
    found = re.search(r"Réessayez à partir de (\d\d h \d\d)", html)
    assert found, html
    return found.group(1)


def paris_clock(moment) -> str:
    local = timezone.localtime(moment)
    return f"{local:%H} h {local:%M}"


def test_settings():
    assert settings.AXES_FAILURE_LIMIT == 5
    assert settings.ARBITRE_LOGIN_IP_FAILURE_LIMIT == 30
    assert settings.AXES_COOLOFF_TIME == timedelta(minutes=15)
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"], "ip_address"]


def test_sixth_attempt_refused_even_with_the_right_password_and_told_when_to_retry(people):
    client = Client()
    for attempt in range(4):
        response = login(client, f"faux-{attempt}")
        assert response.status_code == 200 and "Identifiant ou mot de passe incorrect" in response.content.decode()
    response = login(client, "faux-5")  # the 5th wrong one locks
    assert response.status_code == 429
    last_failure = AccessAttempt.objects.get().attempt_time
    response = login(client, PASSWORDS["alice"])
    assert response.status_code == 429
    assert not signed_in(client)
    html = response.content.decode()
    assert "Connexion temporairement bloquée" in html and 'lang="fr"' in html
    assert "même avec le bon mot de passe" in html and "après 5 mots de passe incorrects" in html
    assert "« alice »" in html
    assert retry_at(html) == paris_clock(last_failure + timedelta(minutes=15))
    assert 14 * 60 < int(response["Retry-After"]) <= 15 * 60
    assert "(dans 15 minutes)" in html


def test_refused_attempts_during_the_lock_do_not_push_its_end(people):
    client = Client()
    for attempt in range(5):
        login(client, f"faux-{attempt}")
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=10))
    for attempt in range(3):
        response = login(client, f"encore-{attempt}")
        assert response.status_code == 429
    assert 4 * 60 < int(response["Retry-After"]) <= 5 * 60
    assert "(dans 5 minutes)" in response.content.decode()


def test_a_strangers_failures_lock_the_username_from_their_address_only(people):
    """Five wrong passwords for alice from one address lock alice there, not elsewhere: knowing a
    judge's username (the API shows authors) is no way to lock her out before her tournament."""
    stranger = Client(REMOTE_ADDR="203.0.113.1")
    for attempt in range(5):
        login(stranger, f"faux-{attempt}")
    response = login(stranger, PASSWORDS["alice"])
    assert response.status_code == 429 and not signed_in(stranger)
    assert "pour l'identifiant « alice » depuis cette adresse" in response.content.decode()
    judge = Client(REMOTE_ADDR="198.51.100.7")
    assert login(judge, PASSWORDS["alice"]).status_code == 302 and signed_in(judge)
    # Other judges, even from the address that failed, are not locked.
    assert login(Client(REMOTE_ADDR="203.0.113.1"), PASSWORDS["bob"], username="bob").status_code == 302


def test_failures_from_many_addresses_lock_none_of_them_before_their_own_five(people):
    for attempt in range(8):
        assert login(Client(REMOTE_ADDR=f"203.0.113.{attempt + 1}"), f"faux-{attempt}").status_code == 200
    judge = Client(REMOTE_ADDR="198.51.100.7")
    assert login(judge, PASSWORDS["alice"]).status_code == 302 and signed_in(judge)


def test_one_address_trying_many_usernames_is_locked(people):
    """Username spraying from one address: under 30 failures nobody is locked, at 30 the address is,
    for every username, while the same judges from other addresses are not."""
    limit = settings.ARBITRE_LOGIN_IP_FAILURE_LIMIT
    for attempt in range(limit - 1):
        assert login(Client(), "faux", username=f"juge-{attempt}").status_code == 200
    assert login(Client(), PASSWORDS["bob"], username="bob").status_code == 302
    assert login(Client(), "faux", username="juge-dernier").status_code == 429
    response = login(Client(), PASSWORDS["alice"])
    assert response.status_code == 429
    html = response.content.decode()
    assert "depuis cette adresse" in html and f"au moins {limit} mots de passe incorrects" in html
    elsewhere = Client(REMOTE_ADDR="10.0.0.7")
    assert login(elsewhere, PASSWORDS["alice"]).status_code == 302 and signed_in(elsewhere)


def test_a_forged_forwarded_for_header_does_not_dodge_the_lock(people):
    client = Client()
    for attempt in range(5):
        login(client, f"faux-{attempt}", HTTP_X_FORWARDED_FOR=f"203.0.113.{attempt}")
    assert login(client, PASSWORDS["alice"], HTTP_X_FORWARDED_FOR="198.51.100.1").status_code == 429
    assert not signed_in(client)
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"127.0.0.1"}


def test_behind_a_configured_proxy_the_client_address_counts(people, settings):
    """ARBITRE_PROXY_COUNT=1: the proxy (REMOTE_ADDR 10.0.0.1) appends the address it saw; that one
    is locked, not the proxy (which would lock every judge) nor what the client put on the left."""
    settings.ARBITRE_PROXY_COUNT = 1
    proxy = {"REMOTE_ADDR": "10.0.0.1"}
    sprayer = Client(**proxy)
    for attempt in range(settings.ARBITRE_LOGIN_IP_FAILURE_LIMIT):
        login(
            sprayer, "faux", username=f"juge-{attempt}", HTTP_X_FORWARDED_FOR=f"192.0.2.{attempt}, 203.0.113.5"
        )  # forged part on the left
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"203.0.113.5"}
    assert login(sprayer, PASSWORDS["alice"], HTTP_X_FORWARDED_FOR="198.51.100.9, 203.0.113.5").status_code == 429
    judge = Client(**proxy)
    response = login(judge, PASSWORDS["alice"], HTTP_X_FORWARDED_FOR="198.51.100.9")
    assert response.status_code == 302 and signed_in(judge)


def test_a_success_before_the_limit_starts_the_count_again(people):
    client = Client()
    for attempt in range(4):
        login(client, f"faux-{attempt}")
    assert login(client, PASSWORDS["alice"]).status_code == 302
    client.logout()
    for attempt in range(4):
        assert login(client, f"encore-{attempt}").status_code == 200
    assert login(client, PASSWORDS["alice"]).status_code == 302


def test_a_success_elsewhere_does_not_clear_a_strangers_failures(people):
    """The judge's own login from her address clears her failures there, not a guesser's."""
    guesser = Client(REMOTE_ADDR="203.0.113.9")
    for attempt in range(4):
        login(guesser, f"faux-{attempt}")
    assert login(Client(), PASSWORDS["alice"]).status_code == 302
    assert login(guesser, "faux-5").status_code == 429
    assert login(guesser, PASSWORDS["alice"]).status_code == 429


def test_the_lock_ends_after_the_cool_off(people):
    client = Client()
    for attempt in range(5):
        login(client, f"faux-{attempt}")
    assert login(client, PASSWORDS["alice"]).status_code == 429
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    assert login(client, PASSWORDS["alice"]).status_code == 302 and signed_in(client)


def test_the_api_counts_and_is_locked_too(people):
    api = APIClient()
    assert api.get("/api/scenarios/?mine=1", **basic(PASSWORDS["alice"])).status_code == 200
    for attempt in range(5):
        # the fifth failure locks: its own answer is the lock's 429
        assert api.get("/api/scenarios/", **basic(f"faux-{attempt}")).status_code in (
            (401, 403) if attempt < 4 else (429,)
        )
    response = api.post("/api/scenarios/", {"title": "x", "document": {}}, format="json", **basic(PASSWORDS["alice"]))
    assert response.status_code in (401, 403, 429)
    locked = api.get("/api/scenarios/?mine=1", **basic(PASSWORDS["alice"]))
    assert locked.status_code == 429 and int(locked["Retry-After"]) > 0
    # The same lock holds on the login form, so no session (the API's other way in) either.
    client = Client()
    assert login(client, PASSWORDS["alice"]).status_code == 429 and not signed_in(client)


def test_form_failures_lock_the_api(people):
    client = Client()
    for attempt in range(5):
        login(client, f"faux-{attempt}")
    api = APIClient()
    response = api.get("/api/scenarios/?mine=1", **basic(PASSWORDS["alice"]))
    assert response.status_code in (401, 403, 429)


@pytest.mark.parametrize("url", ["/admin/login/"])
def test_the_admin_login_is_locked_too(people, url):
    client = Client()
    for attempt in range(5):
        client.post(url, {"username": "staff", "password": f"faux-{attempt}"})
    response = client.post(url, {"username": "staff", "password": PASSWORDS["staff"]})
    assert response.status_code == 429
    assert "Réessayez à partir de" in response.content.decode()
