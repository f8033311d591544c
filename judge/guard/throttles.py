"""Request rates of the endpoints that cost the most, by DRF's ``throttle_scope``: a view says its scope
(``run``, ``check``, ``answer``, ``save``, ``search``, ``suggest``) and the default throttle classes
(settings ``REST_FRAMEWORK``) count it; a view without a scope is not counted here.

Each scope has two counts: per user (per client address for anonymous callers), scope ``run``, and
per client address whoever is signed in, scope ``run-ip``, so neither many accounts behind one
address nor one account from many addresses escapes. Rates come from ``settings.ARBITRE_THROTTLE_RATES``
(read at each request: a deployment or a test changes them), e.g. ``{"run": "30/min", "run-ip":
"120/min"}``; a scope without a rate is not counted. The client address is :func:`judge.guard.client.client_ip`.
Counts are sliding windows in the cache every worker and node shares (:mod:`judge.guard.counters`:
atomic increments), so a rate is the site's, not a worker's.

The engine scopes (``run``, ``check``, ``answer``, ``save``) also refuse, before anything is parsed, a
client whose engine time is spent (:class:`EngineTimeThrottle`, :mod:`judge.guard.meter`).
"""

from __future__ import annotations

import math

from django.conf import settings
from django.core.cache import caches
from rest_framework.throttling import BaseThrottle

from . import counters, meter
from .budget import EngineBusy, EngineThrottled
from .client import client_ip

ENGINE_SCOPES = {"run", "check", "answer", "save"}


class _Counted(BaseThrottle):
    suffix = ""

    def __init__(self) -> None:
        self.wait_seconds: float | None = None

    def ident(self, request) -> str:
        return f"ip-{client_ip(request) or 'unknown'}"

    def allow_request(self, request, view) -> bool:
        scope = getattr(view, "throttle_scope", None)
        if not scope:
            return True
        parsed = counters.parse_rate(getattr(settings, "ARBITRE_THROTTLE_RATES", {}).get(scope + self.suffix))
        if parsed is None:
            return True
        limit, period = parsed
        window = counters.Window(
            caches[meter.SHARED_CACHE], f"throttle_{scope}{self.suffix}_{self.ident(request)}", limit, period
        )
        # Counted first, then compared: two workers at once each see the other's request. A refused
        # request is taken back out: it is not served, and a client that waits its Retry-After gets in.
        if window.add(1) <= limit:
            return True
        window.add(-1)
        self.wait_seconds = window.wait() or 1.0
        return False

    def wait(self) -> float | None:
        return None if self.wait_seconds is None else max(1, math.ceil(self.wait_seconds))


class UserScopeThrottle(_Counted):
    """Scope ``<scope>``: the signed-in user, or the address of an anonymous caller."""

    def ident(self, request) -> str:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return f"user-{user.pk}"
        return super().ident(request)


class AddressScopeThrottle(_Counted):
    """Scope ``<scope>-ip``: the client address, whoever is signed in."""

    suffix = "-ip"


class SaveBytesThrottle(_Counted):
    """Scope ``save-bytes``: the bytes a user (an anonymous caller's address) sends in saves, so that a
    flood of the largest documents (512 KB: parsing, checking and storing each costs a good part of a
    second) is held to a few a minute while a judge's saves (a few KB) never meet it."""

    def ident(self, request) -> str:
        return UserScopeThrottle.ident(self, request)

    def allow_request(self, request, view) -> bool:
        if getattr(view, "throttle_scope", None) != "save":
            return True
        parsed = counters.parse_rate(getattr(settings, "ARBITRE_THROTTLE_RATES", {}).get("save-bytes"))
        if parsed is None:
            return True
        limit, period = parsed
        try:
            size = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            size = 0
        key = f"throttle_save-bytes_{self.ident(request)}"
        window = counters.Window(caches[meter.SHARED_CACHE], key, limit, period)
        if window.add(size) <= limit:
            return True
        window.add(-size)
        self.wait_seconds = window.wait() or 1.0
        return False


class EngineTimeThrottle(BaseThrottle):
    """429 before the request is parsed when the client's engine time is spent, or when it has been
    running heavy work and every engine slot is taken (:func:`judge.guard.meter.refusal`); the work
    itself is charged and admitted by :meth:`judge.guard.budget.Budget.hard_stop`, on every engine path."""

    def allow_request(self, request, view):
        if getattr(view, "throttle_scope", None) not in ENGINE_SCOPES:
            return True
        wait, busy = meter.refusal(request)
        if wait is not None:
            raise EngineThrottled(wait)
        if busy:
            raise EngineBusy()
        return True
