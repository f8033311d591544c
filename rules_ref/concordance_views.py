"""Pages and search hooks of the concordance with the official rules: the changes page, and the
answer to a search for an official number ("cr5 4.2.5.d"), which the search page and the search API
try before anything else (one call at the top of each)."""

from __future__ import annotations

from collections import Counter

from django.conf import settings
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.html import escape
from django.utils.text import Truncator

from .concordance import CURRENT, NUMBER, OFFICIAL_PREFIX, OFFICIAL_URL, VERSIONS, is_official_paragraph, match_official
from .models import Concordance, RuleSet

#: The sections of the rules, in French (the source leaves the top levels untitled).
SECTIONS = {
    "1": "Vue d'ensemble",
    "2": "Objets",
    "3": "Zones",
    "4": "Déroulement de la partie",
    "5": "Jouer des cartes et des objets",
    "6": "Des coûts et effets aux événements",
    "7": "Vocabulaire",
}


def official_search(request):
    """The results page for an official number, or None to let the French search answer."""
    q = request.GET.get("q", "")
    ruleset = request.GET.get("ruleset") or settings.ARBITRE_DEFAULT_RULESET
    match = Concordance.objects.find_official(q, ruleset)
    if match is None:
        return None
    if request.GET.get("go") == "1" and match.exact and len(match.rules) == 1:
        return redirect(match.rules[0][0].get_absolute_url())
    return render(
        request,
        "rules_ref/official_search.html",
        {"q": q, "match": match, "ruleset": ruleset, "official_url": OFFICIAL_URL},
    )


def official_search_data(q: str, ruleset: str, limit: int = 100) -> dict | None:
    """The search API's answer for an official number (same shape, ``kind`` "official" and an
    ``official`` object carrying the notice), or None to let the French search answer."""
    match = Concordance.objects.find_official(q, ruleset)
    if match is None:
        return None
    return {
        "query": q,
        "kind": "official",
        "corrected": None,
        "suggestion": None,
        "missing_number": None,
        "cited_by": [],
        "parent": None,
        "nearest": None,
        "vocabulary": [],
        "official": match.as_data(),
        "results": [_hit(rule, c) for rule, c in match.rules[:limit]],
    }


def official_suggest(q: str, ruleset: str, limit: int) -> list[dict] | None:
    """Suggestions while an official number is typed ("cr5 4.2.5"): the French rules it stands for,
    nothing yet for "cr5 " alone; None to let the French suggestions answer."""
    if (data := official_search_data(q, ruleset, limit)) is not None:
        return data["results"]
    return [] if len(q) <= 40 and OFFICIAL_PREFIX.fullmatch(q) else None  # bounded: the pattern backtracks


def _hit(rule, c: Concordance) -> dict:
    text = rule.text or rule.title
    return {
        "number": rule.number,
        "slug": rule.slug,
        "kind": rule.kind,
        "title": rule.title,
        "text": text,
        "snippet": escape(Truncator(text).chars(200)),
        "score": 1.0,
        "url": rule.get_absolute_url(),
    }


def official_rule(request, number: str):
    """``/regles/cr-5.0/<number>/``: a paragraph of the official rules as the engine cites it under
    ``cr-5.0`` ("4.2.5.d (CR 5.0)"), resolved through the concordance to the French rule(s) it
    stands for: a redirect when there is one, a short list when several (or a section), a page with
    the official link when none; 404 for a number the official document does not have."""
    number = number.strip().lower()
    context = {"number": number, "version": CURRENT, "official_url": OFFICIAL_URL, "match": None}
    if len(number) > 40 or not NUMBER.fullmatch(number):
        context["problem"] = (
            f"« {Truncator(number).chars(40)} » n'est pas un numéro de paragraphe des règles officielles"
            " (attendu par exemple 4.2.5.d)."
        )
        return render(request, "rules_ref/official_rule.html", context, status=400)
    match = match_official(CURRENT, number, settings.ARBITRE_DEFAULT_RULESET)
    if match.exact and len(match.rules) == 1:
        return redirect(match.rules[0][0].get_absolute_url())
    if not match.rules and not is_official_paragraph(number):
        context["problem"] = f"Le paragraphe {number} n'existe pas dans les {CURRENT.title}."
        return render(request, "rules_ref/official_rule.html", context, status=404)
    context["match"] = match
    return render(request, "rules_ref/official_rule.html", context)


def changes(request, ruleset: str | None = None):
    """Every French rule whose official counterpart differs, by section."""
    rs = get_object_or_404(RuleSet, slug=ruleset or settings.ARBITRE_DEFAULT_RULESET)
    rows = list(Concordance.objects.filter(rule__ruleset=rs).select_related("rule__ruleset").order_by("rule__order"))
    counts = Counter(c.v5_verdict for c in rows)
    sections: dict[str, list[Concordance]] = {}
    for c in rows:
        if c.v5_verdict != Concordance.Verdict.SAME or c.v3_verdict != Concordance.Verdict.SAME:
            sections.setdefault(c.rule.number.split(".")[0], []).append(c)
    return render(
        request,
        "rules_ref/changes.html",
        {
            "ruleset": rs,
            "total": len(rows),
            "counts": [(label, counts[value], value) for value, label in Concordance.Verdict.choices if counts[value]],
            "sections": [(number, SECTIONS.get(number, ""), items) for number, items in sections.items()],
            "listed": sum(len(items) for items in sections.values()),
            "current": CURRENT,
            "versions": list(VERSIONS.values()),
            "official_url": OFFICIAL_URL,
        },
    )
