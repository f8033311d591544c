"""The header's search field is French: its example words are the seeds' French terms only."""

from __future__ import annotations

import re

import pytest


@pytest.mark.django_db
def test_the_header_search_placeholder_is_french_only(client):
    html = client.get("/comptes/login/").content.decode()
    placeholder = re.search(r'<input type="search" name="q"[^>]*placeholder="([^"]*)"', html).group(1)
    assert "fugace" in placeholder and "épuisé" in placeholder
    assert not re.search(r"\b(fleeting|exhausted|asleep|anchored)\b", placeholder, re.I)
