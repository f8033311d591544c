"""The scenario library's search (issue 14, item 7): words in titles, descriptions and tags with
accents and case folded, the rule filter with sub-rules, pages of 20, tags grouped with counts, the
same filters in the API, and the site's search listing matching scenarios below the rules."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template
from rest_framework.test import APIClient

from judge.scenarios.models import Scenario, ScenarioCitation, Tag, fold

from .test_scenarios_api import board, create


def titles(html: str) -> list[str]:
    """The titles of the public scenarios listed on a library page, in order."""
    listed = html.split('<ul class="cards-list library">', 1)[1].split("</ul>", 1)[0]
    return re.findall(r"<strong>(.*?)</strong>", listed)


def api_titles(query: str) -> list[str]:
    return sorted(s["title"] for s in APIClient().get("/api/scenarios/" + query).json()["results"])


@pytest.fixture
def library(rules, users):
    """Three public scenarios (two run to 2.4.6.c, one cites only 2.4.60, a made-up sub-rule) and a private one."""
    alice = users["alice"]
    create(
        alice,
        visibility="public",
        title="Fugace au Repos",
        tags=["nuit"],
        description="Le personnage Fugace part en Défausse (2.4.6.c).",
    )
    create(
        alice,
        visibility="public",
        title="Réserve pleine",
        tags=["Nettoyage"],
        description="A garde deux cartes ; l'Éclaireur est épuisé.",
    )
    create(alice, visibility="private", title="Brouillon fugace")
    odd = Scenario.objects.create(title="Soixante", author=alice, visibility="public", document=board())
    ScenarioCitation.objects.create(scenario=odd, ruleset="fr-1", number="2.4.60")
    return alice


def test_fold_lowers_case_drops_accents_and_ligatures():
    assert fold("  Épuisé  ÊTRE\tœuvre ") == "epuise etre oeuvre"
    assert fold("Fugace") == fold("fugace") == "fugace"


def test_text_search_folds_accents_and_case_over_title_description_and_tags(library, client):
    assert titles(client.get("/scenarios/?q=fugace").content.decode()) == ["Fugace au Repos"]  # not the private draft
    assert titles(client.get("/scenarios/?q=epuise").content.decode()) == ["Réserve pleine"]  # "épuisé" in the text
    assert titles(client.get("/scenarios/?q=NETTOYAGE").content.decode()) == ["Réserve pleine"]  # a tag
    assert titles(client.get("/scenarios/?q=reserve+eclaireur").content.decode()) == ["Réserve pleine"]  # every word
    html = client.get("/scenarios/?q=fugace+eclaireur").content.decode()
    assert titles(html) == [] and "Aucun scénario ne correspond." in html
    assert "0 scénario trouvé" in html


def test_rule_filter_includes_sub_rules_but_not_longer_numbers(library, client):
    assert titles(client.get("/scenarios/?rule=2.4.6.c").content.decode()) == ["Fugace au Repos", "Réserve pleine"]
    assert titles(client.get("/scenarios/?rule=2.4.6").content.decode()) == ["Fugace au Repos", "Réserve pleine"]
    assert titles(client.get("/scenarios/?rule=2.4.60").content.decode()) == ["Soixante"]
    assert titles(client.get("/scenarios/?rule=2.4").content.decode()) == [
        "Fugace au Repos",
        "Réserve pleine",
        "Soixante",
    ]
    assert titles(client.get("/scenarios/?rule=2.4.6&q=fugace").content.decode()) == ["Fugace au Repos"]
    assert titles(client.get("/scenarios/?rule=9.9").content.decode()) == []


def test_api_list_takes_the_same_filters(library):
    assert api_titles("?q=FUGACE") == ["Fugace au Repos"]
    assert api_titles("?rule=2.4.6") == ["Fugace au Repos", "Réserve pleine"]
    assert api_titles("?rule=2.4.6&q=epuise") == ["Réserve pleine"]
    assert api_titles("?rule=2.4.6.") == ["Fugace au Repos", "Réserve pleine"]  # a trailing dot is forgiven
    assert api_titles("?q=" + "mot+" * 500) == []  # long queries are cut, not a 500


def test_search_text_follows_title_description_and_tag_changes(library, users):
    scenario = Scenario.objects.get(title="Soixante")
    assert scenario.search_text == "soixante"
    scenario.tags.add(Tag.for_names(["Épuisé"])[0])
    assert Scenario.objects.get(pk=scenario.pk).search_text == "soixante epuise"
    response = APIClient()
    response.force_authenticate(users["alice"])
    uuid = Scenario.objects.get(title="Fugace au Repos").uuid
    assert (
        response.patch(
            f"/api/scenarios/{uuid}/", {"title": "Garde en Défausse", "tags": ["Crépuscule"]}, format="json"
        ).status_code
        == 200
    )
    assert Scenario.objects.get(uuid=uuid).search_text.startswith("garde en defausse le personnage fugace")
    assert api_titles("?q=crepuscule") == ["Garde en Défausse"]
    assert api_titles("?q=nuit") == []


def test_library_pages_by_twenty_keeping_the_filters(rules, users, client):
    for n in range(25):
        Scenario.objects.create(title=f"Cas {n:02}", author=users["bob"], visibility="public", document=board())
    first = client.get("/scenarios/?q=cas").content.decode()
    assert titles(first) == [f"Cas {n:02}" for n in range(20)]
    assert "25 scénarios trouvés · page 1 sur 2" in first
    assert 'href="?q=cas&amp;page=2#public"' in first
    second = client.get("/scenarios/?q=cas&page=2").content.decode()
    assert titles(second) == [f"Cas {n:02}" for n in range(20, 25)]
    assert titles(client.get("/scenarios/?q=cas&page=999").content.decode()) == titles(second)  # the last page
    assert titles(client.get("/scenarios/?q=cas&page=x").content.decode()) == titles(first)


def test_tag_drop_down_groups_phases_frequent_and_other_tags_with_counts(rules, users, client):
    for n in range(5):
        scenario = Scenario.objects.create(
            title=f"Sort {n}", author=users["bob"], visibility="public", document=board()
        )
        scenario.tags.set(Tag.for_names(["sort", "nuit"] + (["cible"] if n == 0 else [])))
    hidden = Scenario.objects.create(title="Caché", author=users["bob"], visibility="private", document=board())
    hidden.tags.set(Tag.for_names(["secret"]))
    html = client.get("/scenarios/").content.decode()
    groups = re.findall(r'<optgroup label="([^"]+)">(.*?)</optgroup>', html)
    options = {label: re.findall(r">([^<>]+)</option>", body) for label, body in groups}
    assert options == {
        "Phase du jour": ["nuit (5)"],
        "Fréquentes (5 scénarios ou plus)": ["sort (5)"],
        "Autres": ["cible (1)"],
    }


def test_site_search_lists_matching_public_scenarios_below_the_rules(library, client):
    html = client.get("/recherche/?q=fugace").content.decode()
    assert html.index('<ol class="results">') < html.index("Scénarios de la bibliothèque")
    below = html.split("Scénarios de la bibliothèque", 1)[1]
    assert "Fugace au Repos" in below and "Brouillon fugace" not in below
    assert 'href="/scenarios/?q=fugace"' in below
    by_number = client.get("/recherche/?q=2.4.6").content.decode().split("Scénarios de la bibliothèque", 1)[1]
    assert "Fugace au Repos" in by_number and "Réserve pleine" in by_number and "Soixante" not in by_number
    assert 'href="/scenarios/?rule=2.4.6"' in by_number
    assert "Scénarios de la bibliothèque" not in client.get("/recherche/?q=zzzz").content.decode()


def test_rule_links_filter_escapes_then_links_existing_rules(rules):
    template = Template("{% load rules_tags %}{{ text|rule_links:'fr-1' }}")
    html = template.render(Context({"text": "<b>Fugace</b> : 2.4.6.c, puis 2.4.60 et 1.5 fois (4.3.h)."}))
    assert html == (
        '&lt;b&gt;Fugace&lt;/b&gt; : <a class="cite" href="/regles/fr-1/2.4.6.c/">2.4.6.c</a>, '
        'puis 2.4.60 et 1.5 fois (<a class="cite" href="/regles/fr-1/4.3.h/">4.3.h</a>).'
    )
    assert (
        Template("{% load rules_tags %}{{ text|rule_links:'nope' }}").render(Context({"text": "2.4.6.c <i>"}))
        == "2.4.6.c &lt;i&gt;"
    )


def test_the_rule_set_filter_and_badge(library, users, client, settings):
    """A judge at a 2026 event lists the scenarios played under CR 5.0 (issue 12): the filter on the page
    and in the API, each listed scenario marked with its rule set; no ``rules`` means the site's default."""
    create(users["alice"], visibility="public", title="Victoire à la Nuit", document=board(rules="cr-5.0"))
    create(users["alice"], visibility="public", title="Dit en FR 1", document=board(rules="fr-1"))
    every = ["Dit en FR 1", "Fugace au Repos", "Réserve pleine", "Soixante", "Victoire à la Nuit"]
    assert titles(client.get("/scenarios/").content.decode()) == every
    assert titles(client.get("/scenarios/?rules=cr-5.0").content.decode()) == ["Victoire à la Nuit"]
    assert titles(client.get("/scenarios/?rules=fr-1").content.decode()) == [
        t for t in every if t != "Victoire à la Nuit"
    ]
    assert titles(client.get("/scenarios/?rules=v9").content.decode()) == every  # unknown on the page: no filter
    assert api_titles("?rules=cr-5.0") == ["Victoire à la Nuit"]
    assert api_titles("?rules=cr-5.0&q=nuit") == ["Victoire à la Nuit"]
    assert api_titles("?rules=v9") == []
    unsaid = board()
    unsaid.pop("rules", None)  # a document as an older export wrote it
    Scenario.objects.create(title="Sans jeu dit", author=users["alice"], visibility="public", document=unsaid)
    assert api_titles("?rules=fr-1") == ["Dit en FR 1", "Fugace au Repos", "Réserve pleine", "Sans jeu dit", "Soixante"]
    settings.ARBITRE_DEFAULT_RULESET = "cr-5.0"  # a site whose default is v5.0: documents without ``rules`` are v5.0
    assert api_titles("?rules=fr-1") == ["Dit en FR 1", "Fugace au Repos", "Réserve pleine", "Soixante"]
    assert api_titles("?rules=cr-5.0") == ["Sans jeu dit", "Victoire à la Nuit"]

    settings.ARBITRE_DEFAULT_RULESET = "fr-1"
    html = client.get("/scenarios/?rules=cr-5.0").content.decode()
    assert '<option value="cr-5.0" selected>CR 5.0 (Comprehensive Rules officielles, 2026)</option>' in html
    listed = html.split('<ul class="cards-list library">', 1)[1]
    assert 'title="Joué selon : CR 5.0 (Comprehensive Rules officielles, 2026)">CR 5.0</span>' in listed
    assert "Tout afficher" in html  # a filter is on
