"""``manage.py purge_deleted [--days N]``: erase the scenarios deleted more than N days ago (30).

A scenario in the bin past the restore delay is erased with its revisions and citations; its exercises
go with it when nobody answered them. A scenario whose exercises other judges answered is kept
(hidden, as every deleted scenario): the answers and the progress they make are never destroyed.
"""

from datetime import timedelta

from django.core.management.base import BaseCommand
from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone

from judge.scenarios.models import RESTORE_DAYS, Scenario


class Command(BaseCommand):
    help = "Efface les scénarios supprimés depuis plus de N jours (30 par défaut)."

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=RESTORE_DAYS)

    def handle(self, *args, days, **options):
        cutoff = timezone.now() - timedelta(days=days)
        erased = kept = 0
        for scenario in Scenario.all_objects.filter(deleted__lt=cutoff).order_by("deleted"):
            try:
                with transaction.atomic():
                    scenario.exercises.filter(attempts__isnull=True).delete()
                    scenario.delete()
            except ProtectedError:
                kept += 1
                continue
            erased += 1
        self.stdout.write(
            f"Corbeille : {erased} scénario(s) effacé(s), {kept} gardé(s) car d'autres juges "
            f"ont répondu à leurs exercices."
        )
