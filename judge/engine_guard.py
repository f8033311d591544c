"""Protecting judges from engine-heavy clients (issue 16): what one client may spend on the engine, and how
much heavy engine work the site does at once. The per-request budget (:mod:`judge.budget`) bounds one
request; this bounds many.

* **Engine time per client.** The engine's CPU time each request spends (the thread's CPU time inside
  :meth:`judge.budget.Budget.hard_stop`) is charged to its client: the signed-in user, or the address for
  an anonymous caller (scope ``engine``), and the client address whoever is signed in (``engine-ip``),
  in leaky buckets kept in the cache every worker shares (:mod:`judge.shared_cache`). A rate ``10/min``
  (``ARBITRE_THROTTLE_RATES``) is a bucket holding 10 s of engine time that empties at 10 s a minute: a
  client may spend 10 s at once, then a sixth of a core. A client whose bucket is full is refused
  before the engine runs (429 ``Trop de calcul …`` with ``Retry-After``: when it has room again).
* **Engine slots.** At most ``ARBITRE_ENGINE_SLOTS`` requests run heavy engine work at once, across all
  workers: a slot is a non-blocking ``flock`` on a file of ``var/engine-slots/``, taken by the request and
  dropped when its engine work ends (by the kernel if the worker dies). So heavy work never takes
  every core and every worker, and judges' requests always find both. Light work needs no slot: the
  first ``ARBITRE_ENGINE_FREE_SECONDS`` of a request's engine time (a save, a step of the stepper, a
  library run), less what its client already has in its bucket, so a client that runs heavy work
  takes a slot from the start. A request that needs a slot when none is free is refused at once (429
  ``Le moteur est occupé …`` with ``Retry-After``), never queued: a waiting request would hold a worker.

Both apply to requests (:class:`EngineMeterMiddleware` says whose request a thread serves); management
commands and code run outside a request are not metered. The refusals are :mod:`judge.budget`'s
(:class:`~judge.budget.EngineThrottled`, :class:`~judge.budget.EngineBusy`).
"""

from __future__ import annotations

import fcntl
import json
import math
import os
import re
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.core.cache import caches
from django.http import JsonResponse

from .client_ip import client_ip

#: The cache all workers share (settings.CACHES).
SHARED_CACHE = "shared"
#: Charges below this (seconds) are not written: a request that barely touched the engine.
NEGLIGIBLE = 0.001
RATE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*/\s*(\d*)\s*([smhd])[a-z]*\s*$")
PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}

_state = threading.local()  # .request: the request this thread serves; .work: its engine work


class EngineMeterMiddleware:
    """Remembers, for the engine work of this thread, whose request it is (after authentication:
    ``request.user`` is the session's user, or the one DRF authenticated once the view has run)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        _state.request = request
        try:
            return self.get_response(request)
        finally:
            _state.request = None


class RefusedAtTheDoorMiddleware:
    """An anonymous client refused with 429 on a POST to the API is refused again at the door, first thing,
    until the ``Retry-After`` it was given: no session, no view, no throttle to run for a client that
    ignores it and hammers (what a refusal costs then is nearly all it costs). Anonymous: no session
    cookie and no ``Authorization`` header; signed-in judges always reach their own counts. The date is
    kept in the shared cache, by client address."""

    def __init__(self, get_response):
        self.get_response = get_response

    @staticmethod
    def _door(request) -> str | None:
        if request.method != "POST" or not request.path.startswith("/api/"):
            return None
        if settings.SESSION_COOKIE_NAME in request.COOKIES or "HTTP_AUTHORIZATION" in request.META:
            return None
        return f"door_ip-{client_ip(request) or 'unknown'}"

    def __call__(self, request):
        key = self._door(request)
        if key is None:
            return self.get_response(request)
        cache = caches[SHARED_CACHE]
        until, reason = cache.get(key) or (0.0, "")
        now = time.time()
        if until > now:
            wait = max(1, math.ceil(until - now))
            when = f"{wait} seconde{'s' if wait > 1 else ''}"
            response = JsonResponse({"detail": f"{reason or 'Trop de requêtes : '}réessayez dans {when}."}, status=429)
            response["Retry-After"] = str(wait)
            return response
        response = self.get_response(request)
        user = getattr(request, "user", None)  # as the view authenticated it
        anonymous = user is None or not user.is_authenticated
        if response.status_code == 429 and response.has_header("Retry-After") and anonymous:
            wait = int(response["Retry-After"])
            try:  # the refusal's reason, said again: the text before "réessayez dans …"
                reason = json.loads(response.content)["detail"].partition("réessayez dans ")[0]
            except (ValueError, KeyError, TypeError, AttributeError):
                reason = ""
            cache.set(key, (now + wait, reason), wait + 1)
        return response


# -- engine time per client: leaky buckets in the shared cache ---------------------------------------


def parse_rate(rate: str | None) -> tuple[float, float] | None:
    """``"10/min"`` → (10 s the bucket holds, 10/60 s it empties each second); also ``/s``, ``/h``,
    ``/d``, ``/30s``. None (no rate): not limited."""
    if not rate:
        return None
    match = RATE.match(rate)
    if not match:
        raise ValueError(f"engine rate « {rate} »: expected seconds/period, e.g. 10/min")
    seconds, count, unit = float(match[1]), int(match[2] or 1), match[3]
    return seconds, seconds / (count * PERIODS[unit])


def buckets(request) -> list[tuple[str, float, float]]:
    """(cache key, capacity, seconds emptied per second) of the client's buckets: ``engine`` for the
    user (the address when anonymous), ``engine-ip`` for the address."""
    rates = getattr(settings, "ARBITRE_THROTTLE_RATES", {})
    user = getattr(request, "user", None)
    ip = client_ip(request) or "unknown"
    who = f"user-{user.pk}" if user is not None and user.is_authenticated else f"ip-{ip}"
    found = []
    for scope, ident in (("engine", who), ("engine-ip", f"ip-{ip}")):
        parsed = parse_rate(rates.get(scope))
        if parsed is not None:
            found.append((f"throttle_{scope}_{ident}", *parsed))
    return found


def _level(entry, rate: float, now: float) -> float:
    if not entry:
        return 0.0
    level, then = entry
    return max(0.0, level - rate * max(0.0, now - then))


def room(request) -> tuple[float | None, float]:
    """(seconds until the client may use the engine again, None when it may now; the level of its
    own bucket, ``engine``, in seconds)."""
    cache = caches[SHARED_CACHE]
    now = time.time()
    wait, own = None, 0.0
    for key, capacity, rate in buckets(request):
        level = _level(cache.get(key), rate, now)
        if key.startswith("throttle_engine_"):
            own = level
        if level >= capacity:
            wait = max(wait or 0.0, (level - capacity) / rate)
    return wait, own


def charge(request, seconds: float) -> None:
    """Add ``seconds`` of engine time to the client's buckets (atomically across workers)."""
    if seconds < NEGLIGIBLE:
        return
    cache = caches[SHARED_CACHE]
    found = buckets(request)
    if not found:
        return
    now = time.time()
    with cache.lock():
        for key, _capacity, rate in found:
            level = _level(cache.get(key), rate, now) + seconds
            cache.set(key, (level, now), math.ceil(level / rate) + 60)


# -- engine slots: non-blocking flocks on files in var/engine-slots/ ---------------------------------


def take_slot() -> int | None:
    """The descriptor holding a free slot (close it to give the slot back), or None when all are taken.
    Each call opens its own descriptors: two requests of one process never share a slot."""
    directory = Path(settings.ARBITRE_ENGINE_SLOTS_DIR)
    directory.mkdir(parents=True, exist_ok=True)
    for index in range(settings.ARBITRE_ENGINE_SLOTS):
        descriptor = os.open(directory / f"slot-{index}", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            continue
        return descriptor
    return None


def slots_on() -> bool:
    return getattr(settings, "ARBITRE_ENGINE_SLOTS", 0) > 0


def refusal(request) -> tuple[float | None, bool]:
    """Before a request is even parsed (:class:`judge.throttles.EngineTimeThrottle`): (seconds to wait
    when the client's engine time is spent, else None; whether it would need a slot from the start and
    none is free now). Refusing there keeps a client hammering refused requests cheap."""
    wait, own = room(request)
    if wait is not None or not slots_on() or own < settings.ARBITRE_ENGINE_FREE_SECONDS:
        return wait, False
    probe = take_slot()
    if probe is None:
        return None, True
    os.close(probe)
    return None, False


class Work:
    """A request's engine work (its outermost :meth:`~judge.budget.Budget.hard_stop`): the CPU time it
    spends, its slot, and from what CPU time it needs one."""

    def __init__(self, request) -> None:
        self.request = request
        self.cpu_started = time.thread_time()
        self.slot: int | None = None
        self.slot_from: float | None = None  # thread CPU time past which a slot is needed

    def admit(self) -> tuple[float | None, bool]:
        """Before the engine runs: (seconds to wait when the client's buckets are full, else None;
        whether a slot was needed now and none was free)."""
        wait, own = room(self.request)
        if wait is not None:
            return wait, False
        if slots_on():
            grace = settings.ARBITRE_ENGINE_FREE_SECONDS - own
            if grace <= 0:
                return None, not self.take()
            self.slot_from = self.cpu_started + grace
        return None, False

    def slot_due(self) -> bool:
        return self.slot_from is not None and time.thread_time() >= self.slot_from

    def seconds_to_slot(self) -> float | None:
        return None if self.slot_from is None else max(0.0, self.slot_from - time.thread_time())

    def take(self) -> bool:
        self.slot = take_slot()
        if self.slot is None:
            return False
        self.slot_from = None
        return True

    def end(self) -> None:
        self.slot_from = None
        if self.slot is not None:
            os.close(self.slot)
            self.slot = None
        charge(self.request, time.thread_time() - self.cpu_started)


@contextmanager
def metered():
    """Around engine work: its :class:`Work` when it is the outermost of a request's, else None (outside a
    request, or nested in the request's outer work, which counts for both)."""
    request = getattr(_state, "request", None)
    if request is None or getattr(_state, "work", None) is not None:
        yield None
        return
    work = Work(request)
    _state.work = work
    try:
        yield work
    finally:
        _state.work = None
        work.end()


def current() -> Work | None:
    return getattr(_state, "work", None)
