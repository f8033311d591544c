"""Security headers on every answer, pages and API alike: a strict Content-Security-Policy (no inline
script or style, nothing from elsewhere), Referrer-Policy, Permissions-Policy, nosniff, no framing.
The templates hold no inline script, style attribute or event handler: the policy would block them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def directives(header: str) -> dict[str, list[str]]:
    parts = (part.strip().split() for part in header.split(";") if part.strip())
    return {part[0]: part[1:] for part in parts}


@pytest.fixture(autouse=True)
def _debug_off(settings):
    settings.DEBUG = False


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/regles/",
        "/regles/fr-1/2.4.6.c/",
        "/recherche/?q=fugace",
        "/comptes/login/",
        "/scenarios/",
        "/entrainement/",
        "/regles/fr-1/99.99/",
        "/api/rules/?ruleset=fr-1",
        "/api/search/?q=fugace",
        "/api/schema/",
        "/healthz/",
    ],
)
def test_every_answer_carries_the_security_headers(rules, url):
    response = Client().get(url)
    assert response.status_code in (200, 404)
    policy = directives(response["Content-Security-Policy"])
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]  # no nonce unless the page used one
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"] and policy["form-action"] == ["'self'"]
    assert not any("unsafe" in source for sources in policy.values() for source in sources)
    assert response["Referrer-Policy"] == "same-origin"
    permissions = response["Permissions-Policy"]
    assert "camera=()" in permissions and "geolocation=()" in permissions and "microphone=()" in permissions
    assert "clipboard-write=(self)" in permissions
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"


def test_the_api_docs_allow_their_one_inline_script_by_nonce(db):
    response = Client().get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    policy = directives(response["Content-Security-Policy"])
    nonces = [s for s in policy["script-src"] if s.startswith("'nonce-")]
    assert len(nonces) == 1
    nonce = nonces[0][len("'nonce-") : -1]
    assert f'<script nonce="{nonce}">' in html
    assert "<style" not in html and policy["style-src"] == ["'self'"]
    # Another request, another nonce.
    again = directives(Client().get("/api/docs/")["Content-Security-Policy"])["script-src"]
    assert again != policy["script-src"]


def test_the_browsable_api_keeps_its_inline_styles_not_scripts(db):
    response = Client().get("/api/rules/?format=api")
    assert response.status_code == 200
    policy = directives(response["Content-Security-Policy"])
    assert policy["style-src"] == ["'self'", "'unsafe-inline'"]
    assert policy["script-src"] == ["'self'"]


def test_templates_hold_nothing_inline():
    found = []
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        for pattern in (
            r"<script(?![^>]*\bsrc=)(?![^>]*\bnonce=)",
            r"<style",
            r"\sstyle=",
            r"\son[a-z]+=",
            r"javascript:",
        ):
            if re.search(pattern, text):
                found.append(f"{path.relative_to(TEMPLATES)}: {pattern}")
    assert not found
