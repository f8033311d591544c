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

from django.db.models import Count
from django.urls import include, path
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action, api_view
from rest_framework.response import Response
from rest_framework.routers import SimpleRouter

from .api import IsAuthorOrStaffOrReadOnly
from .models import Attempt, Exercise, Scenario, Tag
from .training import ExerciseError, section_label

SERIES_KEY = "training_series"
SERIES_SIZES = (5, 10)
MAX_SERIES = 20


# ---- serializers ------------------------------------------------------------------------------------

class OptionSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()


class ExerciseSerializer(serializers.ModelSerializer):
    """An exercise as a trainee sees it; ``answer`` only for those who may edit it."""

    scenario = serializers.SlugRelatedField(slug_field="uuid", queryset=Scenario.objects.all())
    scenario_title = serializers.CharField(source="scenario.title", read_only=True)
    author = serializers.CharField(source="author.username", read_only=True)
    prompt = serializers.SerializerMethodField()
    options = serializers.SerializerMethodField()
    answer = serializers.SerializerMethodField()
    tags = serializers.SerializerMethodField()
    rule = serializers.CharField(
        source="chosen_rule", required=False, allow_blank=True, max_length=40,
        help_text="La règle visée, parmi celles que le moteur cite à cette étape (vide : la première).")
    decisive_rule = serializers.CharField(source="rule", read_only=True)
    author_difficulty = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=3)

    class Meta:
        model = Exercise
        fields = ["uuid", "scenario", "scenario_title", "steps", "kind", "focus", "rule", "decisive_rule",
                  "section", "difficulty", "author_difficulty", "explanation", "prompt", "options", "answer",
                  "tags", "author", "created", "updated"]
        read_only_fields = ["uuid", "section", "difficulty", "author", "created", "updated"]

    def get_prompt(self, obj: Exercise) -> str:
        return obj.question.get("prompt", "")

    @extend_schema_field(OptionSerializer(many=True))
    def get_options(self, obj: Exercise) -> list[dict]:
        return obj.question.get("options", [])

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_answer(self, obj: Exercise) -> str | None:
        request = self.context.get("request")
        return obj.answer if request is not None and obj.can_edit(request.user) else None

    def get_tags(self, obj: Exercise) -> list[str]:
        return [t.name for t in obj.scenario.tags.all()]

    def validate_scenario(self, scenario: Scenario) -> Scenario:
        request = self.context.get("request")
        user = getattr(request, "user", None)
        if not Scenario.objects.readable_by(user).filter(pk=scenario.pk).exists() or not scenario.can_edit(user):
            raise serializers.ValidationError("Seul l'auteur du scénario (ou l'équipe) peut en faire un exercice.")
        if scenario.problems:
            raise serializers.ValidationError("Ce scénario a des problèmes : le moteur ne peut pas le dérouler.")
        return scenario

    def validate(self, attrs):
        exercise = Exercise(**{**self._current(), **attrs})
        try:
            exercise.rebuild()
        except ExerciseError as exc:
            raise serializers.ValidationError({"steps": [f"Impossible de poser cette question : {exc}."]}) from None
        attrs["_built"] = exercise
        return attrs

    def _current(self) -> dict:
        if self.instance is None:
            return {}
        names = ("scenario", "steps", "kind", "focus", "chosen_rule", "explanation", "author_difficulty")
        return {name: getattr(self.instance, name) for name in names}

    def create(self, validated_data):
        built = validated_data.pop("_built")
        built.author = self.context["request"].user
        built.save()
        return built

    def update(self, instance, validated_data):
        built = validated_data.pop("_built")
        for name in ("scenario", "steps", "kind", "focus", "chosen_rule", "explanation", "author_difficulty",
                     "question", "answer", "rule", "section", "difficulty", "built_from"):
            setattr(instance, name, getattr(built, name))
        instance.save()
        return instance


class AnswerRequestSerializer(serializers.Serializer):
    chosen = serializers.CharField(max_length=120, help_text="La clé de l'option choisie.")


class SeriesScoreSerializer(serializers.Serializer):
    id = serializers.CharField()
    total = serializers.IntegerField()
    answered = serializers.IntegerField()
    right = serializers.IntegerField()
    finished = serializers.BooleanField()


class AnswerResultSerializer(serializers.Serializer):
    correct = serializers.BooleanField()
    chosen = serializers.CharField()
    answer = serializers.CharField()
    answer_label = serializers.CharField()
    explanation = serializers.CharField(allow_blank=True)
    rule = serializers.CharField(allow_blank=True)
    section = serializers.CharField(allow_blank=True)
    steps = serializers.IntegerField(help_text="La position de l'exercice : le journal montre l'étape suivante.")
    log = serializers.ListField(child=serializers.DictField(), help_text="Les entrées du journal de cette étape.")
    series = SeriesScoreSerializer(allow_null=True)


class SeriesRequestSerializer(serializers.Serializer):
    section = serializers.CharField(required=False, allow_blank=True, default="", help_text="Section des règles, par ex. 2.4.")
    tag = serializers.CharField(required=False, allow_blank=True, default="", help_text="Étiquette (slug) des scénarios.")
    difficulty = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=3, default=None)
    count = serializers.IntegerField(required=False, min_value=1, max_value=MAX_SERIES, default=SERIES_SIZES[0])


class SeriesSerializer(SeriesScoreSerializer):
    exercises = ExerciseSerializer(many=True)


class ProgressRowSerializer(serializers.Serializer):
    section = serializers.CharField()
    label = serializers.CharField()
    answered = serializers.IntegerField()
    right = serializers.IntegerField()


class ProgressSerializer(serializers.Serializer):
    signed_in = serializers.BooleanField()
    answered = serializers.IntegerField()
    right = serializers.IntegerField()
    sections = ProgressRowSerializer(many=True)


class ThemeSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    count = serializers.IntegerField()


class ThemesSerializer(serializers.Serializer):
    sections = ThemeSerializer(many=True)
    tags = ThemeSerializer(many=True)


# ---- the session's series -----------------------------------------------------------------------------

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


def themes_for(user) -> dict:
    visible = Exercise.objects.visible_to(user)
    sections = visible.values("section").order_by("section").annotate(count=Count("id"))
    tags = (Tag.objects.filter(scenarios__exercises__in=visible).annotate(count=Count("scenarios__exercises", distinct=True))
            .order_by("name"))
    return {
        "sections": [{"key": s["section"], "label": section_label(s["section"]), "count": s["count"]}
                     for s in sections if s["section"]],
        "tags": [{"key": t.slug, "label": t.name, "count": t.count} for t in tags],
    }


# ---- views ---------------------------------------------------------------------------------------------

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

    def get_object(self):
        exercise = super().get_object()
        try:
            exercise.ensure_fresh()
        except ExerciseError:
            pass   # the old question stays until its author mends it
        return exercise

    @extend_schema(request=AnswerRequestSerializer, responses={200: AnswerResultSerializer, 400: None})
    @action(detail=True, methods=["post"], permission_classes=[permissions.AllowAny])
    def answer(self, request, uuid=None):
        """Answer an exercise: says whether it was right, the explanation and the engine's log of the step."""
        exercise = self.get_object()
        params = AnswerRequestSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        chosen = params.validated_data["chosen"]
        keys = [o["key"] for o in exercise.question.get("options", [])]
        if chosen not in keys:
            return Response({"chosen": [f"« {chosen} » n'est pas une des réponses proposées."]},
                            status=status.HTTP_400_BAD_REQUEST)
        correct = chosen == exercise.answer
        series = current_series(request)
        in_series = bool(series and str(exercise.uuid) in series["exercises"])
        Attempt.objects.create(
            exercise=exercise, user=request.user if request.user.is_authenticated else None,
            session_key=session_key(request), chosen=chosen, correct=correct,
            series=series["id"] if in_series else "",
        )
        if in_series and str(exercise.uuid) not in series["answers"]:   # the first answer is the one that counts
            series["answers"][str(exercise.uuid)] = correct
            request.session.modified = True
        seqs = set(exercise.question.get("seqs", []))
        return Response({
            "correct": correct, "chosen": chosen, "answer": exercise.answer,
            "answer_label": exercise.option_label(exercise.answer), "explanation": exercise.explanation,
            "rule": exercise.rule, "section": exercise.section, "steps": exercise.steps,
            "log": [e for e in step_log(exercise) if e["seq"] in seqs],
            "series": series_score(series) if in_series else None,
        })


def step_log(exercise: Exercise) -> list[dict]:
    from . import training

    return training.run_step(exercise.scenario.document, exercise.steps).entries


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
    return Response(themes_for(request.user))


router = SimpleRouter()
router.register("exercises", ExerciseViewSet, basename="exercise")

urlpatterns = [
    path("training/series/", series_view, name="api-training-series"),
    path("training/progress/", progress_view, name="api-training-progress"),
    path("training/themes/", themes_view, name="api-training-themes"),
    path("", include(router.urls)),
]
