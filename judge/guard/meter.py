"""Protecting judges from engine-heavy clients (issue 16): what one client may spend on the engine, and how
much heavy engine work the site does at once. The per-request budget (:mod:`judge.guard.budget`) bounds one
request; this bounds many.

* **Engine time per client.** The CPU time of each request that runs the engine (the whole request's:
  the engine's, and encoding its answer, which for a long game is megabytes of JSON) is charged to its
  client's windows (:func:`buckets`): the signed-in user, or the network (IPv4 /24, IPv6 /64) of an
  anonymous caller (scope ``engine``); the network whoever is signed in (``engine-net``); and one
  window for every anonymous client together (``engine-anon``), so that new addresses bring a
  stranger no new engine time. They are sliding windows in the cache every worker and node shares
  (:mod:`judge.guard.counters`: atomic increments of microseconds). A rate ``3/20s``
  (``ARBITRE_THROTTLE_RATES``) lets a client spend 3 s of engine time in any 20 s. A client whose
  window is full is refused before the engine runs (429 ``Trop de calcul …`` with ``Retry-After``:
  when it has room again).
* **Engine slots.** At most ``ARBITRE_ENGINE_SLOTS`` requests run heavy engine work at once, across all
  workers of a node (they share its cores): a slot is a non-blocking ``flock`` on a file of ``var/engine-slots/``, taken by the request and
  dropped when its engine work ends (by the kernel if the worker dies). So heavy work never takes
  every core and every worker, and judges' requests always find both. Light work needs no slot: the
  first ``ARBITRE_ENGINE_FREE_SECONDS`` of a request's engine time (a save, a step of the stepper, a
  library run), unless its client spent more than a quarter of its window lately (:data:`HEAVY_SHARE`):
  a client that runs heavy work takes a slot from the start. A request that needs a slot when none is free is refused at once (429
  ``Le moteur est occupé …`` with ``Retry-After``), never queued: a waiting request would hold a worker.

Both apply to requests (:class:`EngineMeterMiddleware` says whose request a thread serves); management
commands and code run outside a request are not metered. The refusals are :mod:`judge.guard.budget`'s
(:class:`~judge.guard.budget.EngineThrottled`, :class:`~judge.guard.budget.EngineBusy`).
"""

from __future__ import annotations

import fcntl
import json
import math
import os
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.core.cache import caches
from django.http import JsonResponse

from . import counters
from .client import client_ip, network

#: The cache all workers share (settings.CACHES).
SHARED_CACHE = "shared"
#: Charges below this (seconds) are not written: a request that barely touched the engine.
NEGLIGIBLE = 0.001

#: The CPU clock requests are charged and slots are due on (seconds of this thread): tests replace it.
cpu_clock = time.thread_time

_state = threading.local()  # .request: the request this thread serves; .work: its engine work


class EngineMeterMiddleware:
    """Remembers, for the engine work of this thread, whose request it is (after authentication:
    ``request.user`` is the session's user, or the one DRF authenticated once the view has run)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        _state.request, _state.engine_ran, _state.reserved, _state.deadline = request, False, 0.0, None
        cpu = cpu_clock()
        try:
            return self.get_response(request)
        finally:
            # A request that ran the engine is charged its whole CPU time: the engine's, and encoding
            # what it answered (a long game's log is megabytes of JSON).
            if _state.engine_ran:  # what it spent, less what its admission reserved
                charge(request, cpu_clock() - cpu - _state.reserved)
            _state.request, _state.engine_ran, _state.reserved, _state.deadline = None, False, 0.0, None


class RefusedAtTheDoorMiddleware:
    """An anonymous client refused with 429 on a POST to the API is refused again at the door, first thing,
    until the ``Retry-After`` it was given: no session, no view, no throttle to run for a client that
    ignores it and hammers (what a refusal costs then is nearly all it costs). Anonymous: no session
    cookie and no ``Authorization`` header; signed-in judges always reach their own counts. The date is
    kept in the shared cache, by client network (IPv4 /24, IPv6 /64)."""

    def __init__(self, get_response):
        self.get_response = get_response

    @staticmethod
    def _door(request) -> str | None:
        if request.method != "POST" or not request.path.startswith("/api/"):
            return None
        if settings.SESSION_COOKIE_NAME in request.COOKIES or "HTTP_AUTHORIZATION" in request.META:
            return None
        return f"door_net-{network(client_ip(request))}"  # new addresses of the network wait too

    def __call__(self, request):
        key = self._door(request)
        if key is None:
            return self.get_response(request)
        cache = caches[SHARED_CACHE]
        until, reason = cache.get(key) or (0.0, "")
        now = counters.clock()
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


# -- engine time per client: sliding windows in the shared cache (judge/guard/counters.py) -----------------

#: Engine time is counted in microseconds: the cache's atomic increments are of integers.
MICRO = 1_000_000


def buckets(request) -> list[counters.Window]:
    """The client's engine-time windows: ``engine`` for the signed-in user (the network when
    anonymous), ``engine-net`` for the network (an IPv4 /24, an IPv6 /64) whoever is signed in, and
    ``engine-anon`` for every anonymous client together (a stranger with many addresses, or many
    strangers, get one share of the site's engine between them). Limits in microseconds."""
    rates = getattr(settings, "ARBITRE_THROTTLE_RATES", {})
    user = getattr(request, "user", None)
    signed_in = user is not None and user.is_authenticated
    net = network(client_ip(request))
    who = f"user-{user.pk}" if signed_in else f"net-{net}"
    scopes = [("engine", who), ("engine-net", f"net-{net}")] + ([] if signed_in else [("engine-anon", "all")])
    cache = caches[SHARED_CACHE]
    found = []
    for scope, ident in scopes:
        parsed = counters.parse_rate(rates.get(scope))
        if parsed is not None:
            seconds, period = parsed
            found.append(counters.Window(cache, f"engine_{scope}_{ident}", seconds * MICRO, period))
    return found


#: A client that spent more than this share of its own window (``engine``) lately runs heavy work: it
#: gets no free engine time (its requests need a slot from the start). A judge's saves and steps, a few
#: tens of milliseconds each, stay far below it.
HEAVY_SHARE = 0.25


def room(request) -> tuple[float | None, bool]:
    """(seconds until the client may use the engine again, None when it may now; whether it runs heavy
    work: more than :data:`HEAVY_SHARE` of its own window, ``engine``, spent)."""
    wait, heavy = None, False
    for window in buckets(request):
        if window.key.startswith("engine_engine_"):
            heavy = window.level() > HEAVY_SHARE * window.limit
        late = window.wait()
        if late is not None:
            wait = max(wait or 0.0, late)
    return wait, heavy


def charge(request, seconds: float) -> None:
    """Add ``seconds`` of engine time to the client's windows (each one atomic step for all workers)."""
    if abs(seconds) < NEGLIGIBLE:
        return
    for window in buckets(request):
        window.add(round(seconds * MICRO))


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
    """Before a request is even parsed (:class:`judge.guard.throttles.EngineTimeThrottle`): (seconds to wait
    when the client's engine time is spent, else None; whether it would need a slot from the start and
    none is free now). Refusing there keeps a client hammering refused requests cheap."""
    wait, heavy = room(request)
    if wait is not None or not slots_on() or not heavy:
        return wait, False
    probe = take_slot()
    if probe is None:
        return None, True
    os.close(probe)
    return None, False


class Work:
    """A request's engine work (its outermost :meth:`~judge.guard.budget.Budget.hard_stop`): the CPU time it
    spends, its slot, and from what CPU time it needs one."""

    def __init__(self, request) -> None:
        self.request = request
        self.cpu_started = cpu_clock()
        self.slot: int | None = None
        self.slot_from: float | None = None  # thread CPU time past which a slot is needed

    def admit(self) -> tuple[float | None, bool]:
        """Before the engine runs: (seconds to wait when the client's buckets are full, else None;
        whether a slot was needed now and none was free)."""
        wait, heavy = room(self.request)
        if wait is not None:
            return wait, False
        # Reserved now, settled when the request ends: requests admitted at once each see the others'
        # (charged only at their end, four attackers' requests all passed the same check together).
        reserve = min(float(settings.ARBITRE_RUN_SECONDS), 1.0)
        charge(self.request, reserve)
        _state.reserved = getattr(_state, "reserved", 0.0) + reserve
        if slots_on():
            if heavy:
                return None, not self.take()
            self.slot_from = self.cpu_started + settings.ARBITRE_ENGINE_FREE_SECONDS
        return None, False

    def slot_due(self) -> bool:
        return self.slot_from is not None and cpu_clock() >= self.slot_from

    def seconds_to_slot(self) -> float | None:
        return None if self.slot_from is None else max(0.0, self.slot_from - cpu_clock())

    def take(self) -> bool:
        self.slot = take_slot()
        if self.slot is None:
            return False
        self.slot_from = None
        return True

    def end(self) -> None:
        """Give the slot back; the request's CPU time is charged when it ends (:class:`EngineMeterMiddleware`)."""
        self.slot_from = None
        if self.slot is not None:
            os.close(self.slot)
            self.slot = None
        _state.engine_ran = True


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


def in_request() -> bool:
    """This thread serves a request (:class:`EngineMeterMiddleware`)."""
    return getattr(_state, "request", None) is not None


def deadline(candidate: float) -> float:
    """The request's engine deadline (:class:`judge.guard.budget.Budget`): the first budget's
    ``candidate`` sets it; a later one gets the earlier of the two. Outside a request: ``candidate``."""
    if not in_request():
        return candidate
    found = getattr(_state, "deadline", None)
    _state.deadline = candidate if found is None else min(found, candidate)
    return _state.deadline


def current() -> Work | None:
    return getattr(_state, "work", None)
