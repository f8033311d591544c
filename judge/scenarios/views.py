"""Pages of the scenarios app: the scenario library, the builder and the stepper.

The builder and the stepper are browser apps (``static/arbitre/builder.js``, ``stepper.js``) that talk
to the scenario API; these views only check permissions and hand them their starting data.
"""
from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from judge.budget import BudgetExceeded
from rules_ref.models import Rule

from .models import RESTORE_DAYS, Scenario, Tag

EMPTY_DOCUMENT = {
    "format": "arbitre-scenario/1",
    "rules": "fr-1",
    "seed": 0,
    "mode": "1v1",
    "day": 1,
    "phase": "noon",
    "first_player": "A",
    "players": {
        "A": {"hero": None, "deck": [], "hand": [], "mana": [], "reserve": [], "landmarks": [], "discard": [],
              "hero_expedition": [], "companion_expedition": []},
        "B": {"hero": None, "deck": [], "hand": [], "mana": [], "reserve": [], "landmarks": [], "discard": [],
              "hero_expedition": [], "companion_expedition": []},
    },
    "adventure": {
        "tumult": [
            {"name": "T1", "face_up": False, "terrains": [["forest"], ["mountain", "water"]]},
            {"name": "T2", "face_up": False, "terrains": [["mountain"], ["forest", "water"]]},
            {"name": "T3", "face_up": False, "terrains": [["water"], ["forest", "mountain"]]},
        ],
        "markers": {"A": {"hero": 0, "companion": 7}, "B": {"hero": 0, "companion": 7}},
        "arena": False,
    },
    "limbo": [],
    "decisions": [],
}


def scenarios_citing(rule: Rule):
    """Public scenarios whose runs cite ``rule`` (shown on the rule page)."""
    # Only what the list shows: not every scenario's document and problems on every rule page.
    return Scenario.objects.visible_to(None).citing(rule.ruleset.slug, rule.number or rule.slug).only("uuid", "title").order_by("title")[:20]


def library(request):
    tag = request.GET.get("tag", "")
    rule = request.GET.get("rule", "").strip()
    qs = Scenario.objects.visible_to(None).filtered(tag=tag, rule=rule).select_related("author").prefetch_related("tags")
    mine = (
        Scenario.objects.filter(author=request.user).prefetch_related("tags")
        if request.user.is_authenticated else Scenario.objects.none()
    )
    return render(request, "judge/library.html", {
        "scenarios": qs.order_by("title"), "mine": mine, "tags": Tag.objects.filter(scenarios__visibility="public", scenarios__deleted__isnull=True).distinct(),
        "tag": tag, "rule": rule,
    })


def editable(request, uuid, refusal: str = "Seul l'auteur de ce scénario (ou l'équipe) peut le modifier.") -> Scenario:
    """The scenario the user may change: 404 if they cannot even read it, 403 (``refusal``) if only read it."""
    scenario = get_object_or_404(Scenario.objects.readable_by(request.user), uuid=uuid)
    if not scenario.can_edit(request.user):
        raise PermissionDenied(refusal)
    return scenario


def _builder(request, scenario: Scenario | None):
    return render(request, "judge/builder.html", {
        "scenario": scenario,
        "initial": {
            "uuid": str(scenario.uuid) if scenario else None,
            "title": scenario.title if scenario else "",
            "description": scenario.description if scenario else "",
            "tags": [t.name for t in scenario.tags.all()] if scenario else [],
            "visibility": scenario.visibility if scenario else Scenario.Visibility.PRIVATE,
            "document": scenario.document if scenario else EMPTY_DOCUMENT,
        },
    })


@login_required
def new(request):
    return _builder(request, None)


@login_required
def edit(request, uuid):
    return _builder(request, editable(request, uuid))


def stepper(request, uuid):
    scenario = get_object_or_404(Scenario.objects.readable_by(request.user).prefetch_related("tags"), uuid=uuid)
    return render(request, "judge/stepper.html", {
        "scenario": scenario,
        "can_edit": scenario.can_edit(request.user),
        "initial": {
            "uuid": str(scenario.uuid), "title": scenario.title, "document": scenario.document,
            "problems": scenario.problems, "ruleset": scenario.ruleset,
            "can_edit": scenario.can_edit(request.user),
            "authenticated": request.user.is_authenticated,
        },
        "default_ruleset": settings.ARBITRE_DEFAULT_RULESET,
    })


def trial(request):
    """The stepper on an unsaved document (handed over by the builder through sessionStorage)."""
    return render(request, "judge/stepper.html", {
        "scenario": None, "can_edit": False,
        "initial": {"uuid": None, "title": "Essai (non enregistré)", "document": None, "problems": [],
                    "ruleset": settings.ARBITRE_DEFAULT_RULESET, "can_edit": False,
                    "authenticated": request.user.is_authenticated},
    })


@login_required
@require_POST
def copy(request, uuid):
    original = get_object_or_404(Scenario.objects.readable_by(request.user), uuid=uuid)
    try:
        duplicate = original.copy_for(request.user)
    except BudgetExceeded as exc:   # saving runs the engine, within the request's budget
        return HttpResponse(exc.problems[0]["message"], status=422, content_type="text/plain; charset=utf-8")
    return redirect("judge:edit", uuid=duplicate.uuid)


@login_required
@require_POST
def delete(request, uuid):
    """Soft delete: the scenario goes to its author's bin (:func:`trash`) for RESTORE_DAYS days."""
    scenario = editable(request, uuid)
    scenario.soft_delete()
    return redirect("judge:library")


@login_required
def trash(request):
    """The bin ("Corbeille"): your deleted scenarios (every one for staff), restorable for RESTORE_DAYS days."""
    deleted = Scenario.all_objects.restorable_by(request.user).select_related("author").order_by("-deleted")
    return render(request, "judge/trash.html", {"scenarios": deleted, "days": RESTORE_DAYS})


@login_required
@require_POST
def restore(request, uuid):
    scenario = get_object_or_404(Scenario.all_objects.restorable_by(request.user), uuid=uuid)
    scenario.restore()
    return redirect("judge:stepper", uuid=scenario.uuid)
