"""The error answers of the site, in French, in every mode where Django does not show its debug
page (``make serve``, production): ``handler400/403/404/500`` in judge/urls.py and
``CSRF_FAILURE_VIEW``. Under ``/api/`` they answer JSON (``{"detail": …}``) like the API's own errors.

A message a view gave its ``Http404``/``PermissionDenied`` (ours are French and meant for the reader)
is shown; Django's English defaults ("No Scenario matches the given query.") are not.
"""

from __future__ import annotations

import logging
import re

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import loader

API_PREFIX = "/api/"
DJANGO_DEFAULT_MESSAGE = re.compile(r"^No \w+ matches the given query\.$")


def _wants_json(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def _message(exception: BaseException | None) -> str:
    args = getattr(exception, "args", ())
    message = args[0] if args else ""
    if not isinstance(message, str) or DJANGO_DEFAULT_MESSAGE.match(message):
        return ""
    return message


def _answer(request: HttpRequest, status: int, detail: str, message: str = "") -> HttpResponse:
    if _wants_json(request):
        return JsonResponse({"detail": message or detail}, status=status)
    return render(request, f"{status}.html", {"message": message}, status=status)


def bad_request(request: HttpRequest, exception: BaseException | None = None) -> HttpResponse:
    # Not the exception's text: it may name a header or a host the client sent.
    return _answer(request, 400, "Requête invalide.")


def refused_input(request: HttpRequest, message: str) -> HttpResponse:
    """400 naming what is wrong in the request and where (a message written by the site, not echoed)."""
    return _answer(request, 400, "Requête invalide.", message)


def permission_denied(request: HttpRequest, exception: BaseException | None = None) -> HttpResponse:
    return _answer(request, 403, "Accès refusé.", _message(exception))


def page_not_found(request: HttpRequest, exception: BaseException | None = None) -> HttpResponse:
    return _answer(request, 404, "Introuvable.", _message(exception))


def server_error(request: HttpRequest) -> HttpResponse:
    """Rendered without the request's context (as Django does): whatever failed must not fail here."""
    if _wants_json(request):
        return JsonResponse({"detail": "Erreur interne du serveur."}, status=500)
    return HttpResponse(loader.get_template("500.html").render(), status=500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    message = "Le formulaire a expiré ou ne vient pas de ce site : rechargez la page, puis réessayez."
    if settings.DEBUG and reason:
        message += f" ({reason})"
    return _answer(request, 403, "Vérification CSRF échouée : " + message, message)


class OneLineFor4xx(logging.Filter):
    """On ``django.request``: a 4xx answer's record without the exception that made it (a 403 carried
    PermissionDenied's 20-line traceback), so that each 4xx is one line, as the README says."""

    def filter(self, record: logging.LogRecord) -> bool:
        if 400 <= getattr(record, "status_code", 500) < 500:
            record.exc_info, record.exc_text = None, None
        return True
