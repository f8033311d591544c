"""The rules export (``/api/rules/export/``): one versioned document, what the browser's index is built from."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from rules_ref.models import Rule, RuleSet
from rules_ref.search.query import LOOSE_NUMBER


@pytest.fixture
def document(rules):
    response = Client().get("/api/rules/export/")
    assert response.status_code == 200
    return response


def test_the_export_holds_every_rule_in_the_order_the_server_indexes_them(document):
    data = document.json()
    (fr1,) = data["rulesets"]
    assert fr1["slug"] == "fr-1" and data["default_ruleset"] == "fr-1"
    indexed = list(Rule.objects.select_related("ruleset").values_list("slug", flat=True))
    assert [r["slug"] for r in fr1["rules"]] == indexed
    rule = next(r for r in fr1["rules"] if r["number"] == "2.4.6.c")
    stored = Rule.objects.get(ruleset__slug="fr-1", number="2.4.6.c")
    assert rule["search_text"] == stored.search_text and rule["remarks"] == stored.remarks
    assert rule["url"] == "/regles/fr-1/2.4.6.c/"
    assert data["urls"]["rules_ref:rule"].format("fr-1", "2.4.6.c") == rule["url"]
    assert data["number_pattern"] == LOOSE_NUMBER.pattern


def test_its_version_is_the_rules_content_hash_and_the_site_version_and_answers_304_unchanged(document):
    data = document.json()
    assert data["version"] == f"{data['rules_hash'][:12]}-{data['site_version']}"
    assert document["ETag"] == f'"{data["version"]}"'
    again = Client().get("/api/rules/export/", HTTP_IF_NONE_MATCH=document["ETag"])
    assert again.status_code == 304


def test_a_new_import_of_changed_rules_makes_a_new_version(document):
    before = document.json()
    rule = Rule.objects.get(ruleset__slug="fr-1", number="2.4.6.c")
    rule.blocks = [*rule.blocks, {"kind": "paragraph", "text": "Une phrase ajoutée."}]
    rule.save()
    RuleSet.objects.filter(slug="fr-1").update(imported_at=timezone.now())
    after = Client().get("/api/rules/export/").json()
    assert after["rules_hash"] != before["rules_hash"] and after["site_version"] == before["site_version"]
    assert after["version"] != before["version"]
    assert (
        "Une phrase ajoutée."
        in next(r for r in after["rulesets"][0]["rules"] if r["number"] == "2.4.6.c")["search_text"]
    )


def test_the_same_rules_imported_again_keep_the_version(document):
    before = document.json()["version"]
    RuleSet.objects.filter(slug="fr-1").update(imported_at=timezone.now())
    assert Client().get("/api/rules/export/").json()["version"] == before
