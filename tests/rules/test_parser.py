"""Reading the rules text format: entries, blocks, furniture, repeats and malformed files."""

import pytest

from rules_ref.parser import (
    RulesFormatError,
    ancestors,
    number_key,
    parse_files,
    parse_text,
)
from tests.conftest import RULE_FILES


def test_seeds_give_197_numbered_entries_and_3_articles():
    result = parse_files(RULE_FILES)
    numbered = [e for e in result.entries if e.number]
    articles = [e for e in result.entries if e.number is None]
    assert len(numbered) == 197
    assert [a.title for a in articles] == [
        "Card Advantage",
        "Clarification des phases d'une journée",
        "Multijoueur 2v2 (Mode de jeu)",
    ]
    assert result.conflicts == []
    assert result.merged > 0  # 1.3.2, 4.3, 3.1.2… stand in several files


def test_entry_kinds_remarks_items_and_star():
    entries = {e.slug: e for e in parse_files(RULE_FILES).entries}
    assert entries["2.5"].kind == "section" and entries["2.5"].title == "Jetons"
    assert entries["1.3.2.d"].starred and not entries["1.3.2.c"].starred
    assert entries["3.1.2.a"].remarks == ["la zone d'expédition, l'Aventure et Limbo sont des zones partagées."]
    assert "Remarque" not in entries["3.1.2.a"].text
    assert entries["1.3.2.e"].items == [
        "du même type que sa Région ;",
        "strictement supérieure à la statistique correspondante de l'expédition adverse ;",
        "strictement supérieure à zéro.",
    ]
    assert entries["2.4.3"].kind == "section" and len(entries["2.4.3"].items) == 3
    assert entries["7.3.19"].text.startswith("Le Sacrifice est l'action")


def test_article_subheadings_and_truncated_list_continuation():
    entries = {e.slug: e for e in parse_files(RULE_FILES).entries}
    article = entries["multijoueur-2v2-mode-de-jeu"]
    headings = [b.text for b in article.blocks if b.kind == "heading"]
    assert headings == [
        "Règles de construction de deck en mode multijoueur",
        "2v2",
        "Mise en place d'une partie multijoueur Altered en 2v2",
        "Conditions de victoire",
        "Départage",
        "Effets du premier joueur",
        "Interactions avec votre coéquipier",
        "Clarifications",
    ]
    assert "Vous pouvez avoir un maximum de 3 cartes Uniques dans votre deck." in article.items
    phases = entries["clarification-des-phases-d-une-journee"]
    assert [b.text for b in phases.blocks if b.kind == "heading"] == ["Phase du Matin"]
    assert phases.items[-1].startswith("Nettoyage :")


def test_furniture_is_skipped():
    entries = parse_text(
        "Glossaire Altered\nNombre d'entrées : 8\nVoir les sources du contenu\n2.5 Jetons\n2.5.a Texte.\n", "f.txt"
    )
    assert [e.slug for e in entries] == ["2.5", "2.5.a"]


def test_citations_are_found_in_text_and_remarks():
    entries = {e.slug: e for e in parse_files(RULE_FILES).entries}
    assert entries["4.2.5.c"].citations() == ["6.1.g"]
    assert entries["2.1.c"].citations() == ["2.1.e"]


def test_numbered_list_lines_inside_a_rule_are_not_rule_numbers():
    entries = {e.slug: e for e in parse_files(RULE_FILES).entries}
    assert "1. Chaque joueur détermine" in entries["4.3.h"].text
    assert "1" not in entries


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("2.5 Jetons\n2.5.a\n", 2, "n'a pas de texte"),
        ("• une puce orpheline\n2.5 Jetons\n", 1, "hors de toute règle"),
        ("2.5 Jetons\n2.5.aa Texte.\n", 2, "illisible"),
        ("2.5 Jetons\n2.5.a Texte\x07.\n", 2, "contrôle"),
    ],
)
def test_malformed_text_names_file_and_line(text, line, message):
    with pytest.raises(RulesFormatError) as caught:
        parse_text(text, "regles.txt")
    assert caught.value.line == line
    assert f"regles.txt, ligne {line}" in str(caught.value)
    assert message in str(caught.value)


def test_non_utf8_file_names_the_line(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes("2.5 Jetons\n2.5.a Les objets peuvent avoir des jetons.\n2.5.b Défausse\n".encode("latin-1"))
    with pytest.raises(RulesFormatError, match=r"latin1.txt, ligne 3 : le fichier n'est pas en UTF-8"):
        parse_files([path])


def test_differing_repeat_is_reported_and_truncated_copy_loses(tmp_path):
    one = tmp_path / "a.txt"
    two = tmp_path / "b.txt"
    one.write_text("2.5 Jetons\n2.5.a Les objets ont des jetons.\n\nArticle Test\n\nPremier.\n", encoding="utf-8")
    two.write_text(
        "2.5 Jetons\n2.5.a Les objets n'ont pas de jetons.\n\nArticle Test\n\nPremier.\nSecond.\n", encoding="utf-8"
    )
    result = parse_files([one, two])
    entries = {e.slug: e for e in result.entries}
    assert entries["2.5.a"].text == "Les objets ont des jetons."  # the first reading is kept
    assert entries["article-test"].text == "Premier.\nSecond."  # the fuller copy wins
    assert len(result.conflicts) == 2
    assert any("2.5.a" in c and "b.txt:2" in c and "première version est gardée" in c for c in result.conflicts)


def test_number_order_and_ancestors():
    assert sorted(["2.10", "2.4.6.c", "2.4.6", "2.9", "2.4"], key=number_key) == [
        "2.4",
        "2.4.6",
        "2.4.6.c",
        "2.9",
        "2.10",
    ]
    assert ancestors("4.2.5.c") == ["4", "4.2", "4.2.5", "4.2.5.c"]
