"""The training API: exercises (with the scenarios' permissions), answers, series and progress.

- ``/api/exercises/``: an exercise is listed, read and changed as its scenario is; before answering, a
  trainee gets the question and the board only (see :data:`~judge.training.serializers.PUBLIC_FIELDS`),
  the answer key and what points to it only those who may edit it; only published exercises are
  listed to anonymous visitors. ``POST /api/exercises/<uuid>/answer/`` is open to anyone who can read
  it and records the attempt (only the first one counts); ``POST …/review/`` moves it along draft →
  reviewed → published; ``GET …/stats/`` (author, staff): the first answers' statistics.
- ``/api/training/series/``: a series (practice, exam or review) kept in the session.
- ``/api/training/progress/``: answered and right per rule section, only ever one's own.
- ``/api/training/themes/``: the rule sections and tags that have published exercises.
"""

from __future__ import annotations

import random
import uuid as uuid_lib
from contextlib import contextmanager

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status, viewsets
from rest_framework.decorators import action, api_view
from rest_framework.response import Response

from judge.guard.budget import ENGINE_BUDGET_EXCEEDED, Budget, BudgetExceeded
from judge.scenarios.api import IsAuthorOrStaffOrReadOnly
from judge.scenarios.serializers import ScenarioField

from .models import Exercise, Review
from .questions import ExerciseError
from .serializers import (
    AnswerRequestSerializer,
    AnswerResultSerializer,
    ExamAnswerSerializer,
    ExerciseSerializer,
    ProgressSerializer,
    ReviewRequestSerializer,
    SeriesRequestSerializer,
    SeriesSerializer,
    StatisticsSerializer,
    ThemesSerializer,
)
from .series import (
    EXAM_SECONDS_PER_QUESTION,
    corrections,
    current_series,
    draw_exam,
    is_finished,
    progress_for,
    series_score,
    session_key,
    start_series,
    time_left,
    trainee_key,
)


def _listed(qs, user):
    """Anonymous visitors see published exercises; a signed-in judge also sees those to review and their own."""
    if user is not None and user.is_authenticated:
        return qs
    return qs.published()


@contextmanager
def _engine(budget: Budget):
    """Engine work under ``budget``: its refusal stays a refusal (422) even where the training code
    turns an engine failure into an :class:`ExerciseError`."""
    try:
        with budget.hard_stop():
            yield
    except ExerciseError as exc:
        cause = exc.__cause__ or exc.__context__
        while cause is not None:  # the engine's failure the training code wrapped, at any depth
            if isinstance(cause, BudgetExceeded):
                raise cause from None
            if isinstance(cause, ENGINE_BUDGET_EXCEEDED):  # the engine's own budget
                steps = getattr(cause, "budget", "") == "steps"
                raise (budget.out_of_steps() if steps else budget.out_of_time()) from None
            cause = cause.__cause__ or cause.__context__
        raise


@extend_schema(
    parameters=[
        OpenApiParameter("section", str, description="Section des règles (par ex. 2.4)."),
        OpenApiParameter("tag", str, description="Étiquette (slug) du scénario."),
        OpenApiParameter("difficulty", int, description="Difficulté, de 1 à 3."),
        OpenApiParameter("level", str, description="Niveau : L1, L2, L3, corner."),
        OpenApiParameter("status", str, description="État : draft, reviewed, published."),
        OpenApiParameter("scenario", str, description="UUID du scénario."),
    ]
)
class ExerciseViewSet(viewsets.ModelViewSet):
    """Exercises built from scenarios. Seen, read and changed as their scenario is; only the scenario's
    author (or staff) can make one from it. The answer key is computed by the engine."""

    serializer_class = ExerciseSerializer
    permission_classes = [IsAuthorOrStaffOrReadOnly]
    lookup_field = "uuid"
    throttle_scope = None  # the answer action's: "answer" (judge/guard/throttles.py)

    def get_queryset(self):
        base = Exercise.objects.select_related("scenario", "author").prefetch_related("scenario__tags")
        user = self.request.user
        if self.action != "list":
            return base.readable_by(user)
        params = self.request.query_params
        difficulty = params.get("difficulty")
        qs = _listed(base.visible_to(user), user).themed(
            section=params.get("section", ""),
            tag=params.get("tag", ""),
            difficulty=int(difficulty) if difficulty in ("1", "2", "3") else None,
            level=params.get("level", "") if params.get("level") in Exercise.Level.values else "",
        )
        if params.get("status") in Exercise.Status.values:
            qs = qs.filter(status=params["status"])
        if scenario := params.get("scenario"):
            try:
                qs = qs.filter(scenario__uuid=uuid_lib.UUID(scenario))
            except ValueError:
                qs = qs.none()
        return qs

    def create(self, request, *args, **kwargs):
        with _engine(Budget()):  # the question is computed by the engine (only its code is interrupted)
            return super().create(request, *args, **kwargs)

    def update(self, request, *args, **kwargs):
        with _engine(Budget()):
            return super().update(request, *args, **kwargs)

    def get_serializer(self, *args, **kwargs):
        """The ``scenario`` field scoped to the caller (readable ones accepted, listed ones offered)."""
        serializer = super().get_serializer(*args, **kwargs)
        fields = getattr(serializer, "child", serializer).fields
        fields["scenario"] = ScenarioField()
        return serializer

    def get_object(self, budget: Budget | None = None):
        exercise = super().get_object()
        budget = budget or Budget()
        try:
            with _engine(budget):  # a stale question is computed again by the engine
                exercise.ensure_fresh()
        except ExerciseError:
            pass  # the old question stays until its author mends it
        return exercise

    @extend_schema(
        request=AnswerRequestSerializer,
        responses={200: AnswerResultSerializer, 202: ExamAnswerSerializer, 400: None, 422: None},
    )
    @action(detail=True, methods=["post"], permission_classes=[permissions.AllowAny], throttle_scope="answer")
    def answer(self, request, uuid=None):
        """Answer an exercise: whether it was right, the explanation, the engine's log of the step and the
        board after it. Only the first answer counts (``counted``). In an exam, nothing but ``recorded``
        until the exam is finished (202). The engine runs under the request's budget (422 past it)."""
        budget = Budget()
        exercise = self.get_object(budget)
        params = AnswerRequestSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        chosen = params.validated_data["chosen"]
        if not exercise.offers(chosen):
            return Response(
                {"chosen": [f"« {chosen} » n'est pas une des réponses proposées."]}, status=status.HTTP_400_BAD_REQUEST
            )
        budget.require_steps(exercise.steps + 1)  # the engine replays the position, then one step
        try:
            with _engine(budget):  # before anything is written: a refused answer records nothing
                log, after = exercise.correction()
            budget.check_time()
        except ExerciseError as exc:  # the scenario no longer plays this question: a refusal, not a 500
            return Response(
                {"detail": f"Cet exercice ne peut pas être joué : {exc}."}, status=status.HTTP_400_BAD_REQUEST
            )
        series = current_series(request)
        key = str(exercise.uuid)
        in_series = bool(series and key in series["exercises"])
        mode = series.get("mode", "practice") if in_series else "practice"
        if in_series and mode == "exam":
            if key in series["answers"]:
                return Response(
                    {"chosen": ["Vous avez déjà répondu à cette question de l'examen."]},
                    status=status.HTTP_400_BAD_REQUEST,
                )
            if time_left(series) == 0:
                return Response({"detail": "Le temps de l'examen est écoulé."}, status=status.HTTP_400_BAD_REQUEST)
        if in_series and key in series["answers"]:
            # Answering again in the series (after the correction) changes nothing: the first answer stands.
            chosen, correct, counted = series.get("chosen", {}).get(key, chosen), series["answers"][key], False
        else:
            attempt = exercise.record_answer(
                chosen,
                request.user,
                session_key(request),
                series=series["id"] if in_series else "",
                review=mode == "review",
            )
            chosen, correct, counted = attempt.chosen, attempt.correct, attempt.first
            if in_series:
                series["answers"][key] = correct
                series.setdefault("chosen", {})[key] = chosen
                request.session.modified = True
        if in_series and mode == "exam":
            return Response({"recorded": True, "series": series_score(series)}, status=status.HTTP_202_ACCEPTED)
        return Response(
            {
                "counted": counted,
                "correct": correct,
                "chosen": chosen,
                "answer": exercise.answer,
                "answer_label": ", ".join(exercise.option_label(k) for k in exercise.answer.split(",")),
                "explanation": exercise.explanation,
                "rule": exercise.rule,
                "section": exercise.section,
                "steps": exercise.steps,
                "log": log,
                "after": after,
                "reading": exercise.reading,
                "series": series_score(series) if in_series else None,
            }
        )

    @extend_schema(request=ReviewRequestSerializer, responses={200: ExerciseSerializer, 400: None, 403: None})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def review(self, request, uuid=None):
        """Move the exercise along draft → reviewed (by someone who is not its author, or staff) → published."""
        exercise = self.get_object()
        params = ReviewRequestSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        try:
            exercise.review_by(request.user, params.validated_data["status"])
        except PermissionError as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_403_FORBIDDEN)
        except ValueError as exc:
            return Response({"status": [str(exc)]}, status=status.HTTP_400_BAD_REQUEST)
        return Response(ExerciseSerializer(exercise, context={"request": request}).data)

    @extend_schema(responses={200: StatisticsSerializer, 403: None})
    @action(detail=True, methods=["get"], permission_classes=[permissions.IsAuthenticated])
    def stats(self, request, uuid=None):
        """The first answers: how many, the share right, which wrong options were chosen (author or staff)."""
        exercise = self.get_object()
        if not exercise.can_edit(request.user):
            return Response(
                {"detail": "Seuls l'auteur et l'équipe voient les statistiques."}, status=status.HTTP_403_FORBIDDEN
            )
        return Response(exercise.statistics())


def _fresh(exercise: Exercise) -> bool:
    """Computed again if its scenario (or the question builder) changed; False if it no longer can be."""
    try:
        exercise.ensure_fresh()
    except ExerciseError:
        return False
    return True


def _series_exercises(request, series: dict) -> list[Exercise]:
    by_uuid = {
        str(e.uuid): e
        for e in Exercise.objects.readable_by(request.user)
        .filter(uuid__in=series["exercises"])
        .select_related("scenario", "author")
    }
    return [by_uuid[u] for u in series["exercises"] if u in by_uuid]


def _series_response(request, series: dict, exercises: list[Exercise], code=status.HTTP_200_OK) -> Response:
    body = {
        **series_score(series),
        "exercises": ExerciseSerializer(exercises, many=True, context={"request": request}).data,
    }
    if series.get("mode") == "exam" and is_finished(series):
        body["corrections"] = corrections(series, exercises)
    return Response(body, status=code)


@extend_schema(methods=["POST"], request=SeriesRequestSerializer, responses={201: SeriesSerializer, 404: None})
@extend_schema(methods=["GET"], request=None, responses={200: SeriesSerializer, 404: None})
@api_view(["GET", "POST"])
def series_view(request):
    """``POST``: draw a new series and keep it in the session — ``practice`` (theme, difficulty, level,
    size), ``exam`` (``per_section`` questions of each section, never two from one scenario, only
    published exercises whose answer rests on the rules' text, timed, ``pass_mark``) or ``review`` (the
    missed questions that are due). ``GET``: the session's current series with its score so far; a
    finished exam also gives its score by section and its correction."""
    if request.method == "GET":
        series = current_series(request)
        if not series:
            return Response({"detail": "Aucune série en cours."}, status=status.HTTP_404_NOT_FOUND)
        return _series_response(request, series, _series_exercises(request, series))
    params = SeriesRequestSerializer(data=request.data)
    params.is_valid(raise_exception=True)
    p = params.validated_data
    base = (
        Exercise.objects.visible_to(request.user)
        .published()
        .select_related("scenario", "author")
        .prefetch_related("scenario__tags")
    )
    limit = None
    if p["mode"] == "exam":
        pool = list(base.for_exam().themed("", p["tag"], p["difficulty"], p["level"]))
        chosen = draw_exam(pool, p["per_section"], p.get("sections") or ([p["section"]] if p["section"] else None))
        limit = EXAM_SECONDS_PER_QUESTION * len(chosen)
    elif p["mode"] == "review":
        due = Review.objects.of(request.user, trainee_key(request)).due().values_list("exercise_id", flat=True)
        chosen = list(base.filter(pk__in=list(due))[: p["count"]])
    else:
        pool = list(base.themed(p["section"], p["tag"], p["difficulty"], p["level"]))
        # Never two questions of one scenario in a series when there are enough scenarios.
        random.shuffle(pool)
        seen, chosen, spare = set(), [], []
        for exercise in pool:
            (spare if exercise.scenario_id in seen else chosen).append(exercise)
            seen.add(exercise.scenario_id)
        chosen = (chosen + spare)[: p["count"]]
    with _engine(Budget()):  # a stale question is computed again, under the request's budget
        chosen = [e for e in chosen if _fresh(e) and not (p["mode"] == "exam" and e.reading)]
    if not chosen:
        detail = {
            "exam": "Pas assez d'exercices publiés pour cet examen.",
            "review": "Aucune question à revoir pour l'instant.",
        }.get(p["mode"], "Aucun exercice pour ce thème et cette difficulté.")
        return Response({"detail": detail}, status=status.HTTP_404_NOT_FOUND)
    series = start_series(request, chosen, mode=p["mode"], limit=limit, pass_mark=p["pass_mark"])
    return _series_response(request, series, chosen, code=status.HTTP_201_CREATED)


@extend_schema(responses={200: ProgressSerializer})
@api_view(["GET"])
def progress_view(request):
    """Your own progress: first answers and right ones, per rule section (this visit's if not signed in),
    and how many missed questions are due for review."""
    return Response(progress_for(request))


@extend_schema(responses={200: ThemesSerializer})
@api_view(["GET"])
def themes_view(request):
    """The rule sections and scenario tags that have published exercises you can see, with their counts."""
    return Response(Exercise.objects.visible_to(request.user).published().themes())
