"""``manage.py export_scenarios [FILE]``: every scenario with its history, as one JSON document."""

import json
import os
import tempfile
from pathlib import Path

from django.core.management.base import BaseCommand

from judge.scenarios.transfer import export_all


class Command(BaseCommand):
    help = "Exporte tous les scénarios et leur historique (JSON) vers un fichier ou la sortie standard."

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", default="-")

    def handle(self, *args, file, **options):
        text = json.dumps(export_all(), ensure_ascii=False, indent=1, sort_keys=True)
        if file == "-":
            self.stdout.write(text)
            return
        target = Path(file)
        # Written aside then renamed: a crash never leaves half an export under the final name.
        fd, temp = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
        self.stderr.write(f"Exporté vers {target}.")
