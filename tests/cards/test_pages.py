"""Cards in the library and the search: a scenario lists the imported cards it uses, a card's page
lists the scenarios (rulings) using it with the rules they cite, the site's search finds a card
by name and shows its rulings below the rules. Nothing changes while no card is imported."""

from __future__ import annotations

import pytest

from judge.cards.importer import import_paths
from judge.cards.models import Card, ScenarioCard

from .conftest import EXPORTS, saved

pytestmark = pytest.mark.django_db


def test_a_scenario_lists_the_cards_it_uses_by_reference_or_by_exact_name(ruling, users, client):
    assert list(ScenarioCard.objects.filter(scenario=ruling).values_list("card__reference", flat=True)) == [
        "ALT_MADE_B_AX_10_C"
    ]
    by_name = saved(users["alice"], "Nommée à la main", [{"id": "a1", "name": "Secouriste éphémère"}])
    assert [link.card.reference for link in by_name.card_links.all()] == ["ALT_MADE_B_BR_20_C"]
    page = client.get(ruling.get_absolute_url()).content.decode()
    assert "Cartes utilisées" in page and 'href="/cartes/ALT_MADE_B_AX_10_C/"' in page


def test_a_card_page_lists_its_rulings_with_the_rules_they_cite(ruling, client, users):
    cited = sorted(ruling.citations.values_list("number", flat=True))
    assert cited and "1.3.2.c" in cited  # Noon reactions: the run's own citations
    saved(
        users["bob"],
        "Brouillon de Bob",
        [Card.objects.get(reference="ALT_MADE_B_AX_10_C").scenario_card("a1")],
        visibility="private",
    )
    page = client.get("/cartes/ALT_MADE_B_AX_10_C/").content.decode()
    assert "Vigie du Zénith" in page and "Zenith Lookout" in page
    assert "Vigie à Midi" in page and 'href="/regles/fr-1/1.3.2.c/"' in page
    assert "Brouillon de Bob" not in page  # a private draft stays private
    assert 'href="/cartes/ALT_MADE_B_AX_10_R1/"' in page  # its other version
    rare = client.get("/cartes/ALT_MADE_B_AX_10_R1/").content.decode()
    assert '<mark class="differs" title="diffère selon la version">2 boosts</mark>' in rare
    assert "Vigie à Midi" not in rare  # the scenario uses the common version, not the rare one
    client.force_login(users["bob"])
    assert "Brouillon de Bob" in client.get("/cartes/ALT_MADE_B_AX_10_C/").content.decode()


def test_nothing_changes_while_no_card_is_imported(client, users, rules):
    scenario = saved(users["alice"], "Sans cartes", [{"id": "a1", "name": "Vigie du Zénith"}])
    assert not ScenarioCard.objects.exists()
    assert "Cartes utilisées" not in client.get(scenario.get_absolute_url()).content.decode()
    assert client.get("/cartes/").status_code == 404
    client.force_login(users["alice"])
    builder = client.get("/scenarios/nouveau/")
    assert builder.status_code == 200 and "data-api-cards" not in builder.content.decode()


def test_an_import_links_the_scenarios_saved_before_it(client, users, rules):
    scenario = saved(users["alice"], "Avant l'import", [{"id": "a1", "name": "Vigie du Zénith"}])
    report = import_paths([EXPORTS])
    assert report.links == 2  # the name is the common's and the rare's
    assert set(scenario.card_links.values_list("card__reference", flat=True)) == {
        "ALT_MADE_B_AX_10_C",
        "ALT_MADE_B_AX_10_R1",
    }


def test_card_text_is_escaped(imported, client):
    card = Card.objects.get(reference="ALT_MADE_B_AX_40_C")
    card.texts["fr"]["main"] = "<script>alert(1)</script> #x#"
    card.save()
    page = client.get("/cartes/ALT_MADE_B_AX_40_C/").content.decode()
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;" in page


def test_the_builder_gets_the_card_api_once_cards_are_imported(imported, users, client):
    client.force_login(users["alice"])
    page = client.get("/scenarios/nouveau/").content.decode()
    assert (
        'data-api-cards="/api/cards/suggest/" data-api-card="/api/cards/" data-api-confirm="/api/cards/encodings/"'
        in page
    )


def test_a_card_page_shows_each_ability_with_its_proposed_or_confirmed_encoding(imported, client):
    from judge.cards.models import ConfirmedEncoding

    ConfirmedEncoding.objects.create(reference="90002", encoding={"quick": {"discard_me": True}, "effect": []})
    page = client.get("/cartes/ALT_MADE_B_AX_10_C/").content.decode()
    assert "Proposition (à confirmer dans le constructeur) : <code>{&quot;trigger&quot;: &quot;noon&quot;" in page
    assert "Encodage confirmé par un juge : <code>{&quot;quick&quot;: {&quot;discard_me&quot;: true}" in page
    hero = client.get("/cartes/ALT_MADE_B_AX_01_C/").content.decode()
    assert "le moteur ne joue pas ce texte tel quel" in hero


def test_a_board_of_thousands_of_cards_is_linked_in_slices(imported, users, rules):
    cards = [{"id": f"a{n}", "name": f"Carte {n}"} for n in range(2500)]
    cards.append({"id": "z1", "name": "Rouageot", "card_ref": "ALT_MADE_B_AX_31_C"})
    cards.append({"id": "z2", "name": "Vigie du Zénith"})
    scenario = saved(users["alice"], "Plateau énorme", cards)
    assert set(scenario.card_links.values_list("card__reference", flat=True)) == {
        "ALT_MADE_B_AX_31_C",
        "ALT_MADE_B_AX_10_C",
        "ALT_MADE_B_AX_10_R1",
    }
