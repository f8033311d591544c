"""An official paragraph as the engine cites it under cr-5.0 ("4.2.5.d (CR 5.0)") has its page,
``/regles/cr-5.0/<number>/``, resolved through the concordance to the French rule(s) it stands for
(issue 12): a redirect for one, a list for several, a page with the official link for none, a French
404 for a number the official document does not have; and the rule-number linker sends such citations
there, never to the French rule of the same number."""

from __future__ import annotations

import json

import pytest
from django.template import Context, Template

from rules_ref.concordance import OFFICIAL_URL, PARAGRAPHS_DIR, import_concordance, official_paragraphs
from rules_ref.models import Concordance


@pytest.fixture
def official(rules):
    return import_concordance("fr-1")


def standing_for(v5: str) -> list[str]:
    """The French rules whose v5.0 paragraphs include ``v5`` (read from the database)."""
    return [c.rule.number for c in Concordance.objects.select_related("rule") if v5 in c.v5_numbers]


def test_one_french_rule_redirects_to_it(client, official):
    # CR 5.0 2.4.7.d is the French 2.4.6.c (Fugace), not the French 2.4.7.d
    response = client.get("/regles/cr-5.0/2.4.7.d/")
    assert response.status_code == 302
    assert response["Location"] == "/regles/fr-1/2.4.6.c/"


def test_several_french_rules_are_listed_the_ones_it_stands_for_first(client, official):
    response = client.get("/regles/cr-5.0/4.2.5.d/")
    assert response.status_code == 200
    html = response.content.decode()
    listed = standing_for("4.2.5.d")
    assert sorted(listed) == ["4.2.5.d", "4.3.a", "4.3.b", "4.3.c"]
    assert "CR 5.0 4.2.5.d correspond aux règles françaises 4.3.a, 4.3.b, 4.3.c, 4.2.5.d." in html
    for number in listed:
        assert f'href="/regles/fr-1/{number}/"' in html
    assert html.index('data-rule="4.3.a"') < html.index('data-rule="4.2.5.d"')
    assert "La victoire n&#x27;est plus immédiate" in html  # the note of 4.3.a, escaped
    assert f'href="{OFFICIAL_URL}"' in html


def test_a_paragraph_with_no_french_rule_says_so_with_the_official_link(client, official):
    assert "1.1.6.j" in official_paragraphs()
    assert standing_for("1.1.6.j") == []
    response = client.get("/regles/cr-5.0/1.1.6.j/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "CR 5.0 1.1.6.j ne correspond à aucune règle de la traduction française." in html
    assert f'href="{OFFICIAL_URL}"' in html
    assert 'href="/regles/fr-1/1.1.6.j/"' not in html


def test_a_section_lists_the_french_rules_under_it(client, official):
    assert standing_for("5.1.2") == []
    response = client.get("/regles/cr-5.0/5.1.2/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Dans la section CR 5.0 5.1.2, règles françaises correspondantes : 2.2.7.b, 5.2.3.a." in html
    assert 'href="/regles/fr-1/2.2.7.b/"' in html and 'href="/regles/fr-1/5.2.3.a/"' in html


def test_a_number_the_official_rules_do_not_have_is_a_french_404(client, official):
    response = client.get("/regles/cr-5.0/9.9.z/")
    assert response.status_code == 404
    assert (
        "Le paragraphe 9.9.z n&#x27;existe pas dans les Altered Comprehensive Rules 5.0." in response.content.decode()
    )


@pytest.mark.parametrize("number", ["abc", "4.2.5.d%3Cscript%3E", "1." * 30, "4..2"])
def test_bad_input_is_a_clear_400_never_a_500(client, official, number):
    response = client.get(f"/regles/cr-5.0/{number}/")
    assert response.status_code == 400
    html = response.content.decode()
    assert "n&#x27;est pas un numéro de paragraphe des règles officielles" in html
    assert "<script>" not in html


def test_the_paragraph_list_is_numbers_only_in_order_and_covers_the_concordance():
    doc = json.loads((PARAGRAPHS_DIR / "cr-5.0-paragraphs.json").read_text(encoding="utf-8"))
    numbers = doc["paragraphs"]
    assert len(numbers) == len(set(numbers)) == 805

    def key(n):
        return [int(p) if p.isdigit() else ord(p) - 200 for p in n.split(".")]

    assert numbers == sorted(numbers, key=key)
    concordance = json.loads((PARAGRAPHS_DIR.parent.parent / "engine/data/concordance/fr-1.json").read_text())
    cited = {n for e in concordance["entries"] for n in e["v5"]}
    assert cited <= set(numbers)


def render(text: str, ruleset: str) -> str:
    return Template("{% load rules_tags %}{{ text|rule_links:ruleset }}").render(
        Context({"text": text, "ruleset": ruleset})
    )


def test_rule_links_send_cr5_citations_to_the_official_page_never_the_french_rule(official):
    html = render("Victoire (4.2.5.d (CR 5.0)), voir 2.4.6.c et 4.1.h (FR 1) <b>", "cr-5.0")
    assert '<a class="cite official" href="/regles/cr-5.0/4.2.5.d/">4.2.5.d (CR 5.0)</a>' in html
    assert '<a class="cite" href="/regles/fr-1/2.4.6.c/">2.4.6.c</a>' in html  # a cr-5.0 scenario's French words
    assert '<a class="cite" href="/regles/fr-1/4.1.h/">4.1.h (FR 1)</a>' in html
    assert "/regles/fr-1/4.2.5.d/" not in html
    assert "&lt;b&gt;" in html and "<b>" not in html
    # under fr-1 a bare number is the French rule, as before
    assert '<a class="cite" href="/regles/fr-1/4.2.5.d/">4.2.5.d</a>' in render("voir 4.2.5.d", "fr-1")
