"""``/healthz/``: is this node able to serve? Checks the database and the search index.

``/ping/``: the cheapest Django view (no database, no index, no template), the framework's floor in
``bench/load_bench.py``.
"""

from django.db import connection
from django.http import HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache

from rules_ref import search


@never_cache
def ping(request):
    return HttpResponse("ok", content_type="text/plain")


@never_cache
def healthz(request):
    checks: dict[str, str] = {}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        checks["database"] = "ok"
    except Exception as exc:  # report, never raise: a health check must answer
        checks["database"] = f"erreur : {exc.__class__.__name__}"
    try:
        documents = search.searcher().doc_count()
        checks["index"] = "ok" if documents else "vide"
        checks["documents"] = documents
    except Exception as exc:
        checks["index"] = f"erreur : {exc.__class__.__name__}"
    healthy = checks["database"] == "ok" and checks["index"] == "ok"
    return JsonResponse({"status": "ok" if healthy else "erreur", **checks}, status=200 if healthy else 503)
