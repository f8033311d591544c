"""The site at the table with no network: the judge chooses « Disponible hors ligne », the network
goes, and rules open by number and are searched in the browser by the server's own search code.
A failed or full update leaves the previous offline copy working and says what happened."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client
from django.utils import timezone
from playwright.sync_api import Page, expect

from rules_ref import search

from .conftest import assert_no_serious_axe_violations

pytestmark = [
    pytest.mark.browser,
    pytest.mark.filterwarnings("ignore:Session-scoped fixtures defined as instance methods"),
]

#: Filling the offline copy (about 270 addresses, 14 MB, from the test server) and starting Pyodide
#: take seconds, many more on a loaded machine: these waits are ceilings, not measures.
INSTALL_MS = 120_000
RUNTIME_MS = 120_000
QUERIES = [
    q["q"] for q in json.loads((Path(settings.BASE_DIR) / "fixtures" / "relevance" / "queries.json").read_text("utf-8"))
]


def export_version() -> str:
    return Client().get("/api/rules/export/").json()["version"]


def server_ranking(q: str) -> list[str]:
    return [h.number or h.slug for h in search.search(q).hits]


def install(page: Page, site: str) -> str:
    """Open the site, choose « Disponible hors ligne », wait until the copy is kept; its version."""
    page.goto(f"{site}/")
    status = page.locator("#offline-status")
    expect(status).to_contain_text("pas encore gardé")
    page.get_by_role("button", name="Disponible hors ligne").click()
    expect(status).to_have_attribute("data-ready", "1", timeout=INSTALL_MS)
    version = export_version()
    expect(status).to_contain_text(f"Disponible hors ligne : règles fr-1, version {version}.")
    # the search's index built once, kept for the first page opened with no network
    expect(status).to_have_attribute("data-prepared", "1", timeout=RUNTIME_MS)
    return version


def cache_names(page: Page) -> list[str]:
    """The caches of the offline copy and its state (the search's own, "arbitre-index", aside)."""
    return sorted(name for name in page.evaluate("caches.keys()") if name != "arbitre-index")


def test_installed_the_site_opens_rules_by_number_and_searches_with_no_network(page: Page, site):
    version = install(page, site)
    assert cache_names(page) == ["arbitre-offline-" + version, "arbitre-state"]
    page.context.set_offline(True)

    page.goto(f"{site}/regles/lexique/")
    expect(page.locator("h1")).to_contain_text("Lexique")
    expect(page.locator("#offline-status")).to_contain_text("Hors ligne.")
    page.goto(f"{site}/regles/changements/")
    expect(page.locator("h1")).to_be_visible()

    # a rule number typed loosely in the header's box opens the kept page, no runtime involved
    box = page.get_by_label("Rechercher une règle")
    box.fill("R2.4.6 c")
    box.press("Enter")
    expect(page).to_have_url(f"{site}/regles/fr-1/2.4.6.c/")
    expect(page.locator("article.rule h1")).to_contain_text("2.4.6.c")

    # an English term, then a French word with a typo: searched in the browser, ranked as the server;
    # each page puts back the index prepared at install (its files and its reading) instead of building it
    for q, first, index in (("fleeting", "2.4.6", "snapshot"), ("fugase", "2.4.6", "snapshot")):
        box = page.get_by_label("Rechercher une règle")
        box.fill(q)
        box.press("Enter")
        expect(page.locator("#offline-search-status")).to_contain_text("cherché dans ce navigateur", timeout=RUNTIME_MS)
        expect(page.locator("#offline-search-status")).to_have_attribute("data-index", index)
        # the interpreter put back from the memory snapshot made at install, not started again
        expect(page.locator("#offline-search-status")).to_have_attribute("data-start", "snapshot")
        numbers = page.locator("#offline-results li").evaluate_all("items => items.map(li => li.dataset.number)")
        assert numbers == server_ranking(q), q
        assert numbers[0] == first
    expect(page.locator("#offline-search-status")).to_contain_text("orthographe corrigée : « fugace »")
    assert_no_serious_axe_violations(page, "offline search results")


def kept_snapshots(page: Page) -> list[str]:
    return page.evaluate(
        "caches.open('arbitre-index').then((c) => c.keys())"
        ".then((ks) => ks.map((k) => k.url).filter((url) => url.includes('/__arbitre/snapshot/')))"
    )


@pytest.mark.parametrize("damage", ["garbage", "other build"])
def test_a_damaged_memory_snapshot_is_dropped_and_the_search_starts_as_usual(page: Page, site, damage):
    """A memory snapshot Pyodide refuses (not one, or made by another build of it) never breaks the
    offline copy: the page starts the runtime as usual, ranks as the server, and drops the snapshot."""
    install(page, site)
    [url] = kept_snapshots(page)
    page.evaluate(
        """async ([url, damage]) => {
          const c = await caches.open('arbitre-index');
          const data = new Uint8Array(await (await c.match(url)).arrayBuffer());
          if (damage === 'garbage') data.fill(7, 0, 4096);
          else data[20] ^= 0xff; // the build id Pyodide checks
          await c.put(url, new Response(data));
        }""",
        [url, damage],
    )
    page.context.set_offline(True)
    page.goto(f"{site}/hors-ligne/?q=fleeting")
    status = page.locator("#offline-search-status")
    expect(status).to_contain_text("cherché dans ce navigateur", timeout=RUNTIME_MS)
    expect(status).to_have_attribute("data-start", "runtime")
    expect(status).to_have_attribute("data-index", "snapshot")  # the index kept at install, put back
    numbers = page.locator("#offline-results li").evaluate_all("items => items.map(li => li.dataset.number)")
    assert numbers == server_ranking("fleeting")
    assert kept_snapshots(page) == []


def test_a_failed_update_keeps_the_previous_copy_then_the_next_one_says_the_rules_changed(
    page: Page, site, monkeypatch
):
    from rules_ref import views
    from rules_ref.models import Rule, RuleSet

    old = install(page, site)
    rule = Rule.objects.get(ruleset__slug="fr-1", number="2.4.6.c")
    rule.blocks = [*rule.blocks, {"kind": "paragraph", "text": "Phrase de la nouvelle version."}]
    rule.save()
    RuleSet.objects.filter(slug="fr-1").update(imported_at=timezone.now())
    # a deploy restarts the workers: their caches (a rule number's lookup is kept 10 s) start empty
    cache.clear()
    new = export_version()
    assert new != old

    # the new rule set is deployed, and one of its pages fails while the phone fills its copy
    render_rule = views._render_rule

    def failing(request, key, pk):
        if pk == rule.pk:
            raise RuntimeError("page en panne pendant la mise à jour")
        return render_rule(request, key, pk)

    monkeypatch.setattr(views, "_render_rule", failing)
    page.evaluate("navigator.serviceWorker.getRegistration('/').then(r => r.update())")
    status = page.locator("#offline-status")
    expect(status).to_contain_text("Mise à jour hors ligne interrompue", timeout=INSTALL_MS)
    expect(status).to_contain_text(f"la copie précédente (règles {old}) reste disponible")
    expect(status).to_contain_text(f"version {old}.")
    assert cache_names(page) == ["arbitre-offline-" + old, "arbitre-state"]
    page.context.set_offline(True)
    page.goto(f"{site}/regles/fr-1/2.4.6.c/")
    expect(page.locator("article.rule")).not_to_contain_text("Phrase de la nouvelle version.")
    expect(page.locator("#offline-status")).to_contain_text(f"version {old}.")

    # a browser closed while filling leaves a half-made cache of the new version: never served
    page.context.set_offline(False)
    page.goto(f"{site}/")
    page.evaluate(
        """async (name) => {
          const half = await caches.open(name);
          await half.put("/regles/fr-1/2.4.6.c/", new Response("<h1>page à moitié téléchargée</h1>", {headers: {"Content-Type": "text/html"}}));
          await half.put("/__a-moitie", new Response("reste"));
        }""",
        "arbitre-offline-" + new,
    )
    page.context.set_offline(True)
    page.goto(f"{site}/regles/fr-1/2.4.6.c/")
    expect(page.locator("article.rule h1")).to_contain_text("2.4.6.c")
    expect(page.locator("body")).not_to_contain_text("moitié")

    # the page answers again: the next update keeps the new rules and says so
    monkeypatch.setattr(views, "_render_rule", render_rule)
    page.context.set_offline(False)
    page.goto(f"{site}/")
    page.evaluate("navigator.serviceWorker.getRegistration('/').then(r => r.update())")
    expect(page.locator("#offline-status")).to_contain_text(
        f"Règles mises à jour : fr-1 version {new} (était {old}).", timeout=INSTALL_MS
    )
    assert cache_names(page) == ["arbitre-offline-" + new, "arbitre-state"]
    leftover = page.evaluate(
        "name => caches.open(name).then(c => c.match('/__a-moitie')).then(r => Boolean(r))", "arbitre-offline-" + new
    )
    assert leftover is False  # the half-made cache was emptied before the new copy was filled
    page.context.set_offline(True)
    page.goto(f"{site}/regles/fr-1/2.4.6.c/")
    expect(page.locator("article.rule")).to_contain_text("Phrase de la nouvelle version.")
    page.get_by_role("button", name="Compris").click()
    expect(page.locator("#offline-status")).not_to_contain_text("Règles mises à jour")


QUOTA = 2_000_000  # bytes: the first ~200 of the copy's ~290 files fit


def test_a_phone_too_full_for_the_copy_is_told_so_and_keeps_nothing_half_made(page: Page, site):
    """The quota refuses a file while other fetches are on their way; what the judge reads is the
    state the worker writes after the failure, in the same quota: the space the refused copy took
    has to be free by then, or that write is refused too and the download looks stalled."""
    page.goto(f"{site}/")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": site, "quotaSize": QUOTA})
    page.get_by_role("button", name="Disponible hors ligne").click()
    status = page.locator("#offline-status")
    expect(status).to_contain_text("espace de stockage insuffisant", timeout=INSTALL_MS)
    expect(status).to_have_attribute("data-ready", "0")
    expect(page.get_by_role("button", name="Disponible hors ligne")).to_be_visible()
    assert cache_names(page) == ["arbitre-state"]
    # and its space given back: a cache deleted by name only still counts while a handle on it lives
    usage = page.evaluate("navigator.storage.estimate().then((e) => e.usage)")
    assert usage < QUOTA // 2, usage


def test_the_browser_ranks_every_relevance_query_as_the_server(page: Page, site):
    page.goto(f"{site}/hors-ligne/")
    page.evaluate("window.arbitreOfflineStart()")
    browser = page.evaluate(
        """async (queries) => {
          const out = {};
          for (const q of queries) out[q] = (await window.arbitreOfflineSearch(q)).hits.map((h) => h.number || h.slug);
          return out;
        }""",
        QUERIES,
    )
    different = {q: (browser[q], server_ranking(q)) for q in QUERIES if browser[q] != server_ranking(q)}
    assert not different, different
    assert len(browser) == len(QUERIES) > 100
    assert re.fullmatch(r"[0-9a-f]{12}-[0-9a-f]{12}", export_version())


def test_a_rules_export_of_another_site_version_is_refused_and_said(page: Page, site):
    """The search code never builds its index from another version's export (a fresh page while the
    kept copy is the previous version's): it says so, keeps nothing, and searches once they match."""
    real = Client().get("/api/rules/export/").json()
    other = {**real, "site_version": "000000000000", "version": real["rules_hash"][:12] + "-000000000000"}
    page.context.route(re.compile(r"/api/rules/export/"), lambda route: route.fulfill(json=other))
    page.goto(f"{site}/hors-ligne/")
    box = page.get_by_label("Chercher dans les règles gardées")
    box.fill("fleeting")
    box.press("Enter")
    status = page.locator("#offline-search-status")
    expect(status).to_contain_text(
        f"l'export des règles (site 000000000000) ne correspond pas au code de recherche (site {real['site_version']})",
        timeout=RUNTIME_MS,
    )
    kept = page.evaluate("caches.open('arbitre-index').then((c) => c.keys()).then((ks) => ks.map((k) => k.url))")
    assert not [url for url in kept if "/__arbitre/index/" in url]

    page.context.unroute(re.compile(r"/api/rules/export/"))
    page.goto(f"{site}/hors-ligne/?q=fleeting")
    expect(status).to_contain_text("cherché dans ce navigateur", timeout=RUNTIME_MS)
    assert page.locator("#offline-results li").first.get_attribute("data-number") == server_ranking("fleeting")[0]
