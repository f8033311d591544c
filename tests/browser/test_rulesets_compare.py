"""The rule set of a scenario in Debian's Chromium (issue 12): a judge switches a scenario to the
Comprehensive Rules 5.0 in the builder, sees it on the board, compares the two rulings in one click
(the two logs side by side with their rule sets, their ends and their citations: v5.0 paragraphs
linked to their page, the fr-1 entry whose rule changed by v5.0 marked), steps both, and follows a
v5.0 citation to the French rules it stands for."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import assert_no_serious_axe_violations

pytestmark = [
    pytest.mark.browser,
    pytest.mark.filterwarnings("ignore:Session-scoped fixtures defined as instance methods"),
]

SCENARIOS = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios"
#: A wins in the middle of a spell: their Expeditions meet (fr-1 4.3.a, changed by v5.0: 4.2.5.d).
MEETING = SCENARIOS / "end-first-meeting-in-an-effect-wins.json"
#: The same game decided at Dusk under fr-1 and at Night under cr-5.0 (the engine helpers' scenario).
VICTORY_AT_NIGHT = SCENARIOS / "cr5-victory-meet-at-night.json"
FR1_LABEL = "Règles : FR v1.x (traduction française, 2024)"
CR5_LABEL = "Règles : CR 5.0 (Comprehensive Rules officielles, 2026)"


@pytest.fixture
def official(site):
    from rules_ref.concordance import import_concordance

    import_concordance("fr-1")
    return site


def saved(author, path: Path, title: str, rules: str | None = None):
    from judge.scenarios.models import Scenario

    doc = json.loads(path.read_text(encoding="utf-8"))
    if rules:
        doc["rules"] = rules
    scenario = Scenario(title=title, author=author, visibility="link", document=doc)
    scenario.save_document()
    assert scenario.problems == [], scenario.problems
    return scenario


def column(page, ruleset: str):
    return page.locator(f'#compare .compare-column[data-ruleset="{ruleset}"]')


def test_switch_to_cr5_compare_both_rulings_and_follow_a_v5_citation(judge_page, official, js_errors):
    page, site = judge_page, official
    scenario = saved(page.judge, VICTORY_AT_NIGHT, "Rencontre au Crépuscule", rules="fr-1")

    # The builder: the rule set is a choice, saved in the document and shown on the board.
    page.goto(f"{site}/scenarios/{scenario.uuid}/modifier/")
    rules = page.get_by_label("Jeu de règles")
    expect(rules).to_have_value("fr-1")
    expect(page.locator("#builder .day-info .ruleset-label")).to_have_text(FR1_LABEL)
    expect(page.locator("#builder-compare")).to_have_text("Comparer avec CR 5.0")
    rules.select_option("cr-5.0")
    expect(page.locator("#builder .day-info .ruleset-label")).to_have_text(CR5_LABEL)
    expect(page.locator("#builder-compare")).to_have_text("Comparer avec FR v1.x")
    page.get_by_role("button", name="Enregistrer", exact=True).click()
    expect(page.locator(".message.ok")).to_be_visible()
    scenario.refresh_from_db()
    assert scenario.document["rules"] == "cr-5.0"

    # The stepper shows it on the board; its log cites v5.0 paragraphs, linked to their page.
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    expect(page.locator("#board .day-info .ruleset-label")).to_have_text(CR5_LABEL)
    page.get_by_role("button", name="Jusqu'à la fin").click()
    expect(page.locator("#winner")).to_have_text("Fin de la partie : le joueur A gagne.")
    cited = page.locator("#log a.rule-link", has_text="4.2.5.d (CR 5.0)").last
    expect(cited).to_have_attribute("href", "/regles/cr-5.0/4.2.5.d/")
    cited.hover()  # the side panel: the French rules the paragraph stands for, from the concordance
    expect(page.locator("#rule-panel")).to_contain_text("CR 5.0 4.2.5.d correspond aux règles françaises 4.3.a")
    assert page.locator('#log a[href="/regles/fr-1/4.2.5.d/"]').count() == 0

    # One click: the same document under both rule sets, side by side.
    page.get_by_role("button", name="Comparer avec FR v1.x").click()
    cr5, fr1 = column(page, "cr-5.0"), column(page, "fr-1")
    expect(cr5.locator("h3")).to_have_text(CR5_LABEL)
    expect(fr1.locator("h3")).to_have_text(FR1_LABEL)
    for col in (cr5, fr1):
        expect(col.locator(".compare-end")).to_have_text("Fin de la partie : le joueur A gagne.")
    # each log's citations: v5.0 paragraphs on one side, the French rule marked as changed on the other
    v5 = cr5.locator("a.rule-link", has_text="4.2.5.d (CR 5.0)").last
    expect(v5).to_have_attribute("href", "/regles/cr-5.0/4.2.5.d/")
    assert cr5.locator('a[href="/regles/fr-1/4.2.5.d/"]').count() == 0
    expect(fr1.locator("a.rule-link", has_text=re.compile(r"^4\.3\.a$"))).to_have_attribute(
        "href", "/regles/fr-1/4.3.a/"
    )
    marker = fr1.locator(".changed-since")
    expect(marker).to_have_count(1)
    expect(marker).to_contain_text("Modifiée en CR 5.0")
    expect(marker).to_contain_text("La victoire n'est plus immédiate")
    expect(marker.get_by_role("link", name="4.2.5.d (CR 5.0)")).to_have_attribute("href", "/regles/cr-5.0/4.2.5.d/")
    assert_no_serious_axe_violations(page, "compare open")

    # One set of controls: the stepper's, and their keys, move both columns; nothing else steps them.
    assert page.locator("#compare button", has_text=re.compile(r"^(Début|Préc\.|Suiv\.|Fin)")).count() == 0
    ended = [int(col.get_attribute("data-steps")) for col in (cr5, fr1)]
    page.keyboard.press("ArrowLeft")
    for col, steps in zip((cr5, fr1), ended):
        expect(col).to_have_attribute("data-steps", str(steps - 1))
        expect(col.locator(".compare-end")).to_have_text("Partie en cours.")
    page.get_by_role("button", name="Étape suivante").click()
    for col, steps in zip((cr5, fr1), ended):
        expect(col).to_have_attribute("data-steps", str(steps))

    # On a phone the two logs are stacked.
    page.set_viewport_size({"width": 390, "height": 844})
    first, second = cr5.bounding_box(), fr1.bounding_box()
    assert second["y"] >= first["y"] + first["height"] - 1, (first, second)
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    page.set_viewport_size({"width": 1280, "height": 900})

    # The v5.0 citation leads to the French rules it stands for, never to the French 4.2.5.d alone.
    v5.click()
    expect(page).to_have_url(f"{site}/regles/cr-5.0/4.2.5.d/")
    expect(page.locator("#official-notice")).to_have_text(
        "CR 5.0 4.2.5.d correspond aux règles françaises 4.3.a, 4.3.b, 4.3.c, 4.2.5.d."
    )
    expect(page.locator("ol.official-rules li")).to_have_count(4)
    assert_no_serious_axe_violations(page, "official paragraph")
    assert js_errors == []


def test_client_linker_sends_versioned_citations_to_their_pages(page, official, js_errors):
    page.goto(f"{official}/")
    result = page.evaluate("""async () => {
        const { ruleLinks, citationTarget } = await import("/static/arbitre/lib/rulelinks.js");
        const box = document.createElement("p");
        box.append(ruleLinks("<i>A</i> gagne (4.2.5.d (CR 5.0)), 2.4.6.c, 4.1.h (FR 1).", { ruleset: "cr-5.0" }));
        return [box.innerHTML, citationTarget("4.2.5.d (CR 5.0)").href, citationTarget("4.2.5.d", { ruleset: "cr-5.0" }).href];
    }""")
    assert result == [
        '&lt;i&gt;A&lt;/i&gt; gagne (<a class="cite official" href="/regles/cr-5.0/4.2.5.d/">4.2.5.d (CR 5.0)</a>), '
        '<a class="cite" href="/regles/fr-1/2.4.6.c/">2.4.6.c</a>, <a class="cite" href="/regles/fr-1/4.1.h/">4.1.h (FR 1)</a>.',
        "/regles/cr-5.0/4.2.5.d/",
        "/regles/fr-1/4.2.5.d/",
    ]
    assert js_errors == []


def test_builder_compares_the_unsaved_board_in_a_new_tab(judge_page, official, js_errors):
    page, site = judge_page, official
    scenario = saved(page.judge, MEETING, "Rencontre")
    page.goto(f"{site}/scenarios/{scenario.uuid}/modifier/")
    with page.context.expect_page() as opened:
        page.get_by_role("button", name="Comparer avec CR 5.0").click()
    trial = opened.value
    expect(trial.locator("#board .day-info .ruleset-label")).to_have_text(FR1_LABEL)
    expect(trial.locator('#compare .compare-column[data-ruleset="fr-1"] .compare-end')).to_have_text(
        "Fin de la partie : le joueur A gagne."
    )
    expect(
        trial.locator('#compare .compare-column[data-ruleset="cr-5.0"] a.rule-link', has_text="(CR 5.0)").first
    ).to_be_visible()
    assert js_errors == []


def test_compare_shows_victory_at_dusk_under_fr1_and_at_night_under_cr5(judge_page, official, js_errors):
    page, site = judge_page, official
    scenario = saved(page.judge, VICTORY_AT_NIGHT, "Victoire : Crépuscule ou Nuit", rules="fr-1")
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    page.get_by_role("button", name="Comparer avec CR 5.0").click()
    fr1, cr5 = column(page, "fr-1"), column(page, "cr-5.0")
    expect(fr1).to_have_attribute("data-steps", "0")  # opened where the judge is: the start
    page.keyboard.press("e")  # the stepper's key: both to the end
    expect(fr1.locator(".compare-end")).to_contain_text("gagne")
    expect(cr5.locator(".compare-end")).to_contain_text("gagne")
    # where each game ended: the Dusk that moved the Expeditions (fr-1 4.3.a), the Night's Check Victory (v5.0 4.2.5.d)
    expect(fr1.locator(".compare-position")).to_contain_text("Crépuscule")
    expect(cr5.locator(".compare-position")).to_contain_text("Nuit")
    expect(fr1.locator("a.rule-link", has_text=re.compile(r"^4\.3\.a$")).last).to_be_visible()
    expect(cr5.locator("a.rule-link", has_text="4.2.5.d (CR 5.0)").last).to_be_visible()
    assert_no_serious_axe_violations(page, "victory compare")
    assert js_errors == []
