"""The API's answers to hostile or conflicting use (issue 16), in French, never a 5xx:

* 422 ``{"problems": [{"path": "$", "message": "Budget dépassé : …"}]}`` past the engine budget
  (:mod:`judge.guard.budget`);
* 412 when a save's ``If-Match`` names an older version of a scenario (:class:`VersionConflict`);
* 413 when a save would take its author past their quota (:class:`QuotaExceeded`);
* 409 when a delete would destroy other judges' data (a ``PROTECT`` foreign key);
* 429 with ``Retry-After`` and a French message when a throttle refuses (:mod:`judge.guard.throttles`), when
  the client's engine time is spent or every engine slot is taken (:mod:`judge.guard.meter`).

Installed as DRF's ``EXCEPTION_HANDLER``.
"""

from __future__ import annotations

import math

from django.db.models import ProtectedError
from django.http import Http404
from rest_framework import status
from rest_framework.exceptions import AuthenticationFailed, Throttled
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from .errors import DJANGO_DEFAULT_MESSAGE
from .guard.budget import BudgetExceeded, EngineRefused
from .guard.login import lockout_response


class VersionConflict(Exception):
    """A save based on an older version than the stored one: nothing was written."""

    def __init__(self, current: int, updated_at=None, updated_by: str | None = None) -> None:
        super().__init__(f"version {current} is newer")
        self.current, self.updated_at, self.updated_by = current, updated_at, updated_by

    def data(self) -> dict:
        return {
            "detail": "Quelqu'un d'autre a enregistré ce scénario depuis que vous l'avez ouvert : rechargez-le, "
            "ou enregistrez vos changements comme une copie.",
            "version": self.current,
            "updated_at": self.updated_at.isoformat() if self.updated_at else None,
            "updated_by": self.updated_by,
        }


class QuotaExceeded(Exception):
    """A save past its author's quota (``ARBITRE_SAVE_QUOTA_BYTES``): nothing was written (413)."""

    def __init__(self, used: int, adding: int, quota: int) -> None:
        def mb(n: int) -> str:
            return f"{n / 1e6:.1f}".replace(".", ",")

        super().__init__(
            f"Quota dépassé : vos scénarios et leur historique (corbeille comprise) occupent {mb(used)} Mo, "
            f"cet enregistrement en ajouterait {mb(adding)} ; au plus {mb(quota)} Mo par compte. "
            "Supprimez des scénarios et videz la corbeille, ou demandez plus de place à l'équipe."
        )


def throttled_message(wait: float | None) -> str:
    if wait is None:
        return "Trop de requêtes : réessayez dans un moment."
    seconds = max(1, math.ceil(wait))
    return f"Trop de requêtes : réessayez dans {seconds} seconde{'s' if seconds > 1 else ''}."


def exception_handler(exc, context):
    if isinstance(exc, EngineRefused):
        return Response(
            {"detail": str(exc)},
            status=status.HTTP_429_TOO_MANY_REQUESTS,
            headers={"Retry-After": str(exc.retry_after)},
        )
    if isinstance(exc, BudgetExceeded):
        return Response({"problems": exc.problems}, status=status.HTTP_422_UNPROCESSABLE_ENTITY)
    if isinstance(exc, VersionConflict):
        return Response(exc.data(), status=status.HTTP_412_PRECONDITION_FAILED)
    if isinstance(exc, QuotaExceeded):
        return Response({"detail": str(exc)}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    if isinstance(exc, ProtectedError):
        return Response(
            {"detail": "Suppression impossible : d'autres juges ont des réponses ou des exercices qui en dépendent."},
            status=status.HTTP_409_CONFLICT,
        )
    request = context.get("request")
    if isinstance(exc, AuthenticationFailed) and getattr(request, "axes_locked_out", False):
        # HTTP Basic credentials of a locked login (axes marked the request; Django's authenticate()
        # turned the refusal into "no user"): the lock's 429 and its Retry-After, as on the login page.
        return lockout_response(request, credentials=getattr(request, "axes_credentials", None))
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(exc, Throttled):
        response.data = {"detail": throttled_message(exc.wait)}
    if response is not None and isinstance(exc, Http404) and DJANGO_DEFAULT_MESSAGE.match(str(exc)):
        response.data = {"detail": "Introuvable : rien à cette adresse, ou rien que vous puissiez voir."}
    return response
