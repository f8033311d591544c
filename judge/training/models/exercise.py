"""Exercises built from scenarios: what the author sets, what the engine computes, their review and statistics."""

from __future__ import annotations

import uuid
from collections import Counter
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.db.models import Count

from judge.scenarios.models import Scenario, Tag

from .. import questions

if TYPE_CHECKING:
    from .answers import Attempt


class ExerciseQuerySet(models.QuerySet):
    """An exercise is seen and read exactly as its scenario is."""

    def visible_to(self, user) -> ExerciseQuerySet:
        return self.filter(scenario__in=Scenario.objects.visible_to(user))

    def readable_by(self, user) -> ExerciseQuerySet:
        return self.filter(scenario__in=Scenario.objects.readable_by(user))

    def published(self) -> ExerciseQuerySet:
        return self.filter(status=Exercise.Status.PUBLISHED)

    def for_exam(self) -> ExerciseQuerySet:
        """Published exercises whose answer rests on the rules' text, not on a reading of the engine."""
        return self.published().filter(reading="")

    def for_practice(self) -> ExerciseQuerySet:
        """Those whose answer may be shown: not the exam-only pool."""
        return self.filter(exam_only=False)

    def outside_running_exams(self, now=None) -> ExerciseQuerySet:
        """Those no running exam has drawn (while it runs, an exam's questions are answered only in it)."""
        from .exam import ExamQuestion

        return self.exclude(pk__in=ExamQuestion.objects.running(now).values("exercise_id"))

    def themed(
        self, section: str = "", tag: str = "", difficulty: int | None = None, level: str = ""
    ) -> ExerciseQuerySet:
        """Filter by rule section (``2.4``), scenario tag (slug), difficulty (1–3) and level (L1…)."""
        qs = self
        if level:
            qs = qs.filter(level=level)
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
        # Counted here from one join (exercise → scenario → tags), not by a Tag query with these
        # exercises as a subquery: on a freshly filled PostgreSQL table (no statistics yet) the planner
        # nests loops over that subquery and the query took minutes.
        seen: dict[str, tuple[str, set]] = {}
        for pk, slug, name in self.filter(scenario__tags__isnull=False).values_list(
            "id", "scenario__tags__slug", "scenario__tags__name"
        ):
            seen.setdefault(slug, (name, set()))[1].add(pk)
        tags = [Tag(slug=slug, name=name) for slug, (name, _) in sorted(seen.items(), key=lambda kv: kv[1][0])]
        for tag in tags:
            tag.count = len(seen[tag.slug][1])
        return {
            "sections": [
                {"key": s["section"], "label": questions.section_label(s["section"]), "count": s["count"]}
                for s in sections
                if s["section"]
            ],
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

    #: what the author sets and the engine computes: copied together when an exercise is rebuilt
    BUILT_FIELDS = (
        "steps",
        "kind",
        "focus",
        "chosen_rule",
        "explanation",
        "author_difficulty",
        "level",
        "question",
        "answer",
        "rule",
        "section",
        "difficulty",
        "reading",
        "author_reading",
        "distractors",
        "misreading",
        "built_from",
    )

    #: What a reviewer read: when one of them changes, the exercise goes back to draft.
    QUESTION_FIELDS = (
        "steps",
        "kind",
        "focus",
        "chosen_rule",
        "explanation",
        "question",
        "answer",
        "rule",
        "distractors",
        "misreading",
    )

    class Kind(models.TextChoices):
        CARD_ZONE = "card_zone", "Où va cette carte ?"
        EXPEDITIONS = "expeditions", "Quelles Expéditions avancent ?"
        WINNER = "winner", "Qui gagne ?"
        RULE = "rule", "Quelle règle en décide ?"
        LEGAL = "legal", "Quelles cartes peut-il jouer ?"
        NIGHT_ZONE = "night_zone", "Où est cette carte après la Nuit ?"
        COUNT = "count", "Combien de cartes dans cette zone ?"

    class Status(models.TextChoices):
        DRAFT = "draft", "Brouillon"
        REVIEWED = "reviewed", "Relu"
        PUBLISHED = "published", "Publié"

    class Level(models.TextChoices):
        L1 = "L1", "Niveau 1"
        L2 = "L2", "Niveau 2"
        L3 = "L3", "Niveau 3"
        CORNER = "corner", "Cas limite"

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
    #: Review: draft → reviewed (by someone who is not the author, or staff) → published.
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT, db_index=True)
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="reviewed_exercises"
    )
    #: What a judge must know to answer it (set by the author).
    level = models.CharField(max_length=6, choices=Level.choices, default=Level.L1, db_index=True)
    #: Complexity measured from the first answers (share wrong, 0–1), once there are enough of them.
    complexity = models.FloatField(null=True, blank=True)
    #: The engine's reading the answer rests on (not settled by the rules' text): kept out of exams.
    reading = models.TextField(blank=True)
    #: The author's word on the reading: None, the engine's (``reading``); "" the answer does not depend
    #: on the reading the engine applied; a text, the reading the answer rests on (the rules' text is
    #: ambiguous there even though the engine applies no named reading).
    author_reading = models.TextField(null=True, blank=True)
    #: The wrong options chosen by the author: a ``rule`` question's (rule numbers, the rules a judge
    #: confuses), a ``count`` question's (the counts of plausible misreadings).
    distractors = models.JSONField(default=list, blank=True)
    #: What the tempting wrong answer misreads: ``{"key": <a wrong option>, "why": <by the rule text>}``.
    misreading = models.JSONField(default=dict, blank=True)
    #: Staff keep it for exams: never listed, drawn or answered in practice, its answer never shown.
    exam_only = models.BooleanField(default=False, db_index=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    objects = ExerciseQuerySet.as_manager()

    class Meta:
        db_table = "judge_exercise"  # the table made when the model lived in ``judge`` (migration 0003)
        ordering = ["section", "difficulty", "id"]

    def __str__(self) -> str:
        return f"{self.scenario.title} — étape {self.steps} ({self.get_kind_display()})"

    def can_edit(self, user) -> bool:
        return self.scenario.can_edit(user)

    def rebuild(self) -> None:
        """Compute prompt, options, answer, rule, section and difficulty by running the engine.

        Raises :class:`judge.training.questions.ExerciseError` when the scenario cannot make this question.
        """
        q = questions.build(
            self.scenario.document,
            self.steps,
            self.kind,
            focus=self.focus,
            rule=self.chosen_rule,
            ruleset=self.scenario.ruleset,
            distractors=self.distractors or (),
        )
        self.question = q.as_json()
        self.answer, self.rule, self.section = q.answer, q.rule, q.section
        self.difficulty = self.author_difficulty or q.difficulty
        self.reading = q.reading if self.author_reading is None else self.author_reading
        self.built_from = questions.document_hash(self.scenario.document)

    def ensure_fresh(self) -> None:
        """Rebuild (and save) when the scenario changed since the answer was computed, or when the
        question was computed by an older builder (without the board and the cards' texts)."""
        if (
            self.built_from != questions.document_hash(self.scenario.document)
            or self.question.get("format") != questions.QUESTION_FORMAT
        ):
            answer = self.answer
            self.rebuild()
            if self.answer != answer and self.status != self.Status.DRAFT:
                # The scenario changed under it and the answer with it: what was reviewed no longer holds.
                self.status, self.reviewer = self.Status.DRAFT, None
            self.save()

    def option_label(self, key: str) -> str:
        return next((o["label"] for o in self.question.get("options", []) if o["key"] == key), key)

    @property
    def multiple(self) -> bool:
        return bool(self.question.get("multiple"))

    def normalize(self, chosen: str) -> str:
        """The chosen key(s) as stored: several keys sorted and joined by ``,`` (``none`` alone)."""
        if not self.multiple:
            return chosen
        keys = sorted({k.strip() for k in chosen.split(",") if k.strip()})
        return ",".join(keys)

    def offers(self, key: str) -> bool:
        """Whether ``key`` is one of the options the question offers (each of them, for several)."""
        known = {o["key"] for o in self.question.get("options", [])}
        keys = self.normalize(key).split(",") if self.multiple else [key]
        return bool(keys) and all(k in known for k in keys) and not ("none" in keys and len(keys) > 1)

    def record_answer(
        self, chosen: str, user, session_key: str, series: str = "", review: bool = False, exam=None
    ) -> Attempt:
        """Record ``chosen`` as the answer of ``user``, or of the anonymous session.

        Only the first answer of each trainee counts (``first``): answering again after the correction
        is kept for the review queue but never enters the progress or the question's statistics. An
        answer given in an ``exam`` enters neither the review queue nor the statistics before the exam
        ends (:meth:`judge.training.models.Exam.release`).
        """
        from .answers import Attempt, Review

        if not self.offers(chosen):
            raise ValueError(f"{chosen!r} is not an option of exercise {self.uuid}")
        chosen = self.normalize(chosen)
        user = user if user is not None and user.is_authenticated else None
        first = not Attempt.objects.filter(exercise=self).of(user, session_key).exists()
        attempt = Attempt.objects.create(
            exercise=self,
            user=user,
            session_key=session_key,
            chosen=chosen,
            correct=chosen == self.answer,
            series=series,
            first=first,
            exam=exam,
        )
        if exam is None:
            if first:
                self.measure()
            Review.note(self, user, session_key, attempt.correct, reviewing=review)
        return attempt

    def _span(self) -> str:
        return "night" if self.kind == self.Kind.NIGHT_ZONE else "step"

    def correction(self) -> tuple[list[dict], dict | None]:
        """What the correction shows, from one replay: the engine's log entries of the step (or the Night)
        the question is about, and the board after it (None for a question on a position)."""
        seqs = set(self.question.get("seqs", []))
        if not seqs:
            return [], None
        try:
            run = questions.run_step(self.scenario.document, self.steps, span=self._span())
        except questions.ExerciseError:
            return [], None
        return [e for e in run.entries if e["seq"] in seqs], questions.board_of(run.after)

    #: First answers needed before the complexity is measured.
    COMPLEXITY_AFTER = 20

    def statistics(self) -> dict:
        """First answers: how many, the share right, and how often each wrong option was chosen."""
        firsts = self.attempts.settled().filter(first=True)
        total = firsts.count()
        right = firsts.filter(correct=True).count()
        wrong = Counter(firsts.filter(correct=False).values_list("chosen", flat=True))
        return {
            "answered": total,
            "right": right,
            "share_right": round(right / total, 3) if total else None,
            "wrong": [
                {"key": k, "label": ", ".join(self.option_label(x) for x in k.split(",")), "count": n}
                for k, n in wrong.most_common()
            ],
            "complexity": self.complexity,
        }

    def measure(self) -> None:
        """Complexity = share of wrong first answers, once there are :attr:`COMPLEXITY_AFTER` of them
        (those of a running exam left out)."""
        firsts = self.attempts.settled().filter(first=True)
        total = firsts.count()
        if total >= self.COMPLEXITY_AFTER:
            self.complexity = round(firsts.filter(correct=False).count() / total, 3)
            Exercise.objects.filter(pk=self.pk).update(complexity=self.complexity)

    def may_publish(self, user) -> bool:
        """Once reviewed by someone who is not its author: its author, or staff who did not review it."""
        return bool(
            user is not None
            and user.is_authenticated
            and self.status == self.Status.REVIEWED
            and self.reviewer_id not in (None, self.author_id)
            and (user.pk == self.author_id or (user.is_staff and user.pk != self.reviewer_id))
        )

    #: The group of trusted reviewers (made by staff in the administration): a review counts only from
    #: them or staff. Any signed-in account reviewing would let an author review their own draft from a
    #: second account; the group does not stop a trusted reviewer's own second account, which staff vet.
    REVIEWERS_GROUP = "relecteurs"

    def may_review(self, user) -> bool:
        """Staff or a trusted reviewer (:attr:`REVIEWERS_GROUP`), who is not its author (nobody reviews
        their own)."""
        return bool(
            user is not None
            and user.is_authenticated
            and user.pk != self.author_id
            and (user.is_staff or user.groups.filter(name=self.REVIEWERS_GROUP).exists())
        )

    def review_by(self, user, status: str) -> None:
        """Move the exercise along draft → reviewed → published.

        Reviewed: by staff or a trusted reviewer who is not its author (staff neither review their own). Published:
        once reviewed, by its author, or by staff who are not its reviewer (two people always: nobody
        reviews and publishes alone). Back to draft: who may edit it. Raises PermissionError (who) or
        ValueError (what).
        """
        if status not in self.Status.values:
            raise ValueError(f"état inconnu « {status} » (attendu : {', '.join(self.Status.values)})")
        if user is None or not user.is_authenticated:
            raise PermissionError("Connectez-vous pour relire un exercice.")
        if status == self.Status.REVIEWED:
            if not self.may_review(user):
                raise PermissionError(
                    "Un exercice est relu par quelqu'un d'autre que son auteur, de l'équipe ou du groupe des relecteurs."
                )
            self.reviewer = user
        elif status == self.Status.PUBLISHED:
            if self.status != self.Status.REVIEWED:
                raise ValueError("Un brouillon est d'abord relu par quelqu'un d'autre que son auteur, puis publié.")
            if not self.may_publish(user):
                raise PermissionError(
                    "Un exercice relu est publié par son auteur, ou par l'équipe si ce n'est pas elle qui l'a relu."
                )
        else:
            if not self.can_edit(user):
                raise PermissionError("Seuls l'auteur (ou l'équipe) remettent un exercice en brouillon.")
            self.reviewer = None
        self.status = status
        self.save(update_fields=["status", "reviewer", "updated"])
