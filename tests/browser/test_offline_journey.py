"""The judge at the table with no network, from end to end: the site installed, the network gone
(``set_offline``), a rule opened by number, an English term and a French word with a typo searched
in the browser, a two-card board built and stepped to its ruling by the engine in the browser, the
board saved on the phone; back online, the scenario is in the judge's account."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from playwright.sync_api import Page, expect

from judge.scenarios.models import Scenario
from judge.scenarios.views import EMPTY_DOCUMENT

from .conftest import step_until_pending
from .test_builder import FIXTURES, add_card
from .test_offline import INSTALL_MS, RUNTIME_MS, install, server_ranking

pytestmark = [
    pytest.mark.browser,
    pytest.mark.filterwarnings("ignore:Session-scoped fixtures defined as instance methods"),
]

TITLE = "Crépuscule à deux cartes"


def search_offline(page: Page, q: str) -> list[str]:
    box = page.get_by_label("Rechercher une règle")
    box.fill(q)
    box.press("Enter")
    status = page.locator("#offline-search-status")
    expect(status).to_contain_text("cherché dans ce navigateur", timeout=RUNTIME_MS)
    return page.locator("#offline-results li").evaluate_all("items => items.map(li => li.dataset.number)")


def test_a_judge_with_no_network_reads_searches_builds_steps_and_finds_the_board_saved_later(
    judge_page: Page, site, js_errors
):
    page = judge_page
    install(page, site)
    page.context.set_offline(True)

    # a rule by number, then an English term and a French word with a typo, ranked as the server ranks them
    box = page.get_by_label("Rechercher une règle")
    box.fill("4.2.5.c")
    box.press("Enter")
    expect(page).to_have_url(f"{site}/regles/fr-1/4.2.5.c/")
    expect(page.locator("article.rule h1")).to_contain_text("4.2.5.c")
    assert search_offline(page, "fleeting") == server_ranking("fleeting")
    assert search_offline(page, "fugase") == server_ranking("fugase")
    expect(page.locator("#offline-search-status")).to_contain_text("orthographe corrigée : « fugace »")

    # the builder kept at install (the judge was signed in); its check runs in the browser
    page.goto(f"{site}/scenarios/nouveau/")
    expect(page.locator("#offline-status")).to_contain_text("Hors ligne.")
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok", timeout=RUNTIME_MS)
    page.get_by_label("Titre").fill(TITLE)
    page.get_by_label("Phase").select_option("dusk")
    add_card(page, "hero_expedition", "A", "Garde forestière", forest=1)
    add_card(page, "hero_expedition", "B", "Sentinelle", mountain=1)
    expect(page.locator("#builder-board .card")).to_have_count(2)
    expect(page.locator(".check-status")).to_contain_text("Plateau jouable", timeout=RUNTIME_MS)
    expect(page.locator("#offline-engine")).to_contain_text("calculé dans ce navigateur")

    # saved with no network: kept on the phone, and said so
    page.get_by_role("button", name="Enregistrer", exact=True).click()
    expect(
        page.get_by_text("Non enregistré : pas de réseau. Gardé sur cet appareil, il sera enregistré dans votre compte")
    ).to_be_visible(timeout=RUNTIME_MS)
    expect(page.locator("#offline-outbox")).to_contain_text("1 scénario gardé sur cet appareil")
    expect(page.locator("#offline-outbox")).to_contain_text(TITLE)
    assert not Scenario.objects.filter(title=TITLE).exists()

    # stepped to its ruling in the stepper, by the engine in the browser
    with page.context.expect_page() as opened:
        page.get_by_role("button", name="Essayer sans enregistrer").click()
    tab = opened.value
    tab.set_default_timeout(RUNTIME_MS)
    expect(tab.locator("#stepper-position")).to_have_text("Étape 0", timeout=RUNTIME_MS)
    expect(tab.locator("#offline-engine")).to_contain_text("calculé dans ce navigateur", timeout=RUNTIME_MS)
    tab.get_by_role("button", name="Jusqu'à la phase suivante").click()
    verdict = tab.locator("#verdict")
    expect(verdict).to_be_visible(timeout=RUNTIME_MS)
    expect(verdict).to_contain_text("Décision : étape 1")
    expect(verdict).to_contain_text("7.3.11.a")
    expect(tab.locator("#log")).to_contain_text("L'Expédition du Héros de A avance de la région 0 à la région 1.")
    tab.close()

    # back online: the page sends what was kept as the network returns, and the account has it
    page.context.set_offline(False)
    outbox = page.locator("#offline-outbox")
    expect(outbox).to_contain_text("Enregistré dans votre compte (fait hors ligne)", timeout=INSTALL_MS)
    saved = Scenario.objects.get(author=page.judge, title=TITLE)
    assert saved.document["phase"] == "dusk"
    assert [c["name"] for p in "AB" for c in saved.document["players"][p]["hero_expedition"]] == [
        "Garde forestière",
        "Sentinelle",
    ]
    expect(outbox.get_by_role("link", name=f"« {TITLE} »")).to_have_attribute("href", saved.get_absolute_url())
    expect(outbox).not_to_contain_text("gardé sur cet appareil, à enregistrer")
    page.goto(f"{site}/scenarios/")
    expect(page.locator("main")).to_contain_text(TITLE)
    expect(outbox).to_contain_text(f"Enregistré dans votre compte (fait hors ligne) : « {TITLE} »")
    assert [e for e in js_errors if not re.search(r"ERR_INTERNET_DISCONNECTED|Failed to load resource", e)] == []


def open_offline(page: Page, site, scenario: Scenario) -> None:
    """The scenario's edit page visited online (kept for offline), then the network gone and the page reloaded."""
    install(page, site)
    edit = f"/scenarios/{scenario.uuid}/modifier/"
    page.goto(f"{site}{edit}")  # visited online: kept for offline
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok")
    name = "arbitre-offline-" + page.locator("#offline-status").get_attribute("data-version")
    page.wait_for_function(
        "([name, path]) => caches.open(name).then((c) => c.match(path)).then(Boolean)", arg=[name, edit]
    )
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok", timeout=RUNTIME_MS)


def test_an_edit_made_offline_meets_a_newer_save_and_both_versions_are_kept(judge_page: Page, site, js_errors):
    page = judge_page
    original = Scenario(
        author=page.judge, title="Plateau du matin", document=dict(EMPTY_DOCUMENT, title="Plateau du matin")
    )
    original.save_document()
    assert original.version == 1
    open_offline(page, site, original)
    page.get_by_label("Titre").fill("Version du téléphone")
    page.get_by_label("Phase").select_option("dusk")
    page.get_by_role("button", name="Enregistrer", exact=True).click()
    expect(page.locator("#offline-outbox")).to_contain_text("« Version du téléphone »", timeout=RUNTIME_MS)

    # meanwhile the judge saved from another device
    original.refresh_from_db()
    original.title = "Version du compte"
    original.save_document(expected_version=1)
    assert original.version == 2

    page.context.set_offline(False)
    outbox = page.locator("#offline-outbox")
    expect(outbox).to_contain_text("Conflit : « Version du téléphone » a été enregistré ailleurs", timeout=INSTALL_MS)
    expect(outbox).to_contain_text("Les deux versions sont gardées : celle du compte, version 2, et la vôtre")
    original.refresh_from_db()
    assert (original.title, original.version, original.document["phase"]) == ("Version du compte", 2, "noon")
    mine = Scenario.objects.get(author=page.judge, title="Version du téléphone (version hors ligne)")
    assert mine.document["phase"] == "dusk"
    expect(outbox.get_by_role("link", name="version 2", exact=True)).to_have_attribute(
        "href", original.get_absolute_url()
    )
    expect(outbox.get_by_role("link", name="« Version du téléphone (version hors ligne) »")).to_have_attribute(
        "href", mine.get_absolute_url()
    )
    expect(outbox).not_to_contain_text("à enregistrer dans votre compte")
    assert [e for e in js_errors if not re.search(r"ERR_INTERNET_DISCONNECTED|Failed to load resource", e)] == []


def test_a_save_kept_offline_is_sent_even_when_the_site_is_busy_as_the_network_returns(
    judge_page: Page, site, js_errors
):
    """The outbox gave up after three refusals (503, 429 or a fetch refused as the network came back) and
    left the save unsent and unsaid until the network dropped and returned again; it now tries on, waiting
    longer each time, while the device is online."""
    page = judge_page
    original = Scenario(
        author=page.judge, title="Plateau occupé", document=dict(EMPTY_DOCUMENT, title="Plateau occupé")
    )
    original.save_document()
    open_offline(page, site, original)
    page.get_by_label("Phase").select_option("dusk")
    page.get_by_role("button", name="Enregistrer", exact=True).click()
    expect(page.locator("#offline-outbox")).to_contain_text("« Plateau occupé »", timeout=RUNTIME_MS)

    busy = []  # the site answers 503 to the first four sends

    def site_busy(route):
        if route.request.method in ("PUT", "POST", "PATCH") and len(busy) < 4:
            busy.append(route.request.method)
            route.fulfill(status=503, content_type="application/json", body='{"detail": "occupé"}')
        else:
            route.continue_()

    page.route(f"**/api/scenarios/{original.uuid}/**", site_busy)
    page.context.set_offline(False)
    outbox = page.locator("#offline-outbox")
    expect(outbox).to_contain_text("Enregistré dans votre compte (fait hors ligne)", timeout=INSTALL_MS)
    assert len(busy) == 4
    original.refresh_from_db()
    assert original.document["phase"] == "dusk" and original.version == 2
    assert [e for e in js_errors if not re.search(r"ERR_INTERNET_DISCONNECTED|Failed to load resource|503", e)] == []


def test_a_saved_scenarios_stepper_visited_online_steps_offline_from_its_own_document(
    judge_page: Page, site, js_errors
):
    page = judge_page
    document = json.loads((FIXTURES / "afternoon-pass-then-dusk.json").read_text(encoding="utf-8"))
    scenario = Scenario(author=page.judge, title=document["title"], document=document)
    scenario.save_document()
    install(page, site)
    page.goto(f"{site}{scenario.get_absolute_url()}")
    expect(page.locator("#stepper-position")).to_have_text("Étape 0")
    name = "arbitre-offline-" + page.locator("#offline-status").get_attribute("data-version")
    page.wait_for_function(
        "([name, path]) => caches.open(name).then((c) => c.match(path)).then(Boolean)",
        arg=[name, scenario.get_absolute_url()],
    )

    page.context.set_offline(True)
    page.reload()  # the page kept, its landing asked of the engine in the browser (the page's own document)
    expect(page.locator("#stepper-position")).to_have_text("Étape 0", timeout=RUNTIME_MS)
    expect(page.locator("#offline-engine")).to_contain_text("calculé dans ce navigateur", timeout=RUNTIME_MS)
    step_until_pending(page, 3)
    online = (
        Client()
        .post(
            "/api/step/",
            {"document": document, "steps": int(page.locator("#stepper").get_attribute("data-steps"))},
            content_type="application/json",
        )
        .json()
    )
    expect(page.locator("#log li.entry")).to_have_count(len(online["log"]))
    expect(page.locator("#log")).to_contain_text(online["log"][-1]["text"])

    # its ruling, never opened online: its link shows the kept stepper at that step, computed here
    steps = online["steps"]
    ruling = page.get_by_role("link", name="Décision à montrer (lien pour les joueurs, imprimable)")
    href = ruling.get_attribute("href")
    assert href.startswith(f"/scenarios/{scenario.uuid}/decision/{scenario.share_token}/?etape={steps}")
    page.goto(f"{site}{href}")
    expect(page.locator("#stepper-position")).to_have_text(f"Étape {steps}", timeout=RUNTIME_MS)
    expect(page.locator("#log")).to_contain_text(online["log"][-1]["text"])
    assert page.url.startswith(
        f"{site}/scenarios/{scenario.uuid}/decision/{scenario.share_token}/"
    )  # the link to share
    assert [e for e in js_errors if not re.search(r"ERR_INTERNET_DISCONNECTED|Failed to load resource", e)] == []
