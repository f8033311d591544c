"""Pages of the rules reference: home, search, table of contents, rule and article pages."""
from __future__ import annotations

import re

from django.conf import settings
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from . import search
from .models import Citation, Rule, RuleSet

#: Where the printed rules had an icon, the text keeps a gap: "Le symbole signifie", "types , , et".
LOST_ICON = re.compile(r"symboles? (?:signifie|,)|\(\s*,|\s,\s*,|types de région\s*,|commune\s*,|Axiom\s*,")


def citation_context(ruleset: RuleSet) -> dict:
    numbers = set(Rule.objects.filter(ruleset=ruleset, implicit=False, number__isnull=False).values_list("number", flat=True))
    return {"ruleset": ruleset.slug, "numbers": numbers}


def _ruleset(slug: str | None) -> RuleSet:
    return get_object_or_404(RuleSet, slug=slug or settings.ARBITRE_DEFAULT_RULESET)


def home(request):
    rulesets = RuleSet.objects.all()
    return render(request, "rules_ref/home.html", {"rulesets": rulesets, "q": ""})


def search_page(request):
    q = request.GET.get("q", "")
    ruleset = request.GET.get("ruleset") or settings.ARBITRE_DEFAULT_RULESET
    results = search.search(q, ruleset=ruleset) if q.strip() else None
    # A number query that names one existing rule exactly: straight to its page.
    if results and results.kind == "number" and results.hits and results.hits[0].number == results.query.split()[-1].lower().rstrip(".*") and request.GET.get("go") == "1":
        return redirect(results.hits[0].url)
    return render(request, "rules_ref/search.html", {"q": q, "results": results, "ruleset": ruleset})


def toc(request, ruleset: str | None = None):
    rs = _ruleset(ruleset)
    rules = list(Rule.objects.filter(ruleset=rs).order_by("order"))
    numbered = [r for r in rules if r.number is not None]
    articles = [r for r in rules if r.number is None]
    return render(request, "rules_ref/toc.html", {"ruleset": rs, "numbered": numbered, "articles": articles})


def rule(request, ruleset: str, number: str):
    rs = _ruleset(ruleset)
    obj = Rule.objects.filter(ruleset=rs, number=number.lower().rstrip("*")).select_related("parent").first()
    if obj is None:
        raise Http404(f"La règle {number} n'existe pas dans le jeu de règles {rs.slug}.")
    if obj.number != number:
        return redirect(obj.get_absolute_url())
    return _render_rule(request, rs, obj)


def rule_default(request, number: str):
    return redirect(reverse("rules_ref:rule", args=[settings.ARBITRE_DEFAULT_RULESET, number]))


def article(request, ruleset: str, slug: str):
    rs = _ruleset(ruleset)
    obj = get_object_or_404(Rule, ruleset=rs, slug=slug, kind=Rule.Kind.ARTICLE)
    return _render_rule(request, rs, obj)


def _render_rule(request, rs: RuleSet, obj: Rule):
    siblings = Rule.objects.filter(ruleset=rs, implicit=False)
    previous = siblings.filter(order__lt=obj.order).order_by("-order").first()
    following = siblings.filter(order__gt=obj.order).order_by("order").first()
    cited_by = (
        Rule.objects.filter(citations__target=obj).distinct().order_by("order")
        if obj.number
        else Rule.objects.none()
    )
    citations = Citation.objects.filter(source=obj).select_related("target")
    body = " ".join(b["text"] for b in obj.blocks)
    context = {
        "ruleset": rs,
        "rule": obj,
        "breadcrumb": obj.breadcrumb(),
        "children": obj.children.order_by("order"),
        "previous": previous,
        "next": following,
        "cited_by": cited_by,
        "citations": citations,
        "known": citation_context(rs),
        "lost_icons": bool(LOST_ICON.search(body)),
        "scenarios": _scenarios_citing(obj),
    }
    return render(request, "rules_ref/rule.html", context)


def _scenarios_citing(obj: Rule) -> list:
    """Library scenarios whose runs cite this rule (filled in by the judge app when it exists)."""
    finder = getattr(settings, "ARBITRE_SCENARIOS_CITING", None)
    if not finder or obj.number is None:
        return []
    from django.utils.module_loading import import_string

    return list(import_string(finder)(obj))
