"""The session's series of exercises, and what the trainee's pages and the API show of it: the score so
far, the progress per rule section, the themes that have exercises.

Three modes: ``practice`` (the correction after each answer), ``exam`` (timed, a fixed number of
questions per section, never two from one scenario, no feedback until the end, a pass mark, the score
by section) and ``review`` (the trainee's missed questions that are due again).
"""

from __future__ import annotations

import random
import uuid as uuid_lib
from datetime import datetime, timedelta

from django.utils import timezone

from .models import Attempt, Exercise, Review
from .questions import section_label

SERIES_KEY = "training_series"
TRAINEE_KEY = "training_trainee"
SERIES_SIZES = (5, 10)
MAX_SERIES = 20
MODES = ("practice", "exam", "review")
EXAM_PER_SECTION = 2  # questions per section, by default
EXAM_MAX_PER_SECTION = 5
EXAM_SECONDS_PER_QUESTION = 90
EXAM_PASS_MARK = 0.75


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
    return moved


def current_series(request) -> dict | None:
    return request.session.get(SERIES_KEY)


def time_left(series: dict) -> int | None:
    """Seconds left in a timed series (0 when the time is up), None when it is not timed."""
    if not series.get("limit"):
        return None
    started = datetime.fromisoformat(series["started"])
    return max(0, int((started + timedelta(seconds=series["limit"]) - timezone.now()).total_seconds()))


def is_finished(series: dict) -> bool:
    return len(series.get("answers", {})) >= len(series["exercises"]) or time_left(series) == 0


def series_score(series: dict | None) -> dict | None:
    """The score so far. An exam says nothing of right or wrong until it is finished."""
    if not series:
        return None
    answers = series.get("answers", {})
    total = len(series["exercises"])
    finished = is_finished(series)
    mode = series.get("mode", "practice")
    hide = mode == "exam" and not finished
    out = {
        "id": series["id"],
        "mode": mode,
        "total": total,
        "answered": len(answers),
        "right": None if hide else sum(1 for ok in answers.values() if ok),
        "finished": finished,
        "time_left": time_left(series),
    }
    if mode == "exam":
        out["pass_mark"] = series.get("pass_mark", EXAM_PASS_MARK)
        if finished:
            out["passed"] = out["right"] >= out["pass_mark"] * total
            out["sections"] = sections_score(series)
    return out


def sections_score(series: dict) -> list[dict]:
    rows: dict[str, dict] = {}
    for uuid, section in series.get("sections", {}).items():
        row = rows.setdefault(
            section,
            {
                "section": section,
                "label": section_label(section) if section else "Sans section",
                "total": 0,
                "right": 0,
            },
        )
        row["total"] += 1
        row["right"] += 1 if series.get("answers", {}).get(uuid) else 0
    return [rows[k] for k in sorted(rows)]


def start_series(
    request, exercises: list[Exercise], mode: str = "practice", limit: int | None = None, pass_mark: float | None = None
) -> dict:
    series = {
        "id": str(uuid_lib.uuid4()),
        "mode": mode,
        "exercises": [str(e.uuid) for e in exercises],
        "sections": {str(e.uuid): e.section for e in exercises},
        "answers": {},
        "chosen": {},
        "started": timezone.now().isoformat(),
        "limit": limit,
    }
    if mode == "exam":
        series["pass_mark"] = pass_mark if pass_mark is not None else EXAM_PASS_MARK
    request.session[SERIES_KEY] = series
    return series


def draw_exam(
    pool: list[Exercise], per_section: int, sections: list[str] | None = None, rng: random.Random | None = None
) -> list[Exercise]:
    """``per_section`` questions of each section (those asked, or every section of the pool), never two
    from one scenario; sections that cannot give that many without repeating a scenario are left out."""
    rng = rng or random.Random()
    by_section: dict[str, list[Exercise]] = {}
    for exercise in pool:
        if exercise.section:
            by_section.setdefault(exercise.section, []).append(exercise)
    wanted = sorted(sections or by_section)
    used: set[int] = set()
    chosen: list[Exercise] = []
    # The sections with the fewest scenarios choose first, so they are not starved by the others.
    for section in sorted(wanted, key=lambda s: len({e.scenario_id for e in by_section.get(s, [])})):
        candidates = by_section.get(section, [])[:]
        rng.shuffle(candidates)
        picked: list[Exercise] = []
        for exercise in candidates:
            if exercise.scenario_id not in used and exercise.scenario_id not in {e.scenario_id for e in picked}:
                picked.append(exercise)
            if len(picked) == per_section:
                break
        if len(picked) == per_section:
            chosen += picked
            used |= {e.scenario_id for e in picked}
    chosen.sort(key=lambda e: (e.section, rng.random()))
    return chosen


def corrections(series: dict, exercises: list[Exercise]) -> list[dict]:
    """After an exam: for each question, what was chosen, the right answer, the rule and the explanation."""
    out = []
    for exercise in exercises:
        key = str(exercise.uuid)
        chosen = series.get("chosen", {}).get(key)
        out.append(
            {
                "uuid": key,
                "prompt": exercise.question.get("prompt", ""),
                "section": exercise.section,
                "chosen": chosen,
                "chosen_label": ", ".join(exercise.option_label(k) for k in chosen.split(",")) if chosen else None,
                "correct": bool(series.get("answers", {}).get(key)),
                "answer": exercise.answer,
                "answer_label": ", ".join(exercise.option_label(k) for k in exercise.answer.split(",")),
                "rule": exercise.rule,
                "explanation": exercise.explanation,
                "reading": exercise.reading,
            }
        )
    return out


def progress_for(request) -> dict:
    user = request.user
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
