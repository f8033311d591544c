"""Pages of the scenarios app: the scenario library, the builder and the stepper.

The builder and the stepper are browser apps (``static/arbitre/builder.js``, ``stepper.js``) that talk
to the scenario API; these views only check permissions and hand them their starting data.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

import engine
from engine.model import PLAYER_ZONES
from engine.versions import RULESETS
from judge.api_errors import QuotaExceeded
from judge.guard.budget import Budget, BudgetExceeded, EngineRefused
from judge.limits import MAX_DECISIONS
from rules_ref.concordance import CURRENT, VERSIONED_CITATION, french_ruleset, match_official
from rules_ref.models import Rule

from . import runner
from .models import RESTORE_DAYS, RULE_NUMBER, Scenario, Tag
from .prompts import pending_sentence

EMPTY_DOCUMENT = {
    "format": "arbitre-scenario/1",
    "rules": "fr-1",
    "seed": 0,
    "mode": "1v1",
    "day": 1,
    "phase": "noon",
    "first_player": "A",
    "players": {player: {"hero": None, **{zone: [] for zone in PLAYER_ZONES}} for player in ("A", "B")},
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
    return (
        Scenario.objects.visible_to(None)
        .citing(rule.ruleset.slug, rule.number or rule.slug)
        .only("uuid", "title")
        .order_by("title")[:20]
    )


class Matches(list):
    """Scenarios found for the site's search, and the library page listing them all (``more_url``)."""

    more_url = ""


def scenarios_matching(q: str, ruleset: str, limit: int = 10) -> Matches:
    """Public scenarios for the site's search (``ARBITRE_SCENARIOS_MATCHING``): those citing the rule
    or its sub-rules for a rule number, those whose title, description or tags hold every word otherwise."""
    q = " ".join(q.split())[:200]
    number = q.lower().rstrip(".*")
    public = Scenario.objects.visible_to(None)
    by_rule = bool(RULE_NUMBER.match(number))
    found = public.filtered(rule=number) if by_rule else public.filtered(q=q)
    matches = Matches(found.only("uuid", "title", "description").order_by("title")[:limit])
    matches.more_url = reverse("judge:library") + "?" + urlencode({"rule": number} if by_rule else {"q": q})
    return matches


#: Library page size: a page of titles with their descriptions, not 20,000 px.
PAGE_SIZE = 20
#: The phases of the day, first in the tag list (``load_library`` tags every scenario with its phase).
PHASES = ["mise en place", "matin", "midi", "après-midi", "crépuscule", "nuit"]
#: A tag on at least this many public scenarios is listed among the frequent ones.
FREQUENT = 5
#: Tags offered in the library's drop-down: the phases and the most used (300 public scenarios with
#: 20 tags each made a drop-down of 6,000 options, 800 KB on every visit); any tag stays reachable by
#: the links on the scenarios that carry it.
MAX_TAG_OPTIONS = 60


def tag_groups() -> list[tuple[str, list[Tag]]]:
    """The public scenarios' tags for the drop-down, each with its count: phases, frequent, others."""
    tags = list(
        Tag.objects.annotate(
            count=Count("scenarios", filter=Q(scenarios__visibility="public", scenarios__deleted__isnull=True))
        )
        .filter(count__gt=0)
        .order_by("-count", "name")[:MAX_TAG_OPTIONS]
    )
    tags.sort(key=lambda t: t.name)
    phases = sorted((t for t in tags if t.name in PHASES), key=lambda t: PHASES.index(t.name))
    frequent = [t for t in tags if t.name not in PHASES and t.count >= FREQUENT]
    others = [t for t in tags if t.name not in PHASES and t.count < FREQUENT]
    groups = [("Phase du jour", phases), (f"Fréquentes ({FREQUENT} scénarios ou plus)", frequent), ("Autres", others)]
    return [(label, group) for label, group in groups if group]


def library(request):
    tag = request.GET.get("tag", "")[:60]
    rule = request.GET.get("rule", "").strip()[:40]
    q = " ".join(request.GET.get("q", "").split())[:200]
    ruleset = request.GET.get("rules", "")
    ruleset = ruleset if ruleset in RULESETS else ""
    qs = (
        Scenario.objects.visible_to(None)
        .filtered(tag=tag, rule=rule, q=q, ruleset=ruleset)
        .summaries()
        .select_related("author")
        .prefetch_related("tags")
        .order_by("title")
    )
    page = Paginator(qs, PAGE_SIZE).get_page(request.GET.get("page"))
    mine = (
        Scenario.objects.filter(author=request.user).summaries().prefetch_related("tags")
        if request.user.is_authenticated
        else Scenario.objects.none()
    )
    kept = request.GET.copy()
    kept.pop("page", None)
    return render(
        request,
        "judge/library.html",
        {
            "scenarios": page,
            "page": page,
            "mine": mine,
            "tag_groups": tag_groups(),
            "tag": tag,
            "rule": rule,
            "text": q,
            "ruleset": ruleset,
            "rulesets": RULESETS,
            "filtering": bool(tag or rule or q or ruleset),
            "query": kept.urlencode(),
            "default_ruleset": settings.ARBITRE_DEFAULT_RULESET,
        },
    )


def editable(request, uuid, refusal: str = "Seul l'auteur de ce scénario (ou l'équipe) peut le modifier.") -> Scenario:
    """The scenario the user may change: 404 if they cannot even read it, 403 (``refusal``) if only read it."""
    scenario = get_object_or_404(Scenario.objects.readable_by(request.user), uuid=uuid)
    if not scenario.can_edit(request.user):
        raise PermissionDenied(refusal)
    return scenario


def _builder(request, scenario: Scenario | None):
    return render(
        request,
        "judge/builder.html",
        {
            "scenario": scenario,
            "initial": {
                "uuid": str(scenario.uuid) if scenario else None,
                # the saved version the builder sends back in If-Match (CONTRACT.md; the field comes with `apisec`)
                "version": getattr(scenario, "version", None) if scenario else None,
                "title": scenario.title if scenario else "",
                "description": scenario.description if scenario else "",
                "tags": [t.name for t in scenario.tags.all()] if scenario else [],
                "visibility": scenario.visibility if scenario else Scenario.Visibility.PRIVATE,
                "document": scenario.document if scenario else EMPTY_DOCUMENT,
            },
        },
    )


@login_required
def new(request):
    return _builder(request, None)


@login_required
def edit(request, uuid):
    return _builder(request, editable(request, uuid))


def stepper(request, uuid):
    scenario = get_object_or_404(Scenario.objects.readable_by(request.user).prefetch_related("tags"), uuid=uuid)
    return render(
        request,
        "judge/stepper.html",
        {
            "scenario": scenario,
            "can_edit": scenario.can_edit(request.user),
            "initial": {
                "uuid": str(scenario.uuid),
                "title": scenario.title,
                "document": scenario.document,
                "problems": scenario.problems,
                "ruleset": scenario.ruleset,
                "can_edit": scenario.can_edit(request.user),
                "authenticated": request.user.is_authenticated,
                "visibility": scenario.visibility,
                "shared_ruling": reverse("judge:shared_ruling", args=[scenario.uuid, scenario.share_token]),
            },
            "default_ruleset": settings.ARBITRE_DEFAULT_RULESET,
        },
    )


def trial(request):
    """The stepper on an unsaved document (handed over by the builder through sessionStorage)."""
    return render(
        request,
        "judge/stepper.html",
        {
            "scenario": None,
            "can_edit": False,
            "initial": {
                "uuid": None,
                "title": "Essai (non enregistré)",
                "document": None,
                "problems": [],
                "ruleset": settings.ARBITRE_DEFAULT_RULESET,
                "can_edit": False,
                "authenticated": request.user.is_authenticated,
            },
        },
    )


@login_required
@require_POST
def copy(request, uuid):
    original = get_object_or_404(Scenario.objects.readable_by(request.user), uuid=uuid)
    try:
        duplicate = original.copy_for(request.user)
    except BudgetExceeded as exc:  # saving runs the engine, within the request's budget (422), or refused (429)
        response = HttpResponse(exc.problems[0]["message"], status=exc.status, content_type="text/plain; charset=utf-8")
        if exc.retry_after:
            response["Retry-After"] = str(exc.retry_after)
        return response
    except QuotaExceeded as exc:
        return HttpResponse(str(exc), status=413, content_type="text/plain; charset=utf-8")
    return redirect("judge:edit", uuid=duplicate.uuid)


@login_required
@require_POST
def delete(request, uuid):
    """Soft delete: the scenario goes to its author's bin (:func:`trash`) for RESTORE_DAYS days."""
    scenario = editable(request, uuid)
    scenario.soft_delete()
    return redirect("judge:library")


MAX_NOTE = 4000
#: The ruling page shows this many last steps in full (a ruling's context); the earlier ones are counted, with a link to
#: the stepper at the first one shown. A stranger asking for step 2,500 of a long public game gets a page
#: of the same size as one for step 50, not megabytes of log (each request renders it anew).
RULING_STEPS = 50


def _choices(text: str) -> tuple[list[dict], str | None]:
    """The judge's decisions from a stepper link's ``choix`` (base64url of compact JSON), or why not."""
    if not text:
        return [], None
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        value = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, binascii.Error):
        return (
            [],
            "« choix » : les décisions du lien sont illisibles (base64url d'une liste JSON attendue) ; elles sont ignorées.",
        )
    if not isinstance(value, list) or not all(isinstance(d, dict) for d in value):
        return [], "« choix » : une liste d'objets JSON (les décisions) est attendue ; elle est ignorée."
    return value[:MAX_DECISIONS], None


def anchor(citation: str) -> str:
    """The id of a cited rule on the ruling page: ``rule-4.2.5.c``, ``rule-4.2.5.d-cr-5.0`` for "4.2.5.d (CR 5.0)"."""
    return "rule-" + re.sub(r"[^0-9a-z.]+", "-", citation.lower()).strip("-")


def cited_rules_text(citations: list[str], ruleset: str) -> list[dict]:
    """What the ruling page shows of each cited rule: ``number`` (as cited), ``anchor`` (its id on
    the page), and ``rule`` (the French rule) or, for an official paragraph "4.2.5.d (CR 5.0)",
    ``official`` (the French rules it stands for, through the concordance)."""
    french = french_ruleset(ruleset)
    bare = {c: VERSIONED_CITATION.fullmatch(c) for c in citations}
    wanted = [m.group(1) if m else c for c, m in bare.items() if not (m and m.group(2) == "CR 5.0")]
    found = {r.number: r for r in Rule.objects.filter(ruleset__slug=french, number__in=wanted)}
    items = []
    for citation, m in bare.items():
        item = {"number": citation, "anchor": anchor(citation), "rule": None, "official": None}
        if m and m.group(2) == "CR 5.0":
            item["official"] = match_official(CURRENT, m.group(1), french)
        else:
            item["rule"] = found.get(m.group(1) if m else citation)
        items.append(item)
    return items


def ruling(request, uuid):
    """The ruling at step N, for whoever may read the scenario (see :func:`shared_ruling` for the
    players): ``?etape=N&choix=…&note=…`` (the stepper's position, plus the note)."""
    scenario = get_object_or_404(Scenario.objects.readable_by(request.user), uuid=uuid)
    return _ruling(request, scenario, shared=False)


def shared_ruling(request, uuid, token):
    """The same ruling for anyone given its link, logged out or not, whatever the scenario's
    visibility: the link carries the scenario's share token (:attr:`Scenario.share_token`); a
    wrong token is a 404, as a private scenario is to a stranger."""
    scenario = get_object_or_404(Scenario.objects.all(), uuid=uuid)
    if not scenario.shares_with(token):
        raise Http404("Décision introuvable.")
    return _ruling(request, scenario, shared=True)


def _decisive_step(request, out: dict) -> int | None:
    """The step shown as « Décision »: the one the stepper names (``?decisive=K``, when it is a step
    already played), else the run's own (:func:`runner.decisive_step` of the steps since the last
    choice a player made)."""
    try:
        asked = int(request.GET.get("decisive", "") or 0)
    except ValueError:
        asked = 0
    if 1 <= asked <= out["steps"]:
        return asked
    return out.get("decisive")


def _verdict(scenario: Scenario, out: dict, step: int | None, decisions: list[dict]) -> dict | None:
    """The « Décision » box: the deciding step's entries, the entry that decided (the one the run
    named, else :func:`runner.decisive_entry` of the step) and its first rule with its text, and the
    boards before and after the step."""
    if not step:
        return None
    entries = [e for e in out["log"] if e["step"] == step]
    named = [e for e in entries if step == out.get("decisive") and e["seq"] == out.get("decisive_seq")]
    deciding = named[0] if named else runner.decisive_entry(entries)
    if deciding is None:
        return None
    [rule] = cited_rules_text([deciding["rules"][0]], scenario.ruleset)
    states = runner.states_at(scenario.document, {step - 1} if step == out["steps"] else {step - 1, step}, decisions)
    before, after = states.get(step - 1), out["state"] if step == out["steps"] else states.get(step)
    if before is None or after is None:
        return None
    seqs = [e["seq"] for e in entries]
    cites = lambda e: {**e, "cites": [(n, anchor(n)) for n in e["rules"]]}  # noqa: E731
    return {
        "step": step,
        "deciding": cites(deciding),
        "others": [cites(e) for e in entries if e is not deciding],
        "rule": rule,
        "before": {"state": before, "log": [], "last": []},
        "after": {"state": after, "log": entries, "last": seqs},
    }


def _ruling(request, scenario: Scenario, shared: bool):
    """The ruling at step N: at the top the « Décision » (the deciding step, its rule's text, the
    board before and after it), then every step from the start with the full text of each rule it
    cites, the judge's note and the links; printable on A4."""
    try:
        steps = max(0, min(int(request.GET.get("etape", "0") or 0), runner.MAX_STEPS))
    except ValueError:
        steps = 0
    choix = request.GET.get("choix", "")
    decisions, problem = _choices(choix)
    note = request.GET.get("note", "")[:MAX_NOTE]
    problems = [{"path": "choix", "message": problem}] if problem else []
    out = None
    verdict = None
    refused = None
    try:
        # One admission and one charge for the page's engine work (the position, then the boards around
        # its deciding step): the second replay is nested in the first one's guard, never refused apart.
        with Budget().hard_stop():
            out = runner.position(scenario.document, steps, decisions)
            verdict = _verdict(scenario, out, _decisive_step(request, out), decisions)
    except (engine.ScenarioError, runner.RunError, BudgetExceeded) as exc:
        problems += exc.problems
        refused = exc if isinstance(exc, EngineRefused) else None
    groups: list[dict] = []
    numbers: list[str] = []
    first_shown = max(1, out["steps"] - RULING_STEPS + 1) if out else 1
    if out:
        for entry in out["log"]:
            if entry["step"] < first_shown:
                continue
            if not groups or groups[-1]["step"] != entry["step"]:
                groups.append({"step": entry["step"], "entries": []})
            groups[-1]["entries"].append({**entry, "cites": [(n, anchor(n)) for n in entry["rules"]]})
            numbers.extend(n for n in entry["rules"] if n not in numbers)
        if out["pending"]:
            numbers.extend(n for n in out["pending"].get("rules", []) if n not in numbers)
    rules = cited_rules_text(numbers, scenario.ruleset)
    query = {"etape": out["steps"] if out else steps}
    if choix and not problem:
        query["choix"] = choix
    if verdict and request.GET.get("decisive"):
        query["decisive"] = verdict["step"]
    readable = Scenario.objects.readable_by(request.user).filter(pk=scenario.pk).exists()
    permalink = (
        request.build_absolute_uri(reverse("judge:stepper", args=[scenario.uuid]) + "?" + urlencode(query))
        if readable
        else ""
    )
    with_note = {**query, **({"note": note} if note else {})}
    players = reverse("judge:shared_ruling", args=[scenario.uuid, scenario.share_token])
    here = reverse(
        "judge:shared_ruling" if shared else "judge:ruling",
        args=[scenario.uuid, scenario.share_token] if shared else [scenario.uuid],
    )
    last = [e for e in out["log"] if e["step"] == out["steps"]] if out else []
    response = render(
        request,
        "judge/ruling.html",
        {
            "scenario": scenario,
            "out": out,
            "pending_text": pending_sentence(out["pending"], out["state"]) if out else "",
            "verdict": verdict,
            "groups": groups,
            "rules": rules,
            "note": note,
            "steps": query["etape"],
            "choix": query.get("choix", ""),
            "decisive": query.get("decisive", ""),
            "permalink": permalink,
            "here": request.build_absolute_uri(here + "?" + urlencode(with_note)),
            "players_link": request.build_absolute_uri(players + "?" + urlencode(with_note)),
            "shared": shared,
            "private": scenario.visibility == Scenario.Visibility.PRIVATE,
            "problems": problems,
            "french_ruleset": french_ruleset(scenario.ruleset),
            "board": {"state": out["state"], "log": last, "last": [e["seq"] for e in last]} if out else None,
            "earlier_steps": first_shown - 1,
            "earlier_url": reverse("judge:stepper", args=[scenario.uuid]) + "?" + urlencode({"etape": first_shown - 1}),
        },
        status=429 if refused else 200,
    )
    if refused:  # the client's engine time is spent, or every engine slot taken: when to come back
        response["Retry-After"] = str(refused.retry_after)
    return response


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
