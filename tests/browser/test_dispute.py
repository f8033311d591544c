"""Issue 13, "Done when": two disputes built on the builder's board without typing JSON, saved, and
opened in the stepper. Each test counts the judge's actions (a click, a fill, a choice in a list, a
drag: one each) and prints them with the time the test took in Debian's Chromium."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect

from judge.scenarios.models import Scenario

from .test_builder import drag

pytestmark = [
    pytest.mark.browser,
    pytest.mark.filterwarnings("ignore:Session-scoped fixtures defined as instance methods"),
]


class Judge:
    """The judge's hands: every action counted."""

    def __init__(self, page: Page):
        self.page = page
        self.count = 0
        self.started = time.perf_counter()

    def click(self, locator):
        self.count += 1
        locator.click()

    def fill(self, locator, text: str):
        self.count += 1
        locator.fill(text)

    def choose(self, locator, value: str):
        self.count += 1
        locator.select_option(value)

    def drag(self, source, target):
        self.count += 1
        drag(self.page, source, target)  # pressed, moved in steps, released: not drag_to's one jump

    def report(self, what: str) -> int:
        elapsed = time.perf_counter() - self.started
        print(f"\n{what}: {self.count} actions, {elapsed:.2f} s in the browser")
        return self.count


def new_board(page: Page, site: str):
    """The builder on an empty board; the judge's count starts once it is checked."""
    page.goto(f"{site}/scenarios/nouveau/")
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok")
    return page, Judge(page), page.locator("#side-panel")


def board(page: Page):
    return page.locator("#builder-board")


def region(page: Page, n: int):
    return board(page).locator(f'.region[data-region="{n}"]')


def test_both_heroes_meet_at_dusk_in_under_12_actions(judge_page: Page, site, js_errors):
    """A's hero expedition (a climber, mountain 2) stands on region 3 (T2's mountain half, face up),
    its companion expedition on region 4: at Dusk it moves forward, the expeditions meet, A wins (4.3.a)."""
    page, judge, panel = new_board(judge_page, site)

    judge.fill(page.get_by_label("Titre"), "Les deux Expéditions de A se rencontrent au Crépuscule")
    judge.choose(page.get_by_label("Phase"), "dusk")
    judge.drag(board(page).locator('[data-marker="A.hero"]'), region(page, 3))
    judge.drag(board(page).locator('[data-marker="A.companion"]'), region(page, 4))
    # A marker on a face-down region: a warning, beside the marker and in the summary.
    expect(page.locator("#problem-summary")).to_contain_text("la région 3 est face cachée")
    judge.click(page.get_by_role("button", name="Retourner T2 (face cachée)"))
    expect(page.locator("#problem-summary")).not_to_contain_text("face cachée")
    judge.click(page.get_by_role("button", name="Ajouter une carte dans Expédition du Héros (A)"))
    judge.fill(panel.get_by_label("Nom de la carte"), "Grimpeur")
    judge.fill(panel.get_by_label("Montagne"), "2")
    judge.click(panel.get_by_role("button", name="Ajouter : Personnage", exact=True))
    expect(board(page).locator('[data-zone="A.hero_expedition"] .card')).to_contain_text("Grimpeur")
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok")
    judge.click(page.get_by_role("button", name="Enregistrer", exact=True))
    expect(page.get_by_role("status").filter(has_text="Scénario enregistré")).to_be_visible()
    judge.click(page.get_by_role("link", name="Ouvrir dans le pas-à-pas"))
    actions = judge.report("dispute 'Both heroes meet at Dusk' built, saved and opened")
    assert actions < 12

    scenario = Scenario.objects.get(author=page.judge)
    doc = scenario.document
    assert scenario.problems == []
    assert doc["phase"] == "dusk"
    assert doc["adventure"]["markers"]["A"] == {"hero": 3, "companion": 4}
    assert doc["adventure"]["tumult"][1]["face_up"] is True
    [climber] = doc["players"]["A"]["hero_expedition"]
    assert (climber["name"], climber["stats"], climber["type"]) == (
        "Grimpeur",
        {"forest": 0, "mountain": 2, "water": 0},
        "character",
    )

    # The stepper plays it: A's hero expedition moves forward, meets the companion one, A wins.
    expect(page).to_have_url(f"{site}/scenarios/{scenario.uuid}/?etape=0")  # the stepper keeps its position in the URL
    page.get_by_role("button", name="Jusqu'à la fin").click()
    expect(page.locator("#winner")).to_contain_text("A")
    expect(page.locator("#log")).to_contain_text("4.3.a")
    assert js_errors == []


def test_reaction_and_two_step_spell_built_without_json(judge_page: Page, site, js_errors):
    """A card with a reaction (when it joins, a targeted character gains 1 boost) and a spell of two
    steps (a targeted character gains 1 boost, then your hero expedition moves forward), played by A."""
    page, judge, panel = new_board(judge_page, site)

    judge.fill(page.get_by_label("Titre"), "Sort en deux étapes et réaction")
    judge.choose(page.get_by_label("Phase"), "afternoon")
    # A character in A's hero expedition, with a reaction.
    judge.click(page.get_by_role("button", name="Ajouter une carte dans Expédition du Héros (A)"))
    judge.fill(panel.get_by_label("Nom de la carte"), "Guetteur")
    judge.fill(panel.get_by_label("Forêt"), "1")
    judge.click(panel.get_by_role("button", name="Ajouter : Personnage", exact=True))
    expect(panel).to_have_attribute("data-kind", "card")
    judge.click(panel.get_by_role("button", name="Ajouter une réaction à a1"))
    reaction = panel.locator(".ability").first
    expect(reaction.locator(".sentence").last).to_have_text(
        "Lorsque je rejoins la zone d'Expédition : Un Personnage ciblé gagne 1 jeton Boost."
    )
    judge.choose(reaction.get_by_label("Déclencheur"), "dusk")
    judge.choose(reaction.get_by_label("Cible (capacité 1 de a1, étape 1)"), "me")
    expect(reaction.locator(".sentence").last).to_have_text("Au Crépuscule : Je gagne 1 jeton Boost.")

    # A spell in A's hand: the preset gives its first step, a second is added.
    judge.click(page.get_by_role("button", name="Ajouter une carte dans Main (A)"))
    judge.fill(panel.get_by_label("Nom de la carte"), "Élan")
    judge.choose(panel.get_by_label("Effet du Sort"), "boost")
    judge.click(panel.get_by_role("button", name="Ajouter : Sort", exact=True))
    spell = panel.locator(".spell-effect")
    judge.choose(spell.get_by_label("Verbe de l'étape à ajouter (effet de a2)"), "move_forward")
    judge.click(spell.get_by_role("button", name="Ajouter une étape à effet de a2"))
    expect(spell.locator(":scope > .sentence")).to_have_text(
        "Un Personnage ciblé gagne 1 jeton Boost. Votre Expédition du Héros avance."
    )
    # The board shows what each card does.
    expect(board(page).locator('[data-card="a1"] .card-text')).to_have_text(
        "Au Crépuscule : Je gagne 1 jeton Boost (Guetteur)."
    )
    expect(board(page).locator('[data-card="a2"] .card-text')).to_contain_text("Votre Expédition du Héros avance.")

    # A plays the spell on the Guetteur: a decision from the card's editor, its target by id (no JSON).
    judge.click(panel.get_by_role("button", name="Ajouter la décision : A joue a2"))
    expect(page.get_by_label("Cibles (identifiants)")).to_be_focused()
    judge.fill(page.get_by_label("Cibles (identifiants)"), "a1")
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok")
    judge.click(page.get_by_role("button", name="Enregistrer", exact=True))
    expect(page.get_by_role("status").filter(has_text="Scénario enregistré")).to_be_visible()
    judge.click(page.get_by_role("link", name="Ouvrir dans le pas-à-pas"))
    judge.report("dispute 'reaction and two-step spell' built, saved and opened")

    scenario = Scenario.objects.get(author=page.judge)
    assert scenario.problems == []
    a = scenario.document["players"]["A"]
    assert a["hero_expedition"][0]["abilities"] == [
        {"trigger": "dusk", "effect": [{"action": "gain_counters", "target": "me", "count": 1, "name": "boost"}]}
    ]
    assert a["hand"][0]["type"] == "spell"
    assert a["hand"][0]["effect"] == [
        {"action": "gain_counters", "target": "choose", "count": 1, "name": "boost", "type": "character"},
        {"action": "move_forward", "expedition": "self.hero"},
    ]
    assert scenario.document["decisions"] == [{"player": "A", "play": "a2", "targets": ["a1"]}]
    expect(page).to_have_url(f"{site}/scenarios/{scenario.uuid}/?etape=0")  # the stepper keeps its position in the URL
    page.get_by_role("button", name="Jusqu'à la fin").click()
    expect(page.locator("#pending, #winner").filter(visible=True)).to_have_count(1)
    log = page.locator("#log")
    expect(log).to_contain_text("2.5.e")  # the spell's boost
    expect(log).to_contain_text("7.3.11.a")  # then the expedition moves forward
    assert js_errors == []
