"""The rules as one versioned document: what the browser needs to search them offline.

``GET /api/rules/export/`` answers :func:`export`: every rule set, each rule with the fields the
search index reads (``rules_ref.search.index._document``), in the order the server indexes them (so
the browser's index numbers its documents as the server's does, and ties rank alike), the rule
addresses, and the pattern of a rule number as the search reads it (``rules_ref.search.query``), with
which the offline pages open a rule by number before the runtime has loaded.

Its version is the rules' content hash and the site's version (:mod:`judge.offline.version`).
"""

from __future__ import annotations

import hashlib
import json
import re

from django.conf import settings
from django.core.cache import cache
from django.urls import reverse

from rules_ref.models import Rule, RuleSet
from rules_ref.search.numbers import LOOSE_NUMBER
from rules_ref.search.words import MAX_QUERY_CHARS


def js_pattern(pattern: str) -> str:
    """A Python regular expression as JavaScript writes it: its named groups ``(?<name>…)``, a
    reference back to one ``\\k<name>``."""
    return re.sub(r"\(\?P=(\w+)\)", r"\\k<\1>", pattern).replace("(?P<", "(?<")


def _rows() -> list[dict]:
    rules = Rule.objects.select_related("ruleset").all()  # the index's order (rules_ref.search.index.rebuild)
    return [
        {
            "ruleset": r.ruleset.slug,
            "number": r.number,
            "slug": r.slug,
            "kind": r.kind,
            "order": r.order,
            "title": r.title,
            "search_text": r.search_text,
            "remarks": r.remarks,
            "implicit": r.implicit,
            "url": r.get_absolute_url(),
        }
        for r in rules
    ]


def _stamp() -> str:
    """What changes whenever rules are imported: every rule set's import time."""
    return repr(list(RuleSet.objects.order_by("slug").values_list("slug", "imported_at")))


def rules_hash() -> str:
    """The SHA-256 of the rules' content (every rule set), the first part of every offline version."""
    return export()["rules_hash"]


def export() -> dict:
    """The export document (kept in the cache per import of the rules and site version)."""
    from .version import site_version

    key = "offline-export:" + hashlib.sha1(f"{_stamp()}|{site_version()}".encode()).hexdigest()
    return cache.get_or_set(key, _build, timeout=None)


def _build() -> dict:
    from .version import site_version

    rows = _rows()
    rulesets: dict[str, dict] = {}
    for rs in RuleSet.objects.order_by("pk"):
        rulesets[rs.slug] = {"slug": rs.slug, "name": rs.name, "source": rs.source, "rules": []}
    for row in rows:
        rulesets[row.pop("ruleset")]["rules"].append(row)
    content = json.dumps(list(rulesets.values()), sort_keys=True, ensure_ascii=False)
    digest = hashlib.sha256(content.encode()).hexdigest()
    site = site_version()
    return {
        "version": f"{digest[:12]}-{site}",
        "rules_hash": digest,
        "site_version": site,
        "default_ruleset": settings.ARBITRE_DEFAULT_RULESET,
        "rulesets": list(rulesets.values()),
        "urls": {
            "rules_ref:rule": reverse("rules_ref:rule", args=["RULESET", "NUMBER"])
            .replace("RULESET", "{0}")
            .replace("NUMBER", "{1}"),
            "rules_ref:article": reverse("rules_ref:article", args=["RULESET", "SLUG"])
            .replace("RULESET", "{0}")
            .replace("SLUG", "{1}"),
        },
        "number_pattern": js_pattern(LOOSE_NUMBER.pattern),
        "max_query_chars": MAX_QUERY_CHARS,
    }
