"""The installable app: its manifest, its service worker, the rules export, the Python for the browser
and the offline page (status, « Disponible hors ligne », the search run in the browser)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from csp.decorators import csp_update
from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import StaticFilesStorage
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import condition

from rules_ref.models import Rule

from . import export as rules_export
from .package import browser_zip
from .vendor import PYODIDE, WHEELS
from .version import site_version

#: The static files the offline copy keeps: the site's own and the vendored runtime.
KEPT_STATIC_PREFIXES = ("arbitre/", "offline/")


def _etag(request, *args, **kwargs) -> str:
    return rules_export.export()["version"]


@condition(etag_func=_etag)
def rules_export_view(request):
    """Every rule set as one document, versioned (ETag: its version; unchanged → 304)."""
    response = JsonResponse(rules_export.export(), json_dumps_params={"ensure_ascii": False})
    patch_cache_control(response, no_cache=True)  # revalidate: the ETag makes that a 304
    return response


def browser_package(request):
    """The project's Python for Pyodide (a zip); its address carries its hash, so it never goes stale."""
    data, digest = browser_zip()
    response = HttpResponse(data, content_type="application/zip")
    response["ETag"] = f'"{digest}"'
    patch_cache_control(response, public=True, max_age=3600)
    return response


@lru_cache(maxsize=1)
def _worker_script() -> bytes:
    return Path(finders.find("arbitre/offline/worker.js")).read_bytes()


#: Pyodide compiles WebAssembly: this one script's policy allows that (no eval, nothing else).
@csp_update({"script-src": ["'wasm-unsafe-eval'"]})
def search_worker(request):
    """The offline search's worker (``static/arbitre/offline/worker.js``), served here so that its
    Content-Security-Policy, a worker's own, lets it compile the runtime's WebAssembly."""
    response = HttpResponse(_worker_script(), content_type="text/javascript; charset=utf-8")
    patch_cache_control(response, no_cache=True)
    return response


def runtime_static(path: str) -> str:
    """A vendored runtime file's address under its own name, never the hashed one: Pyodide loads its
    other files by their names from the folder of the first (the offline version names them all)."""
    return StaticFilesStorage().url(path)


def runtime() -> dict:
    """Where the browser finds the runtime and the project's Python (``worker.js`` reads it)."""
    return {
        "indexURL": runtime_static("offline/pyodide/"),
        "pyodide": runtime_static("offline/pyodide/pyodide.mjs"),
        "wheels": [runtime_static(f"offline/wheels/{w[2]}") for w in WHEELS],
        "package": reverse("offline:package") + "?v=" + browser_zip()[1][:12],
        "export": reverse("offline:export"),
        "worker": reverse("offline:worker"),
        "version": PYODIDE[1],
        # the rules export this code reads is the one of its own site version (worker.js checks it)
        "siteVersion": site_version(),
        "engineModule": static("arbitre/offline/engine.js"),
        # the engine in the browser answers these when the network is gone (arbitre_engine.py), with
        # the site's limits per request
        "api": {"check": reverse("api-check"), "run": reverse("api-run"), "step": reverse("api-step")},
        "scenarios": reverse("scenario-list"),
        "engine": {"seconds": settings.ARBITRE_RUN_SECONDS, "steps": settings.ARBITRE_RUN_STEPS},
    }


def runtime_view(request):
    """:func:`runtime` for every page (``offline/engine.js``, ``offline/outbox.js``): kept offline."""
    response = JsonResponse(runtime())
    patch_cache_control(response, no_cache=True)
    return response


def kept_urls() -> list[str]:
    """Every address the offline copy keeps: the rule and article pages, the table of contents, the
    glossary, the changes page, the offline page, the export, the Python and the static files."""
    pages = [reverse("rules_ref:home"), reverse("rules_ref:toc"), reverse("rules_ref:lexicon")]
    pages += [reverse("rules_ref:changes"), reverse("offline:page")]
    pages += [r.get_absolute_url() for r in Rule.objects.select_related("ruleset").order_by("ruleset", "order")]
    seen: set[str] = set()
    assets = []
    for finder in finders.get_finders():
        for path, storage in finder.list(["*.map", "*.d.ts", "VERSION"]):
            prefix = getattr(storage, "prefix", None)  # a (prefix, folder) entry of STATICFILES_DIRS
            path = f"{prefix}/{path}" if prefix else path.replace("\\", "/")
            if path.startswith(KEPT_STATIC_PREFIXES) and path not in seen:
                seen.add(path)
                assets.append(runtime_static(path) if path.startswith("offline/") else static(path))
                if path.endswith(".js") and not path.startswith("offline/") and runtime_static(path) != static(path):
                    # a module's imports name their files unhashed (the manifest storage leaves
                    # `import "./lib/api.js"` as it is): kept under that name too
                    assets.append(runtime_static(path))
    rt = runtime()
    pages.append(reverse("judge:trial"))  # the stepper of a board made offline (builder's « Essayer »)
    return [
        *dict.fromkeys(pages),
        rt["export"],
        rt["package"],
        rt["worker"],
        reverse("offline:runtime"),
        *sorted(assets),
    ]


#: Pages kept once visited, and at install when the judge is signed in (never a page of someone
#: else: each is the visitor's own, fetched with their session): the builder, a scenario's stepper
#: and its editor, a ruling. Regular expressions on the path, for the service worker.
VISITED_PAGES = (
    r"^/scenarios/nouveau/$",
    r"^/scenarios/essai/$",
    r"^/scenarios/[0-9a-f-]{36}/$",
    r"^/scenarios/[0-9a-f-]{36}/modifier/$",
    r"^/scenarios/[0-9a-f-]{36}/decision/$",
    r"^/scenarios/[0-9a-f-]{36}/decision/[^/]+/$",  # the players' link of a ruling
)


def service_worker(request):
    """``/sw.js``: at the site's root so that it serves every page. Its text names the offline
    version, so a new rule set or a new site version is a new worker, which the browser installs."""
    document = rules_export.export()
    config = {
        "version": document["version"],
        "rulesHash": document["rules_hash"],
        "siteVersion": document["site_version"],
        "rulesets": [rs["slug"] for rs in document["rulesets"]],
        "urls": kept_urls(),
        "offlinePage": reverse("offline:page"),
        "searchPage": reverse("rules_ref:search"),
        "export": reverse("offline:export"),
        "numbersScript": static("arbitre/offline/numbers.js"),
        "visited": list(VISITED_PAGES),
        "signedIn": [reverse("judge:new")],  # kept at install when the judge is signed in
    }
    script = render(request, "offline/sw.js", {"config": json.dumps(config, ensure_ascii=False)}).content
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    patch_cache_control(response, no_cache=True, max_age=0)
    return response


def manifest(request):
    """The web app manifest (French name, icons), for « Ajouter à l'écran d'accueil »."""
    icons = [
        {"src": static("arbitre/icons/arbitre.svg"), "sizes": "any", "type": "image/svg+xml"},
        {"src": static("arbitre/icons/arbitre-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("arbitre/icons/arbitre-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("arbitre/icons/arbitre-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    data = {
        "name": "Arbitre — règles et moteur d'Altered",
        "short_name": "Arbitre",
        "description": "Les règles d'Altered, leur recherche et le moteur de règles, pour l'arbitre à la table.",
        "lang": "fr",
        "dir": "ltr",
        "start_url": reverse("rules_ref:home"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#1d3557",
        "icons": icons,
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


def offline_page(request):
    """The offline page: whether this browser holds an offline copy, of which rules, and the search
    run in the browser when the network is gone (the service worker serves it for ``/recherche/``)."""
    return render(request, "offline/page.html", {"runtime": runtime(), "q": ""})
