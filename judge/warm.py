"""A gunicorn worker warmed before it serves (``judge/wsgi.py`` calls :func:`warm_at_start`).

A fresh worker pays, on its first search, for the search's tables (``rules_ref.search.warm``: about
half a second of CPU) and, on its first page of each kind, for compiling its templates and resolving
the site's URLs. Measured with ``bench/search_bench.py`` (« first search page of a fresh worker »):
cold, the first search page cost about fifty of the next ones; warmed, it costs about one. Without
it the first judge to reach each worker after a start or a restart would wait that long.

The pages are rendered as an anonymous judge's would be (the views called with a request built by
Django's ``RequestFactory``, no middleware: nothing is counted, throttled or logged as a visit), and
the worker's database connections are closed after, so that none outlives the warm-up. A site not
built yet (no index, no rules) is said in the log and the worker starts anyway: its pages say what
is missing. ``ARBITRE_WARM=0`` turns the warm-up off (the bench measures a cold worker with it).
"""

from __future__ import annotations

import logging
import os
import time

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import connections
from django.test import RequestFactory

from rules_ref import views
from rules_ref.models import Rule
from rules_ref.search import IndexMissing
from rules_ref.search.warm import warm as warm_search

log = logging.getLogger(__name__)

#: A search page a judge opens (its query is not one of the search's own warm-up queries).
SEARCH_PAGE = "que se passe-t-il si je pioche avec un deck vide ?"


def _get(path: str, **params: str):
    request = RequestFactory().get(path, params)
    request.user = AnonymousUser()
    return request


def warm_pages() -> None:
    """Render the home page, a search page and a rule page once, as for an anonymous judge."""
    views.home(_get("/"))
    views.search_page(_get("/recherche/", q=SEARCH_PAGE))
    ruleset = settings.ARBITRE_DEFAULT_RULESET
    first = Rule.objects.filter(ruleset__slug=ruleset, number__gt="").order_by("order").first()
    if first is not None:
        views.rule(_get(f"/regles/{ruleset}/{first.number}/"), ruleset, first.number)


def warm_at_start() -> None:
    """Warm the search and the pages, unless ``ARBITRE_WARM=0``; never stops the worker."""
    if os.environ.get("ARBITRE_WARM", "1") == "0":
        return
    started = time.perf_counter()
    try:
        warm_search()
        warm_pages()
    except IndexMissing as missing:
        log.warning("worker not warmed: %s", missing)
    except Exception:  # a page that fails here fails for judges too, and says so there: log it, serve
        log.exception("worker not warmed: a page failed")
    else:
        log.info("worker warmed in %.0f ms (pid %d)", (time.perf_counter() - started) * 1000, os.getpid())
    finally:
        connections.close_all()
