"""Rule pages show where each French rule stands in the official rules (issue 12), in a real browser:
a changed rule warns with the note, an unchanged one says so, and an official number is searchable."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from rules_ref.concordance import OFFICIAL_URL

from .conftest import assert_no_serious_axe_violations

pytestmark = [
    pytest.mark.browser,
    pytest.mark.filterwarnings("ignore:Session-scoped fixtures defined as instance methods"),
]


@pytest.fixture
def official_site(site):
    from rules_ref.concordance import import_concordance

    import_concordance("fr-1")
    return site


def test_changed_and_unchanged_rule_pages(page: Page, official_site, js_errors):
    page.goto(f"{official_site}/regles/fr-1/2.4.6.c/")
    block = page.locator("aside.concordance")
    warning = block.locator(".concordance-warning")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("Modifiée depuis cette traduction : Étendue aux Permanents d'Expédition")
    expect(block.locator(".concordance-line")).to_contain_text("Règles officielles (EN) : CR 5.0 2.4.7.d — modifiée")
    expect(block.get_by_role("link", name="règles officielles sur altered.gg")).to_have_attribute("href", OFFICIAL_URL)

    page.goto(f"{official_site}/regles/fr-1/1.1.6.a/")
    block = page.locator("aside.concordance")
    expect(block.locator(".concordance-line")).to_contain_text("Règles officielles (EN) : CR 5.0 1.1.6.a — inchangée")
    expect(block.locator(".concordance-warning")).to_have_count(0)

    # from the rule to the list of every change, then back to a changed rule
    block.get_by_role("link", name="tous les changements").click()
    expect(page).to_have_url(re.compile(r"/regles/fr-1/changements/$"))
    expect(page.get_by_role("heading", name="Section 4 — Déroulement de la partie")).to_be_visible()
    page.locator('tr[data-rule="4.3.a"]').get_by_role("link").click()
    expect(page.locator(".concordance-warning")).to_contain_text("La victoire n'est plus immédiate")
    assert_no_serious_axe_violations(page, "changed rule")
    assert js_errors == []


def test_table_of_contents_marks_and_official_number_search(page: Page, official_site, js_errors):
    page.goto(f"{official_site}/regles/")
    line = page.locator("ul.toc li").filter(has=page.locator('a[href="/regles/fr-1/2.4.6.c/"]'))
    expect(line.locator(".verdict")).to_have_text("modifiée")
    unchanged = page.locator("ul.toc li").filter(has=page.locator('a[href="/regles/fr-1/1.1.6.a/"]'))
    expect(unchanged.locator(".verdict")).to_have_count(0)

    page.get_by_label("Rechercher une règle").fill("cr5 2.4.7.d")
    page.get_by_label("Rechercher une règle").press("Enter")
    expect(page.locator(".official-notice")).to_have_text("CR 5.0 2.4.7.d correspond à la règle française 2.4.6.c.")
    page.locator("ol.results a.result-title").first.click()
    expect(page).to_have_url(re.compile(r"/regles/fr-1/2\.4\.6\.c/$"))
    assert js_errors == []


def test_phone_width_pages_do_not_overflow(page: Page, official_site):
    page.set_viewport_size({"width": 390, "height": 844})
    for path in ("/regles/fr-1/2.4.6.c/", "/regles/fr-1/changements/", "/recherche/?q=cr5+4.2.5.d"):
        page.goto(f"{official_site}{path}")
        sizes = page.evaluate(
            "() => ({scrollWidth: document.scrollingElement.scrollWidth, innerWidth: window.innerWidth})"
        )
        assert sizes["scrollWidth"] <= sizes["innerWidth"], f"{path} overflows horizontally: {sizes}"
        assert_no_serious_axe_violations(page, "phone width")
