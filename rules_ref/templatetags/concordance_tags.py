"""Template helpers of the concordance with the official rules."""

from django import template

from rules_ref.concordance import OFFICIAL_URL

register = template.Library()


@register.simple_tag
def official_url() -> str:
    """The publisher's page for the official rules (see :data:`rules_ref.concordance.OFFICIAL_URL`)."""
    return OFFICIAL_URL
