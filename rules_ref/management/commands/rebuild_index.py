"""``manage.py rebuild_index``: build the search index aside and swap it in whole."""

from django.core.management.base import BaseCommand

from rules_ref import search


class Command(BaseCommand):
    help = "Reconstruit l'index de recherche des règles (construit à part, puis substitué d'un bloc)."

    def handle(self, *args, **options):
        figures = search.rebuild()
        self.stdout.write(
            f"Index reconstruit : {figures['documents']} documents en {figures['seconds']:.2f} s "
            f"({figures['directory']})."
        )
