"""The site's search finds an imported card by name and shows its rulings below the rules."""

from __future__ import annotations

import pytest

from .conftest import saved

pytestmark = pytest.mark.django_db


def test_the_site_search_finds_a_card_by_name_and_shows_its_rulings_below_the_rules(ruling, client):
    page = client.get("/recherche/", {"q": "vigie zenith"}).content.decode()
    assert '<h2 id="cards-heading">Cartes</h2>' in page
    cards_at = page.index('id="cards-heading"')
    assert page.index("Vigie à Midi", cards_at) > cards_at
    # "fugace" names rules (2.4.6) and a card: the card comes below the rules
    both = client.get("/recherche/", {"q": "fugace"}).content.decode()
    assert 'href="/cartes/ALT_FAKE_A_MU_07_C/"' in both
    assert 0 < both.index('<ol class="results">') < both.index('id="cards-heading"')


def test_no_card_section_while_no_card_is_imported(client, users, rules):
    saved(users["alice"], "Sans cartes", [{"id": "a1", "name": "Vigie du Zénith"}])
    assert 'id="cards-heading"' not in client.get("/recherche/", {"q": "vigie"}).content.decode()
