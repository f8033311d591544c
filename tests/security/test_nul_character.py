"""A NUL character (``%00``) in an address: PostgreSQL refuses it in any text it compares, so a filter
or a lookup given one failed with a 500 there (found by the API fuzzing on PostgreSQL:
``GET /api/exercises/?section=%00``). Every address now answers 400, naming the parameter, before any
view runs; on both databases."""

from __future__ import annotations

import html

import pytest
from django.test import Client

# (address, the parameter named in the message, or None for the path itself)
ADDRESSES = [
    ("/api/exercises/?difficulty=null&section=%00", "section"),
    ("/api/exercises/?scenario=%00", "scenario"),
    ("/api/scenarios/?tag=a%00b", "tag"),
    ("/api/rules/?section=%00", "section"),
    ("/api/search/?q=r%C3%A9serve%00", "q"),
    ("/api/suggest/?q=%00", "q"),
    ("/api/training/themes/?s%00=1", "s%00"),
    ("/recherche/?q=%00", "q"),
    ("/scenarios/?tag=%00", "tag"),
    ("/entrainement/?section=%00", "section"),
    ("/regles/changements/?section=%00", "section"),
    ("/regles/%00/", None),
    ("/regles/fr-1/4.2%00/", None),
    ("/api/rules/fr-1/%00/", None),
]


@pytest.mark.parametrize("who", ["anonymous", "alice"])
@pytest.mark.parametrize(("address", "parameter"), ADDRESSES)
def test_a_nul_character_is_refused_with_400_naming_where(address, parameter, who, rules, users):
    client = Client()
    if who != "anonymous":
        client.force_login(users[who])
    response = client.get(address)
    assert response.status_code == 400, (address, response.status_code)
    if address.startswith("/api/"):
        message = response.json()["detail"]
    else:
        message = html.unescape(response.content.decode())
        assert "<h1>Requête invalide</h1>" in message
    assert "Caractère NUL (%00)" in message
    if parameter is None:
        assert "dans l'adresse" in message
    else:
        assert f"paramètre « {parameter} »" in message


def test_the_same_addresses_without_the_nul_character_are_answered(rules, users):
    """The refusal is the NUL's, not the address's: each one, mended, is not a 400 nor a 500."""
    client = Client()
    client.force_login(users["alice"])
    for address, _parameter in ADDRESSES:
        mended = address.replace("%00", "")
        status = client.get(mended).status_code
        assert status not in (400, 500), (mended, status)
