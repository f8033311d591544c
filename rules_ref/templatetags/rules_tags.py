"""Template helpers for rule texts: citations become links, missing ones are marked as missing."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe

from rules_ref.concordance import VERSIONED_CITATION, french_ruleset
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
    """Prose (a scenario's description, a note, an explanation, a log entry) escaped, with every rule
    number that exists in ``ruleset`` (a slug or a :class:`RuleSet`) linked to its page:
    ``{{ scenario.description|rule_links:scenario.ruleset }}``. A scenario's rule set ``cr-5.0``
    links to the French rules of the default rule set; its citations "4.2.5.d (CR 5.0)" link to the
    official paragraph's page (``/regles/cr-5.0/4.2.5.d/``), never to the French rule 4.2.5.d. The
    client-side twin is ``static/arbitre/lib/rulelinks.js``."""
    from rules_ref.views import known_numbers

    if text is None:
        return ""
    text = str(text)
    known = known_numbers(french_ruleset(getattr(ruleset, "slug", ruleset)))
    out: list[str] = []
    position = 0
    for match in VERSIONED_CITATION.finditer(text):
        out.append(_prose(text[position : match.start()], known))
        number, version = match.groups()
        if version == "CR 5.0":
            url = reverse("rules_ref:official_rule", args=[number])
            out.append(format_html('<a class="cite official" href="{}">{}</a>', url, match.group(0)))
        elif known is not None and number in known["numbers"]:
            url = reverse("rules_ref:rule", args=[known["ruleset"], number])
            out.append(format_html('<a class="cite" href="{}">{}</a>', url, match.group(0)))
        else:
            out.append(escape(match.group(0)))
        position = match.end()
    out.append(_prose(text[position:], known))
    return mark_safe("".join(out))


def _prose(text: str, known: dict | None) -> str:
    return escape(text) if known is None else link_citations(text, known, mark_missing=False)
