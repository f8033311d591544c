import re

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

register = template.Library()

SPANS = re.compile(r"#([^#]*)#")


@register.filter
def printed(text: str) -> str:
    """A card's printed text, escaped, what differs between its versions (the export's ``#``
    markers) in <mark>, keywords (``[[Fugace]]``) without their brackets."""
    safe = escape(text or "")
    safe = re.sub(r"\[\[([^\[\]]+)\]\]", r"\1", safe)
    safe = SPANS.sub(r'<mark class="differs" title="diffère selon la version">\1</mark>', safe)
    return mark_safe(safe.replace("#", ""))


@register.inclusion_tag("cards/_scenario_cards.html")
def scenario_cards(scenario):
    """The imported cards a scenario uses (nothing at all when none is)."""
    from judge.cards.views import scenario_cards as found

    return {"cards": found(scenario) if scenario is not None and getattr(scenario, "pk", None) else []}


@register.simple_tag
def cards_api_attributes():
    """The builder's data attributes for the card API, only once cards are imported (without
    them the builder stays exactly as it was)."""
    from django.urls import reverse
    from django.utils.html import format_html

    from judge.cards.models import Card

    if not Card.objects.exists():
        return ""
    return format_html(
        ' data-api-cards="{}" data-api-card="{}" data-api-confirm="{}"',
        reverse("api-cards-suggest"),
        reverse("api-card", kwargs={"reference": "X"})[:-2],
        reverse("api-cards-confirm"),
    )
