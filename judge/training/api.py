"""The training API: exercises (with the scenarios' permissions), answers, series and progress.

- ``/api/exercises/``: an exercise is listed, read and changed exactly as its scenario is; the answer
  key is shown only to those who may edit it; ``POST /api/exercises/<uuid>/answer/`` is open to anyone
  who can read it and records the attempt (the signed-in judge's, or the anonymous session's).
- ``/api/training/series/``: a series of exercises drawn by theme and difficulty, kept in the session.
- ``/api/training/progress/``: answered and right per rule section, only ever one's own.
- ``/api/training/themes/``: the rule sections and tags that have exercises.
"""
from __future__ import annotations

import random
import uuid as uuid_lib
from contextlib import contextmanager

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status, viewsets
from rest_framework.decorators import action, api_view
from rest_framework.response import Response

from judge import throttles
from judge.budget import ENGINE_BUDGET_EXCEEDED, Budget, BudgetExceeded
from judge.scenarios.api import IsAuthorOrStaffOrReadOnly
from judge.scenarios.serializers import ScenarioField

from .models import Exercise
from .questions import ExerciseError
from .serializers import (
    AnswerRequestSerializer, AnswerResultSerializer, ExerciseSerializer, ProgressSerializer, SeriesRequestSerializer,
    SeriesSerializer, ThemesSerializer,
)
from .series import current_series, progress_for, series_score, session_key, start_series


@contextmanager
def _engine(budget: Budget):
    """Engine work under ``budget``: its refusal stays a refusal (422) even where the training code
    turns an engine failure into an :class:`ExerciseError`."""
    try:
        with budget.hard_stop():
            yield
    except ExerciseError as exc:
        cause = exc.__cause__ or exc.__context__
        while cause is not None:   # the engine's failure the training code wrapped, at any depth
            if isinstance(cause, BudgetExceeded):
                raise cause from None
            if isinstance(cause, ENGINE_BUDGET_EXCEEDED):   # the engine's own budget
                steps = getattr(cause, "budget", "") == "steps"
                raise (budget.out_of_steps() if steps else budget.out_of_time()) from None
            cause = cause.__cause__ or cause.__context__
        raise


@extend_schema(parameters=[
    OpenApiParameter("section", str, description="Section des règles (par ex. 2.4)."),
    OpenApiParameter("tag", str, description="Étiquette (slug) du scénario."),
    OpenApiParameter("difficulty", int, description="Difficulté, de 1 à 3."),
    OpenApiParameter("scenario", str, description="UUID du scénario."),
])
class ExerciseViewSet(viewsets.ModelViewSet):
    """Exercises built from scenarios. Seen, read and changed as their scenario is; only the scenario's
    author (or staff) can make one from it. The answer key is computed by the engine."""

    serializer_class = ExerciseSerializer
    permission_classes = [IsAuthorOrStaffOrReadOnly]
    lookup_field = "uuid"

    def get_queryset(self):
        base = Exercise.objects.select_related("scenario", "author").prefetch_related("scenario__tags")
        user = self.request.user
        if self.action != "list":
            return base.readable_by(user)
        params = self.request.query_params
        difficulty = params.get("difficulty")
        qs = base.visible_to(user).themed(section=params.get("section", ""), tag=params.get("tag", ""),
                                          difficulty=int(difficulty) if difficulty in ("1", "2", "3") else None)
        if scenario := params.get("scenario"):
            try:
                qs = qs.filter(scenario__uuid=uuid_lib.UUID(scenario))
            except ValueError:
                qs = qs.none()
        return qs

    def create(self, request, *args, **kwargs):
        with _engine(Budget()):   # the question is computed by the engine (only its code is interrupted)
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
            with _engine(budget):   # a stale question is computed again by the engine
                exercise.ensure_fresh()
        except ExerciseError:
            pass   # the old question stays until its author mends it
        return exercise

    @extend_schema(request=AnswerRequestSerializer, responses={200: AnswerResultSerializer, 400: None, 422: None})
    @action(detail=True, methods=["post"], permission_classes=[permissions.AllowAny], throttle_classes=throttles.ANSWER)
    def answer(self, request, uuid=None):
        """Answer an exercise: says whether it was right, the explanation and the engine's log of the step."""
        budget = Budget()
        exercise = self.get_object(budget)
        params = AnswerRequestSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        chosen = params.validated_data["chosen"]
        if not exercise.offers(chosen):
            return Response({"chosen": [f"« {chosen} » n'est pas une des réponses proposées."]},
                            status=status.HTTP_400_BAD_REQUEST)
        budget.require_steps(exercise.steps + 1)   # the engine replays the position, then one step
        try:
            with _engine(budget):   # before anything is written: a refused answer records nothing
                log = exercise.step_log()
            budget.check_time()
        except ExerciseError as exc:   # the scenario no longer plays this question: a refusal, not a 500
            return Response({"detail": f"Cet exercice ne peut pas être joué : {exc}."}, status=status.HTTP_400_BAD_REQUEST)
        series = current_series(request)
        in_series = bool(series and str(exercise.uuid) in series["exercises"])
        attempt = exercise.record_answer(chosen, request.user, session_key(request),
                                         series=series["id"] if in_series else "")
        if in_series and str(exercise.uuid) not in series["answers"]:   # the first answer is the one that counts
            series["answers"][str(exercise.uuid)] = attempt.correct
            request.session.modified = True
        return Response({
            "correct": attempt.correct, "chosen": attempt.chosen, "answer": exercise.answer,
            "answer_label": exercise.option_label(exercise.answer), "explanation": exercise.explanation,
            "rule": exercise.rule, "section": exercise.section, "steps": exercise.steps,
            "log": log, "series": series_score(series) if in_series else None,
        })


@extend_schema(methods=["POST"], request=SeriesRequestSerializer, responses={201: SeriesSerializer, 404: None})
@extend_schema(methods=["GET"], request=None, responses={200: SeriesSerializer, 404: None})
@api_view(["GET", "POST"])
def series_view(request):
    """``POST``: draw a new series (theme, difficulty, size) and keep it in the session; ``GET``: the
    session's current series with its score so far."""
    if request.method == "GET":
        series = current_series(request)
        if not series:
            return Response({"detail": "Aucune série en cours."}, status=status.HTTP_404_NOT_FOUND)
        by_uuid = {str(e.uuid): e for e in Exercise.objects.readable_by(request.user)
                   .filter(uuid__in=series["exercises"]).select_related("scenario", "author")}
        exercises = [by_uuid[u] for u in series["exercises"] if u in by_uuid]
        return Response({**series_score(series), "exercises": ExerciseSerializer(
            exercises, many=True, context={"request": request}).data})
    params = SeriesRequestSerializer(data=request.data)
    params.is_valid(raise_exception=True)
    p = params.validated_data
    pool = list(Exercise.objects.visible_to(request.user).themed(p["section"], p["tag"], p["difficulty"])
                .select_related("scenario", "author").prefetch_related("scenario__tags"))
    if not pool:
        return Response({"detail": "Aucun exercice pour ce thème et cette difficulté."}, status=status.HTTP_404_NOT_FOUND)
    chosen = random.sample(pool, min(p["count"], len(pool)))
    series = start_series(request, chosen)
    return Response({**series_score(series), "exercises": ExerciseSerializer(
        chosen, many=True, context={"request": request}).data}, status=status.HTTP_201_CREATED)


@extend_schema(responses={200: ProgressSerializer})
@api_view(["GET"])
def progress_view(request):
    """Your own progress: answers given and right ones, per rule section (this session's if not signed in)."""
    return Response(progress_for(request))


@extend_schema(responses={200: ThemesSerializer})
@api_view(["GET"])
def themes_view(request):
    """The rule sections and scenario tags that have exercises you can see, with their counts."""
    return Response(Exercise.objects.visible_to(request.user).themes())
