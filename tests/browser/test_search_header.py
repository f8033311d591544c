"""The header's search box on a rule page (issue 15): "/" focuses it, an English game term finds the
French rule through the glossary, and a rule number typed loosely opens that rule on Enter."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import assert_no_serious_axe_violations

pytestmark = [
    pytest.mark.browser,
    pytest.mark.filterwarnings("ignore:Session-scoped fixtures defined as instance methods"),
]


def rule_url(site: str, number: str) -> str:
    return f"{site}/regles/fr-1/{number}/"


def test_header_box_takes_english_terms_and_loose_numbers_to_the_rule(page: Page, site, js_errors):
    page.goto(rule_url(site, "2.5"))
    header_box = page.get_by_label("Rechercher une règle")

    # "/" outside a text field focuses the header's box.
    page.locator("article.rule h1").click()
    page.keyboard.press("/")
    expect(header_box).to_be_focused()

    # An English term, suggested as typed: Resupply is Ravitailler (7.3.16), whose heading has no
    # text of its own: the rule defining it comes first (« Ravitailler signifie … »).
    header_box.press_sequentially("resupply")
    suggestions = page.locator("#header-suggestions")
    expect(suggestions).to_be_visible()
    first = suggestions.get_by_role("option").first
    expect(first).to_contain_text("7.3.16.a")
    assert_no_serious_axe_violations(page, "header suggestions open")
    header_box.press("ArrowDown")
    header_box.press("Enter")
    expect(page).to_have_url(rule_url(site, "7.3.16.a"))
    expect(page.locator("article.rule .english")).to_contain_text("Resupply")

    # The same with Enter on the term: the results page puts the rule first.
    header_box = page.get_by_label("Rechercher une règle")
    header_box.fill("fleeting")
    header_box.press("Enter")
    expect(page).to_have_url(re.compile(r"/recherche/\?q=fleeting$"))
    expect(page.locator("ol.results > li .result-title .num").first).to_have_text("2.4.6")

    # A loose number and Enter: straight to the rule's page.
    for typed, number in (("3.2.9 f", "3.2.9.f"), ("R2.4.6.c", "2.4.6.c")):
        header_box = page.get_by_label("Rechercher une règle")
        header_box.fill(typed)
        header_box.press("Enter")
        expect(page).to_have_url(rule_url(site, number))
        expect(page.locator("article.rule h1 .num")).to_have_text(number)
    assert js_errors == []


def test_header_box_reached_again_replaces_the_last_query(page: Page, site, js_errors):
    page.goto(f"{site}/recherche/?q=fugace")
    header_box = page.get_by_label("Rechercher une règle")
    expect(header_box).to_have_value("fugace")  # the last query, shown
    header_box.click()
    page.keyboard.type("lexique")
    expect(header_box).to_have_value("lexique")  # replaced, not "fugacelexique"
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    page.keyboard.type("2.4.6")
    expect(header_box).to_have_value("2.4.6")
    assert js_errors == []
