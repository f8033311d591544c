from django.core.management.base import BaseCommand, CommandError

from judge.offline.vendor import PYODIDE, VendorError, vendor, vendor_dir


class Command(BaseCommand):
    help = "Vendor the offline search's runtime (Pyodide from npm, Whoosh's wheels from PyPI) into var/offline/."

    def handle(self, *args, **options):
        try:
            changed = vendor()
        except VendorError as exc:
            raise CommandError(str(exc)) from None
        state = "installé" if changed else "déjà en place"
        self.stdout.write(f"Hors ligne : Pyodide {PYODIDE[1]} et ses roues {state} dans {vendor_dir()}")
