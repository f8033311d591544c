"""A stranger with many addresses (an IPv6 /64, a small botnet) gets no more engine time than one
(issue 24): anonymous engine time is counted per network (IPv4 /24, IPv6 /64) and all anonymous
clients together share one more bucket; a signed-in judge keeps their own. Per-day rates: the buckets
do not drain while the test runs, whatever the machine's speed; each loop ends at the first 429 (or
after 60 requests: the test then fails)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from .hostile_boards import long_game

pytestmark = pytest.mark.django_db

BODY = {"document": long_game(400), "until": "end"}


@pytest.fixture(autouse=True)
def _only_engine_time(settings):
    settings.ARBITRE_RUN_SECONDS = 30  # about the 429s, not the budget's 422, on a loaded machine
    settings.ARBITRE_ENGINE_SLOTS = 0


def rates(settings, **rates):
    settings.ARBITRE_THROTTLE_RATES = {**settings.ARBITRE_THROTTLE_RATES, **rates}


def until_refused(addresses) -> list[int]:
    statuses = []
    for ip in addresses:
        statuses.append(APIClient(REMOTE_ADDR=ip).post("/api/run/", BODY, format="json").status_code)
        if statuses[-1] != 200:
            break
    return statuses


def test_new_addresses_of_one_network_share_its_engine_time(rules, settings):
    rates(settings, **{"engine": "1/d", "engine-net": "1/d", "engine-ip": "1/d", "engine-anon": ""})
    statuses = until_refused(f"203.0.113.{k}" for k in range(1, 61))
    assert statuses[-1] == 429 and set(statuses[:-1]) == {200}, statuses
    # another network has its own share
    assert until_refused(["198.51.100.7"]) == [200]


def test_ipv6_addresses_of_one_slash_64_share_it(rules, settings):
    rates(settings, **{"engine": "1/d", "engine-net": "1/d", "engine-ip": "1/d", "engine-anon": ""})
    statuses = until_refused(f"2001:db8:0:7::{k:x}" for k in range(1, 61))
    assert statuses[-1] == 429 and set(statuses[:-1]) == {200}, statuses
    assert until_refused(["2001:db8:0:8::1"]) == [200]


def test_anonymous_clients_of_every_network_share_one_bucket_and_judges_keep_theirs(rules, settings, users):
    rates(settings, **{"engine": "100/d", "engine-net": "100/d", "engine-ip": "100/d", "engine-anon": "1/d"})
    statuses = until_refused(f"10.{k}.0.1" for k in range(1, 61))
    assert statuses[-1] == 429 and set(statuses[:-1]) == {200}, statuses
    refused = APIClient(REMOTE_ADDR="10.99.0.1").post("/api/run/", BODY, format="json")
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    judge = APIClient(REMOTE_ADDR="10.100.0.1")
    judge.force_authenticate(users["alice"])
    assert judge.post("/api/run/", BODY, format="json").status_code == 200
