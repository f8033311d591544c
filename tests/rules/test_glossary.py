"""The FR ↔ EN glossary and the synonyms are data (fixtures/glossary): well formed, pointing at rules
that exist, and read with clear errors when they are not."""

from __future__ import annotations

import json

import pytest

from rules_ref import glossary


def test_every_term_has_french_and_english_forms_and_an_existing_rule(rules):
    from rules_ref.models import Rule

    numbers = set(Rule.objects.filter(ruleset__slug="fr-1", implicit=False).values_list("number", flat=True))
    terms = glossary.terms()
    assert len(terms) >= 40
    assert len({t.en for t in terms}) == len(terms), "an English term is listed twice"
    assert len({t.slug for t in terms}) == len(terms)
    for term in terms:
        assert term.fr and term.en and term.forms and term.en_forms, term
        assert term.rule is None or term.rule in numbers, term


def test_english_forms_lead_to_their_terms():
    assert [t.fr for t in glossary.by_english()["fleeting"]] == ["Fugace"]
    assert {t.en for t in glossary.by_english()["clean up"]} == {"Clean-up"}
    # "jeton" is both the counter and the token: both terms, each with its own English word.
    assert {t.en for t in glossary.by_french()["jetons"]} == {"Counter", "Token"}


def test_synonym_groups_are_lists_of_words():
    groups = glossary.synonyms()
    assert ("savoir", "connaître") in groups
    assert any({"combien", "nombre", "autant"} <= set(group) for group in groups)


def test_a_malformed_glossary_file_is_a_clear_error(settings, tmp_path):
    (tmp_path / "fixtures" / "glossary").mkdir(parents=True)
    (tmp_path / "fixtures" / "glossary" / "terms.json").write_text(json.dumps({"terms": [{"fr": "Fugace"}]}))
    settings.BASE_DIR = tmp_path
    glossary.terms.cache_clear()
    try:
        with pytest.raises(glossary.GlossaryError, match=r"terms\.json: terms\[0\]"):
            glossary.terms()
    finally:
        glossary.terms.cache_clear()


def test_a_key_written_twice_is_a_clear_error_naming_its_lines(settings, tmp_path):
    # JSON would keep the second and drop the first without a word: a cue merged twice lost words so.
    (tmp_path / "fixtures" / "glossary").mkdir(parents=True)
    text = '{\n "cues": {\n  "boost": ["boost"],\n  "deck": ["deck"],\n  "boost": ["counter"]\n },\n "entries": []\n}\n'
    (tmp_path / "fixtures" / "glossary" / "situations.json").write_text(text, encoding="utf-8")
    settings.BASE_DIR = tmp_path
    with pytest.raises(
        glossary.GlossaryError, match=r'situations\.json: the key "boost" is written twice .*lines 3, 5'
    ):
        glossary.load("situations.json")


def test_the_glossary_files_write_each_key_once():
    for name in ("terms.json", "synonyms.json", "vocabulary.json", "situations.json"):
        assert glossary.load(name), name
