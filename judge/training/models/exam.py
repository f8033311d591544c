"""Exams: the terms staff set (:class:`ExamTemplate`), one examinee's sitting (:class:`Exam`) and the
questions drawn for it (:class:`ExamQuestion`).

An exam lives in the database, not in the examinee's session: whether it runs decides, for everyone,
whether its questions may be answered elsewhere (never while it runs) and whether its answers show in
progress, statistics and the review queue (only once it has ended).
"""

from __future__ import annotations

import re
import uuid
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone

_SECTION = re.compile(r"^\d+\.\d+(?: \(CR 5\.0\))?$")


def validate_sections(value) -> None:
    if not isinstance(value, list) or not all(isinstance(s, str) and _SECTION.match(s) for s in value):
        raise ValidationError('Une liste de sections des règles, par exemple ["2.4", "4.2"] (vide : toutes).')


class ExamTemplate(models.Model):
    """What an exam is, set by staff (in the administration): the examinee chooses none of it."""

    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=120)
    pass_mark = models.FloatField(
        default=0.75,
        validators=[MinValueValidator(0.05), MaxValueValidator(1)],
        help_text="Part de bonnes réponses pour réussir (0,75 : 75 %).",
    )
    seconds_per_question = models.PositiveIntegerField(
        default=90, validators=[MinValueValidator(10), MaxValueValidator(1800)]
    )
    per_section = models.PositiveSmallIntegerField(
        default=2, validators=[MinValueValidator(1), MaxValueValidator(10)], help_text="Questions par section."
    )
    sections = models.JSONField(
        default=list,
        blank=True,
        validators=[validate_sections],
        help_text="Les sections des règles ; vide : toutes celles que la banque peut remplir.",
    )
    #: Retakes: a judge sits it at most ``max_attempts`` times (0: no limit), ``retake_after_hours`` apart
    #: (from the end of the last sitting). Every ended exam shows its correction: unlimited retakes in quick
    #: succession would teach the keys of the pool it draws from.
    max_attempts = models.PositiveSmallIntegerField(
        default=3, validators=[MaxValueValidator(100)], help_text="Passages au plus par candidat (0 : sans limite)."
    )
    retake_after_hours = models.PositiveIntegerField(
        default=24,
        validators=[MaxValueValidator(24 * 365)],
        help_text="Heures entre la fin d'un passage et le suivant.",
    )
    #: Questions the exam must draw from the exam-only pool (never answered, never corrected in practice):
    #: an exam that cannot is refused, rather than drawn only from questions anyone can practise.
    min_exam_only = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(100)],
        help_text="Questions réservées aux examens à tirer au moins (0 : aucune exigée).",
    )
    active = models.BooleanField(default=True)
    #: The order templates are offered in; the first active one is the default.
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return self.name

    def retake_refusal(self, user, now=None) -> str:
        """Why ``user`` may not sit this exam now (in French), or ``""``."""
        now = now or timezone.now()
        sittings = Exam.objects.filter(template=self, user=user)
        if self.max_attempts and sittings.count() >= self.max_attempts:
            return f"Vous avez déjà passé cet examen {sittings.count()} fois, le nombre de passages permis."
        last = sittings.exclude(finished__isnull=True).order_by("-finished").first()
        if last is not None and self.retake_after_hours:
            again = last.finished + timedelta(hours=self.retake_after_hours)
            if again > now:
                local = timezone.localtime(again)
                return f"Vous pourrez repasser cet examen à partir du {local:%d/%m/%Y à %H:%M}."
        return ""

    @classmethod
    def default(cls) -> ExamTemplate | None:
        """The first active template; when staff have set none at all, the site's own (made once, as
        the migration does: 2 questions per section, 90 s each, 75 %)."""
        if not cls.objects.exists():
            cls.objects.get_or_create(slug="arbitre", defaults={"name": "Examen d'arbitre"})
        return cls.objects.filter(active=True).first()


class ExamQuerySet(models.QuerySet):
    def running(self, now=None) -> ExamQuerySet:
        return self.filter(finished__isnull=True, deadline__gt=now or timezone.now())

    def ended(self, now=None) -> ExamQuerySet:
        return self.exclude(pk__in=self.running(now).values("pk"))


class Exam(models.Model):
    """One sitting of an exam: its questions, its deadline, its terms copied from the template when it
    started (changing the template later changes no exam already begun)."""

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    template = models.ForeignKey(ExamTemplate, on_delete=models.PROTECT, related_name="exams")
    name = models.CharField(max_length=120)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="exams"
    )
    session_key = models.CharField(max_length=40, blank=True, db_index=True)
    pass_mark = models.FloatField()
    started = models.DateTimeField(default=timezone.now)
    deadline = models.DateTimeField(db_index=True)
    #: Set when the last question is answered (or when the time is found up).
    finished = models.DateTimeField(null=True, blank=True, db_index=True)
    #: The sections the template asks for that the bank could not fill (every-section templates only).
    unfilled = models.JSONField(default=list, blank=True)
    #: Its missed questions went to the review queue and its answers to the statistics.
    released = models.BooleanField(default=False)

    objects = ExamQuerySet.as_manager()

    class Meta:
        ordering = ["-started"]

    def __str__(self) -> str:
        return f"{self.name} ({self.started:%Y-%m-%d %H:%M})"

    @classmethod
    def begin(cls, template: ExamTemplate, exercises: list, user, session_key: str, unfilled=()) -> Exam:
        now = timezone.now()
        exam = cls.objects.create(
            template=template,
            name=template.name,
            user=user if user is not None and user.is_authenticated else None,
            session_key=session_key,
            pass_mark=template.pass_mark,
            started=now,
            deadline=now + timedelta(seconds=template.seconds_per_question * len(exercises)),
            unfilled=list(unfilled),
        )
        ExamQuestion.objects.bulk_create(
            ExamQuestion(exam=exam, exercise=e, position=n, section=e.section) for n, e in enumerate(exercises)
        )
        return exam

    def is_running(self, now=None) -> bool:
        return self.finished is None and self.deadline > (now or timezone.now())

    def time_left(self, now=None) -> int:
        if self.finished is not None:
            return 0
        return max(0, int((self.deadline - (now or timezone.now())).total_seconds()))

    def end_if_over(self) -> bool:
        """Ended (every question answered, or the time up): mark it so and release its answers."""
        if self.is_running() and self.questions.filter(attempt__isnull=True).exists():
            return False
        if self.finished is None:
            self.finished = min(timezone.now(), self.deadline)
            self.save(update_fields=["finished"])
        self.release()
        return True

    def release(self) -> None:
        """Once ended: the missed questions join the review queue (not the exam-only ones: their answer
        is never shown), and the first answers enter each question's complexity."""
        from .answers import Review

        if self.released or self.is_running():
            return
        for question in self.questions.select_related("attempt", "exercise").exclude(attempt__isnull=True):
            attempt, exercise = question.attempt, question.exercise
            if attempt.first:
                exercise.measure()
            if not exercise.exam_only:
                Review.note(exercise, attempt.user, attempt.session_key, attempt.correct)
        self.released = True
        self.save(update_fields=["released"])


class ExamQuestionQuerySet(models.QuerySet):
    def running(self, now=None) -> ExamQuestionQuerySet:
        return self.filter(exam__finished__isnull=True, exam__deadline__gt=now or timezone.now())


class ExamQuestion(models.Model):
    exam = models.ForeignKey(Exam, on_delete=models.CASCADE, related_name="questions")
    exercise = models.ForeignKey("training.Exercise", on_delete=models.PROTECT, related_name="exam_questions")
    position = models.PositiveSmallIntegerField()
    section = models.CharField(max_length=20, blank=True)
    attempt = models.OneToOneField(
        "training.Attempt", null=True, blank=True, on_delete=models.SET_NULL, related_name="exam_question"
    )

    objects = ExamQuestionQuerySet.as_manager()

    class Meta:
        ordering = ["exam", "position"]
        constraints = [models.UniqueConstraint(fields=["exam", "exercise"], name="exam_question_once")]
