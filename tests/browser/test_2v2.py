"""2v2 in Debian's Chromium (issue 7): the stepper draws a four-player library scenario and steps it;
the builder switches a board to 2v2 and saves four players."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import assert_no_serious_axe_violations
from .test_verdict import BROKEN_WORDS

pytestmark = [
    pytest.mark.browser,
    pytest.mark.filterwarnings("ignore:Session-scoped fixtures defined as instance methods"),
]

ROOT = Path(__file__).resolve().parents[2]
LIBRARY_FILE = "2v2-victory-one-player"


@pytest.fixture
def library_2v2(live_rules, tmp_path):
    """One 2v2 scenario of fixtures/scenarios/, loaded into the library as `make data` does."""
    from django.core.management import call_command

    shutil.copy(ROOT / "fixtures" / "scenarios" / f"{LIBRARY_FILE}.json", tmp_path)
    call_command("load_library", dir=str(tmp_path), verbosity=0)
    from judge.scenarios.models import Scenario

    title = json.loads((ROOT / "fixtures" / "scenarios" / f"{LIBRARY_FILE}.json").read_text(encoding="utf-8"))["title"]
    return Scenario.objects.get(title=title)


def test_stepper_draws_four_players_and_steps_a_2v2_scenario(page, site, library_2v2, js_errors):
    page.goto(f"{site}/scenarios/{library_2v2.uuid}/")
    expect(page.locator("#stepper-position")).to_have_text("Étape 0")
    board = page.locator("#board")
    for pid in ("A1", "A2", "B1", "B2"):
        expect(board.locator(f'section.player[data-player="{pid}"]')).to_have_count(1)
        expect(board.locator(f'.path[data-player="{pid}"] [data-region]')).to_have_count(8)
        expect(board.locator(f'[data-marker="{pid}.hero"]')).to_be_visible()
    expect(board.locator(".team-A section.player")).to_have_count(2)
    expect(board.locator('.path[data-player="A1"] [data-region="3"] [data-marker="A1.hero"]')).to_be_visible()
    expect(board.locator('.path[data-player="A1"] h4')).to_contain_text("Héros face à B2, Compagnon face à B1")

    # Dusk is one step (every comparison, then the moves): A1's expeditions meet, team A wins.
    page.get_by_role("button", name="Étape suivante").click()
    expect(page.locator("#stepper-position")).to_have_text("Étape 1")
    expect(page.locator("#log .entry.last").filter(has_text="face à B2").first).to_be_visible()
    expect(page.locator("#winner")).to_have_text("Fin de la partie : l'équipe A gagne.")
    expect(board.locator('.path[data-player="A1"] [data-region="4"] [data-marker="A1.hero"]')).to_be_visible()
    # The article is cited by title and section, linked to its glossary page.
    link = page.locator("#log a.article-link").filter(has_text="Conditions de victoire").first
    expect(link).to_have_attribute("href", "/regles/fr-1/glossaire/multijoueur-2v2-mode-de-jeu/")
    expect(page.locator("#log a.rule-link.num").filter(has_text=re.compile(r"^4\.3\.a$")).first).to_be_visible()
    assert_no_serious_axe_violations(page, "2v2, team A won")
    # On a phone the four paths' regions keep their names whole (« Compagnon » was cut in two).
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate(BROKEN_WORDS) == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def test_builder_switches_to_2v2_and_saves_four_players(judge_page, site, js_errors):
    from judge.scenarios.models import Scenario

    page = judge_page
    page.goto(f"{site}/scenarios/nouveau/")
    page.get_by_label("Titre").fill("Équipes au Crépuscule")
    page.get_by_label("Mode", exact=True).select_option("2v2")
    for pid in ("A1", "A2", "B1", "B2"):
        expect(page.locator(f'[data-path="players.{pid}"]')).to_have_count(1)
        expect(page.get_by_label(f"Marqueur héros de {pid}")).to_have_value("0")
    expect(page.get_by_label("Premier joueur")).to_have_value("A1")
    page.get_by_label("Phase").select_option("dusk")
    # On the board: A2's path, region 2; then a card in A2's hero expedition.
    page.locator('#builder-board .path[data-player="A2"] [data-region="2"]').click()
    page.get_by_role("button", name="Placer ici le marqueur Héros de A2").click()
    expect(page.get_by_label("Marqueur héros de A2")).to_have_value("2")
    # position 2 of A2's path is a half of a face-down Tumult card: a warning, not a problem
    expect(page.locator("#problem-summary li.warning").filter(has_text="Marqueur du Héros de A2")).to_contain_text(
        "face cachée"
    )
    page.get_by_role("button", name="Ajouter une carte dans Expédition du Héros (A2)", exact=True).click()
    item = page.locator("#side-panel")
    item.get_by_label("Nom de la carte").fill("Grimpeuse")
    item.get_by_label("Eau", exact=True).fill("2")
    item.get_by_role("button", name="Ajouter : Personnage", exact=True).click()
    expect(item.get_by_label("Identifiant")).to_have_value("a2-1")
    expect(page.locator(".check-status")).to_contain_text("Plateau jouable")

    page.get_by_role("button", name="Enregistrer", exact=True).click()
    expect(page.get_by_role("status").filter(has_text="Scénario enregistré")).to_be_visible()
    scenario = Scenario.objects.get(author=page.judge)
    doc = scenario.document
    assert scenario.problems == []
    assert doc["mode"] == "2v2"
    assert set(doc["players"]) == {"A1", "A2", "B1", "B2"}
    assert doc["adventure"]["layout"] == "2v2" and len(doc["adventure"]["tumult"]) == 6
    assert doc["adventure"]["markers"]["A2"]["hero"] == 2
    assert [c["id"] for c in doc["players"]["A2"]["hero_expedition"]] == ["a2-1"]

    # The stepper draws the saved four-player board.
    page.get_by_role("link", name="Ouvrir dans le pas-à-pas").click()
    expect(page.locator("#board section.player")).to_have_count(4)
    expect(page.locator('#board .path[data-player="A2"] [data-region="2"] [data-marker="A2.hero"]')).to_be_visible()
