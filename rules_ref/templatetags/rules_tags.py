"""Template helpers for rule texts: citations become links, missing ones are marked as missing."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe

from rules_ref.parser import CITATION

register = template.Library()


@register.filter
def link_citations(text: str, known: dict, mark_missing: bool = True) -> str:
    """Escape ``text`` and turn every cited rule number into a link.

    ``known`` maps the rule set's slug under ``"ruleset"`` and its existing numbers under
    ``"numbers"`` (see :func:`rules_ref.views.citation_context`). A number the rule set lacks is
    marked as missing, or left as plain text when not ``mark_missing`` (prose, where "1.5" may be no rule).
    """
    ruleset, numbers = known["ruleset"], known["numbers"]
    out: list[str] = []
    position = 0
    for match in CITATION.finditer(text):
        out.append(escape(text[position : match.start()]))
        number = match.group(1)
        if number in numbers:
            url = reverse("rules_ref:rule", args=[ruleset, number])
            out.append(format_html('<a class="cite" href="{}">{}</a>', url, number))
        elif not mark_missing:
            out.append(escape(number))
        else:
            out.append(
                format_html(
                    '<span class="cite missing" title="Règle {} absente du jeu de règles {}">{}</span>',
                    number,
                    ruleset,
                    number,
                )
            )
        position = match.end()
    out.append(escape(text[position:]))
    return mark_safe("".join(out))


@register.filter
def rule_links(text, ruleset) -> str:
    """Prose (a scenario's description, a note, an explanation) escaped, with every rule number that
    exists in ``ruleset`` (a slug or a :class:`RuleSet`) linked to its page:
    ``{{ scenario.description|rule_links:scenario.ruleset }}``. The client-side twin is
    ``static/arbitre/lib/rulelinks.js``."""
    from rules_ref.views import known_numbers

    if text is None:
        return ""
    known = known_numbers(getattr(ruleset, "slug", ruleset))
    if known is None:
        return escape(text)
    return link_citations(str(text), known, mark_missing=False)
