"""With REDIS_URL the shared counters live in Redis through Django's own cache backend, and a count
is one atomic step for every process (SET NX then INCRBY): four processes counting one client's runs
at once let exactly the rate through, and engine time charged from four processes adds up."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from tests.processes import in_processes
from tests.security.test_engine_guard import anonymous_request, level

pytestmark = pytest.mark.system


@pytest.fixture
def on_redis(settings, redis_url):
    settings.CACHES = {
        **settings.CACHES,
        "shared": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": redis_url},
    }
    caches["shared"].clear()
    yield
    caches["shared"].clear()


def test_the_shared_cache_is_redis(on_redis):
    assert type(caches["shared"]).__name__ == "RedisCache"


def test_a_rate_is_counted_once_for_every_process(on_redis, settings):
    from judge.guard import throttles

    settings.ARBITRE_THROTTLE_RATES = {**settings.ARBITRE_THROTTLE_RATES, "run": "20/min"}

    class View:
        throttle_scope = "run"

    def worker(barrier, queue):
        caches["shared"].close()  # each process its own connection, as each worker has
        barrier.wait()
        allowed = 0
        for _ in range(10):
            request = Request(APIRequestFactory().post("/api/run/", REMOTE_ADDR="203.0.113.7"))
            allowed += throttles.UserScopeThrottle().allow_request(request, View())
        queue.put(allowed)

    assert sum(in_processes(worker, 4)) == 20


def test_engine_time_charged_from_every_process_adds_up(on_redis, settings):
    from judge.guard import meter

    settings.ARBITRE_THROTTLE_RATES = {**settings.ARBITRE_THROTTLE_RATES, "engine": "10/d", "engine-net": "10/d"}

    def worker(barrier, queue):
        caches["shared"].close()
        barrier.wait()
        for _ in range(25):
            meter.charge(anonymous_request(), 0.01)
        queue.put(True)

    in_processes(worker, 4)
    assert level() == pytest.approx(1.0, abs=0.001)
    assert level(scope="engine-net") == pytest.approx(1.0, abs=0.001)
