"""``django.urls.reverse`` in the browser, for the two rule addresses a search hit carries. The
addresses are the server's own (``rules_ref/urls.py``), given by the rules export."""

from urllib.parse import quote

PATTERNS = {
    "rules_ref:rule": "/regles/{0}/{1}/",
    "rules_ref:article": "/regles/{0}/glossaire/{1}/",
}


def get_script_prefix() -> str:
    return "/"


def reverse(name: str, args=()) -> str:
    try:
        pattern = PATTERNS[name]
    except KeyError:
        raise ImportError(f"django.urls.reverse({name!r}) is not available in the browser") from None
    return pattern.format(*(quote(str(a), safe="") for a in args))
