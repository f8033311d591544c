"""``manage.py import_rules FILES… --ruleset fr-1``: load rules files into a rule set."""
from django.core.management.base import BaseCommand, CommandError

from rules_ref.importer import import_rules
from rules_ref.parser import RulesFormatError


class Command(BaseCommand):
    help = "Importe des fichiers de règles numérotées dans un jeu de règles (une seule transaction)."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", help="Fichiers texte des règles (UTF-8).")
        parser.add_argument("--ruleset", required=True, help="Identifiant du jeu de règles, par ex. fr-1.")
        parser.add_argument("--name", help="Nom lisible du jeu de règles.")

    def handle(self, *args, files, ruleset, name=None, **options):
        try:
            report = import_rules(files, ruleset, name=name)
        except RulesFormatError as exc:
            raise CommandError(f"{exc} (rien n'a été importé)") from None
        for conflict in report.conflicts:
            self.stderr.write(self.style.WARNING(f"Répétition différente : {conflict}"))
        self.stdout.write(
            f"{report.ruleset} : {report.numbered} règles numérotées, {report.articles} articles, "
            f"{report.implicit} niveaux implicites ; {report.created} créées, {report.updated} modifiées, "
            f"{report.deleted} supprimées, {report.unchanged} inchangées ; {report.merged} répétitions fusionnées."
        )
