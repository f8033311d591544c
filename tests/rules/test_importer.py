"""Importing rules into the database: counts, exact texts, hierarchy, idempotence, atomicity."""

import pytest
from django.core.management import CommandError, call_command

from rules_ref.importer import import_rules
from rules_ref.models import Citation, Rule, RuleSet
from tests.conftest import RULE_FILES

EXACT_TEXTS = {
    "1.1.6.a": "Lorsque le jeu utilise un nombre, il s'agit toujours d'un nombre entier.",
    "1.3.2.c": "Lors de la phase de midi, rien ne se passe à moins qu'une ou plusieurs réactions ne soient déclenchées « À Midi ».",
    "2.1.d": "Si un jeton devait quitter la zone d'Expédition, il cesse immédiatement d'exister après avoir rejoint sa nouvelle zone.",
    "2.2.7.b": "Seules les cartes avec un coût de réserve peuvent être jouées depuis la Réserve.",
    "2.4.6.c": "Si un personnage Fugace devait aller dans la Réserve depuis la zone d'Expédition, il va dans la pile de Défausse à la place.",
    "2.5.i": "Lorsqu'un objet quitte la zone d'Expédition ou la zone de Point de Repère, il perd tous ses jetons.",
    "3.1.2.c": "Si une carte ou un objet devait aller dans une zone privée qui n'appartient pas à son propriétaire, il va à la zone correspondante de son propriétaire à la place.",
    "3.2.9.b": "Lorsqu'un joueur place une carte dans la Zone de Mana, elle entre dans la Zone de Mana face cachée et Épuisée, sauf indication contraire.",
    "4.1.j": "Commencez le premier jour à Midi, en remplaçant la première Matinée par la configuration suivante : chaque joueur pioche six cartes et doit placer trois cartes dans sa zone de Mana.",
    "4.2.5.d": "Si un joueur n'a pas de Héros, sa limite de Réserve et sa limite de Repère sont égales à 2.",
    "7.3.16.a": "Ravitailler signifie placer la première carte du Deck dans la Réserve.",
    "7.3.18.a": "Saboter signifie défausser jusqu'à une carte ciblée dans une Réserve.",
    "7.3.11.c": "Si une expédition dans la région opposée à sa région d'origine devait avancer, rien ne se passe.",
}


def test_all_seed_entries_come_through(rules):
    assert Rule.objects.numbered().count() == 197
    assert Rule.objects.articles().count() == 3


@pytest.mark.parametrize("number, text", EXACT_TEXTS.items())
def test_exact_texts(rules, number, text):
    assert Rule.objects.get(ruleset__slug="fr-1", number=number).text == text


def test_headings_remarks_and_star(rules):
    assert Rule.objects.get(number="2.5").title == "Jetons"
    rule = Rule.objects.get(number="4.2.5.d")
    assert rule.remarks[0].startswith("Un joueur peut avoir des objets en excès")
    assert "Remarque" not in rule.text
    assert Rule.objects.get(number="1.3.2.d").starred


def test_hierarchy_with_missing_levels(rules):
    rule = Rule.objects.get(number="4.2.5.c")
    assert [r.number for r in rule.breadcrumb()] == ["4", "4.2", "4.2.5"]
    four, four_two = Rule.objects.get(number="4"), Rule.objects.get(number="4.2")
    assert four.implicit and four_two.implicit and not rule.parent.implicit
    assert list(Rule.objects.filter(parent=four).values_list("number", flat=True)) == ["4.1", "4.2", "4.3"]


def test_order_follows_rule_numbers(rules):
    numbers = list(Rule.objects.numbered().filter(number__startswith="2.4.").values_list("number", flat=True))
    assert numbers[:3] == ["2.4.3", "2.4.6", "2.4.6.a"]


def test_citations_point_at_rules_or_are_missing(rules):
    assert Citation.objects.get(source__number="2.1.c").target.number == "2.1.e"
    assert Citation.objects.get(source__number="4.2.5.c").target is None


def test_importing_twice_changes_nothing(rules):
    before = list(Rule.objects.values())
    stamp = RuleSet.objects.get(slug="fr-1").imported_at
    report = import_rules(RULE_FILES, "fr-1")
    assert not report.changed and report.unchanged == Rule.objects.count()
    assert list(Rule.objects.values()) == before
    assert RuleSet.objects.get(slug="fr-1").imported_at == stamp


def test_malformed_file_leaves_database_as_it_was(rules, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("2.5 Jetons\n2.5.a Nouveau texte.\n2.5.b\n", encoding="utf-8")
    before = list(Rule.objects.values())
    with pytest.raises(CommandError, match=r"bad.txt, ligne 3 .*rien n'a été importé"):
        call_command("import_rules", *map(str, RULE_FILES), str(bad), ruleset="fr-1")
    assert list(Rule.objects.values()) == before


def test_reimport_of_changed_files_updates_and_deletes(db, tmp_path):
    path = tmp_path / "v.txt"
    path.write_text("2.5 Jetons\n2.5.a Un.\n2.5.b Deux.\n", encoding="utf-8")
    import_rules([path], "test-1")
    path.write_text("2.5 Jetons\n2.5.a Un modifié.\n", encoding="utf-8")
    report = import_rules([path], "test-1")
    assert (report.updated, report.deleted) == (1, 1)
    assert list(Rule.objects.filter(ruleset__slug="test-1").numbered().values_list("number", "text")) == [
        ("2.5", ""),
        ("2.5.a", "Un modifié."),
    ]


def test_command_reports_counts(db, capsys):
    call_command("import_rules", *map(str, RULE_FILES), ruleset="fr-1")
    out = capsys.readouterr().out
    assert "197 règles numérotées, 3 articles" in out
