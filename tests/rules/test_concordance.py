"""The concordance with the official rules (issue 12): import, rule pages, table of contents, the
changes page, the official-number search and the rule API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from rules_ref.concordance import (
    OFFICIAL_URL,
    ConcordanceError,
    default_path,
    find_official,
    import_concordance,
    parse_official,
)
from rules_ref.models import Concordance, Rule, RuleSet

FIXTURE = default_path("fr-1")
RULE_FILES = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "rules").glob("*.txt"))


@pytest.fixture
def official(rules):
    """The seed rules with their concordance imported."""
    return import_concordance("fr-1")


def fixture_doc() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def write(tmp_path, doc) -> Path:
    path = tmp_path / "fr-1.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


# --- the data --------------------------------------------------------------------------------------


def test_fixture_covers_every_numbered_french_rule_once(rules):
    numbered = set(Rule.objects.filter(ruleset__slug="fr-1").numbered().values_list("number", flat=True))
    entries = [e["rule"] for e in fixture_doc()["entries"]]
    assert len(entries) == len(set(entries)) == len(numbered) == 197
    assert set(entries) == numbered


def test_import_creates_then_changes_nothing(official):
    assert (official.created, official.updated, official.deleted) == (197, 0, 0)
    assert official.verdicts == {"same": 124, "changed": 47, "reworded": 16, "merged": 5, "split": 2, "absent": 3}
    stamp = RuleSet.objects.get(slug="fr-1").imported_at
    again = import_concordance("fr-1")
    assert (again.created, again.updated, again.deleted, again.unchanged) == (0, 0, 0, 197)
    assert RuleSet.objects.get(slug="fr-1").imported_at == stamp  # nothing written, cached pages stay valid
    c = Concordance.objects.get(rule__ruleset__slug="fr-1", rule__number="2.4.6.c")
    assert (c.v3_numbers, c.v3_verdict, c.v5_numbers, c.v5_verdict) == (["2.4.6.d"], "changed", ["2.4.7.d"], "changed")
    assert c.changed and c.official_label == "CR 5.0 2.4.7.d" and c.v3_label == "CR 3.0 2.4.6.d"


def test_import_updates_and_deletes_to_match_the_file(official, tmp_path):
    doc = fixture_doc()
    dropped = doc["entries"].pop(0)["rule"]
    edited = next(e for e in doc["entries"] if e["rule"] == "1.1.6.a")
    edited["note"] = "Note modifiée pour le test."
    report = import_concordance("fr-1", write(tmp_path, doc))
    assert (report.created, report.updated, report.deleted, report.unchanged) == (0, 1, 1, 195)
    assert not Concordance.objects.filter(rule__number=dropped).exists()
    assert Concordance.objects.get(rule__number="1.1.6.a").note == "Note modifiée pour le test."


def _entry(doc, number):
    return next(e for e in doc["entries"] if e["rule"] == number)


@pytest.mark.parametrize(
    "mutate, expected",
    [
        (
            lambda d: _entry(d, "1.1.6.e").update(v5_verdict="chnaged"),
            "entries[5] (1.1.6.e).v5_verdict : 'chnaged' inconnu",
        ),
        (
            lambda d: _entry(d, "1.1.6.e").update(v3=["1.1.6.e", "six"]),
            "entries[5] (1.1.6.e).v3 : liste de numéros officiels attendue",
        ),
        (lambda d: _entry(d, "4.1.f").update(v5=["4.1.f"]), "(4.1.f).v5 : « absent » va avec une liste vide"),
        (
            lambda d: _entry(d, "2.4.6.c").update(note=""),
            "(2.4.6.c).note : une règle qui n'est pas inchangée demande une note",
        ),
        (lambda d: _entry(d, "2.4.6.c").update(verdict="same"), "(2.4.6.c) : clé inconnue verdict"),
        (
            lambda d: d["entries"].append(dict(_entry(d, "1.1.6.a"))),
            "entries[197] (1.1.6.a) : la règle 1.1.6.a figure deux fois",
        ),
        (
            lambda d: d["entries"].append({**_entry(d, "1.1.6.a"), "rule": "9.9.9"}),
            "entries[197] (9.9.9) : la règle 9.9.9 n'existe pas dans fr-1",
        ),
        (lambda d: d.update(ruleset="fr-2"), "ruleset 'fr-2', attendu 'fr-1'"),
        (lambda d: d.pop("entries"), "une liste « entries » est attendu"),
    ],
)
def test_bad_data_is_refused_naming_the_entry_and_nothing_is_written(rules, tmp_path, mutate, expected):
    doc = fixture_doc()
    mutate(doc)
    with pytest.raises(ConcordanceError) as error:
        import_concordance("fr-1", write(tmp_path, doc))
    assert expected in str(error.value) and str(tmp_path / "fr-1.json") in str(error.value)
    assert not Concordance.objects.exists()


def test_invalid_json_names_the_line(rules, tmp_path):
    with pytest.raises(ConcordanceError, match=r"JSON invalide ligne 3, colonne"):
        import_concordance("fr-1", write(tmp_path, '{\n "ruleset": "fr-1",\n "entries": [,]\n}'))


def test_import_rules_command_imports_the_concordance_with_the_rules(db):
    call_command("import_rules", *RULE_FILES, ruleset="fr-1")
    assert Concordance.objects.filter(rule__ruleset__slug="fr-1").count() == 197
    call_command("import_rules", *RULE_FILES, ruleset="fr-1")  # idempotent
    assert Concordance.objects.filter(rule__ruleset__slug="fr-1").count() == 197


def test_import_rules_command_with_a_bad_concordance_imports_nothing(db, tmp_path):
    doc = fixture_doc()
    doc["ruleset"] = "fr-9"
    doc["entries"].append({**_entry(doc, "1.1.6.a"), "rule": "9.9.9"})  # found only once the rules are in
    path = write(tmp_path, doc)
    with pytest.raises(
        CommandError, match=r"entries\[197\] \(9\.9\.9\) : la règle 9\.9\.9 n'existe pas.*rien n'a été importé"
    ):
        call_command("import_rules", *RULE_FILES, ruleset="fr-9", concordance_path=str(path))
    assert not RuleSet.objects.filter(slug="fr-9").exists()  # the rules went back with it: one transaction
    _entry(doc, "1.1.6.e")["v5_verdict"] = "?"
    with pytest.raises(CommandError, match=r"entries\[5\] \(1\.1\.6\.e\)\.v5_verdict"):
        call_command("import_rules", *RULE_FILES, ruleset="fr-9", concordance_path=str(write(tmp_path, doc)))
    assert not RuleSet.objects.filter(slug="fr-9").exists()


# --- pages -----------------------------------------------------------------------------------------


def test_changed_rule_page_warns_with_the_note_and_links_the_official_source(client, official):
    html = client.get("/regles/fr-1/2.4.6.c/").content.decode()
    assert (
        '<p class="concordance-warning"><strong>Modifiée depuis cette traduction :</strong> Étendue aux Permanents'
        in html
    )
    assert (
        'Règles officielles (EN) : <strong class="official-number">CR 5.0 2.4.7.d</strong> — <span class="verdict verdict-changed">modifiée</span>'
        in html
    )
    assert "CR 3.0 2.4.6.d — modifiée" in html
    assert f'href="{OFFICIAL_URL}"' in html and 'href="/regles/fr-1/changements/"' in html


def test_unchanged_rule_page_says_so_without_warning(client, official):
    html = client.get("/regles/fr-1/1.1.6.a/").content.decode()
    assert (
        'Règles officielles (EN) : <strong class="official-number">CR 5.0 1.1.6.a</strong> — <span class="verdict verdict-same">inchangée</span>'
        in html
    )
    assert "concordance-warning" not in html and f'href="{OFFICIAL_URL}"' in html
    # renumbered but unchanged: the official number is the new one
    html = client.get("/regles/fr-1/2.1.g/").content.decode()
    assert 'CR 5.0 2.1.j</strong> — <span class="verdict verdict-same">inchangée' in html


def test_absent_and_reworded_rules(client, official):
    html = client.get("/regles/fr-1/4.1.f/").content.decode()
    assert "<strong>Absente des règles officielles actuelles :</strong>" in html
    assert 'CR 5.0 (aucun paragraphe)</strong> — <span class="verdict verdict-absent">absente' in html
    html = client.get("/regles/fr-1/1.2.4.a/").content.decode()
    assert (
        "concordance-warning" not in html
        and 'reformulée</span> <span class="concordance-note">(Le texte officiel' in html
    )


def test_rule_page_shows_the_concordance_once_imported(client, rules, monkeypatch):
    """Rule pages are cached per import of the rule set: importing the concordance stamps a new
    import, so they are rendered again (once a worker's short-lived number lookup has expired)."""
    from rules_ref import views

    monkeypatch.setattr(views, "SHORT_TTL", 0)  # the lookup's delay (10 s) has passed
    assert "Règles officielles (EN)" not in client.get("/regles/fr-1/2.4.6.c/").content.decode()
    import_concordance("fr-1")
    assert "Modifiée depuis cette traduction" in client.get("/regles/fr-1/2.4.6.c/").content.decode()


def _toc_line(html: str, number: str) -> str:
    start = html.index(f'href="/regles/fr-1/{number}/"')
    return html[start : html.index("</li>", start)]


def test_table_of_contents_marks_changed_rules_and_links_the_changes(client, official):
    html = client.get("/regles/").content.decode()
    assert 'class="verdict verdict-changed verdict-changed"' in _toc_line(html, "2.4.6.c")
    assert "verdict-reworded" in _toc_line(html, "1.2.4.a")
    assert "verdict" not in _toc_line(html, "1.1.6.a")
    assert html.count('<span class="verdict verdict-') == 73 + 2  # 73 rules differ from CR 5.0, plus the legend
    assert 'href="/regles/fr-1/changements/">voir tous les changements par section</a>' in html


def test_changes_page_lists_every_change_by_section(client, official):
    response = client.get("/regles/changements/")
    html = response.content.decode()
    assert response.status_code == 200
    for section in (
        "Section 1 — Vue d&#x27;ensemble",
        "Section 4 — Déroulement de la partie",
        "Section 7 — Vocabulaire",
    ):
        assert f"<h2>{section}</h2>" in html
    assert "Section 6" not in html  # no French rule of section 6 in the seed
    assert html.count('data-rule="') == 73
    assert 'data-rule="4.3.a"' in html and 'data-rule="1.1.6.a"' not in html
    assert html.index('data-rule="2.4.6.c"') < html.index('data-rule="4.3.a"')
    assert '<span class="verdict verdict-changed">modifiée</span> : 47' in html
    assert f'href="{OFFICIAL_URL}"' in html
    assert client.get("/regles/fr-1/changements/").content.decode().count('data-rule="') == 73
    assert client.get("/regles/xx-9/changements/").status_code == 404


def test_header_and_footer_link_the_changes_page(client, official):
    html = client.get("/").content.decode()
    assert html.count('href="/regles/changements/"') == 2


# --- official numbers ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query, expected",
    [
        ("cr5 4.2.5.d", ("5.0", "4.2.5.d")),
        ("CR 5.0 4.2.5.d", ("5.0", "4.2.5.d")),
        ("cr-5.0 2.4.7.D", ("5.0", "2.4.7.d")),
        ("v3 6.5.b", ("3.0", "6.5.b")),
        ("V5: 2.4.7", ("5.0", "2.4.7")),
        ("  cr 3 1.1.6.k ", ("3.0", "1.1.6.k")),
        ("cr4 1.1", ("4.0", "1.1")),
        ("4.2.5.d", None),
        ("fugace", None),
        ("cr5", None),
        ("v5 fugace", None),
        ("cr5 4.2.5.d fugace", None),
        ("cr5 " + "1." * 500 + "1", None),
        ("cr5" + " " * 1990 + "1.1", None),
    ],
)
def test_parse_official(query, expected):
    assert parse_official(query) == expected


def test_official_number_finds_the_french_rule(official):
    match = find_official("CR 5.0 2.4.7.d", "fr-1")
    assert [r.number for r, _ in match.rules] == ["2.4.6.c"]
    assert match.notice == "CR 5.0 2.4.7.d correspond à la règle française 2.4.6.c."
    assert [r.number for r, _ in find_official("v3 2.4.6.d", "fr-1").rules] == ["2.4.6.c"]
    assert [r.number for r, _ in find_official("v3 6.5.b", "fr-1").rules] == ["5.2.3.b"]
    assert [r.number for r, _ in Concordance.objects.find_official("cr5 6.5.b", "fr-1").rules] == ["5.2.3.b"]


def test_check_victory_lists_the_rules_it_stands_for_first(official):
    match = find_official("cr5 4.2.5.d", "fr-1")
    assert [r.number for r, _ in match.rules] == ["4.3.a", "4.3.b", "4.3.c", "4.2.5.d"]
    assert match.notice == "CR 5.0 4.2.5.d correspond aux règles françaises 4.3.a, 4.3.b, 4.3.c, 4.2.5.d."


def test_official_number_is_never_the_french_rule_of_the_same_number(official):
    # CR 5.0 2.4.6.c (exhausted cards in Reserve cannot be played) has no French counterpart
    match = find_official("cr5 2.4.6.c", "fr-1")
    assert (
        match.rules == [] and match.notice == "CR 5.0 2.4.6.c ne correspond à aucune règle de la traduction française."
    )
    # CR 5.0 2.1.e is French 2.1.d, not French 2.1.e
    assert [r.number for r, _ in find_official("cr5 2.1.e", "fr-1").rules] == ["2.1.d"]


def test_official_section_and_unknown_version(official):
    heading = find_official("cr5 2.4.7", "fr-1")
    assert heading.exact and [r.number for r, _ in heading.rules] == ["2.4.6"]
    section = find_official("cr5 7.3", "fr-1")
    assert not section.exact and "7.3.10.a" in [r.number for r, _ in section.rules]
    assert section.notice.startswith("Dans la section CR 5.0 7.3, règles françaises correspondantes : 7.3.4, 7.3.4.a")
    unknown = find_official("cr4 1.1", "fr-1")
    assert unknown.version is None and unknown.rules == [] and "CR 3.0 et CR 5.0" in unknown.notice
    assert find_official("fugace", "fr-1") is None


def test_search_page_answers_an_official_number(client, official):
    html = client.get("/recherche/", {"q": "cr5 2.4.7.d"}).content.decode()
    assert '<p class="notice official-notice">CR 5.0 2.4.7.d correspond à la règle française 2.4.6.c.</p>' in html
    assert 'href="/regles/fr-1/2.4.6.c/"' in html
    html = client.get("/recherche/", {"q": "cr5 2.4.6.c"}).content.decode()
    assert "ne correspond à aucune règle" in html and 'href="/regles/fr-1/2.4.6.c/"' not in html
    response = client.get("/recherche/", {"q": "v3 6.5.b", "go": "1"})
    assert response.status_code == 302 and response["Location"] == "/regles/fr-1/5.2.3.b/"
    # a French number still goes to the French search
    assert "official-notice" not in client.get("/recherche/", {"q": "2.4.6.c"}).content.decode()


def test_search_api_answers_an_official_number(client, official):
    data = client.get("/api/search/", {"q": "v5 2.4.7.d"}).json()
    assert data["kind"] == "official" and data["official"]["version"] == "cr-5.0"
    assert data["official"]["notice"] == "CR 5.0 2.4.7.d correspond à la règle française 2.4.6.c."
    assert [hit["number"] for hit in data["results"]] == ["2.4.6.c"]
    assert set(data) == {
        "query", "kind", "corrected", "suggestion", "missing_number", "official", "results",
        "cited_by", "parent", "nearest", "vocabulary",
    }  # fmt: skip
    # what a missing number or a players' word brings: nothing for an official number
    assert not data["cited_by"] and not data["nearest"] and not data["vocabulary"] and not data["parent"]
    assert set(data["results"][0]) == {"number", "slug", "kind", "title", "text", "snippet", "score", "url"}
    assert "official" not in client.get("/api/search/", {"q": "fugace"}).json()


def test_rule_api_carries_the_official_numbers(client, official, django_assert_max_num_queries):
    data = client.get("/api/rules/fr-1/2.4.6.c/").json()["official"]
    assert data["cr-5.0"] == {
        "numbers": ["2.4.7.d"],
        "verdict": "changed",
        "verdict_label": "modifiée",
        "partial": False,
    }
    assert data["cr-3.0"]["numbers"] == ["2.4.6.d"] and data["changed"] is True and data["source"] == OFFICIAL_URL
    assert data["note"].startswith("Étendue aux Permanents")
    with django_assert_max_num_queries(6):  # one join for the concordance, not one query per rule
        listed = client.get("/api/rules/", {"ruleset": "fr-1", "section": "2"}).json()
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert {r["number"]: r["official"]["cr-5.0"]["numbers"] for r in rows}["2.1.d"] == ["2.1.e"]
    article = client.get("/api/rules/fr-1/card-advantage/").json()
    assert article["official"] is None


def test_suggestions_for_an_official_number(client, official):
    assert [h["number"] for h in client.get("/api/suggest/", {"q": "cr5 2.4.7.d"}).json()] == ["2.4.6.c"]
    assert client.get("/api/suggest/", {"q": "CR 5.0 "}).json() == []  # still typing: not French 5.0
    assert client.get("/api/suggest/", {"q": "cr5 2.4.6.c"}).json() == []
    assert client.get("/api/suggest/", {"q": "fugace"}).json()  # French words as before
    hostile = "cr5" + " " * 1990 + "x"  # the longest query the API takes: answered, and quickly
    assert client.get("/api/suggest/", {"q": hostile}).status_code == 200
    assert client.get("/api/search/", {"q": hostile}).json()["kind"] != "official"
