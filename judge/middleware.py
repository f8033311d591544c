"""Refuse, before any view runs, requests no page or API call can answer: oversized bodies, and a NUL
character in the address or its query string."""

from django.http import JsonResponse

from .errors import refused_input
from .limits import MAX_BODY_BYTES


class BodySizeLimitMiddleware:
    """413 for a body announced larger than :data:`~judge.limits.MAX_BODY_BYTES`."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > MAX_BODY_BYTES:
            return JsonResponse(
                {"detail": f"Corps de requête trop volumineux ({length} octets, au plus {MAX_BODY_BYTES})."},
                status=413,
            )
        return self.get_response(request)


class NulCharacterMiddleware:
    """400 for a NUL character (``%00``) in the path or in a query parameter's name or value: no address
    of the site contains one, and PostgreSQL refuses it in any text it compares (a 500 on a filter or a
    lookup). The message names the parameter."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path:
            return refused_input(request, "Caractère NUL (%00) dans l'adresse : aucune page du site n'en contient.")
        for name, values in request.GET.lists():
            if "\x00" in name or any("\x00" in value for value in values):
                shown = name.replace("\x00", "%00")[:40]
                return refused_input(request, f"Caractère NUL (%00) dans le paramètre « {shown} » de l'adresse.")
        return self.get_response(request)
