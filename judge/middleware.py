"""Refuse oversized request bodies early, before anything reads them."""

from django.http import JsonResponse

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
