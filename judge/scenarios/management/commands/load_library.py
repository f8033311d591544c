"""``manage.py load_library``: the engine's scenario files become public example scenarios.

Idempotent: a file already loaded is updated in place (matched by its path), unchanged ones are
left alone. Files the engine refuses are reported and skipped.
"""

import json
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from judge.scenarios.models import Scenario

LIBRARY_USER = "bibliotheque"
PHASE_TAGS = {
    "setup": "mise en place",
    "morning": "matin",
    "noon": "midi",
    "afternoon": "après-midi",
    "dusk": "crépuscule",
    "night": "nuit",
}


def library_user():
    user, created = get_user_model().objects.get_or_create(
        username=LIBRARY_USER, defaults={"first_name": "Bibliothèque", "is_active": False}
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def tags_for(document: dict) -> list[str]:
    tags = [str(t) for t in document.get("tags", []) if isinstance(t, str)]
    phase = PHASE_TAGS.get(document.get("phase"))
    if phase and phase not in tags:
        tags.append(phase)
    return tags


class Command(BaseCommand):
    help = "Charge les scénarios de fixtures/scenarios comme exemples publics de la bibliothèque."

    def add_arguments(self, parser):
        parser.add_argument("--dir", default=str(Path(settings.BASE_DIR) / "fixtures" / "scenarios"))

    def handle(self, *args, dir, **options):
        directory = Path(dir)
        owner = library_user()
        loaded = skipped = unchanged = 0
        for path in sorted(directory.glob("*.json")):
            source = f"fixtures/scenarios/{path.name}"
            try:
                document = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                self.stderr.write(self.style.WARNING(f"{source} : illisible ({exc}), ignoré"))
                skipped += 1
                continue
            if not isinstance(document, dict):
                self.stderr.write(self.style.WARNING(f"{source} : pas un objet JSON, ignoré"))
                skipped += 1
                continue
            title = str(document.get("title") or path.stem)[:200]
            description = str(document.get("description") or "")[:5000]
            existing = Scenario.objects.filter(source=source).first()
            if existing and existing.document == document and existing.title == title:
                unchanged += 1
                continue
            with transaction.atomic():
                scenario = existing or Scenario(source=source, author=owner)
                scenario.title, scenario.description, scenario.document = title, description, document
                scenario.visibility = Scenario.Visibility.PUBLIC
                scenario.save_document(tags=tags_for(document))
                if scenario.problems:
                    transaction.set_rollback(True)
                    self.stderr.write(
                        self.style.WARNING(
                            f"{source} : refusé par le moteur ({scenario.problems[0]['path']}: {scenario.problems[0]['message']}), ignoré"
                        )
                    )
                    skipped += 1
                    continue
            loaded += 1
        self.stdout.write(f"Bibliothèque : {loaded} chargés ou mis à jour, {unchanged} inchangés, {skipped} ignorés.")
