"""Throttles of the endpoints that cost the most (issue 16): engine runs, checks, training answers,
search and suggestions.

Each scope has two counters: one per user (per client IP for anonymous callers) and one per client
IP whoever is signed in, so neither many accounts behind one address nor one account from many
addresses escapes. Rates come from ``settings.ARBITRE_THROTTLE_RATES`` (read at each request, so a
deployment or a test can change them), e.g. ``{"run": "30/min", "run-ip": "120/min"}``; a scope
without a rate is not throttled. The client IP is REMOTE_ADDR, or, behind ``ARBITRE_PROXY_COUNT``
proxies, the address they saw (DRF's ``NUM_PROXIES`` over ``X-Forwarded-For``). Counters live in the
cache every worker shares (:mod:`judge.shared_cache`), each check-and-count under its lock, so a rate
is the site's, not each worker's.

Runs, checks and training answers also refuse, before anything is parsed, a client whose engine time is
spent (:class:`EngineTimeThrottle`, scopes ``engine`` and ``engine-ip``: :mod:`judge.engine_guard`).
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import caches
from rest_framework.throttling import BaseThrottle, SimpleRateThrottle

from . import engine_guard
from .budget import EngineBusy, EngineThrottled


class _ScopeThrottle(SimpleRateThrottle):
    scope = ""
    per_ip = False

    @property
    def cache(self):
        return caches[engine_guard.SHARED_CACHE]

    def allow_request(self, request, view):
        if self.rate is None:
            return True
        with self.cache.lock():  # read the history, count this request, write it back: one step
            return super().allow_request(request, view)

    def get_rate(self):
        return getattr(settings, "ARBITRE_THROTTLE_RATES", {}).get(self.scope) or None  # "" turns it off

    def get_cache_key(self, request, view):
        user = getattr(request, "user", None)
        if not self.per_ip and user is not None and user.is_authenticated:
            ident = f"user-{user.pk}"
        else:
            ident = f"ip-{self.get_ident(request)}"
        return f"throttle_{self.scope}_{ident}"


def throttles(scope: str) -> list[type]:
    """The throttle classes of ``scope``: per user (``scope``) and per client IP (``scope-ip``)."""
    user = type(f"{scope.title()}UserThrottle", (_ScopeThrottle,), {"scope": scope})
    ip = type(f"{scope.title()}IPThrottle", (_ScopeThrottle,), {"scope": f"{scope}-ip", "per_ip": True})
    return [user, ip]


class EngineTimeThrottle(BaseThrottle):
    """429 before the request is parsed when the client's engine time is spent, or when it has been
    running heavy work and every engine slot is taken (:func:`judge.engine_guard.refusal`); the work
    itself is charged and admitted by :meth:`judge.budget.Budget.hard_stop`, on every engine path."""

    def allow_request(self, request, view):
        wait, busy = engine_guard.refusal(request)
        if wait is not None:
            raise EngineThrottled(wait)
        if busy:
            raise EngineBusy()
        return True


RUN = [*throttles("run"), EngineTimeThrottle]
CHECK = [*throttles("check"), EngineTimeThrottle]
ANSWER = [*throttles("answer"), EngineTimeThrottle]
SEARCH = throttles("search")
SUGGEST = throttles("suggest")
