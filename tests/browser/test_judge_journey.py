"""The whole journey of issue 5 in one go, as a new user would make it: sign in, build a board of three
cards with the builder (no JSON typed), save it, open it in the stepper, step to the decision, choose,
reach the end, follow a rule link from the log, come back, go back one step, fork."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from judge.scenarios.models import Scenario

from .conftest import assert_no_serious_axe_violations, step_until_pending
from .test_builder import add_card

pytestmark = pytest.mark.browser


def test_build_save_step_choose_end_rule_back_fork(judge_page: Page, site, js_errors):
    page = judge_page
    started = time.perf_counter()
    page.goto(f"{site}/scenarios/nouveau/")
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok")
    page.get_by_label("Titre").fill("Trois cartes en Réserve la nuit")
    page.get_by_label("Jour", exact=True).fill("2")
    page.get_by_label("Phase").select_option("night")
    editor = add_card(page, "reserve", "A", "Éclaireur")
    editor.get_by_role("button", name="Copier a1").click()
    editor.get_by_role("button", name="Copier a2").click()
    expect(page.locator('#builder-board [data-zone="A.reserve"] .card')).to_have_count(3)
    expect(page.locator(".check-status")).to_contain_text("Plateau jouable")
    page.get_by_role("button", name="Enregistrer", exact=True).click()
    expect(page).to_have_url(re.compile(r"/scenarios/[0-9a-f-]{36}/modifier/$"))
    built = time.perf_counter() - started
    print(f"\njourney: a three-card board built and saved in {built:.2f} s (browser test)")
    scenario = Scenario.objects.get(author=page.judge)
    assert [c["id"] for c in scenario.document["players"]["A"]["reserve"]] == ["a1", "a2", "a3"]

    page.get_by_role("link", name="Ouvrir dans le pas-à-pas").click()
    expect(page.locator("#stepper-position")).to_have_text("Étape 0")
    pending = step_until_pending(page, 7)
    expect(pending).to_contain_text("joueur A")
    pending.get_by_role("button", name="A garde Éclaireur (a1), Éclaireur (a3)").click()
    expect(page.locator("#log .entry.last")).to_contain_text("A garde")
    page.get_by_role("button", name="Jusqu'à la fin").click()
    expect(page.locator("#pending, #winner").filter(visible=True)).to_have_count(1)
    end = int(page.locator("#stepper").get_attribute("data-steps"))
    # The clean-up's rule, from the log to its page and back.
    page.locator("#log a.rule-link", has_text="4.2.5.c").first.click()
    expect(page).to_have_url(f"{site}/regles/fr-1/4.2.5.c/")
    expect(page.locator("h1")).to_contain_text("4.2.5.c")
    page.go_back()
    expect(page.locator("#stepper-position")).to_have_text(f"Étape {end}")
    page.get_by_role("button", name="Étape précédente").click()
    expect(page.locator("#stepper-position")).to_have_text(f"Étape {end - 1}")
    page.get_by_role("button", name="Créer une variante à cette étape").click()
    expect(page.locator("#fork-link")).to_contain_text(f"variante (étape {end - 1})")
    fork = Scenario.objects.get(forked_from=scenario)
    assert fork.author == page.judge and fork.problems == []
    # The choice was played before the fork: a2 left the Reserve at the clean-up.
    assert "a2" not in [c["id"] for c in fork.document["players"]["A"]["reserve"]]
    assert_no_serious_axe_violations(page, "forked")
    assert js_errors == []
