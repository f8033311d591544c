"""Search behaviour: numbers, French keywords, typos, phrases, hostile queries, index swaps."""

import html

import pytest

from rules_ref import search
from rules_ref.models import Rule


def numbers(results, n=5):
    return [h.number or h.slug for h in results.hits[:n]]


@pytest.mark.parametrize(
    "q, first, children",
    [
        ("4.2.5.c", "4.2.5.c", []),
        ("4.2.5", "4.2.5", ["4.2.5.a", "4.2.5.b", "4.2.5.c", "4.2.5.d"]),
        ("2.5", "2.5", ["2.5.a", "2.5.b"]),
        ("règle 2.4.6.c", "2.4.6.c", []),
    ],
)
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


@pytest.mark.parametrize(
    "typo, word, expected",
    [
        ("fugase", "fugace", "2.4.6"),
        ("ravitaler", "ravitailler", "7.3.16"),
        ("sacrifer", "sacrifier", "7.3.19"),
        ("endormie", None, "2.4.3"),
    ],
)
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


@pytest.mark.parametrize(
    "q", ['"AND OR (', "x" * 2000, "!!! ??? ...", ")(*&^%$#@", "AND", "", "   ", "\x00\x01", "2.4.6.c AND (fugace"]
)
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


@pytest.mark.parametrize(
    "q, number",
    [
        ("3.2.9 f", "3.2.9.f"),
        ("3.2.9f", "3.2.9.f"),
        ("4.1 h", "4.1.h"),
        ("règle 2.4.6.c", "2.4.6.c"),
        ("R2.4.6.c", "2.4.6.c"),
        ("r 2.4.6 C", "2.4.6.c"),
        ("Règle 4.2.5", "4.2.5"),
        ("CR4.2.5c", "4.2.5.c"),
        ("cr 2.4.6 c", "2.4.6.c"),
        ("R7319A", "7.3.19.a"),
    ],
)
def test_loose_numbers_land_on_the_rule(rules, q, number):
    results = search.search(q)
    assert results.kind == "number" and results.number == number
    assert results.hits[0].number == number


@pytest.mark.parametrize(
    "q, number",
    [
        ("c koi la 4 2 5 c", "4.2.5.c"),
        ("regle 4,2,5,c svp", "4.2.5.c"),
        ("la regle 425c stp", "4.2.5.c"),
        ("la 4.2.5 c", "4.2.5.c"),
        ("que dit la 7 3 10 b ?", "7.3.10.b"),
        ("4.2.5 c nettoyage", "4.2.5.c"),
        ("4.2.5 alinéa c", "4.2.5.c"),
        ("le point c de la 4.2.5", "4.2.5.c"),
    ],
)
def test_a_loose_number_among_words_is_read_as_the_rule(rules, q, number):
    assert search.search(q).hits[0].number == number


@pytest.mark.parametrize(
    "q",
    [
        "j'ai 2 3 cartes",
        "il a 4 2 5 en force",
        "2 4 6 c'est quoi",
        "3 2 1 a la fin",
        "en 2024",
        "2-2 à la fin",
    ],
)
def test_counts_and_scores_among_words_are_no_rule_numbers(rules, q):
    from rules_ref.search.numbers import numbers_among_words

    assert numbers_among_words(q) == []


def test_a_letter_that_is_a_word_is_not_read_into_the_number(rules):
    from rules_ref.search.numbers import numbers_among_words

    assert numbers_among_words("la 4.2.5 a dit quoi") == ["4.2.5"]  # « a »: the verb, not 4.2.5.a


@pytest.mark.parametrize("q", ["2 a", "2v2", "3.2.9 ff", "fugace 2"])
def test_words_that_look_like_numbers_are_not_numbers(rules, q):
    assert search.parse_number(q) is None


def test_missing_loose_number_says_so_and_proposes_the_nearest(rules):
    results = search.search("4.2.5 z")
    assert results.missing_number == "4.2.5.z" and results.suggestion == "4.2.5"


@pytest.mark.parametrize(
    "q, first",
    [
        ("fleeting", "2.4.6"),
        ("asleep", "2.4.3"),
        ("resupply", "7.3.16.a"),  # « Ravitailler signifie … », above its heading, which has no text
        ("noon", "1.3.2.c"),
        ("dusk", "1.3.2.e"),
        ("clean-up", "4.2.5.c"),
        ("discard pile", "3.2.3.a"),  # « La Pile de défausse est … », above its heading
        ("tiebreakers", "4.3.c"),
    ],
)
def test_english_terms_find_the_french_rule(rules, q, first):
    results = search.search(q)
    assert numbers(results, 3)[0] == first
    assert results.corrected is None  # expanded through the glossary, not "corrected"


def test_noon_is_not_corrected_into_non(rules):
    results = search.search("noon")
    assert "Midi" in results.hits[0].text and results.corrected is None and not results.fuzzy


def test_token_is_the_object_and_counters_the_marker(rules):
    # Both are "jeton" in French: the English word decides which rules come first.
    assert not numbers(search.search("token"), 1)[0].startswith("2.5")
    assert numbers(search.search("counters"), 1)[0] == "2.5"


def test_a_section_named_by_the_query_comes_first_then_its_rules_in_order(rules):
    assert numbers(search.search("fugace"), 4) == ["2.4.6", "2.4.6.a", "2.4.6.b", "2.4.6.c"]


def test_short_rule_text_is_shown_whole_and_every_cut_is_marked(rules):
    short = search.search("2.4.6.c fugace").hits[0]
    assert short.number == "2.4.6.c"
    assert "…" not in short.snippet and short.snippet.endswith("à la place.")
    long_hits = [h for h in search.search("statistiques", limit=50).hits if len(h.text) > 300]
    assert long_hits
    for hit in long_hits:
        plain = html.unescape(hit.snippet.replace('<mark class="match">', "").replace("</mark>", ""))
        text = " ".join(hit.text.split())
        fragments = [f.strip() for f in plain.strip("… ").split(" … ")]
        assert all(f in text for f in fragments), hit.number
        assert text.startswith(fragments[0]) or plain.startswith("… "), hit.number
        assert text.endswith(fragments[-1]) or plain.endswith(" …"), hit.number


def test_synonyms_from_the_data_file_widen_question_words(rules):
    # "savoir" → "connaître", "combien" → "nombre" (fixtures/glossary/synonyms.json)
    hits = numbers(search.search("mon adversaire peut-il savoir combien de cartes j'ai en main"), 5)
    assert "1.2.3.f" in hits


def test_suggest_reads_english_prefixes_and_loose_numbers(rules):
    assert search.suggest("flee")[0].number == "2.4.6"
    assert search.suggest("3.2.9 f")[0].number == "3.2.9.f"
