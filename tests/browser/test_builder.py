"""The builder page in a real browser (issue 5, items 2 and 6): a judge sets up a board without typing JSON.

Every test signs a fresh judge in (fixture ``judge_page``), drives the form by its labels, and checks
what reached the database. Assertions use Playwright's auto-waiting ``expect``: no sleeps.
"""
from __future__ import annotations

import copy
import json
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from judge.scenarios.models import Scenario
from judge.scenarios.views import EMPTY_DOCUMENT

from .conftest import assert_no_serious_axe_violations

pytestmark = [
    pytest.mark.browser,
    # pytest-playwright's own base_url fixture trips a pytest deprecation; not ours to fix.
    pytest.mark.filterwarnings("ignore:Session-scoped fixtures defined as instance methods"),
]

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios"
TITLE = "Garde fugace au Repos"
XSS = "<img src=x onerror=alert(1)>"


def card(cid: str, name: str, owner: str, statuses=(), **stats) -> dict:
    """A card as the builder writes it."""
    return {
        "id": cid, "name": name, "type": "character", "owner": owner, "hand_cost": 0, "reserve_cost": None,
        "stats": {"forest": 0, "mountain": 0, "water": 0, **stats}, "statuses": list(statuses),
        "counters": {}, "token": False,
    }


def expected_board() -> dict:
    doc = copy.deepcopy(EMPTY_DOCUMENT)
    doc.update(title=TITLE, day=2, phase="night")
    doc["players"]["A"]["hero_expedition"] = [card("a1", "Garde forestière", "A", ["fleeting"])]
    doc["players"]["A"]["reserve"] = [card(f"a{n}", "Éclaireur", "A", forest=2) for n in (2, 3, 4)]
    doc["players"]["B"]["hero_expedition"] = [card("b1", "Sentinelle", "B", mountain=1)]
    return doc


def zone(page: Page, path: str):
    return page.locator(f'[data-path="{path}"]')


def add_card(page: Page, zone_title: str, player: str, index: int):
    """Add a card with the zone's button; returns the card's element (its form is open)."""
    page.get_by_role("button", name=f"Ajouter une carte dans {zone_title} ({player})", exact=True).click()
    path = {"Expédition du héros": "hero_expedition", "Réserve": "reserve", "Main": "hand"}[zone_title]
    item = zone(page, f"players.{player}.{path}[{index}]")
    expect(item.get_by_label("Nom", exact=True)).to_be_focused()
    return item


def exported(page: Page) -> dict:
    show = page.get_by_role("button", name="Afficher le JSON")
    if show.count():
        show.click()
    return json.loads(page.get_by_label("Document JSON", exact=True).input_value())


def test_build_check_save_reload_export_import(judge_page: Page, site, js_errors):
    page = judge_page
    started = time.perf_counter()
    page.goto(f"{site}/scenarios/nouveau/")
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok")

    page.get_by_label("Titre").fill(TITLE)
    page.get_by_label("Jour", exact=True).fill("2")
    page.get_by_label("Phase").select_option("night")
    page.get_by_label("Visibilité").select_option("link")

    garde = add_card(page, "Expédition du héros", "A", 0)
    garde.get_by_label("Nom", exact=True).fill("Garde forestière")
    garde.get_by_label("Fugace").check()

    scout = add_card(page, "Réserve", "A", 0)
    scout.get_by_label("Nom", exact=True).fill("Éclaireur")
    scout.get_by_label("Forêt").fill("2")
    scout.get_by_role("button", name="Copier a2").click()
    zone(page, "players.A.reserve[1]").get_by_role("button", name="Copier a3").click()
    expect(zone(page, "players.A.reserve").locator("li.card")).to_have_count(3)

    sentinel = add_card(page, "Expédition du héros", "B", 0)
    expect(sentinel.get_by_label("Identifiant")).to_have_value("b1")
    sentinel.get_by_label("Nom", exact=True).fill("Sentinelle")
    sentinel.get_by_label("Montagne").fill("1")

    # A marker outside 0–7: the problem shows beside the field, live, and goes away once fixed.
    marker = page.get_by_label("Marqueur héros de A")
    marker.fill("9")
    beside = zone(page, "adventure.markers.A.hero").locator(".problem")
    expect(beside).to_have_text(re.compile(r"hors limites.*9"))
    expect(marker).to_have_attribute("aria-invalid", "true")
    expect(page.locator(".check-status")).to_contain_text("1 problème")
    marker.fill("0")
    expect(beside).to_have_count(0)
    expect(page.locator(".check-status")).to_contain_text("Plateau jouable")

    page.get_by_role("button", name="Enregistrer", exact=True).click()
    expect(page.get_by_role("status").filter(has_text="Scénario enregistré")).to_be_visible()
    elapsed = time.perf_counter() - started
    print(f"\nbuilder: board of 5 cards (3 typed, 2 copied) built and saved in {elapsed:.2f} s in the browser")

    scenario = Scenario.objects.get(author=page.judge)
    assert scenario.title == TITLE
    assert scenario.visibility == "link"
    assert scenario.problems == []
    assert scenario.document == expected_board()
    expect(page).to_have_url(f"{site}/scenarios/{scenario.uuid}/modifier/")
    stepper_link = page.get_by_role("link", name="Ouvrir dans le pas-à-pas")
    expect(stepper_link).to_have_attribute("href", f"/scenarios/{scenario.uuid}/")

    # The edit page rebuilds the same board.
    page.reload()
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok")
    expect(page.get_by_label("Titre")).to_have_value(TITLE)
    expect(page.get_by_label("Phase")).to_have_value("night")
    expect(page.get_by_label("Jour", exact=True)).to_have_value("2")
    expect(page.get_by_label("Visibilité")).to_have_value("link")
    garde = zone(page, "players.A.hero_expedition[0]")
    expect(garde.get_by_label("Nom", exact=True)).to_have_value("Garde forestière")
    expect(garde.get_by_label("Fugace")).to_be_checked()
    expect(zone(page, "players.A.reserve").locator("li.card")).to_have_count(3)
    expect(zone(page, "players.A.reserve[2]").get_by_label("Identifiant")).to_have_value("a4")
    expect(zone(page, "players.B.hero_expedition[0]").get_by_label("Nom", exact=True)).to_have_value("Sentinelle")

    # Export: shown, and downloaded, it is the saved document.
    assert exported(page) == scenario.document
    with page.expect_download() as download:
        page.get_by_role("button", name="Télécharger le JSON").click()
    assert download.value.suggested_filename == "garde-fugace-au-repos.json"
    assert json.loads(Path(download.value.path()).read_text(encoding="utf-8")) == scenario.document

    # Import a pasted document: the board is rebuilt from it, and saving stores it as it is.
    other = json.loads((FIXTURES / "dusk-asleep-not-counted.json").read_text(encoding="utf-8"))
    page.get_by_label("Document JSON à importer").fill(json.dumps(other))
    page.get_by_role("button", name="Importer").click()
    expect(page.get_by_text(re.compile(r"Document importé"))).to_be_visible()
    expect(page.get_by_label("Titre")).to_have_value(other["title"])
    expect(page.get_by_label("Phase")).to_have_value(other["phase"])
    first = other["players"]["A"]["hero_expedition"][0]
    expect(zone(page, "players.A.hero_expedition[0]").get_by_label("Identifiant")).to_have_value(first["id"])
    expect(zone(page, "players.A.reserve").locator("li.card")).to_have_count(len(other["players"]["A"].get("reserve", [])))
    assert exported(page) == other
    page.get_by_role("button", name="Enregistrer", exact=True).click()
    expect(page.get_by_role("status").filter(has_text="Modifications enregistrées")).to_be_visible()
    scenario.refresh_from_db()
    assert scenario.document == other
    assert scenario.title == other["title"]
    assert Scenario.objects.filter(author=page.judge).count() == 1
    assert_no_serious_axe_violations(page, "saved after an import")
    assert js_errors == []


def test_half_built_board_is_saved_as_a_private_draft(judge_page: Page, site, js_errors):
    page = judge_page
    page.goto(f"{site}/scenarios/nouveau/")
    page.get_by_label("Titre").fill("Brouillon")
    page.get_by_label("Visibilité").select_option("public")
    item = add_card(page, "Main", "A", 0)
    item.get_by_label("Identifiant").fill("")
    expect(zone(page, "players.A.hand[0].id").locator(".problem")).to_contain_text("identifiant")
    expect(item.locator(".card-badge")).to_have_text("⚠ 1")

    page.get_by_role("button", name="Enregistrer", exact=True).click()
    # The live check already says "… peut être enregistré comme brouillon privé": wait for the save
    # itself, which moves the page to the scenario's edit address.
    expect(page).to_have_url(re.compile(r"/scenarios/[0-9a-f-]{36}/modifier/$"))
    expect(page.get_by_role("status").filter(has_text="reste un brouillon privé")).to_be_visible()
    expect(page.get_by_label("Visibilité")).to_have_value("private")
    scenario = Scenario.objects.get(author=page.judge)
    assert scenario.visibility == "private"
    assert [p["path"] for p in scenario.problems] == ["players.A.hand[0].id"]
    assert_no_serious_axe_violations(page, "draft with problems")
    assert js_errors == []


def test_move_reorder_and_remove_cards(judge_page: Page, site, js_errors):
    page = judge_page
    page.goto(f"{site}/scenarios/nouveau/")
    for n in range(3):
        add_card(page, "Main", "A", n).get_by_label("Nom", exact=True).fill(f"Carte {n + 1}")
    # Hand → Deck, then reorder the deck: index 0 is the top.
    for cid in ("a1", "a2"):
        item = page.locator("li.card").filter(has=page.get_by_role("button", name=f"Supprimer {cid}", exact=True))
        item.get_by_label("Déplacer vers").select_option("A.deck")
        item.get_by_role("button", name="Déplacer", exact=True).click()
    deck = zone(page, "players.A.deck")
    expect(deck.locator("li.card")).to_have_count(2)
    page.get_by_role("button", name="Monter a2").click()
    expect(zone(page, "players.A.deck[0]").get_by_label("Identifiant")).to_have_value("a2")
    page.get_by_role("button", name="Supprimer a3").click()
    expect(zone(page, "players.A.hand").locator("li.card")).to_have_count(0)
    doc = exported(page)
    assert [c["id"] for c in doc["players"]["A"]["deck"]] == ["a2", "a1"]
    assert doc["players"]["A"]["hand"] == []
    assert js_errors == []


def test_card_name_is_shown_as_text(judge_page: Page, site, js_errors):
    page = judge_page
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(f"{site}/scenarios/nouveau/")
    page.get_by_label("Titre").fill(XSS)
    item = add_card(page, "Main", "A", 0)
    item.get_by_label("Nom", exact=True).fill(XSS)
    expect(item.locator(".card-label")).to_have_text(f"a1 · {XSS} · Personnage")
    page.get_by_role("button", name="Enregistrer", exact=True).click()
    expect(page.get_by_role("status").filter(has_text="Scénario enregistré")).to_be_visible()
    expect(page.locator("#builder-heading")).to_have_text(f"Modifier « {XSS} »")
    assert page.locator("main img").count() == 0

    page.reload()
    item = zone(page, "players.A.hand[0]")
    expect(item.locator(".card-label")).to_have_text(f"a1 · {XSS} · Personnage")
    expect(item.get_by_label("Nom", exact=True)).to_have_value(XSS)
    expect(page.locator("#builder-heading")).to_have_text(f"Modifier « {XSS} »")
    # The copy-from list of every zone names the card too: still text.
    expect(page.locator("option").filter(has_text=XSS).first).to_be_attached()
    assert page.locator("main img").count() == 0
    assert dialogs == []
    assert Scenario.objects.get(author=page.judge).document["players"]["A"]["hand"][0]["name"] == XSS
    assert js_errors == []


def test_try_without_saving_hands_the_board_to_the_stepper(judge_page: Page, site, js_errors):
    page = judge_page
    page.goto(f"{site}/scenarios/nouveau/")
    add_card(page, "Expédition du héros", "A", 0).get_by_label("Nom", exact=True).fill("Garde forestière")
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok")
    board = exported(page)
    with page.context.expect_page() as opened:
        page.get_by_role("button", name="Essayer sans enregistrer").click()
    trial = opened.value
    trial.wait_for_load_state()
    assert trial.url == f"{site}/scenarios/essai/"
    assert json.loads(trial.evaluate("() => sessionStorage.getItem('arbitre-trial')")) == board
    assert not Scenario.objects.filter(author=page.judge).exists()
    assert js_errors == []


def test_every_control_has_a_label_and_a_phone_gets_one_column(judge_page: Page, site, js_errors):
    page = judge_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site}/scenarios/nouveau/")
    page.get_by_label("Avec un héros").first.check()
    page.get_by_label("Nom du héros").fill("Sierra")
    item = add_card(page, "Main", "A", 0)
    item.get_by_role("button", name="Ajouter un compteur à a1").click()
    expect(item.get_by_label("Compteur", exact=True)).to_have_value("boost")
    item.get_by_label("Nombre").fill("2")
    page.get_by_role("button", name="Ajouter une décision").click()
    page.get_by_label("Décision", exact=True).select_option("play")
    page.get_by_label("Carte jouée").fill("a1")
    page.get_by_label("Expédition", exact=True).select_option("hero")
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok")
    unlabelled = page.evaluate(
        "() => [...document.querySelectorAll('#builder input, #builder select, #builder textarea')]"
        ".filter((e) => e.type !== 'hidden' && e.labels.length === 0).map((e) => e.outerHTML)"
    )
    assert unlabelled == []
    sizes = page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
    assert sizes[0] <= sizes[1], sizes
    doc = exported(page)
    assert doc["players"]["A"]["hero"] == {"name": "Sierra", "reserve_limit": 2, "landmark_limit": 2}
    assert doc["players"]["A"]["hand"][0]["counters"] == {"boost": 2}
    assert doc["decisions"] == [{"player": "A", "play": "a1", "expedition": "hero"}]
    assert_no_serious_axe_violations(page, "phone width, a decision added")
    assert js_errors == []
