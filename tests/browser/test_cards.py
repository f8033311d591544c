"""Imported cards in the builder, in a real browser: a judge picks a card by its French name, the
card's fields fill in and its printed text shows beside the ability editor, the judge confirms the
proposed ability, and the stepper plays it (the Noon reaction, 1.3.2.c, gains the boost, 2.5.e)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from judge.cards.importer import import_paths
from judge.cards.models import ConfirmedEncoding

from ..cards.conftest import EXPORTS
from .conftest import assert_no_serious_axe_violations
from .test_builder import add_card, exported, panel

pytestmark = [
    pytest.mark.browser,
    pytest.mark.filterwarnings("ignore:Session-scoped fixtures defined as instance methods"),
]
NOON_BOOST = {"trigger": "noon", "effect": [{"action": "gain_counters", "target": "me", "name": "boost", "count": 1}]}


def test_pick_a_card_by_its_french_name_confirm_its_ability_and_step_it(judge_page: Page, site, js_errors):
    page = judge_page
    import_paths([EXPORTS])
    page.goto(f"{site}/scenarios/nouveau/")
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok")
    sheet = add_card(page, "hero_expedition", "A")
    finder = sheet.get_by_label("Carte imprimée (chercher par nom)")
    finder.fill("vigie zenith")  # no accent typed: « Vigie du Zénith »
    options = sheet.get_by_role("listbox", name="Versions de cartes").get_by_role("option")
    expect(options).to_have_count(2)  # the common and the rare versions, each apart
    expect(options.nth(0)).to_contain_text("Vigie du Zénith — Commune · MADE · Personnage (Zenith Lookout)")
    expect(options.nth(1)).to_contain_text("Rare")
    assert_no_serious_axe_violations(page, "card suggestions open")
    options.nth(0).click()

    expect(sheet.get_by_label("Nom", exact=True)).to_have_value("Vigie du Zénith")
    expect(sheet.get_by_label("Coût en Main")).to_have_value("2")
    expect(sheet.get_by_label("Forêt", exact=True)).to_have_value("2")
    printed = sheet.get_by_role("region", name="Texte imprimé de la carte")
    expect(printed).to_contain_text("À Midi — Je gagne 1 boost.")
    expect(printed).to_contain_text("Soutien : {D} : Piochez une carte.")
    expect(printed.locator(".proposal").first).to_contain_text("Proposition (à confirmer)")
    assert_no_serious_axe_violations(page, "printed text shown")
    printed.get_by_role("button", name="Confirmer la capacité 1 imprimée sur a1").click()
    expect(page.get_by_role("status").filter(has_text="Capacité confirmée")).to_be_visible()
    expect(
        panel(page).get_by_role("region", name="Texte imprimé de la carte").locator(".proposal").first
    ).to_contain_text("Déjà sur la carte")
    assert ConfirmedEncoding.objects.get(reference="90001").encoding == NOON_BOOST

    board = exported(page)
    card = board["players"]["A"]["hero_expedition"][0]
    assert card["card_ref"] == "ALT_MADE_B_AX_10_C"
    assert card["abilities"] == [NOON_BOOST]
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok")

    with page.context.expect_page() as opened:
        page.get_by_role("button", name="Essayer sans enregistrer").click()
    stepper = opened.value
    stepper.wait_for_load_state()
    for n in (1, 2, 3):
        stepper.get_by_role("button", name="Étape suivante").click()
        expect(stepper.locator("#stepper-position")).to_have_text(f"Étape {n}")
    entry = stepper.locator("#log .entry").filter(has_text="Vigie du Zénith gagne 1 jeton « boost » (0 → 1)")
    expect(entry).to_have_count(1)
    expect(entry.locator("a.rule-link", has_text="2.5.e")).to_have_count(1)
    expect(
        stepper.locator("#log .entry")
        .filter(has_text="réaction « À Midi » se déclenche")
        .locator("a.rule-link", has_text="1.3.2.c")
    ).to_have_count(1)
    assert js_errors == []


def test_a_confirmed_ability_is_offered_on_the_other_version(judge_page: Page, site, js_errors):
    page = judge_page
    import_paths([EXPORTS])
    support = {"quick": {"discard_me": True}, "effect": [{"action": "draw", "player": "self", "count": 1}]}
    ConfirmedEncoding.objects.create(reference="90002", encoding=support)
    page.goto(f"{site}/scenarios/nouveau/")
    sheet = add_card(page, "reserve", "A")
    finder = sheet.get_by_label("Carte imprimée (chercher par nom)")
    finder.fill("Zenith Lookout")  # the English name; picked with the keyboard
    expect(sheet.get_by_role("listbox", name="Versions de cartes").get_by_role("option")).to_have_count(2)
    expect(finder).to_have_attribute("aria-expanded", "true")
    finder.press("ArrowDown")
    expect(
        sheet.get_by_role("listbox", name="Versions de cartes").get_by_role("option", selected=True)
    ).to_contain_text("Rare")
    finder.press("Enter")
    expect(sheet.get_by_label("Coût en Main")).to_have_value("3")  # "#3#" in the export
    printed = sheet.get_by_role("region", name="Texte imprimé de la carte")
    expect(printed.locator("mark.differs")).to_have_text(["2 boosts", "2 boosts"])  # French, English
    confirmed = printed.locator(".proposal.confirmed")
    expect(confirmed).to_contain_text("Encodage confirmé par un juge")
    confirmed.get_by_role("button").click()
    expect(page.get_by_role("status").filter(has_text="Capacité ajoutée à a1")).to_be_visible()
    assert exported(page)["players"]["A"]["reserve"][0]["abilities"] == [support]
    assert js_errors == []


def test_without_imported_cards_the_card_editor_is_unchanged(judge_page: Page, site, js_errors):
    page = judge_page
    page.goto(f"{site}/scenarios/nouveau/")
    sheet = add_card(page, "hand", "A", "Garde forestière")
    expect(sheet.get_by_label("Nom", exact=True)).to_have_value("Garde forestière")
    expect(sheet.get_by_label("Carte imprimée (chercher par nom)")).to_have_count(0)
    expect(sheet.locator(".printed-text")).to_have_count(0)
    assert js_errors == []


def test_a_hero_version_gives_the_player_its_limits(judge_page: Page, site, js_errors):
    page = judge_page
    import_paths([EXPORTS])
    page.goto(f"{site}/scenarios/nouveau/")
    sheet = add_card(page, "hand", "B")
    sheet.get_by_label("Carte imprimée (chercher par nom)").fill("orelie")
    sheet.get_by_role("listbox", name="Versions de cartes").get_by_role("option").first.click()
    printed = sheet.get_by_role("region", name="Texte imprimé de la carte")
    expect(printed).to_contain_text("Limites du héros : Réserve 3, Repères 2")
    expect(printed.locator(".proposal")).to_have_count(0)  # "When you play a Permanent": not proposed
    printed.get_by_role("button", name="En faire le héros de B").click()
    hero = exported(page)["players"]["B"]["hero"]
    assert hero == {
        "name": "Orélie & Cliquet",
        "reserve_limit": 3,
        "landmark_limit": 2,
        "card_ref": "ALT_MADE_B_AX_01_C",
    }
    assert js_errors == []


def test_card_page_and_search_section_have_no_serious_axe_violation(page: Page, site, js_errors):
    import_paths([EXPORTS])
    page.goto(f"{site}/cartes/ALT_MADE_B_AX_10_R1/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Vigie du Zénith")
    expect(page.locator("mark.differs").first).to_have_text("2 boosts")
    assert_no_serious_axe_violations(page, "card page")
    page.goto(f"{site}/recherche/?q=fugace")
    expect(page.get_by_role("heading", name="Cartes", exact=True)).to_be_visible()
    assert_no_serious_axe_violations(page, "search with cards")
    page.goto(f"{site}/cartes/?q=zenith")
    expect(page.get_by_role("link", name="Vigie du Zénith")).to_have_count(2)
    assert_no_serious_axe_violations(page, "cards index")
    assert js_errors == []
