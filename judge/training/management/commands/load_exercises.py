"""``manage.py load_exercises``: the starter set of training exercises, from ``fixtures/exercises.json``.

Each entry names a library scenario (``fixtures/scenarios/<file>``, loaded by ``load_library``), a
position, a kind of question, the card or rule it is about, its level (``L1``, ``L2``, ``L3``,
``corner``), its review status (``published`` by default), an explanation, and optionally: the wrong
options of a rule question (``distractors``), whether the answer rests on a reading (``reading``: the
author's word over the engine's), and what the tempting wrong answer misreads (``trap``: ``{key, why}``). The question, its
options and its answer are computed by the engine here, never read from the file.

Idempotent: an exercise is matched by its key; unchanged ones are left alone; entries whose scenario is
not in the library (yet) are skipped with a note, so scenario files may appear later and a new run
picks them up. An entry the engine can no longer make (the scenario changed) is reported, and its old
copy removed, rather than kept with a stale answer.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.db.models import Q

from judge.scenarios.management.commands.load_library import library_user
from judge.scenarios.models import Scenario
from judge.training.models import Exercise
from judge.training.questions import KINDS, ExerciseError

PREFIX = "fixtures/exercises.json#"


def entry_problem(entry) -> str | None:
    if not isinstance(entry, dict):
        return "pas un objet JSON"
    for name in ("key", "scenario", "kind"):
        if not isinstance(entry.get(name), str) or not entry[name]:
            return f"« {name} » manquant"
    if entry["kind"] not in KINDS:
        return f"type « {entry['kind']} » inconnu"
    if not isinstance(entry.get("steps"), int) or entry["steps"] < 0:
        return "« steps » doit être un entier positif"
    difficulty = entry.get("difficulty")
    if difficulty is not None and difficulty not in (1, 2, 3):
        return "« difficulty » doit valoir 1, 2 ou 3"
    if entry.get("level", "L1") not in Exercise.Level.values:
        return f"« level » doit valoir {', '.join(Exercise.Level.values)}"
    if entry.get("status", "published") not in Exercise.Status.values:
        return f"« status » doit valoir {', '.join(Exercise.Status.values)}"
    distractors = entry.get("distractors", [])
    if not isinstance(distractors, list) or not all(isinstance(n, str) and n for n in distractors):
        return "« distractors » doit être une liste de numéros de règles, de nombres ou d'Expéditions"
    if distractors and entry["kind"] not in ("rule", "count", "expeditions"):
        return "« distractors » ne vaut que pour une question « quelle règle », « combien » ou « quelles Expéditions »"
    if "reading" in entry and not isinstance(entry["reading"], str):
        return "« reading » doit être un texte (vide : la réponse ne dépend d'aucune lecture)"
    trap = entry.get("trap", {})
    if not isinstance(trap, dict) or (trap and not all(isinstance(trap.get(k), str) for k in ("key", "why"))):
        return "« trap » doit être un objet {key, why}"
    return None


def _fields(exercise: Exercise) -> tuple:
    return tuple(getattr(exercise, name) for name in ("scenario_id", "status", *Exercise.BUILT_FIELDS))


class Command(BaseCommand):
    help = "Charge les exercices d'entraînement de fixtures/exercises.json (réponses calculées par le moteur)."

    def add_arguments(self, parser):
        parser.add_argument("--file", default=str(Path(settings.BASE_DIR) / "fixtures" / "exercises.json"))

    def handle(self, *args, file, verbosity=1, **options):
        self.verbosity = verbosity
        try:
            data = json.loads(Path(file).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise CommandError(f"{file} : illisible ({exc})") from None
        entries = data.get("exercises", []) if isinstance(data, dict) else []
        owner = library_user()
        counts = {"created": 0, "updated": 0, "unchanged": 0, "waiting": 0, "refused": 0}
        keys: set[str] = set()
        for index, entry in enumerate(entries):
            if problem := entry_problem(entry):
                self.stderr.write(self.style.WARNING(f"exercices[{index}] : {problem}, ignoré"))
                counts["refused"] += 1
                continue
            source = PREFIX + entry["key"]
            if source in keys:
                self.stderr.write(self.style.WARNING(f"{entry['key']} : clé en double, ignoré"))
                counts["refused"] += 1
                continue
            keys.add(source)
            counts[self.load(entry, source, owner)] += 1
        # Entries removed from the file leave the starter set. One that judges answered (or an exam drew)
        # keeps its answers: it goes back to draft, drawn no more, instead of being deleted.
        stale = Exercise.objects.filter(source__startswith=PREFIX).exclude(source__in=keys)
        removed = stale.count()
        answered = stale.filter(Q(attempts__isnull=False) | Q(exam_questions__isnull=False)).distinct()
        answered.update(status=Exercise.Status.DRAFT, reviewer=None)
        stale.exclude(pk__in=answered.values("pk")).delete()
        if verbosity < 1:
            return
        self.stdout.write(
            f"Exercices : {counts['created']} créés, {counts['updated']} mis à jour, {counts['unchanged']} inchangés, "
            f"{counts['waiting']} en attente de leur scénario, {counts['refused']} refusés, {removed} retirés."
        )

    def load(self, entry: dict, source: str, owner) -> str:
        scenario = Scenario.objects.filter(source=entry["scenario"]).first()
        if scenario is None:
            if self.verbosity >= 2:
                self.stdout.write(
                    f"{entry['key']} : le scénario {entry['scenario']} n'est pas (encore) dans la bibliothèque, ignoré"
                )
            return "waiting"
        existing = Exercise.objects.filter(source=source).first()
        exercise = existing or Exercise(source=source, author=owner)
        before = _fields(existing) if existing else None
        exercise.scenario = scenario
        exercise.steps, exercise.kind = entry["steps"], entry["kind"]
        exercise.focus, exercise.chosen_rule = entry.get("focus", ""), entry.get("rule", "")
        exercise.explanation = str(entry.get("explanation", ""))[:3000]
        exercise.author_difficulty = entry.get("difficulty")
        exercise.level = entry.get("level", Exercise.Level.L1)
        exercise.distractors = list(entry.get("distractors", []))
        exercise.author_reading = entry.get("reading")
        exercise.misreading = dict(entry.get("trap", {}))
        # The starter set is checked against a separate engine run and read by the tests
        # (tests/judge/test_training.py): published unless the file says otherwise.
        exercise.status = entry.get("status", Exercise.Status.PUBLISHED)
        try:
            exercise.rebuild()
        except ExerciseError as exc:
            self.stderr.write(
                self.style.WARNING(f"{entry['key']} : le moteur ne peut pas poser cette question ({exc}), ignoré")
            )
            if existing:
                existing.delete()
            return "refused"
        if existing and before == _fields(exercise):
            return "unchanged"
        with transaction.atomic():
            exercise.save()
        return "updated" if existing else "created"
