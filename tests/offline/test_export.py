"""The rules export (``/api/rules/export/``): one versioned document, what the browser's index is built from."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from django.test import Client
from django.utils import timezone

from judge.offline.export import js_pattern
from rules_ref.models import Rule, RuleSet
from rules_ref.search.numbers import LOOSE_NUMBER, parse_number
from rules_ref.search.words import normalize_query

ROOT = Path(__file__).resolve().parents[2]


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
    assert data["number_pattern"] == js_pattern(LOOSE_NUMBER.pattern)  # as JavaScript names groups
    assert js_pattern(r"(?P<letter>[a-z])(?P=letter)?") == r"(?<letter>[a-z])\k<letter>?"


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


TYPED_NUMBERS = [
    "2.4.6.c",
    "4.2.5.cc",
    "#4.2.5.c",
    "3.2.9 ff",
    '"4.2.5.d"',
    "« 4.1.c »",
    "4.2.5.c.1",
    "R2.4.6 c",
    "règle 4.1 h",
    "2 4 6 c",
    "3,2,9,f",
    "4.2.5c)",
    "§ 4.2.5",
    "n° 2.5",
    "rule 2.4.6.c",
    "2.4.6 (c)",
    "2/4/6/c",
    "02.04.6",
    "2",
    "100",  # three digits alone: run together, no rule
    "R 2",
    "2 a",
    "2,",
    "fugace 2.4.6",
    "2.4.6.z",
    "(4.2.5.d)",
    "art. 3.2.9",
]


@pytest.mark.skipif(shutil.which("node") is None, reason="node comes with Debian's npm, which make setup installs")
def test_the_browser_reads_a_typed_number_as_the_server_does(document, tmp_path):
    script = tmp_path / "read.js"
    script.write_text(
        "global.self = global;\n"
        + (ROOT / "static/arbitre/offline/numbers.js").read_text()
        + "\nconst doc = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));"
        + "\nconst reader = self.ArbitreNumbers.reader(doc);"
        + "\nconsole.log(JSON.stringify(JSON.parse(process.argv[3]).map((q) => reader.parse(q))));\n"
    )
    (tmp_path / "export.json").write_bytes(document.content)
    out = subprocess.run(
        ["node", str(script), str(tmp_path / "export.json"), json.dumps(TYPED_NUMBERS)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    assert json.loads(out) == [parse_number(normalize_query(q)) for q in TYPED_NUMBERS]
