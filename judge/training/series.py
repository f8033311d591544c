"""The session's series of exercises, and what the trainee's pages and the API show of it: the score so
far, the progress per rule section, the themes that have exercises.

Three modes: ``practice`` (the correction after each answer), ``exam`` (see :mod:`judge.training.exams`:
drawn by a staff-set template, kept in the database, nothing of right or wrong until the end) and
``review`` (the trainee's missed questions that are due again). The session keeps a practice or review
series whole, and only the number of an exam.
"""

from __future__ import annotations

import uuid as uuid_lib

from django.utils import timezone

from .models import Attempt, Exam, Exercise, Review
from .questions import section_label

SERIES_KEY = "training_series"
TRAINEE_KEY = "training_trainee"
SERIES_SIZES = (5, 10)
MAX_SERIES = 20
MODES = ("practice", "exam", "review")


def session_key(request) -> str:
    """The anonymous trainee's key, kept in the session's data so that it survives the sign-in
    (Django changes the session's own key then) and the answers can join the account."""
    key = request.session.get(TRAINEE_KEY)
    if not key:
        key = uuid_lib.uuid4().hex
        request.session[TRAINEE_KEY] = key
    if not request.session.session_key:
        request.session.save()
    return key


def trainee_key(request) -> str | None:
    return request.session.get(TRAINEE_KEY)


def join_account(request, user) -> int:
    """Give the signed-in ``user`` the answers and review queue made anonymously in this session.
    A question the account had already answered keeps its first answer: the visit's one stops counting."""
    key = trainee_key(request)
    if not key:
        return 0
    answered = set(Attempt.objects.filter(user=user).values_list("exercise_id", flat=True))
    anonymous = Attempt.objects.filter(user__isnull=True, session_key=key)
    anonymous.filter(exercise_id__in=answered).update(first=False)
    moved = anonymous.update(user=user, session_key="")
    queued = set(Review.objects.filter(user=user).values_list("exercise_id", flat=True))
    Review.objects.filter(user__isnull=True, session_key=key, exercise_id__in=queued).delete()
    Review.objects.filter(user__isnull=True, session_key=key).update(user=user, session_key="")
    # An exam begun before signing in is the account's: its end releases its answers to the account.
    Exam.objects.filter(user__isnull=True, session_key=key).update(user=user)
    return moved


def current_series(request) -> dict | None:
    return request.session.get(SERIES_KEY)


def current_exam(request) -> Exam | None:
    """The exam of this session's series (the database's record, which alone says what it holds)."""
    series = current_series(request)
    if not series or series.get("mode") != "exam" or not series.get("exam"):
        return None
    return Exam.objects.filter(uuid=series["exam"]).first()


def series_score(series: dict | None) -> dict | None:
    """The score of a practice or review series so far."""
    if not series:
        return None
    answers = series.get("answers", {})
    return {
        "id": series["id"],
        "mode": series.get("mode", "practice"),
        "total": len(series["exercises"]),
        "answered": len(answers),
        "right": sum(1 for ok in answers.values() if ok),
        "finished": len(answers) >= len(series["exercises"]),
        "time_left": None,
    }


def start_series(request, exercises: list[Exercise], mode: str = "practice") -> dict:
    series = {
        "id": str(uuid_lib.uuid4()),
        "mode": mode,
        "exercises": [str(e.uuid) for e in exercises],
        "answers": {},
        "chosen": {},
        "started": timezone.now().isoformat(),
    }
    request.session[SERIES_KEY] = series
    return series


def start_exam(request, exam: Exam) -> dict:
    series = {
        "id": str(exam.uuid),
        "mode": "exam",
        "exam": str(exam.uuid),
        "exercises": [str(u) for u in exam.questions.values_list("exercise__uuid", flat=True)],
    }
    request.session[SERIES_KEY] = series
    return series


def progress_for(request) -> dict:
    """First answers and right ones per section, those of a running exam left out (it says nothing of
    an answer until it ends); the trainee's exams whose time ran out unseen are ended first."""
    from .exams import release_ended

    user = request.user
    release_ended(user, trainee_key(request))
    attempts = Attempt.objects.of(user, trainee_key(request))
    rows = attempts.progress()
    for row in rows:
        row["label"] = section_label(row["section"]) if row["section"] else "Sans section"
    due = Review.objects.of(user, trainee_key(request)).due().count()
    return {
        "signed_in": user.is_authenticated,
        "answered": sum(r["answered"] for r in rows),
        "right": sum(r["right"] for r in rows),
        "sections": rows,
        "review_due": due,
    }
