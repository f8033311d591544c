"""Login throttling: django-axes with one failure limit per lockout parameter, and a lockout page
that says until when.

Axes counts the failures of a login attempt once per lockout parameter (``AXES_LOCKOUT_PARAMETERS``,
here ``[["username", "ip_address"], "ip_address"]``: the failures for that username from that
address, and the failures from that address for any username) but compares every count with one
limit. A username is locked from the address that failed only: counted from any address, a
stranger who knows a judge's username (the API shows authors) could lock her out everywhere with
five wrong passwords. A venue's judges may share one address, so the address gets its own, higher
limit (``ARBITRE_LOGIN_IP_FAILURE_LIMIT``); :class:`LoginThrottleHandler` holds the comparison.

What one password check costs is :class:`PasswordHasher`'s: every login, and every API request
with HTTP Basic authentication, holds a worker that long.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_ip_address, get_client_username, get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.hashers import Argon2PasswordHasher
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone

#: The name of each lockout parameter (a combination is named by its parts joined with "+").
USERNAME, ADDRESS = "username+ip_address", "ip_address"


def parameter_name(parameter) -> str:
    return parameter if isinstance(parameter, str) else "+".join(parameter)


def parameter_limits() -> dict[str, int]:
    """The failure limit of each lockout parameter."""
    return {USERNAME: settings.AXES_FAILURE_LIMIT, ADDRESS: settings.ARBITRE_LOGIN_IP_FAILURE_LIMIT}


class PasswordHasher(Argon2PasswordHasher):
    """Argon2id at one of OWASP's equivalent settings (Password Storage Cheat Sheet: 19 MiB, 2
    passes, 1 lane), which it rates as strong as PBKDF2-SHA256 at 600,000 iterations. Django's own
    settings for either cost a worker 0.2 to 0.3 s per check on this machine, several times that on a
    loaded one: a stranger signing in as fast as answered held workers past a second. Memory-hard,
    so a leaked hash costs a GPU more than PBKDF2's. The password hashes made before (PBKDF2,
    ``PASSWORD_HASHERS``' next entries) are checked as they are and made again with this at the next
    login."""

    time_cost = 2
    memory_cost = 19 * 1024  # KiB
    parallelism = 1


@dataclass(frozen=True)
class Lock:
    """Why a login is refused (``by``: the lockout parameters over their limit) and until when."""

    by: tuple[str, ...]
    until: datetime


class LoginThrottleHandler(AxesDatabaseHandler):
    """Axes' database handler, with a limit per lockout parameter (:func:`parameter_limits`)."""

    def _groups(self, request: HttpRequest, credentials: dict | None) -> list[tuple[str, int, list]]:
        """(parameter, limit, [(attempt_time, failures)] oldest first) for each lockout parameter."""
        limits = parameter_limits()
        groups = []
        for parameter, attempts in zip(
            settings.AXES_LOCKOUT_PARAMETERS, self.get_user_attempts(request, credentials), strict=True
        ):
            rows = list(attempts.order_by("attempt_time").values_list("attempt_time", "failures_since_start"))
            groups.append((parameter_name(parameter), limits[parameter_name(parameter)], rows))
        return groups

    def get_failures(self, request: HttpRequest, credentials: dict | None = None) -> int:
        """Axes compares this with ``AXES_FAILURE_LIMIT``: that limit when a parameter is over its
        own limit, else the username's failure count (always under it)."""
        limit = settings.AXES_FAILURE_LIMIT
        counts = {
            parameter: (sum(n for _, n in rows), own) for parameter, own, rows in self._groups(request, credentials)
        }
        if any(count >= own for count, own in counts.values()):
            return limit
        return min(counts.get(USERNAME, (0, limit))[0], limit - 1)

    def lock(self, request: HttpRequest, credentials: dict | None = None) -> Lock | None:
        """The lock on this login, if any. Each attempt row leaves the count ``AXES_COOLOFF_TIME``
        after its last failure, so a parameter's lock ends when enough of its oldest rows are gone
        for the rest to fall under its limit."""
        cool_off = get_cool_off(request) or timedelta(0)
        by, until = [], None
        for parameter, limit, rows in self._groups(request, credentials):
            remaining = sum(n for _, n in rows)
            if remaining < limit:
                continue
            end = None
            for attempt_time, failures in rows:
                if remaining < limit:
                    break
                remaining -= failures
                end = attempt_time + cool_off
            by.append(parameter)
            until = end if until is None else max(until, end)
        return Lock(tuple(by), until) if by and until else None

    def reset_user_attempts(self, request: HttpRequest, credentials: dict | None = None) -> int:
        """A successful login clears that username's failures from that address, nothing more: a
        stranger's failures from the same address, or on the same name elsewhere, still count."""
        username = get_client_username(request, credentials)
        count, _ = AccessAttempt.objects.filter(username=username, ip_address=request.axes_ip_address).delete()
        return count


def lockout_response(request: HttpRequest, original_response=None, credentials: dict | None = None) -> HttpResponse:
    """``AXES_LOCKOUT_CALLABLE``: 429 with the time the login opens again (also in Retry-After);
    JSON for the API, the French page ``lockout.html`` otherwise."""
    handler = LoginThrottleHandler()
    if not hasattr(request, "axes_ip_address"):
        request.axes_ip_address = get_client_ip_address(request)
    lock = handler.lock(request, credentials)
    now = timezone.now()
    until = lock.until if lock else now + (get_cool_off(request) or timedelta(0))
    seconds = max(1, math.ceil((until - now).total_seconds()))
    local = timezone.localtime(until)
    context = {
        "username": get_client_username(request, credentials) or "",
        "by_username": lock is None or USERNAME in lock.by,
        "by_address": lock is not None and ADDRESS in lock.by,
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "ip_failure_limit": settings.ARBITRE_LOGIN_IP_FAILURE_LIMIT,
        "retry_at": f"{local:%H} h {local:%M}",
        "retry_minutes": math.ceil(seconds / 60),
    }
    if request.path.startswith("/api/") or request.headers.get("x-requested-with") == "XMLHttpRequest":
        response: HttpResponse = JsonResponse(
            {
                "detail": f"Trop de tentatives de connexion échouées : réessayez à partir de {context['retry_at']}.",
                "retry_at": until.isoformat(),
            },
            status=429,
        )
    else:
        response = render(request, "lockout.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response
