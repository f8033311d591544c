"""Training: exercises built from scenarios (issue 6), the answers given to them and the progress they make."""
from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Count, Q
from django.utils import timezone

from judge.scenarios.models import Scenario, Tag

from . import questions


class ExerciseQuerySet(models.QuerySet):
    """An exercise is seen and read exactly as its scenario is."""

    def visible_to(self, user) -> ExerciseQuerySet:
        return self.filter(scenario__in=Scenario.objects.visible_to(user))

    def readable_by(self, user) -> ExerciseQuerySet:
        return self.filter(scenario__in=Scenario.objects.readable_by(user))

    def themed(self, section: str = "", tag: str = "", difficulty: int | None = None) -> ExerciseQuerySet:
        """Filter by rule section (``2.4``), scenario tag (slug) and difficulty (1–3)."""
        qs = self
        if section:
            qs = qs.filter(section=section)
        if tag:
            qs = qs.filter(scenario__tags__slug=tag).distinct()
        if difficulty:
            qs = qs.filter(difficulty=difficulty)
        return qs

    def themes(self) -> dict:
        """The rule sections and the scenario tags that have these exercises, with their counts."""
        sections = self.values("section").order_by("section").annotate(count=Count("id"))
        tags = (Tag.objects.filter(scenarios__exercises__in=self).annotate(count=Count("scenarios__exercises", distinct=True))
                .order_by("name"))
        return {
            "sections": [{"key": s["section"], "label": questions.section_label(s["section"]), "count": s["count"]}
                         for s in sections if s["section"]],
            "tags": [{"key": t.slug, "label": t.name, "count": t.count} for t in tags],
        }


class Exercise(models.Model):
    """A question on what the engine does at one step of a scenario.

    The author chooses the scenario, the position (``steps`` performed, as in :mod:`judge.scenarios.runner`),
    the kind of question, the card it is about (``focus``) and an explanation; the prompt, the
    options and the answer are computed by running the engine (:func:`judge.training.questions.build`), never
    typed. ``built_from`` is the hash of the document they were computed from: when the scenario
    changes, :meth:`ensure_fresh` computes them again.
    """

    class Kind(models.TextChoices):
        CARD_ZONE = "card_zone", "Où va cette carte ?"
        EXPEDITIONS = "expeditions", "Quelles Expéditions avancent ?"
        WINNER = "winner", "Qui gagne ?"
        RULE = "rule", "Quelle règle en décide ?"

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    #: PROTECT: deleting a scenario is a soft delete; its exercises and everyone's answers stay.
    scenario = models.ForeignKey(Scenario, on_delete=models.PROTECT, related_name="exercises")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="exercises")
    steps = models.PositiveIntegerField(help_text="Position où le déroulé s'arrête : nombre d'étapes déjà jouées.")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    focus = models.CharField(max_length=60, blank=True, help_text="La carte (id) sur laquelle porte la question.")
    #: The rule the question is about, among those the engine cites at that step (empty: its first).
    chosen_rule = models.CharField(max_length=40, blank=True)
    explanation = models.TextField(blank=True, max_length=3000)
    #: The author's difficulty (1–3); ``None``: derived from the step (see judge.training.questions).
    author_difficulty = models.PositiveSmallIntegerField(null=True, blank=True)
    # Computed from the engine by judge.training.questions.build:
    question = models.JSONField(default=dict)
    answer = models.CharField(max_length=120)
    rule = models.CharField(max_length=40, blank=True)
    section = models.CharField(max_length=20, blank=True, db_index=True)
    difficulty = models.PositiveSmallIntegerField(default=1, db_index=True)
    built_from = models.CharField(max_length=64, blank=True)
    #: Where a starter-set exercise came from (``fixtures/exercises.json#<key>``), empty otherwise.
    source = models.CharField(max_length=200, blank=True, db_index=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    objects = ExerciseQuerySet.as_manager()

    class Meta:
        db_table = "judge_exercise"   # the table made when the model lived in ``judge`` (migration 0003)
        ordering = ["section", "difficulty", "id"]

    def __str__(self) -> str:
        return f"{self.scenario.title} — étape {self.steps} ({self.get_kind_display()})"

    def can_edit(self, user) -> bool:
        return self.scenario.can_edit(user)

    def rebuild(self) -> None:
        """Compute prompt, options, answer, rule, section and difficulty by running the engine.

        Raises :class:`judge.training.questions.ExerciseError` when the scenario cannot make this question.
        """
        q = questions.build(self.scenario.document, self.steps, self.kind, focus=self.focus,
                           rule=self.chosen_rule, ruleset=self.scenario.ruleset)
        self.question = q.as_json()
        self.answer, self.rule, self.section = q.answer, q.rule, q.section
        self.difficulty = self.author_difficulty or q.difficulty
        self.built_from = questions.document_hash(self.scenario.document)

    def ensure_fresh(self) -> None:
        """Rebuild (and save) when the scenario changed since the answer was computed."""
        if self.built_from != questions.document_hash(self.scenario.document):
            self.rebuild()
            self.save()

    def option_label(self, key: str) -> str:
        return next((o["label"] for o in self.question.get("options", []) if o["key"] == key), key)

    def offers(self, key: str) -> bool:
        """Whether ``key`` is one of the options the question offers."""
        return any(o["key"] == key for o in self.question.get("options", []))

    def record_answer(self, chosen: str, user, session_key: str, series: str = "") -> Attempt:
        """Record ``chosen`` (one of the options) as the answer of ``user``, or of the anonymous session."""
        if not self.offers(chosen):
            raise ValueError(f"{chosen!r} is not an option of exercise {self.uuid}")
        return Attempt.objects.create(
            exercise=self, user=user if user is not None and user.is_authenticated else None,
            session_key=session_key, chosen=chosen, correct=chosen == self.answer, series=series,
        )

    def step_log(self) -> list[dict]:
        """The engine's log entries of the step the question is about."""
        seqs = set(self.question.get("seqs", []))
        return [e for e in questions.run_step(self.scenario.document, self.steps).entries if e["seq"] in seqs]


class AttemptQuerySet(models.QuerySet):
    def of(self, user, session_key: str | None) -> AttemptQuerySet:
        """A signed-in judge's answers, or an anonymous trainee's answers of this session."""
        if user is not None and user.is_authenticated:
            return self.filter(user=user)
        if not session_key:
            return self.none()
        return self.filter(user__isnull=True, session_key=session_key)

    def progress(self) -> list[dict]:
        """Answered and right, per rule section: ``[{"section", "answered", "right"}]``."""
        rows = (self.values("exercise__section").order_by("exercise__section")
                .annotate(answered=models.Count("id"), right=models.Count("id", filter=Q(correct=True))))
        return [{"section": r["exercise__section"], "answered": r["answered"], "right": r["right"]} for r in rows]


class Attempt(models.Model):
    """One answer given to an exercise, by a signed-in judge or by an anonymous session."""

    #: PROTECT: an exercise other judges answered cannot be deleted (their progress stays).
    exercise = models.ForeignKey(Exercise, on_delete=models.PROTECT, related_name="attempts")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="attempts")
    session_key = models.CharField(max_length=40, blank=True, db_index=True)
    series = models.CharField(max_length=36, blank=True)
    chosen = models.CharField(max_length=120)
    correct = models.BooleanField()
    at = models.DateTimeField(default=timezone.now)

    objects = AttemptQuerySet.as_manager()

    class Meta:
        db_table = "judge_attempt"
        ordering = ["-at"]
