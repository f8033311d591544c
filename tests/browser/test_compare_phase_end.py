"""The comparison's « Fin de cette phase » (F) in Debian's Chromium: both columns stop on the Night's
last step, the Morning's beginning (logged by the engine in the same step) held for the next move,
as the stepper's F does; and a comparison opened where the stepper's F left the judge opens there."""

from __future__ import annotations

import copy

import pytest
from playwright.sync_api import expect

from .conftest import assert_no_serious_axe_violations

pytestmark = [
    pytest.mark.browser,
    pytest.mark.filterwarnings("ignore:Session-scoped fixtures defined as instance methods"),
]

MORNING = "début de la phase : Matin"


@pytest.fixture
def official(site):
    from rules_ref.concordance import import_concordance

    import_concordance("fr-1")
    return site


def fugace_scenario(author):
    """Night of day 2: a Fugace character and another in A's hero Expedition (2.4.6.c at Rest)."""
    from judge.scenarios.models import Scenario
    from judge.scenarios.views import EMPTY_DOCUMENT

    doc = copy.deepcopy(EMPTY_DOCUMENT)
    doc.update(phase="night", day=2)
    doc["players"]["A"]["hero_expedition"] = [
        {"id": "a1", "name": "Garde", "type": "character", "statuses": ["fleeting"]},
        {"id": "a2", "name": "Éclaireur", "type": "character"},
    ]
    scenario = Scenario(title="Fugace à la Nuit", author=author, visibility="link", document=doc)
    scenario.save_document()
    assert scenario.problems == [], scenario.problems
    return scenario


def columns(page):
    return [page.locator(f'#compare .compare-column[data-ruleset="{r}"]') for r in ("fr-1", "cr-5.0")]


def test_f_in_the_comparison_stops_on_the_night_s_last_step(judge_page, official, js_errors):
    page, site = judge_page, official
    scenario = fugace_scenario(page.judge)
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    expect(page.locator("#stepper-position")).to_have_text("Étape 0")
    page.get_by_role("button", name="Comparer avec CR 5.0").click()
    fr1, cr5 = columns(page)
    expect(fr1).to_have_attribute("data-steps", "0")
    expect(cr5).to_have_attribute("data-steps", "3")  # opened at the same moment: the Night, before its end
    page.keyboard.press("f")
    for col in (fr1, cr5):
        expect(col).to_have_attribute("data-held", "true")
        expect(col).to_have_attribute("data-steps", "4")
        expect(col.locator(".compare-position")).to_contain_text("(fin de la phase) — jour 2, Nuit")
        expect(col.locator(".compare-log")).not_to_contain_text(MORNING)
        expect(col.locator(".compare-end")).to_contain_text("Fin de la phase Nuit")
    expect(fr1.locator(".compare-log")).to_contain_text("2.4.6.c")  # the Fugace character discarded at Rest
    assert_no_serious_axe_violations(page, "compare held at the Night's end")
    # The next step shows the rest of that step: the Morning begins, the position unchanged.
    page.keyboard.press("ArrowRight")
    for col in (fr1, cr5):
        expect(col).to_have_attribute("data-held", "false")
        expect(col).to_have_attribute("data-steps", "4")
        expect(col.locator(".compare-position")).to_contain_text("jour 3, Matin")
        expect(col.locator(".compare-log")).to_contain_text(MORNING)
    # F again: the end of the Morning, not past it.
    page.keyboard.press("f")
    for col in (fr1, cr5):
        expect(col.locator(".compare-position")).to_contain_text("jour 3, Matin")
        expect(col.locator(".compare-log")).not_to_contain_text("début de la phase : Midi")
    assert js_errors == []


def test_the_comparison_opens_where_the_stepper_s_f_stopped(judge_page, official, js_errors):
    page, site = judge_page, official
    scenario = fugace_scenario(page.judge)
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    expect(page.locator("#stepper-position")).to_have_text("Étape 0")  # the stepper has landed
    page.keyboard.press("f")
    expect(page.locator("#stepper-position")).to_have_text("Étape 4 (fin de la phase)")
    page.get_by_role("button", name="Comparer avec CR 5.0").click()
    for col in columns(page):
        expect(col).to_have_attribute("data-held", "true")
        expect(col.locator(".compare-position")).to_contain_text("Étape 4 (fin de la phase) — jour 2, Nuit")
        expect(col.locator(".compare-log")).not_to_contain_text(MORNING)
    assert js_errors == []
