"""django-csp's middleware with one exception: DRF's browsable API (a development tool) keeps its
inline styles (a ``<style>`` for code highlighting, ``style=`` attributes in its forms). Its scripts,
like every other page's, stay under the strict policy of settings.CONTENT_SECURITY_POLICY."""

from __future__ import annotations

from csp.constants import UNSAFE_INLINE
from csp.middleware import CSPMiddleware as BaseCSPMiddleware
from csp.middleware import PolicyParts
from django.http import HttpRequest
from django.http.response import HttpResponseBase


class CSPMiddleware(BaseCSPMiddleware):
    def get_policy_parts(
        self, request: HttpRequest, response: HttpResponseBase, report_only: bool = False
    ) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only)
        if getattr(getattr(response, "accepted_renderer", None), "format", None) == "api":
            parts.update = {**(parts.update or {}), "style-src": [UNSAFE_INLINE]}
        return parts
