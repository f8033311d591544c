"""``manage.py import_rules FILES… --ruleset fr-1``: load rules files into a rule set."""

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from rules_ref import concordance
from rules_ref.importer import import_rules
from rules_ref.parser import RulesFormatError


class Command(BaseCommand):
    help = "Importe des fichiers de règles numérotées dans un jeu de règles (une seule transaction)."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", help="Fichiers texte des règles (UTF-8).")
        parser.add_argument("--ruleset", required=True, help="Identifiant du jeu de règles, par ex. fr-1.")
        parser.add_argument("--name", help="Nom lisible du jeu de règles.")
        parser.add_argument(
            "--concordance",
            dest="concordance_path",
            help="Correspondance avec les règles officielles (défaut : engine/data/concordance/<ruleset>.json s'il existe).",
        )

    def handle(self, *args, files, ruleset, name=None, concordance_path=None, **options):
        if not concordance_path and concordance.default_path(ruleset).exists():
            concordance_path = concordance.default_path(ruleset)
        try:
            if concordance_path:
                concordance.load(concordance_path, ruleset)  # a bad file stops everything before any write
            with transaction.atomic():  # the rules and their concordance together, or nothing
                report = import_rules(files, ruleset, name=name)
                official = concordance.import_concordance(ruleset, concordance_path) if concordance_path else None
        except RulesFormatError as exc:
            raise CommandError(f"{exc} (rien n'a été importé)") from None
        except concordance.ConcordanceError as exc:
            raise CommandError(f"{exc} (rien n'a été importé)") from None
        for conflict in report.conflicts:
            self.stderr.write(self.style.WARNING(f"Répétition différente : {conflict}"))
        self.stdout.write(
            f"{report.ruleset} : {report.numbered} règles numérotées, {report.articles} articles, "
            f"{report.implicit} niveaux implicites ; {report.created} créées, {report.updated} modifiées, "
            f"{report.deleted} supprimées, {report.unchanged} inchangées ; {report.merged} répétitions fusionnées."
        )
        if official:
            counts = ", ".join(
                f"{n} {concordance.VERDICTS[v]}{'s' if n > 1 else ''}" for v, n in sorted(official.verdicts.items())
            )
            self.stdout.write(
                f"Correspondance CR 5.0 : {official.entries} règles ({counts}) ; {official.created} créées, "
                f"{official.updated} modifiées, {official.deleted} supprimées, {official.unchanged} inchangées."
            )
