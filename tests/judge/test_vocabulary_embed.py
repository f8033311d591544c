"""One vocabulary (issue 11): the pages embed the engine's labels, the scripts read them, no copies."""

import json
import re
from pathlib import Path

import pytest

from engine.vocabulary import vocabulary

STATIC = Path(__file__).resolve().parents[2] / "static" / "arbitre"


def embedded(html: str) -> dict:
    match = re.search(r'<script id="vocabulary" type="application/json">(.*?)</script>', html, re.S)
    assert match, "the page does not embed the vocabulary"
    return json.loads(match.group(1))


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/scenarios/nouveau/", "/entrainement/"])
def test_every_page_embeds_the_engines_labels(client, alice, url):
    client.force_login(alice)
    data = embedded(client.get(url).content.decode())
    assert data["labels"] == vocabulary()
    assert data["labels"]["zones"]["limbo"] == "Limbo"


@pytest.mark.parametrize("script", ["board.js", "lib/vocab.js"])
def test_the_scripts_hold_no_copy_of_the_labels(script):
    source = (STATIC / script).read_text(encoding="utf-8")
    for label in ("Endormi", "Crépuscule", "Après-midi", "Limbes", "Repères"):
        assert f'"{label}"' not in source, f"{script} copies the label {label}"
