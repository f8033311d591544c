"""Pages of the rules reference: home, search, table of contents, rule and article pages."""

from __future__ import annotations

import hashlib
import re

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe

from . import concordance_views, glossary, search, situations
from .analysis import fold
from .models import Citation, Rule, RuleSet
from .parser import number_key

#: Where the printed rules had an icon, the text keeps a gap: "Le symbole signifie", "types , , et".
LOST_ICON = re.compile(r"symboles? (?:signifie|,)|\(\s*,|\s,\s*,|types de région\s*,|commune\s*,|Axiom\s*,")


#: Rules change only through ``import_rules``, which stamps ``RuleSet.imported_at``: what is derived
#: from one import of a rule set is kept in the worker's cache under that stamp, so a new import (or
#: another rule set) makes new keys and nothing stale is ever served. A rule page also shows the
#: glossary files (its situations, « aussi appelé »): its keys add their digest, ``glossary.stamp()``.
def _cached(key: tuple, compute, timeout: float | None = None):
    return cache.get_or_set("rules:" + hashlib.sha1(repr(key).encode()).hexdigest(), compute, timeout)


#: How long a worker may show a rule's list of citing scenarios, or its lookup of a rule number,
#: before reading them again: a scenario saved through another worker appears within this delay.
SHORT_TTL = 10


def _import_stamp(ruleset: RuleSet) -> tuple:
    return (ruleset.pk, ruleset.slug, str(ruleset.imported_at))


def citation_context(ruleset: RuleSet) -> dict:
    def compute() -> dict:
        numbers = frozenset(
            Rule.objects.filter(ruleset=ruleset, implicit=False, number__isnull=False).values_list("number", flat=True)
        )
        return {"ruleset": ruleset.slug, "numbers": numbers}

    return _cached(("citations", *_import_stamp(ruleset)), compute)


def known_numbers(slug: str | None) -> dict | None:
    """:func:`citation_context` of the rule set named ``slug`` (the default one when empty), or None
    when there is no such rule set. Its import stamp is read again after :data:`SHORT_TTL`."""
    slug = slug or settings.ARBITRE_DEFAULT_RULESET

    def stamp():
        ruleset = RuleSet.objects.filter(slug=slug).first()
        return ruleset or ()

    ruleset = _cached(("ruleset", slug), stamp, SHORT_TTL)
    return citation_context(ruleset) if ruleset else None


def _ruleset(slug: str | None) -> RuleSet:
    return get_object_or_404(RuleSet, slug=slug or settings.ARBITRE_DEFAULT_RULESET)


def home(request):
    rulesets = RuleSet.objects.all()
    return render(request, "rules_ref/home.html", {"rulesets": rulesets, "q": ""})


def search_page(request):
    if (official := concordance_views.official_search(request)) is not None:  # "cr5 4.2.5.d": an official number
        return official
    q = request.GET.get("q", "")
    ruleset = request.GET.get("ruleset") or settings.ARBITRE_DEFAULT_RULESET
    results = search.search(q, ruleset=ruleset) if q.strip() else None
    # Enter on a rule number, however typed ("3.2.9 f", "R2.4.6.c"), in any search box (suggest.js
    # adds go=1): straight to the rule's page when it exists; a missing one shows the nearest.
    if (
        request.GET.get("go") == "1"
        and results
        and results.number
        and results.hits
        and results.hits[0].number == results.number
    ):
        return redirect(results.hits[0].url)
    scenarios = _scenarios_matching(q, ruleset) if q.strip() else []
    cards = _cards_matching(q, request.user) if q.strip() else []
    return render(
        request,
        "rules_ref/search.html",
        {"q": q, "results": results, "ruleset": ruleset, "scenarios": scenarios, "cards": cards},
    )


def toc(request, ruleset: str | None = None):
    rs = _ruleset(ruleset)
    rules = list(Rule.objects.filter(ruleset=rs).select_related("concordance").order_by("order"))
    numbered = [r for r in rules if r.number is not None]
    articles = [r for r in rules if r.number is None]
    return render(request, "rules_ref/toc.html", {"ruleset": rs, "numbered": numbered, "articles": articles})


def rule(request, ruleset: str, number: str):
    found = _cached(("find", ruleset, number), lambda: _find_rule(ruleset, number.lower().rstrip("*")) or (), SHORT_TTL)
    if not found:
        rs = _ruleset(ruleset)
        raise Http404(f"La règle {number} n'existe pas dans le jeu de règles {rs.slug}.")
    pk, actual, ruleset_pk, imported_at = found
    if actual != number:
        return redirect(reverse("rules_ref:rule", args=[ruleset, actual]))
    return _render_rule(request, (ruleset_pk, ruleset, str(imported_at)), pk)


def _find_rule(ruleset: str, number: str) -> tuple | None:
    """(pk, number, rule set pk, rule set's import time as stored) of a rule: the one query of a rule
    page once it has been rendered, so written directly (the ORM would cost more than the query)."""
    rules, rulesets = Rule._meta.db_table, RuleSet._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT r.id, r.number, s.id, s.imported_at FROM {rules} r JOIN {rulesets} s ON s.id = r.ruleset_id"
            " WHERE s.slug = %s AND r.number = %s",
            [ruleset, number],
        )
        # fetchall(), not fetchone(): the statement must run to its end, or SQLite keeps it open
        # (and with it a read lock / an old snapshot on this connection).
        rows = cursor.fetchall()
    return rows[0] if rows else None


def rule_default(request, number: str):
    return redirect(reverse("rules_ref:rule", args=[settings.ARBITRE_DEFAULT_RULESET, number]))


def article(request, ruleset: str, slug: str):
    rs = _ruleset(ruleset)
    obj = get_object_or_404(Rule, ruleset=rs, slug=slug, kind=Rule.Kind.ARTICLE)
    return _render_rule(request, _import_stamp(rs), obj.pk)


def _render_rule(request, stamp: tuple, pk: int):
    # Everything but the scenarios citing the rule (saved at any time) is rendered once per import.
    stamp = (*stamp, glossary.stamp())
    page = _cached(("rule-page", *stamp, pk), lambda: _rule_fragments(pk))
    context = {
        **page,
        "scenarios": _cached(
            ("citing", pk, cache.get("scenarios-version", 0)), lambda: _scenarios_citing(page["rule"]), SHORT_TTL
        ),
    }
    if request.user.is_authenticated:  # the header names the user and carries a CSRF token
        return render(request, "rules_ref/rule.html", context)
    # Anonymous: the same page for everyone, kept as long as the citing scenarios stay the same.
    shown = tuple((str(s.uuid), s.title) for s in context["scenarios"])
    html = _cached(
        ("rule-html", *stamp, pk, request.path, shown),
        lambda: render_to_string("rules_ref/rule.html", context, request),
    )
    return HttpResponse(html)


def _rule_fragments(pk: int) -> dict:
    """What a rule page shows that depends only on the rules: the rule, its links, the nav (HTML)."""
    obj = Rule.objects.select_related("ruleset", "parent").get(pk=pk)
    rs = obj.ruleset
    siblings = Rule.objects.filter(ruleset=rs, implicit=False).select_related("ruleset")
    previous = siblings.filter(order__lt=obj.order).order_by("-order").first()
    following = siblings.filter(order__gt=obj.order).order_by("order").first()
    cited_by = (
        Rule.objects.filter(citations__target=obj).select_related("ruleset").distinct().order_by("order")
        if obj.number
        else Rule.objects.none()
    )
    citations = Citation.objects.filter(source=obj).select_related("target__ruleset")
    body = " ".join(b["text"] for b in obj.blocks)
    children = list(obj.children.select_related("ruleset").order_by("order"))
    parent = obj.parent if obj.parent and not obj.parent.implicit else None
    siblings = (
        list(Rule.objects.filter(parent=obj.parent, implicit=False).select_related("ruleset").order_by("order"))
        if obj.parent and obj.number
        else []
    )
    breadcrumb = obj.breadcrumb()
    for level in breadcrumb:
        level.ruleset = rs
    context = {
        "ruleset": rs,
        "rule": obj,
        "breadcrumb": breadcrumb,
        # A section shows its rules in full; a rule shows its section and the rules beside it.
        "children": children,
        "parent": parent,
        "siblings": siblings if len(siblings) > 1 else [],
        # The English term of the rule's title, or of its section's ("2.4.6.c" is under "Fugace").
        "english": glossary.english_for(obj.title or (obj.parent.title if obj.parent else ""), obj.number),
        # What judges and players call it: the vocabulary entries naming the rule (or the article).
        "also_called": glossary.usages_for(obj.number, obj.slug if obj.kind == Rule.Kind.ARTICLE else None),
        # The circumstances, in a judge's words, that the situation index says it decides.
        "situations": situations.for_rule(obj.number),
        "previous": previous,
        "next": following,
        "cited_by": cited_by,
        "citations": citations,
        "known": citation_context(rs),
        "lost_icons": bool(LOST_ICON.search(body)),
    }
    return {
        "ruleset": rs,
        "rule": obj,
        "main": mark_safe(render_to_string("rules_ref/_rule_main.html", context)),
        "prevnext": mark_safe(render_to_string("rules_ref/_rule_prevnext.html", context)),
    }


def _scenarios_matching(q: str, ruleset: str) -> list:
    """Library scenarios matching a search (filled in by the judge app, ``ARBITRE_SCENARIOS_MATCHING``:
    a list of objects with ``title``, ``description`` and ``get_absolute_url``, and may have a
    ``more_url`` attribute, the library's page of every match)."""
    finder = getattr(settings, "ARBITRE_SCENARIOS_MATCHING", None)
    if not finder:
        return []
    from django.utils.module_loading import import_string

    return import_string(finder)(q, ruleset)


def _cards_matching(q: str, user) -> list:
    """Imported cards named by a search, each with its rulings (filled in by the cards app,
    ``ARBITRE_CARDS_MATCHING``: a list of {"card", "rulings"}; empty when no card is imported)."""
    finder = getattr(settings, "ARBITRE_CARDS_MATCHING", None)
    if not finder:
        return []
    from django.utils.module_loading import import_string

    return import_string(finder)(q, user)


def _scenarios_citing(obj: Rule) -> list:
    """Library scenarios whose runs cite this rule (filled in by the judge app when it exists)."""
    finder = getattr(settings, "ARBITRE_SCENARIOS_CITING", None)
    if not finder:
        return []
    from django.utils.module_loading import import_string

    return list(import_string(finder)(obj))


def lexicon(request):
    """The game's terms, French ↔ English, each with the rule that defines it and a search link; then
    the judges' and players' vocabulary with its sources. ``?filtre=`` keeps the rows holding a word
    (accents and case aside), without script."""
    rs = _ruleset(None)
    known = citation_context(rs)["numbers"]
    wanted = fold(request.GET.get("filtre", "")).strip()[:60]

    def kept(*texts: str) -> bool:
        return not wanted or any(wanted in fold(t) for t in texts if t)

    rows = sorted(glossary.terms(), key=lambda t: fold(t.fr))
    terms = [
        {"term": t, "rule": t.rule if t.rule in known else None}
        for t in rows
        if kept(t.fr, t.en, t.rule or "", *t.forms, *t.en_forms)
    ]
    by_english = sorted(terms, key=lambda row: fold(row["term"].en))
    articles = dict(Rule.objects.filter(ruleset=rs, kind=Rule.Kind.ARTICLE).values_list("slug", "title"))
    sources = glossary.vocabulary_sources()
    usages = [
        {
            "usage": u,
            "rules": [
                {"key": r, "number": r in known, "title": articles.get(r)}
                for r in u.rules
                if r in known or r in articles
            ],
            "source": sources.get(u.source, ""),
        }
        for u in sorted(glossary.vocabulary(), key=lambda u: fold(u.words[0]))
        if kept(*u.words, u.means, u.note, u.kind, *u.rules)
    ]
    cases = [
        {"situation": s, "known": s.rule in known}
        for s in sorted(situations.situations(), key=lambda s: number_key(s.rule))
        if kept(s.rule, s.case)
    ]
    return render(
        request,
        "rules_ref/lexicon.html",
        {
            "ruleset": rs,
            "terms": terms,
            "by_english": by_english,
            "usages": usages,
            "situations": cases,
            "sources": sources,
            "filtre": request.GET.get("filtre", "")[:60],
        },
    )
