"""The scenario API: CRUD with the author's permissions, runs of saved or unsaved documents, checks."""

from __future__ import annotations

from django.conf import settings
from django.db.models import Prefetch
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.exceptions import APIException, NotFound
from rest_framework.response import Response

import engine
from judge.guard.budget import Budget
from judge.limits import oversize

from . import runner
from .models import Scenario, Tag
from .serializers import (
    CheckRequestSerializer,
    DocumentRunRequestSerializer,
    ProblemsSerializer,
    RunOutputSerializer,
    RunRequestSerializer,
    ScenarioSerializer,
    ScenarioSummarySerializer,
    StepRequestSerializer,
)


class TooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "Scénario trop volumineux."
    default_code = "too_large"


def _refuse_oversize(document) -> None:
    if reason := oversize(document):
        raise TooLarge(reason)


class IsAuthorOrStaffOrReadOnly(permissions.BasePermission):
    """Anyone may read what they can see; only the author (or staff) may change it."""

    def has_permission(self, request, view) -> bool:
        return request.method in permissions.SAFE_METHODS or bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request, view, obj: Scenario) -> bool:
        if request.method in permissions.SAFE_METHODS:
            return True  # the queryset already limits what can be read
        return obj.can_edit(request.user)


def _run_response(document, params) -> Response:
    """The run's output; past the engine budget, a 422 (``judge.api_errors``)."""
    try:
        at = (params["at_day"], params["at_phase"]) if params.get("at_day") and params.get("at_phase") else None
        output = runner.run(
            document,
            until=params["until"],
            decisions=params["decisions"],
            steps=params["steps"],
            budget=Budget(),
            adapt=params.get("adapt", False),
            at=at,
        )
    except engine.ScenarioError as exc:
        return Response({"problems": exc.problems}, status=status.HTTP_400_BAD_REQUEST)
    except runner.RunError as exc:
        return Response({"problems": exc.problems}, status=status.HTTP_400_BAD_REQUEST)
    return Response(output)


@extend_schema(
    parameters=[
        OpenApiParameter("tag", str, description="Filtrer par étiquette."),
        OpenApiParameter(
            "q",
            str,
            description="Mots cherchés dans le titre, la description et les étiquettes (sans accents ni casse).",
        ),
        OpenApiParameter(
            "rule",
            str,
            description="Filtrer par règle citée par le déroulé, sous-règles comprises (2.4.6 trouve 2.4.6.c).",
        ),
        OpenApiParameter(
            "rules", str, enum=["fr-1", "cr-5.0"], description="Filtrer par jeu de règles joué (fr-1, cr-5.0)."
        ),
        OpenApiParameter("mine", bool, description="Seulement mes scénarios."),
    ]
)
class ScenarioViewSet(viewsets.ModelViewSet):
    """Saved scenarios. Listing shows the public library and your own; a scenario shared by link
    is readable by anyone with its address; only its author or staff can change it."""

    serializer_class = ScenarioSerializer
    permission_classes = [IsAuthorOrStaffOrReadOnly]
    lookup_field = "uuid"

    @property
    def throttle_scope(self):
        """Saves are counted (judge/guard/throttles.py: rate, and engine time), runs as runs."""
        return {"create": "save", "update": "save", "partial_update": "save", "copy": "save", "run": "run"}.get(
            getattr(self, "action", None)
        )

    def get_serializer_class(self):
        return ScenarioSummarySerializer if self.action == "list" else ScenarioSerializer

    def get_queryset(self):
        if self.action == "restore":
            return Scenario.all_objects.restorable_by(self.request.user)
        base = Scenario.objects.select_related("author", "forked_from").prefetch_related(
            Prefetch("tags", queryset=Tag.objects.all())
        )
        user = self.request.user
        if self.action == "list":
            params = self.request.query_params
            qs = base.visible_to(user).filtered(
                tag=params.get("tag", ""),
                rule=params.get("rule", "")[:40],
                q=params.get("q", "")[:200],
                ruleset=params.get("rules", "")[:20],
            )
            if params.get("mine") in ("1", "true") and user.is_authenticated:
                qs = qs.filter(author=user)
            return qs.summaries()
        return base.readable_by(user)

    def perform_create(self, serializer):
        _refuse_oversize(serializer.validated_data.get("document"))
        serializer.save(author=self.request.user)

    def perform_update(self, serializer):
        _refuse_oversize(serializer.validated_data.get("document"))
        try:
            serializer.save(expected_version=self._expected_version(serializer.instance))
        except Scenario.DoesNotExist:  # deleted while this save was on its way: it stays deleted
            raise NotFound("Ce scénario vient d'être supprimé : rien n'a été enregistré.") from None

    def perform_destroy(self, instance: Scenario):
        """Soft delete: hidden everywhere, restorable by its author or staff (``restore``) for 30 days."""
        instance.soft_delete()

    def _expected_version(self, scenario: Scenario) -> int | None:
        """The version ``If-Match`` names (0 when it names none of this scenario's), None without
        the header or with ``*``."""
        header = self.request.headers.get("If-Match", "").strip()
        if not header:
            return None
        prefix = f'"{scenario.uuid}-'
        for tag in (t.strip().removeprefix("W/") for t in header.split(",")):
            if tag == "*":
                return None
            if tag.startswith(prefix) and tag.endswith('"') and tag[len(prefix) : -1].isdigit():
                return int(tag[len(prefix) : -1])
        return 0

    def retrieve(self, request, *args, **kwargs):
        response = super().retrieve(request, *args, **kwargs)
        response["ETag"] = self._object.etag
        return response

    def get_object(self):
        """The scenario of this request, fetched once (a save asked for it twice: the ``If-Match`` check, then
        DRF's update)."""
        if getattr(self, "_object", None) is None:
            self._object = super().get_object()
        return self._object

    def update(self, request, *args, **kwargs):
        """PUT/PATCH; with ``If-Match`` naming an older version, 412 and nothing written (the stored
        version is checked again inside the write transaction)."""
        scenario = self.get_object()
        expected = self._expected_version(scenario)
        if expected is not None and expected != scenario.version:
            raise scenario.conflict()
        response = super().update(request, *args, **kwargs)
        response["ETag"] = self._object.etag
        return response

    def create(self, request, *args, **kwargs):
        response = super().create(request, *args, **kwargs)
        if "uuid" in response.data and "version" in response.data:
            response["ETag"] = f'"{response.data["uuid"]}-{response.data["version"]}"'
        return response

    @extend_schema(request=None, responses={200: ScenarioSerializer, 404: None})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def restore(self, request, uuid=None):
        """Bring back a deleted scenario (its author or staff, within 30 days of the delete)."""
        scenario = self.get_object()
        scenario.restore()
        return Response(ScenarioSerializer(scenario, context=self.get_serializer_context()).data)

    @extend_schema(request=RunRequestSerializer, responses={200: RunOutputSerializer, 400: ProblemsSerializer})
    @action(detail=True, methods=["post"], permission_classes=[permissions.AllowAny])
    def run(self, request, uuid=None):
        """Run the saved scenario (``until``, extra ``decisions``, replay to ``steps``)."""
        scenario = self.get_object()
        params = RunRequestSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        _refuse_oversize({"decisions": params.validated_data["decisions"]})
        return _run_response(scenario.document, params.validated_data)

    @extend_schema(request=None, responses={201: ScenarioSerializer})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def copy(self, request, uuid=None):
        """Copy a scenario you can read into a private draft of your own."""
        duplicate = self.get_object().copy_for(request.user)
        return Response(
            ScenarioSerializer(duplicate, context=self.get_serializer_context()).data, status=status.HTTP_201_CREATED
        )


@extend_schema(
    request=DocumentRunRequestSerializer, responses={200: RunOutputSerializer, 400: ProblemsSerializer, 413: None}
)
@api_view(["POST"])
def run_document(request):
    """Run an unsaved scenario document and return the engine's output document."""
    params = DocumentRunRequestSerializer(data=request.data)
    params.is_valid(raise_exception=True)
    document = params.validated_data["document"]
    _refuse_oversize(document)
    _refuse_oversize({"decisions": params.validated_data["decisions"]})
    return _run_response(document, params.validated_data)


@extend_schema(request=CheckRequestSerializer, responses={200: ProblemsSerializer, 413: None})
@api_view(["POST"])
def check_document(request):
    """The problems of a scenario document, each with its JSON path ([] when it can be played)."""
    params = CheckRequestSerializer(data=request.data)
    params.is_valid(raise_exception=True)
    document = params.validated_data["document"]
    _refuse_oversize(document)
    budget = Budget()
    with budget.hard_stop():
        return Response({"problems": engine.check(document)})


@extend_schema(request=None, responses={200: dict})
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def scenario_schema(request):
    """The JSON Schema (draft 2020-12) of the scenario format's shape, for editors and the builder;
    the game's own rules on a board are checked by ``check/``."""
    return Response(engine.scenario_schema(), content_type="application/schema+json")


# DRF's throttle_scope, counted by the site's default throttles (judge/guard/throttles.py).
run_document.cls.throttle_scope = "run"
check_document.cls.throttle_scope = "check"


@extend_schema(request=StepRequestSerializer, responses={200: None, 400: ProblemsSerializer, 413: None})
@api_view(["POST"])
def step(request):
    """The stepper's step: from ``state`` (the state a previous answer gave, checked like any
    document) by ``action`` (``step``, ``decision``, ``phase_end``, ``phase``, ``end``; ``decision``
    answers what is pending), answered with the new log entries (numbered after ``seq``, tagged with
    their step after ``steps``) and the state's ``changes``. Or land at a position once (reload, a
    shared link): ``scenario`` (uuid) or ``document``, ``steps``, ``decisions``: the whole log and ``state``
    (``hold``: the last step up to the end of its phase, as ``phase_end`` leaves it). A ``phase_end``
    stopping inside the engine's step that also begins the next phase answers that step up to the
    phase's end: the next phase's beginning in ``held``, the board's moment in ``shown``."""
    params = StepRequestSerializer(data=request.data)
    params.is_valid(raise_exception=True)
    data = params.validated_data
    _refuse_oversize({"decisions": data["decisions"]})
    try:
        if data.get("state") is not None:
            _refuse_oversize(data["state"])
            output = runner.step_from(
                data["state"],
                data["action"],
                data["decision"],
                data["steps"],
                data["seq"],
                seconds=getattr(settings, "ARBITRE_RUN_SECONDS", 2.0),
            )
        else:
            if data.get("scenario") is not None:
                scenario = Scenario.objects.readable_by(request.user).filter(uuid=data["scenario"]).first()
                if scenario is None:
                    return Response(
                        {"problems": [{"path": "scenario", "message": "Scénario introuvable."}]},
                        status=status.HTTP_404_NOT_FOUND,
                    )
                document = scenario.document
            else:
                document = data["document"]
                _refuse_oversize(document)
            output = runner.position(document, data["steps"], data["decisions"], hold=data["hold"])
    except (engine.ScenarioError, runner.RunError) as exc:
        return Response({"problems": exc.problems}, status=status.HTTP_400_BAD_REQUEST)
    return Response(output)
