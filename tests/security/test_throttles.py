"""Throttles (issue 16): runs, checks, training answers, search and suggestions answer 429 with a French
message and Retry-After past their rate, per user and per client IP (the proxy's client IP when
``ARBITRE_PROXY_COUNT`` says how many proxies to trust)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.judge.test_training_api import make_exercise, make_scenario

from .conftest import small_board


@pytest.fixture
def exercise(rules, users):
    return make_exercise(make_scenario(users["alice"]))


def call(client: APIClient, scope: str, exercise, **extra):
    if scope == "run":
        return client.post("/api/run/", {"document": small_board(), "until": "end"}, format="json", **extra)
    if scope == "check":
        return client.post("/api/check/", {"document": small_board()}, format="json", **extra)
    if scope == "answer":
        chosen = exercise.question["options"][0]["key"]
        return client.post(f"/api/exercises/{exercise.uuid}/answer/", {"chosen": chosen}, format="json", **extra)
    if scope == "search":
        return client.get("/api/search/", {"q": "fugace"}, **extra)
    return client.get("/api/suggest/", {"q": "fug"}, **extra)


def low_rates(settings, **rates):
    settings.ARBITRE_THROTTLE_RATES = {**{scope: "1000/min" for scope in settings.ARBITRE_THROTTLE_RATES}, **rates}


@pytest.mark.parametrize("scope", ["run", "check", "answer", "search", "suggest"])
def test_anonymous_caller_gets_429_in_french_with_retry_after(scope, settings, exercise):
    low_rates(settings, **{scope: "3/min"})
    client = APIClient()
    statuses = [call(client, scope, exercise).status_code for _ in range(3)]
    assert statuses == [200] * 3
    refused = call(client, scope, exercise)
    assert refused.status_code == 429
    assert refused.json()["detail"].startswith("Trop de requêtes : réessayez dans ")
    assert 1 <= int(refused["Retry-After"]) <= 60


def test_the_saved_scenario_run_is_throttled_as_runs(settings, exercise):
    low_rates(settings, run="2/min")
    client = APIClient()
    url = f"/api/scenarios/{exercise.scenario.uuid}/run/"
    assert [client.post(url, {"until": "end"}, format="json").status_code for _ in range(3)] == [200, 200, 429]
    assert client.post("/api/run/", {"document": small_board()}, format="json").status_code == 429  # one budget


def test_per_user_then_per_ip(settings, exercise, users):
    """Each judge has their own count; all of them behind one address share the per-IP one (which counts
    every request from the address, refused ones too)."""
    low_rates(settings, run="2/min", **{"run-ip": "4/min"})
    alice, bob, carol = APIClient(), APIClient(), APIClient()
    alice.force_authenticate(users["alice"])
    bob.force_authenticate(users["bob"])
    carol.force_authenticate(users["staff"])
    assert [call(alice, "run", exercise).status_code for _ in range(3)] == [200, 200, 429]  # alice's 2/min
    assert call(bob, "run", exercise).status_code == 200  # bob's own count; the address's 4th request
    assert call(carol, "run", exercise).status_code == 429  # the address's 5th: refused whoever asks


def test_one_account_from_many_addresses_is_still_counted(settings, exercise, users):
    low_rates(settings, run="2/min")
    client = APIClient()
    client.force_authenticate(users["alice"])
    statuses = [call(client, "run", exercise, REMOTE_ADDR=f"10.0.0.{i}").status_code for i in range(3)]
    assert statuses == [200, 200, 429]


def test_behind_a_trusted_proxy_the_client_ip_counts(settings, exercise):
    """ARBITRE_PROXY_COUNT=1: each client seen by the proxy has its own count."""
    settings.ARBITRE_PROXY_COUNT = 1
    low_rates(settings, search="2/min")
    client = APIClient()  # every request comes from the proxy's address, 127.0.0.1

    def from_(ip):
        return call(client, "search", exercise, HTTP_X_FORWARDED_FOR=f"{ip}").status_code

    assert [from_("203.0.113.7") for _ in range(3)] == [200, 200, 429]
    assert from_("198.51.100.9") == 200  # another client behind the same proxy
    assert from_("1.2.3.4, 198.51.100.9") == 200  # a spoofed first hop does not change who it is
    assert from_("1.2.3.4, 198.51.100.9") == 429


def test_without_trusted_proxies_x_forwarded_for_is_ignored(settings, exercise):
    low_rates(settings, search="2/min")
    client = APIClient()
    statuses = [call(client, "search", exercise, HTTP_X_FORWARDED_FOR=f"10.9.9.{i}").status_code for i in range(3)]
    assert statuses == [200, 200, 429]
