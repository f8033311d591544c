from django.core.management.base import BaseCommand, CommandError

from judge.cards.importer import ImportRefused, import_paths


class Command(BaseCommand):
    help = (
        "Importe un export de la base de cartes (fichiers ou dossiers .json : un fichier par carte "
        "avec ses cinq langues, ou un fichier par set et par langue). Les langues d'une carte sont "
        "réunies ; relancer l'import ne change rien ; un fichier fautif fait tout refuser."
    )

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", help="fichiers ou dossiers de l'export")

    def handle(self, *args, paths, **options):
        try:
            report = import_paths(paths)
        except ImportRefused as exc:
            for problem in exc.problems[:50]:
                self.stderr.write(str(problem))
            more = len(exc.problems) - 50
            if more > 0:
                self.stderr.write(f"… et {more} autres problèmes.")
            raise CommandError(f"Import refusé ({len(exc.problems)} problèmes) : rien n'a été écrit.") from None
        for warning in report.warnings[:20]:
            self.stdout.write("Attention : " + warning)
        self.stdout.write(self.style.SUCCESS(report.summary()))
