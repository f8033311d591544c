"""The stepper page in Debian's Chromium: a judge steps a saved board to a decision, chooses, runs to
the end, reads a rule from the log, comes back, goes back one step, forks; another judge cannot edit."""
from __future__ import annotations

import copy
import re

import pytest
from playwright.sync_api import expect

from .conftest import assert_no_serious_axe_violations, sign_in, step_until_pending

pytestmark = pytest.mark.browser

NASTY = 'Trois <img src=x onerror="window.pwned=1">'


def cleanup_board() -> dict:
    """Night of day 2: a fleeting character rests, then A must keep 2 of 3 cards in Reserve."""
    from judge.scenarios.views import EMPTY_DOCUMENT

    doc = copy.deepcopy(EMPTY_DOCUMENT)
    doc.update(day=2, phase="night", seed=7)
    doc["players"]["A"]["hero"] = {"name": "Sierra", "reserve_limit": 2, "landmark_limit": 2}
    doc["players"]["A"]["reserve"] = [
        {"id": "a1", "name": "Un", "hand_cost": 2, "reserve_cost": 1},
        {"id": "a2", "name": "Deux", "hand_cost": 2, "reserve_cost": 1},
        {"id": "a3", "name": NASTY, "hand_cost": 2, "reserve_cost": 1},
    ]
    doc["players"]["A"]["hero_expedition"] = [
        {"id": "a4", "name": "Garde forestière", "stats": {"forest": 2}, "statuses": ["fleeting"]},
    ]
    doc["players"]["A"]["mana"] = [{"id": "a5", "statuses": ["exhausted"]}, {"id": "a6"}]
    return doc


def make_scenario(author, visibility="link", document=None, title="Nettoyage au Repos"):
    from judge.scenarios.models import Scenario

    scenario = Scenario(title=title, author=author, visibility=visibility, document=document or cleanup_board())
    scenario.save_document()
    return scenario


def position(page) -> int:
    return int(page.locator("#stepper").get_attribute("data-steps"))


def test_judge_steps_chooses_reads_a_rule_goes_back_and_forks(judge_page, site, js_errors, browser, make_judge):
    from judge.scenarios import runner
    from judge.scenarios.models import Scenario

    page = judge_page
    scenario = make_scenario(page.judge)
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    expect(page.locator("#stepper-position")).to_have_text("Étape 0")
    board = page.locator("#board")
    expect(board.locator('[data-zone="A.reserve"] .card')).to_have_count(3)
    expect(board.locator('[data-card="a4"]')).to_contain_text("Fugace")
    expect(board.locator('[data-region]')).to_have_count(8)
    expect(board.locator('[data-marker="A.hero"]')).to_be_visible()
    expect(board.locator('.orb.exhausted')).to_have_count(1)
    # The card name with markup is shown as text, never parsed.
    expect(board.locator('[data-card="a3"] .card-name')).to_have_text(NASTY)
    assert board.locator("img").count() == 0

    # Step until the engine waits for A's clean-up choice.
    pending = step_until_pending(page, 5)
    expect(pending).to_contain_text("Décision attendue : joueur A")
    expect(page.get_by_role("button", name="Étape suivante")).to_be_disabled()
    choices = pending.locator(".choices button")
    expect(choices).to_have_count(3)
    # The fleeting character went to the discard at Rest: highlighted as touched by a step.
    expect(board.locator('[data-zone="A.discard"] [data-card="a4"]')).to_be_visible()

    keep = pending.get_by_role("button", name="A garde Un (a1), Deux (a2)")
    chosen_at = position(page)
    keep.click()
    expect(page.locator("#stepper-position")).to_have_text(f"Étape {chosen_at + 1}")
    expect(page.locator("#log .entry.last")).to_contain_text("A garde Un, Deux")

    # Run to the end (or the next decision).
    page.get_by_role("button", name="Jusqu'à la fin").click()
    expect(page.locator("#pending, #winner").filter(visible=True)).to_have_count(1)
    end = position(page)
    assert end > chosen_at + 1
    end_log = page.locator("#log .entry").count()
    end_board = board.inner_text()
    assert page.evaluate("window.pwned") is None

    # One step back, then forward again: same board as when we were there.
    page.get_by_role("button", name="Étape précédente").click()
    expect(page.locator("#stepper-position")).to_have_text(f"Étape {end - 1}")
    before_log = page.locator("#log .entry").count()
    assert before_log < end_log
    before_board = board.inner_text()
    page.get_by_role("button", name="Étape suivante").click()
    expect(page.locator("#stepper-position")).to_have_text(f"Étape {end}")
    expect(page.locator("#log .entry")).to_have_count(end_log)
    assert board.inner_text() == end_board

    # A rule of the log: its text in the side panel on hover, its page when followed.
    link = page.locator("#log .entry").filter(has_text="A garde Un, Deux").locator("a.rule-link", has_text="4.2.5.c")
    link.hover()
    expect(page.locator("#rule-panel")).to_contain_text("Nettoyage")
    link.click()
    expect(page).to_have_url(f"{site}/regles/fr-1/4.2.5.c/")
    expect(page.locator("h1")).to_contain_text("4.2.5.c")
    page.go_back()
    expect(page.locator("#stepper-position")).to_have_text(f"Étape {end}")

    # Back one step: shorter log, the board as it was at that step.
    page.get_by_role("button", name="Étape précédente").click()
    expect(page.locator("#stepper-position")).to_have_text(f"Étape {end - 1}")
    expect(page.locator("#log .entry")).to_have_count(before_log)
    assert board.inner_text() == before_board

    # Fork here: a private scenario of this judge that reloads at exactly this position.
    page.get_by_role("button", name="Créer une variante à cette étape").click()
    fork_link = page.locator("#fork-link")
    expect(fork_link).to_contain_text(f"variante (étape {end - 1})")
    fork = Scenario.objects.get(forked_from=scenario)
    assert fork.author == page.judge and fork.visibility == "private" and fork.problems == []
    original = runner.run(scenario.document, until="none", steps=end - 1,
                          decisions=[{"player": "A", "keep": ["a1", "a2"]}])
    reloaded = runner.run(fork.document, until="none")
    for key in ("players", "adventure", "limbo", "day", "phase", "first_player"):
        assert reloaded["state"][key] == original["state"][key], key
    assert reloaded["pending"] == original["pending"]
    fork_link.click()
    expect(page.locator("#stepper-position")).to_have_text("Étape 0")
    assert board.inner_text() == before_board
    expect(page.locator("#edit-link")).to_have_attribute("href", f"/scenarios/{fork.uuid}/modifier/")
    assert_no_serious_axe_violations(page, "fork at step 0")
    assert js_errors == []

    # Another judge can read the shared scenario and copy it, but not edit it.
    make_judge("autre")
    other = browser.new_context(locale="fr-FR").new_page()
    other.set_default_timeout(5_000)
    sign_in(other, site, "autre", next_path=f"/scenarios/{scenario.uuid}/")
    expect(other.locator("#stepper-position")).to_have_text("Étape 0")
    expect(other.locator("#edit-link")).to_have_count(0)
    expect(other.get_by_role("button", name="Copier dans mes scénarios")).to_be_visible()
    response = other.goto(f"{site}/scenarios/{scenario.uuid}/modifier/")
    assert response.status == 403
    assert other.goto(f"{site}/scenarios/{fork.uuid}/").status == 404   # the private fork stays private
    other.context.close()


def test_copy_button_makes_a_private_copy_for_another_judge(judge_page, site, make_judge):
    from judge.scenarios.models import Scenario

    author = make_judge("auteur")
    scenario = make_scenario(author, visibility="public", title="Bibliothèque : nettoyage")
    page = judge_page
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    page.get_by_role("button", name="Copier dans mes scénarios").click()
    expect(page).to_have_url(re.compile(r"/scenarios/[0-9a-f-]+/modifier/$"))
    copy_ = Scenario.objects.get(forked_from=scenario, author=page.judge)
    assert copy_.visibility == "private"


def test_scenario_with_problems_shows_them_instead_of_running(judge_page, site, js_errors):
    doc = cleanup_board()
    doc["adventure"]["markers"]["A"]["hero"] = 9
    scenario = make_scenario(judge_page.judge, visibility="private", document=doc)
    assert scenario.problems
    page = judge_page
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    problems = page.locator("#stepper-problems")
    expect(problems).to_contain_text("adventure.markers.A.hero")
    expect(page.get_by_role("button", name="Étape suivante")).to_be_hidden()
    expect(page.locator("#board .player")).to_have_count(0)
    assert_no_serious_axe_violations(page, "problems shown")
    assert js_errors == []


def test_anonymous_reader_is_asked_to_sign_in_to_fork(page, site, make_judge):
    scenario = make_scenario(make_judge("auteur"), visibility="public")
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    expect(page.locator("#stepper-position")).to_have_text("Étape 0")
    page.get_by_role("button", name="Jusqu'à la fin").click()
    expect(page.locator("#pending")).to_be_visible()
    expect(page.locator("#fork").get_by_role("link", name="Connectez-vous")).to_be_visible()
    expect(page.locator("#edit-link")).to_have_count(0)
    assert_no_serious_axe_violations(page, "decision pending, anonymous")


def test_trial_reads_the_unsaved_board_from_session_storage(page, site, js_errors):
    import json

    page.goto(f"{site}/scenarios/essai/")
    expect(page.locator("#stepper-problems")).to_contain_text("aucun plateau")
    page.evaluate("doc => sessionStorage.setItem('arbitre-trial', doc)", json.dumps(cleanup_board()))
    page.reload()
    expect(page.locator("#stepper-position")).to_have_text("Étape 0")
    page.get_by_role("button", name="Jusqu'à la fin").click()
    expect(page.locator("#pending .choices button")).to_have_count(3)
    expect(page.locator("#fork").get_by_role("link", name="Connectez-vous")).to_be_visible()
    assert_no_serious_axe_violations(page, "trial, decision pending")
    assert js_errors == []
