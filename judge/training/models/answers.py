"""The answers given to exercises (:class:`Attempt`) and the missed questions that come back (:class:`Review`)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class AttemptQuerySet(models.QuerySet):
    def of(self, user, session_key: str | None):
        """A signed-in judge's answers, or an anonymous trainee's answers of this session."""
        if user is not None and user.is_authenticated:
            return self.filter(user=user)
        if not session_key:
            return self.none()
        return self.filter(user__isnull=True, session_key=session_key)

    def settled(self, now=None):
        """The answers that may be shown: given outside an exam, or in an exam that has ended (finished,
        or its time up). An exam's answer says nothing anywhere before then."""
        now = now or timezone.now()
        return self.filter(Q(exam__isnull=True) | Q(exam__finished__isnull=False) | Q(exam__deadline__lte=now))

    def progress(self) -> list[dict]:
        """First answers and right ones, per rule section: ``[{"section", "answered", "right"}]``, those
        of a running exam left out."""
        rows = (
            self.settled()
            .filter(first=True)
            .values("exercise__section")
            .order_by("exercise__section")
            .annotate(answered=models.Count("id"), right=models.Count("id", filter=Q(correct=True)))
        )
        return [{"section": r["exercise__section"], "answered": r["answered"], "right": r["right"]} for r in rows]


class Attempt(models.Model):
    """One answer given to an exercise, by a signed-in judge or by an anonymous session."""

    #: PROTECT: an exercise other judges answered cannot be deleted (their progress stays).
    exercise = models.ForeignKey("training.Exercise", on_delete=models.PROTECT, related_name="attempts")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="attempts"
    )
    session_key = models.CharField(max_length=40, blank=True, db_index=True)
    series = models.CharField(max_length=36, blank=True)
    chosen = models.CharField(max_length=120)
    correct = models.BooleanField()
    #: The trainee's first answer to this exercise: the only one that counts.
    first = models.BooleanField(default=True)
    #: The exam it was given in: until that exam ends, the answer is shown nowhere.
    exam = models.ForeignKey("training.Exam", null=True, blank=True, on_delete=models.SET_NULL, related_name="attempts")
    at = models.DateTimeField(default=timezone.now)

    objects = AttemptQuerySet.as_manager()

    class Meta:
        db_table = "judge_attempt"
        ordering = ["-at"]


class ReviewQuerySet(models.QuerySet):
    def of(self, user, session_key: str | None) -> ReviewQuerySet:
        if user is not None and user.is_authenticated:
            return self.filter(user=user)
        if not session_key:
            return self.none()
        return self.filter(user__isnull=True, session_key=session_key)

    def due(self, now=None) -> ReviewQuerySet:
        return self.filter(due__lte=now or timezone.now(), done=False)


class Review(models.Model):
    """A missed question that comes back later (spaced repetition): due after 1 day, then 3, 7, 21…
    each time it is answered right; missed again, it is due again the next day. Right at
    :attr:`MASTERED` intervals, it leaves the queue."""

    INTERVALS = (1, 3, 7, 21)
    exercise = models.ForeignKey("training.Exercise", on_delete=models.CASCADE, related_name="reviews")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="training_reviews"
    )
    session_key = models.CharField(max_length=40, blank=True, db_index=True)
    stage = models.PositiveSmallIntegerField(default=0)
    due = models.DateTimeField(db_index=True)
    done = models.BooleanField(default=False)

    objects = ReviewQuerySet.as_manager()

    class Meta:
        ordering = ["due"]

    @classmethod
    def note(cls, exercise, user, session_key: str, correct: bool, reviewing: bool = False) -> None:
        """A miss puts the question in the queue (or back to its start); a right answer given from the
        queue moves it to the next interval."""
        item = cls.objects.filter(exercise=exercise).of(user, session_key).first()
        now = timezone.now()
        if not correct:
            if item is None:
                item = cls(exercise=exercise, user=user, session_key="" if user else session_key)
            item.stage, item.done, item.due = 0, False, now + timedelta(days=cls.INTERVALS[0])
            item.save()
        elif item is not None and reviewing and not item.done:
            item.stage += 1
            if item.stage >= len(cls.INTERVALS):
                item.done = True
            else:
                item.due = now + timedelta(days=cls.INTERVALS[item.stage])
            item.save()
