"""The scenario library in Debian's Chromium (issue 14, item 7): a judge searches by words (accents and
case aside) and by a parent rule, follows a rule number of a description, finds scenarios from the
site's search; rule numbers written in prose are links (server-side filter and client-side module);
axe-core finds nothing serious on the way."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from . import test_training
from .conftest import assert_no_serious_axe_violations

starter_set = test_training.starter_set  # six end-of-game and Night scenarios and their exercises

pytestmark = [
    pytest.mark.browser,
    pytest.mark.filterwarnings("ignore:Session-scoped fixtures defined as instance methods"),
]

TIEBREAKS = [
    "Départage dans l'Arène",
    "Départage sans vainqueur : la partie continue",
    "Les deux joueurs atteignent la victoire en même temps",
]


def listed(page: Page):
    return page.locator("ul.library > li strong")


def public_titles(words: str = "", rule: str = "") -> list[str]:
    """What the library should list, computed here from the rows: every folded word in the title,
    description or tags; a citation of the rule or of one of its sub-rules."""
    from judge.scenarios.models import Scenario, fold

    found = []
    for s in Scenario.objects.filter(visibility="public").prefetch_related("tags", "citations"):
        text = fold(" ".join([s.title, s.description, *[t.name for t in s.tags.all()]]))
        cited = [c.number for c in s.citations.all()]
        if all(w in text for w in fold(words).split()) and (
            not rule or any(n == rule or n.startswith(rule + ".") for n in cited)
        ):
            found.append(s.title)
    return sorted(found)


def test_search_the_library_by_words_and_by_a_parent_rule(page: Page, site, starter_set, js_errors):
    page.goto(f"{site}/scenarios/")
    everything = public_titles()
    assert len(everything) > 3
    expect(listed(page)).to_have_count(len(everything))
    expect(page.locator("#library-count")).to_have_text(f"{len(everything)} scénarios")
    form = page.get_by_role("search", name="Chercher dans la bibliothèque")
    form.get_by_label("Mots").fill("DEPARTAGE arene")  # "départage" and "arène", folded
    form.get_by_role("button", name="Filtrer").click()
    assert set(TIEBREAKS) <= set(public_titles("departage arene"))
    expect(listed(page)).to_have_text(public_titles("departage arene"))
    expect(page.locator("#library-count")).to_have_text(f"{len(public_titles('departage arene'))} scénarios trouvés")
    assert_no_serious_axe_violations(page, "library searched by words")

    form.get_by_label("Mots").fill("")
    form.get_by_label("Règle citée").fill("2.4.6")  # the run cites 2.4.6.c
    form.get_by_role("button", name="Filtrer").click()
    by_rule = public_titles(rule="2.4.6")
    assert "Personnage Fugace au Repos" in by_rule and len(by_rule) < len(everything)
    expect(listed(page)).to_have_text(by_rule)
    assert "rule=2.4.6" in page.url

    # The description's rule number is a link to the rule's page.
    page.locator("ul.library").get_by_role("link", name="2.4.6.c").first.click()
    page.wait_for_url(f"{site}/regles/fr-1/2.4.6.c/")
    expect(page.locator("h1")).to_contain_text("2.4.6.c")
    assert js_errors == []


def test_site_search_lists_scenarios_and_leads_to_the_library(page: Page, site, starter_set, js_errors):
    page.goto(f"{site}/recherche/?q=fugace")
    expect(page.get_by_role("heading", level=1)).to_have_text("Recherche : « fugace »")
    section = page.locator("section.matching-scenarios")
    expect(section.get_by_role("heading", name="Scénarios de la bibliothèque")).to_be_visible()
    expect(section.get_by_role("link", name="Personnage Fugace au Repos")).to_be_visible()
    assert_no_serious_axe_violations(page, "results with scenarios")
    section.get_by_role("link", name="Chercher dans la bibliothèque de scénarios").click()
    page.wait_for_url(f"{site}/scenarios/?q=fugace")
    expect(listed(page)).to_have_text(public_titles("fugace"))
    assert js_errors == []


def test_rule_numbers_in_prose_are_links_in_the_stepper(page: Page, site, starter_set, js_errors):
    from judge.scenarios.models import Scenario

    scenario = Scenario.objects.get(source="fixtures/scenarios/night-fleeting-rest.json")
    page.goto(f"{site}/scenarios/{scenario.uuid}/")
    link = page.locator("p.description a.cite")
    expect(link).to_have_text("2.4.6.c")
    expect(link).to_have_attribute("href", "/regles/fr-1/2.4.6.c/")
    # The engine's log text: the rule numbers it writes (cited or not) are links too.
    page.get_by_role("button", name="Jusqu'à la fin").click()
    in_text = page.locator("#log .entry-text a.cite", has_text="1.3.2.f").first
    expect(in_text).to_have_attribute("href", "/regles/fr-1/1.3.2.f/")
    assert_no_serious_axe_violations(page, "run to the end")
    # The client-side twin: only real numbers, only text nodes, the known numbers when given.
    result = page.evaluate("""async () => {
        const { ruleLinks } = await import("/static/arbitre/lib/rulelinks.js");
        const box = document.createElement("p");
        box.append(ruleLinks("<b>x</b> 2.4.6.c, 2.4.60, v1.2.3 et 4.3.", { ruleset: "fr-1", known: ["2.4.6.c", "4.3"] }));
        return [box.innerHTML, [...box.querySelectorAll("a")].map((a) => a.getAttribute("href"))];
    }""")
    assert result == [
        '&lt;b&gt;x&lt;/b&gt; <a class="cite" href="/regles/fr-1/2.4.6.c/">2.4.6.c</a>, 2.4.60, v1.2.3 '
        'et <a class="cite" href="/regles/fr-1/4.3/">4.3</a>.',
        ["/regles/fr-1/2.4.6.c/", "/regles/fr-1/4.3/"],
    ]
    assert js_errors == []
