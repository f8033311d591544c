"""Every page in every state the browser tests reach has no serious or critical axe-core violation
(axe-core 4.x, shipped by axe-playwright-python: no network). The walk prints the figures per page
(``-s``), so the before/after of a change can be read from one run."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from . import test_training
from .conftest import BLOCKING_IMPACTS, axe_violations, describe_violations, sign_in, step_until_pending
from .test_stepper import make_scenario

starter_set = test_training.starter_set  # the fixture: part of the library and its exercises

pytestmark = [
    pytest.mark.browser,
    pytest.mark.filterwarnings("ignore:Session-scoped fixtures defined as instance methods"),
]


def test_every_page_has_no_serious_axe_violation(page: Page, site, make_judge, starter_set):
    from judge.training.models import Exercise
    from rules_ref.concordance import import_concordance

    import_concordance("fr-1")
    found: dict[str, list[dict]] = {}

    def check(name: str) -> None:
        found[name] = axe_violations(page, impacts=None)

    def visit(name: str, path: str, ready: str = "main") -> None:
        page.goto(f"{site}{path}")
        expect(page.locator(ready).first).to_be_visible()
        check(name)

    visit("home", "/")
    page.locator("main input[name=q]").fill("fugace")
    expect(page.locator("[role=option]").first).to_be_visible()
    check("home (suggestions open)")
    visit("results", "/recherche/?q=fugace")
    visit("results (number)", "/recherche/?q=2.4.6")
    visit("results (missing number)", "/recherche/?q=2.4.6.z")
    visit("results (players' words)", "/recherche/?q=bibli")
    visit("results (the lexicon's page)", "/recherche/?q=lexique")
    visit("results (a situation read)", "/recherche/?q=piocher+avec+un+deck+vide")
    visit("rule page", "/regles/fr-1/2.4.6.c/")
    visit("table of contents", "/regles/")
    visit("glossary article", "/regles/fr-1/glossaire/card-advantage/", "h1")
    visit("rule page (also called)", "/regles/fr-1/3.2.2/")
    visit("rule page (situations it decides)", "/regles/fr-1/3.2.2.d/")
    visit("lexicon (filtered)", "/regles/lexique/?filtre=tap", "h1")
    visit("lexicon", "/regles/lexique/", "h1")
    page.get_by_label("Rechercher une règle").press_sequentially("resupply")
    expect(page.locator("#header-suggestions [role=option]").first).to_be_visible()
    check("lexicon (header suggestions open)")
    visit("changes", "/regles/changements/")
    visit("library", "/scenarios/")
    visit("library (search)", "/scenarios/?q=fugace&rule=2.4.6")
    visit("error page (404)", "/regles/fr-1/99.99/", "h1")
    visit("login", "/comptes/login/", "form")
    exercise = Exercise.objects.get(source="fixtures/exercises.json#fugace-repos-zone")
    visit("training", "/entrainement/")
    visit("exercise", f"/entrainement/exercice/{exercise.uuid}/", "#options input")
    page.locator('#options input[value="A.reserve"]').check()
    page.get_by_role("button", name="Valider").click()
    expect(page.locator("#verdict")).to_have_text("Mauvaise réponse.")
    check("exercise (answer shown)")

    judge = make_judge("juge")
    sign_in(page, site, "juge")
    visit("library (signed in)", "/scenarios/")
    visit("builder", "/scenarios/nouveau/", "#builder[data-check=ok]")
    scenario = make_scenario(judge)
    visit("stepper", f"/scenarios/{scenario.uuid}/", "#board section.player")
    expect(step_until_pending(page, 8)).to_be_visible()
    check("stepper (decision pending)")
    visit("ruling", f"/scenarios/{scenario.uuid}/decision/?etape=3&note=Voir+4.2.5.c", "h1")
    expect(page.locator("#note-text a.cite")).to_have_attribute("href", "/regles/fr-1/4.2.5.c/")
    check("ruling (note with a rule number)")

    if dump := os.environ.get("ARBITRE_AXE_DUMP"):  # every violation's elements, for fixing them
        Path(dump).write_text(json.dumps(found, indent=1, ensure_ascii=False), encoding="utf-8")
    print("\naxe-core violations per page (elements), serious or critical / all impacts:")
    for name, violations in found.items():
        blocking = sum(len(v["nodes"]) for v in violations if v["impact"] in BLOCKING_IMPACTS)
        ids = ", ".join(f"{v['id']}({v['impact']})×{len(v['nodes'])}" for v in violations)
        print(f"  {name:28} {blocking:3} / {sum(len(v['nodes']) for v in violations):3}  {ids}")
    blocking = {name: [v for v in vs if v["impact"] in BLOCKING_IMPACTS] for name, vs in found.items()}
    assert {name: describe_violations(vs) for name, vs in blocking.items() if vs} == {}
