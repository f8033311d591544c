"""The rule set a scenario is played under (issue 12) on the judge's pages: embedded with its label,
shown on the printed ruling, its v5.0 citations linked to the official paragraph's page, and, under
fr-1, the entries whose rule changed by v5.0 marked with the note and the v5.0 numbers."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.versions import CR5, RULESETS
from judge.scenarios.models import Scenario
from rules_ref.concordance import import_concordance

SCENARIO = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios" / "cr5-victory-meet-at-night.json"


@pytest.fixture
def official(rules):
    return import_concordance("fr-1")


def victory(alice, rules: str) -> Scenario:
    """A's Expeditions meet at Dusk: A wins there under fr-1 (4.3.a, changed by v5.0), at Night under cr-5.0 (4.2.5.d)."""
    doc = json.loads(SCENARIO.read_text(encoding="utf-8"))
    doc["rules"] = rules
    scenario = Scenario(title=f"Victoire ({rules})", author=alice, visibility="link", document=doc)
    scenario.save_document()
    return scenario


def test_pages_embed_the_rule_sets_with_their_labels(client, alice, db):
    client.force_login(alice)
    html = client.get("/scenarios/nouveau/").content.decode()
    data = json.loads(re.search(r'<script id="vocabulary" type="application/json">(.*?)</script>', html, re.S).group(1))
    assert data["rulesets"] == RULESETS
    assert set(data["rulesets"]) == {"fr-1", "cr-5.0"}


def test_ruling_under_cr5_shows_the_rule_set_and_links_v5_citations_to_their_page(client, alice, official):
    scenario = victory(alice, CR5)
    assert scenario.problems == []
    html = client.get(f"/scenarios/{scenario.uuid}/decision/", {"etape": 6}).content.decode()
    assert f"Règles : {RULESETS[CR5]}" in html
    # the log's citation, and the cited paragraph's block: the French rules it stands for
    assert 'href="#rule-4.2.5.d-cr-5.0">4.2.5.d (CR 5.0)</a>' in html
    assert 'id="rule-4.2.5.d-cr-5.0"' in html
    assert "CR 5.0 4.2.5.d correspond aux règles françaises 4.3.a, 4.3.b, 4.3.c, 4.2.5.d." in html
    assert 'href="/regles/cr-5.0/4.2.5.d/"' in html
    assert "Règle absente" not in html


def test_ruling_under_fr1_marks_the_rule_changed_by_v5(client, alice, official):
    scenario = victory(alice, "fr-1")
    html = client.get(f"/scenarios/{scenario.uuid}/decision/", {"etape": 6}).content.decode()
    assert f"Règles : {RULESETS['fr-1']}" in html
    marker = re.search(r'<p class="changed-since">(.*?)</p>', html, re.S)
    assert marker, "no changed_since marker on the victory entry"
    assert "Modifiée en CR 5.0" in marker.group(1)
    assert '4.3.a → <a href="/regles/cr-5.0/4.2.5.d/">4.2.5.d (CR 5.0)</a>' in marker.group(1)
    assert "La victoire n&#x27;est plus immédiate" in marker.group(1)


def test_stepper_page_hands_the_scenarios_rule_set_to_the_script(client, alice, official):
    scenario = victory(alice, CR5)
    html = client.get(f"/scenarios/{scenario.uuid}/").content.decode()
    initial = json.loads(
        re.search(r'<script id="stepper-initial" type="application/json">(.*?)</script>', html, re.S).group(1)
    )
    assert initial["ruleset"] == CR5 and initial["document"]["rules"] == CR5
    assert 'data-api-search="/api/search/"' in html
