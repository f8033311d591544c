"""The training API: exercises (with the scenarios' permissions), answers, series and progress.

- ``/api/exercises/``: an exercise is listed, read and changed as its scenario is; before answering, a
  trainee gets the question and the board only (see :data:`~judge.training.serializers.PUBLIC_FIELDS`),
  the answer key and what points to it only those who may edit it; only published exercises are
  listed to anonymous visitors; the exam-only pool never to those who may not edit it.
  ``POST /api/exercises/<uuid>/answer/`` is open to anyone who can read it and records the attempt
  (only the first one counts), but a question a running exam drew is answered only in that exam;
  ``POST …/review/`` moves it along draft → reviewed → published; ``GET …/stats/`` (author, staff):
  the first answers' statistics (a running exam's left out).
- ``/api/training/series/``: a series (practice or review kept in the session; an exam drawn by its
  staff-set template and kept in the database, see :mod:`judge.training.exams`).
- ``/api/training/progress/``: answered and right per rule section, only ever one's own.
- ``/api/training/themes/``: the rule sections and tags that have published exercises.
"""

from __future__ import annotations

import random
import uuid as uuid_lib
from contextlib import contextmanager

from django.db.models import Q
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status, viewsets
from rest_framework.decorators import action, api_view
from rest_framework.exceptions import Throttled
from rest_framework.response import Response

from judge.guard.budget import ENGINE_BUDGET_EXCEEDED, Budget, BudgetExceeded
from judge.guard.throttles import AddressScopeThrottle, UserScopeThrottle
from judge.scenarios.api import IsAuthorOrStaffOrReadOnly
from judge.scenarios.serializers import ScenarioField

from . import exams
from .corrections import misreadings, rule_quote
from .models import ExamQuestion, ExamTemplate, Exercise, Review
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
    current_exam,
    current_series,
    progress_for,
    series_score,
    session_key,
    start_exam,
    start_series,
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
        if not user.is_authenticated:  # the exam-only pool: its author and staff only
            base = base.filter(exam_only=False)
        elif not user.is_staff:
            base = base.filter(Q(exam_only=False) | Q(scenario__author=user))
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
        until the exam is finished (202); a question a running exam drew is answered in that exam only
        (403 elsewhere, for everyone but who may edit it). The engine runs under the request's budget
        (422 past it)."""
        params = AnswerRequestSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        chosen = params.validated_data["chosen"]
        exam = current_exam(request)
        question = exam.questions.select_related("exercise").filter(exercise__uuid=uuid).first() if exam else None
        # In the exam while it runs (and, once its time is up, its unanswered questions say so); a
        # question answered in an exam that has ended is practised like any other.
        if question is not None and (exam.is_running() or question.attempt_id is None):
            return self._answer_in_exam(request, exam, question, chosen)
        budget = Budget()
        exercise = self.get_object(budget)
        if not exercise.can_edit(request.user) and (
            exercise.exam_only or ExamQuestion.objects.running().filter(exercise=exercise).exists()
        ):
            return Response(
                {"detail": "Cette question fait partie d'un examen en cours : elle ne se répond que dans cet examen."},
                status=status.HTTP_403_FORBIDDEN,
            )
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
        in_series = bool(series and series.get("mode") != "exam" and key in series["exercises"])
        mode = series.get("mode", "practice") if in_series else "practice"
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
                "rule_quote": rule_quote(exercise.rule),
                "misreadings": misreadings(exercise),
                "series": series_score(series) if in_series else None,
            }
        )

    def _answer_in_exam(self, request, exam, question, chosen: str) -> Response:
        """An answer to a question of the caller's exam: recorded, and nothing said of it (202)."""
        exercise = question.exercise
        if question.attempt_id is not None:
            return Response(
                {"chosen": ["Vous avez déjà répondu à cette question de l'examen."]}, status=status.HTTP_400_BAD_REQUEST
            )
        if not exam.is_running():
            exam.end_if_over()
            return Response({"detail": "Le temps de l'examen est écoulé."}, status=status.HTTP_400_BAD_REQUEST)
        if not exercise.offers(chosen):
            return Response(
                {"chosen": [f"« {chosen} » n'est pas une des réponses proposées."]}, status=status.HTTP_400_BAD_REQUEST
            )
        question.attempt = exercise.record_answer(
            chosen, request.user, session_key(request), series=str(exam.uuid), exam=exam
        )
        question.save(update_fields=["attempt"])
        exam.end_if_over()
        return Response({"recorded": True, "series": exams.score(exam)}, status=status.HTTP_202_ACCEPTED)

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
        .for_practice()
        .filter(uuid__in=series["exercises"])
        .select_related("scenario", "author")
    }
    return [by_uuid[u] for u in series["exercises"] if u in by_uuid]


def _series_response(request, series: dict, exercises: list[Exercise], code=status.HTTP_200_OK) -> Response:
    body = {
        **series_score(series),
        "exercises": ExerciseSerializer(exercises, many=True, context={"request": request}).data,
    }
    return Response(body, status=code)


def _exam_response(request, exam, code=status.HTTP_200_OK) -> Response:
    """The exam's score (nothing of right or wrong before its end), its questions as a trainee sees them
    (public fields only, even to who may edit one), and, once ended, its correction."""
    body = {**exams.score(exam), "exercises": ExerciseSerializer(exams.questions_of(exam), many=True).data}
    if body["finished"]:
        body["corrections"] = exams.corrections(exam)
    return Response(body, status=code)


def _exam_terms_refused(data) -> Response | None:
    """The exam's terms are its template's: a request that sets one is refused, naming the field."""
    sent = [name for name in exams.TEMPLATE_FIELDS if name in data]
    if not sent:
        return None
    return Response(
        {name: ["Fixé par le modèle d'examen (choisi par l'équipe), pas par le candidat."] for name in sent},
        status=status.HTTP_400_BAD_REQUEST,
    )


@extend_schema(methods=["POST"], request=SeriesRequestSerializer, responses={201: SeriesSerializer, 404: None})
@extend_schema(methods=["GET"], request=None, responses={200: SeriesSerializer, 404: None})
@api_view(["GET", "POST"])
def series_view(request):
    """``POST``: draw a new series — ``practice`` (theme, difficulty, level, size, kept in the session),
    ``exam`` (by a ``template`` set by staff, the first active one by default: its sections, questions
    per section, duration and pass mark, never two questions from one scenario, only published exercises
    whose answer rests on the rules' text; 409 naming the sections it cannot fill) or ``review`` (the
    missed questions that are due). ``GET``: the current series with its score so far; a finished exam
    also gives its score by section and its correction."""
    if request.method == "GET":
        exam = current_exam(request)
        if exam is not None:
            return _exam_response(request, exam)
        series = current_series(request)
        if not series or series.get("mode") == "exam":
            return Response({"detail": "Aucune série en cours."}, status=status.HTTP_404_NOT_FOUND)
        return _series_response(request, series, _series_exercises(request, series))
    params = SeriesRequestSerializer(data=request.data)
    params.is_valid(raise_exception=True)
    p = params.validated_data
    if p["mode"] == "exam":
        return _start_exam(request, p)
    base = (
        Exercise.objects.visible_to(request.user)
        .published()
        .for_practice()
        .outside_running_exams()
        .select_related("scenario", "author")
        .prefetch_related("scenario__tags")
    )
    if p["mode"] == "review":
        exams.release_ended(request.user, trainee_key(request))
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
        chosen = [e for e in chosen if _fresh(e)]
    if not chosen:
        detail = {"review": "Aucune question à revoir pour l'instant."}.get(
            p["mode"], "Aucun exercice pour ce thème et cette difficulté."
        )
        return Response({"detail": detail}, status=status.HTTP_404_NOT_FOUND)
    series = start_series(request, chosen, mode=p["mode"])
    return _series_response(request, series, chosen, code=status.HTTP_201_CREATED)


class _ExamStart:
    """The request rate of starting an exam (``exam-start``, ``exam-start-ip``: judge/guard/throttles.py)."""

    throttle_scope = "exam-start"


def _start_exam(request, p: dict) -> Response:
    if refused := _exam_terms_refused(request.data):
        return refused
    if not request.user.is_authenticated:
        # Anonymous exams would let anyone lock the pool's questions away from practice for an hour a
        # request (a running exam's questions are answered in it only).
        return Response({"detail": "Connectez-vous pour passer un examen."}, status=status.HTTP_403_FORBIDDEN)
    if p.get("template"):
        template = ExamTemplate.objects.filter(slug=p["template"], active=True).first()
        if template is None:
            return Response(
                {"template": [f"Aucun modèle d'examen « {p['template']} »."]}, status=status.HTTP_400_BAD_REQUEST
            )
    else:
        template = ExamTemplate.default()
        if template is None:
            return Response({"detail": "Aucun modèle d'examen n'est ouvert."}, status=status.HTTP_404_NOT_FOUND)
    exams.release_ended(request.user, trainee_key(request))
    running = exams.Exam.objects.running().filter(user=request.user).first()
    if running is not None:
        start_exam(request, running)  # this session follows it: GET …/series/ gives it back
        return Response(
            {"detail": "Vous avez déjà un examen en cours : terminez-le d'abord.", "id": str(running.uuid)},
            status=status.HTTP_409_CONFLICT,
        )
    if why := template.retake_refusal(request.user):
        return Response({"detail": why}, status=status.HTTP_403_FORBIDDEN)
    for throttle in (UserScopeThrottle(), AddressScopeThrottle()):
        if not throttle.allow_request(request, _ExamStart):
            raise Throttled(wait=throttle.wait())
    pool = exams.exam_pool(request.user).outside_running_exams()
    with _engine(Budget()):  # a stale question is computed again (the exam then holds it as it is)
        pool = [e for e in pool if _fresh(e) and not e.reading]
    try:
        drawn = exams.draw(template, pool)
    except exams.ExamRefused as exc:
        return Response({"detail": exc.detail, "unfilled": exc.unfilled}, status=status.HTTP_409_CONFLICT)
    if not drawn.exercises:
        return Response(
            {"detail": "Pas assez d'exercices publiés pour cet examen.", "unfilled": drawn.unfilled},
            status=status.HTTP_404_NOT_FOUND,
        )
    exam = exams.Exam.begin(template, drawn.exercises, request.user, session_key(request), drawn.unfilled)
    start_exam(request, exam)
    return _exam_response(request, exam, code=status.HTTP_201_CREATED)


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
