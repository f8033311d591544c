"""``manage.py import_scenarios FILE``: scenarios and their history from an export (one transaction)."""

import json
import sys

from django.core.management.base import BaseCommand, CommandError

from judge.scenarios.transfer import TransferError, import_all


class Command(BaseCommand):
    help = "Importe un export de scénarios (créés ou mis à jour par uuid), tout ou rien."

    def add_arguments(self, parser):
        parser.add_argument("file", help="Fichier JSON, ou « - » pour l'entrée standard.")

    def handle(self, *args, file, **options):
        try:
            text = sys.stdin.read() if file == "-" else open(file, encoding="utf-8").read()
            data = json.loads(text)
        except (OSError, UnicodeDecodeError) as exc:
            raise CommandError(f"{file} : lecture impossible ({exc})") from None
        except json.JSONDecodeError as exc:
            raise CommandError(f"{file}, ligne {exc.lineno}, colonne {exc.colno} : JSON invalide ({exc.msg})") from None
        try:
            counts = import_all(data)
        except TransferError as exc:
            raise CommandError(f"{file} : {exc} (rien n'a été importé)") from None
        self.stdout.write(
            f"{counts['created']} scénarios créés, {counts['updated']} mis à jour, {counts['revisions']} révisions."
        )
