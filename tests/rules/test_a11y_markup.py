"""Page markup the accessibility checks rely on (issue 14, item 8), without a browser: the skip link
to the main content, one h1 on the results pages, labelled navigation landmarks."""

from __future__ import annotations

import re

import pytest


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/recherche/?q=fugace",
        "/recherche/?q=2.4.6",
        "/regles/",
        "/regles/fr-1/2.4.6.c/",
        "/scenarios/",
        "/comptes/login/",
    ],
)
def test_every_page_opens_with_a_skip_link_and_has_one_h1(rules, client, path):
    html = client.get(path).content.decode()
    body = html.split("<body>", 1)[1].lstrip()
    assert body.startswith('<a class="skip-link" href="#content">Aller au contenu</a>')
    assert '<main id="content" tabindex="-1">' in html
    assert len(re.findall(r"<h1[ >]", html)) == 1
    navs = re.findall(r"<nav\b[^>]*>", html)
    assert all("aria-label=" in nav for nav in navs), navs
