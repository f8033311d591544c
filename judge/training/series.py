"""The session's series of exercises, and what the trainee's pages and the API show of it: the score so
far, the progress per rule section, the themes that have exercises."""
from __future__ import annotations

import uuid as uuid_lib

from .models import Attempt, Exercise
from .questions import section_label

SERIES_KEY = "training_series"
SERIES_SIZES = (5, 10)
MAX_SERIES = 20


def session_key(request) -> str:
    """The session's key, creating the session for an anonymous trainee's first answer."""
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key


def current_series(request) -> dict | None:
    return request.session.get(SERIES_KEY)


def series_score(series: dict | None) -> dict | None:
    if not series:
        return None
    answers = series.get("answers", {})
    total = len(series["exercises"])
    return {"id": series["id"], "total": total, "answered": len(answers),
            "right": sum(1 for ok in answers.values() if ok), "finished": len(answers) >= total}


def start_series(request, exercises: list[Exercise]) -> dict:
    series = {"id": str(uuid_lib.uuid4()), "exercises": [str(e.uuid) for e in exercises], "answers": {}}
    request.session[SERIES_KEY] = series
    return series


def progress_for(request) -> dict:
    attempts = Attempt.objects.of(request.user, request.session.session_key)
    rows = attempts.progress()
    for row in rows:
        row["label"] = section_label(row["section"]) if row["section"] else "Sans section"
    return {"signed_in": request.user.is_authenticated, "answered": sum(r["answered"] for r in rows),
            "right": sum(r["right"] for r in rows), "sections": rows}
