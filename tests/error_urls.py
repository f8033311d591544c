"""The site's URLs plus one view that fails, for the 500 tests (tests/test_error_pages.py)."""

from django.urls import path

from judge.urls import handler400, handler403, handler404, handler500
from judge.urls import urlpatterns as site_urlpatterns

__all__ = ["handler400", "handler403", "handler404", "handler500", "urlpatterns"]


def fails(request):
    raise RuntimeError("panne simulée pour le test")


urlpatterns = [
    path("panne/", fails),
    path("api/panne/", fails),
    *site_urlpatterns,
]
