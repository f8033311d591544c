"""The installable app as the server sends it: manifest, service worker, offline page, search worker."""

from __future__ import annotations

import json
import re

from django.contrib.staticfiles import finders
from django.test import Client

from judge.offline.vendor import is_complete


def sw_config(response) -> dict:
    match = re.search(r"^const CONFIG = (.*);$", response.content.decode(), re.MULTILINE)
    assert match, "the service worker names its configuration"
    return json.loads(match.group(1))


def test_the_manifest_names_the_app_in_french_with_icons_that_exist(db):
    response = Client().get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    data = response.json()
    assert data["lang"] == "fr" and data["short_name"] == "Arbitre" and data["display"] == "standalone"
    assert {"192x192", "512x512", "any"} <= {i["sizes"] for i in data["icons"]}
    assert any(i.get("purpose") == "maskable" for i in data["icons"])
    for icon in data["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]


def test_every_page_links_the_manifest_and_shows_the_offline_status(rules):
    html = Client().get("/regles/fr-1/2.4.6.c/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert 'id="offline-status"' in html and 'data-worker="/sw.js"' in html


def test_the_service_worker_is_served_at_the_root_and_keeps_every_rule_page_and_the_runtime(rules):
    response = Client().get("/sw.js")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    config = sw_config(response)
    export = Client().get("/api/rules/export/").json()
    assert config["version"] == export["version"] and config["rulesHash"] == export["rules_hash"]
    urls = config["urls"]
    for rs in export["rulesets"]:
        assert {r["url"] for r in rs["rules"]} <= set(urls)
    assert {"/", "/regles/", "/regles/lexique/", "/regles/changements/", "/hors-ligne/", "/api/rules/export/"} <= set(
        urls
    )
    assert "/static/offline/pyodide/pyodide.asm.wasm" in urls and "/static/arbitre/site.css" in urls
    assert any(u.startswith("/hors-ligne/arbitre.zip?v=") for u in urls)
    # Pyodide loads its other files by their own names from its folder: kept under those names
    # (with hashed static names in production, the hashed ones would miss offline)
    from judge.offline.views import runtime

    rt = runtime()
    assert {
        rt["pyodide"],
        rt["indexURL"] + "pyodide.asm.mjs",
        rt["indexURL"] + "python_stdlib.zip",
        *rt["wheels"],
    } <= set(urls)
    assert len(urls) == len(set(urls))
    client = Client()
    for url in urls:
        if url.startswith("/static/"):
            assert finders.find(url.removeprefix("/static/")), url
        else:
            assert client.get(url).status_code == 200, url


def test_only_the_search_worker_may_compile_webassembly(rules):
    worker = Client().get("/hors-ligne/worker.js")
    assert worker.status_code == 200
    assert "'wasm-unsafe-eval'" in worker["Content-Security-Policy"]
    assert "loadPyodide" in worker.content.decode()
    page = Client().get("/hors-ligne/")
    assert "wasm-unsafe-eval" not in page["Content-Security-Policy"]


def test_the_runtime_is_vendored_at_set_up():
    # make setup runs manage.py vendor_offline; without it the offline search cannot start
    assert is_complete(), "run `make setup` (manage.py vendor_offline) to vendor Pyodide and Whoosh's wheels"


def test_the_copy_keeps_the_offline_builder_and_stepper_and_module_imports_by_their_own_names(rules, monkeypatch):
    from judge.offline import views

    # production's manifest storage hashes the names a page links, not those a module imports
    hashed = lambda path: "/static/" + re.sub(r"\.js$", ".0123abcd.js", path)  # noqa: E731
    monkeypatch.setattr(views, "static", hashed)
    urls = set(views.kept_urls())
    assert {"/static/arbitre/stepper.0123abcd.js", "/static/arbitre/stepper.js"} <= urls
    assert {
        "/static/arbitre/lib/api.js",
        "/static/arbitre/offline/engine.js",
        "/static/arbitre/builder/main.js",
    } <= urls
    assert {"/scenarios/essai/", "/hors-ligne/runtime.json"} <= urls
    config = sw_config(Client().get("/sw.js"))
    assert config["signedIn"] == ["/scenarios/nouveau/"]
    assert any(re.match(p, "/scenarios/0f8fad5b-d9cb-469f-a165-70867728950e/") for p in config["visited"])
    assert not any(re.match(p, "/scenarios/") for p in config["visited"])


def test_the_runtime_names_the_engine_api_and_the_sites_limits(db, settings):
    data = Client().get("/hors-ligne/runtime.json").json()
    assert data["api"] == {"check": "/api/check/", "run": "/api/run/", "step": "/api/step/"}
    assert data["engine"] == {"seconds": settings.ARBITRE_RUN_SECONDS, "steps": settings.ARBITRE_RUN_STEPS}
    assert data["siteVersion"] == Client().get("/api/rules/export/").json()["site_version"]
