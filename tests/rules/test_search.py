"""Search behaviour: numbers, French keywords, typos, phrases, hostile queries, index swaps."""
import pytest

from rules_ref import search
from rules_ref.models import Rule


def numbers(results, n=5):
    return [h.number or h.slug for h in results.hits[:n]]


@pytest.mark.parametrize("q, first, children", [
    ("4.2.5.c", "4.2.5.c", []),
    ("4.2.5", "4.2.5", ["4.2.5.a", "4.2.5.b", "4.2.5.c", "4.2.5.d"]),
    ("2.5", "2.5", ["2.5.a", "2.5.b"]),
    ("règle 2.4.6.c", "2.4.6.c", []),
])
def test_number_query_puts_the_rule_first_then_its_children(rules, q, first, children):
    results = search.search(q)
    assert results.kind == "number"
    assert results.hits[0].number == first
    assert numbers(results, 1 + len(children))[1:] == children


def test_section_number_does_not_match_longer_siblings(rules):
    # "2.2" must hold 2.2.2, 2.2.7… but never a 2.20-like neighbour; "3.2.1" is not "3.2.10".
    hits = search.search("3.2.1", limit=100).hits
    assert {h.number for h in hits} == {"3.2.1", "3.2.1.a", "3.2.1.b", "3.2.1.c"}


def test_missing_number_proposes_nearest_existing_level(rules):
    results = search.search("4.2.5.z")
    assert results.missing_number == "4.2.5.z"
    assert results.suggestion == "4.2.5"


@pytest.mark.parametrize("q", ["Défausse", "défausser", "défaussés", "défaussent", "DEFAUSSE"])
def test_accents_and_inflections_find_the_same_rules(rules, q):
    reference = numbers(search.search("defausse"), 10)
    assert {"7.3.4", "3.2.3"} <= set(reference[:5])
    assert numbers(search.search(q), 10) == reference


def test_elision_and_stop_words(rules):
    results = search.search("l'expédition d'un joueur")
    assert results.hits
    assert all("l" != t for t in results.query.split())
    assert search.search("la le les de des").hits == []


@pytest.mark.parametrize("typo, word, expected", [
    ("fugase", "fugace", "2.4.6"),
    ("ravitaler", "ravitailler", "7.3.16"),
    ("sacrifer", "sacrifier", "7.3.19"),
    ("endormie", None, "2.4.3"),
])
def test_typos_are_corrected(rules, typo, word, expected):
    results = search.search(typo)
    assert expected in numbers(results, 5)
    if word:
        assert results.corrected == word


def test_phrase_in_quotes_requires_the_words_together(rules):
    phrase = numbers(search.search('"zone de mana"', limit=100), 100)
    loose = numbers(search.search("zone mana", limit=100), 100)
    assert "3.2.9.b" in phrase
    assert set(phrase) <= set(loose)
    for number in phrase:
        rule = Rule.objects.get(slug=number)
        assert "zone de mana" in (rule.title + rule.search_text + " ".join(rule.remarks)).lower()


def test_snippets_highlight_accented_words_from_unaccented_query(rules):
    hit = search.search("epuise").hits[0]
    assert "<mark" in hit.snippet and "puis" in hit.snippet


def test_snippets_are_escaped(rules, search_index, tmp_path, settings):
    rule = Rule.objects.get(number="2.5.a")
    rule.text = "Les objets <script>alert(1)</script> peuvent avoir des jetons."
    rule.blocks = [{"kind": "paragraph", "text": rule.text}]
    settings.ARBITRE_INDEX_DIR = tmp_path
    search.rebuild(rules=[rule])
    snippet = search.search("objets jetons").hits[0].snippet
    assert "<script>" not in snippet and "&lt;script&gt;" in snippet


@pytest.mark.parametrize("q", ['"AND OR (', "x" * 2000, "!!! ??? ...", ")(*&^%$#@", "AND", "", "   ", "\x00\x01", "2.4.6.c AND (fugace"])
def test_bad_queries_never_raise(rules, q):
    results = search.search(q)
    assert isinstance(results.hits, list)


def test_did_you_mean_when_nothing_matches(rules):
    results = search.search("zzqxw")
    assert results.hits == []


def test_suggest_as_you_type(rules):
    assert search.suggest("fuga")[0].number == "2.4.6"
    assert search.suggest("2.4.6")[0].number == "2.4.6"
    assert search.suggest("") == []
