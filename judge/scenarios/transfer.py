"""Export and import every scenario with its history (``export_scenarios`` / ``import_scenarios``).

The export is one JSON document (``arbitre-scenarios/1``); importing it into an empty or a populated
database gives back the same scenarios, matched by ``uuid``, in one transaction: a file that cannot
be read leaves the database as it was. Authors missing from the target database are created as
inactive accounts without a usable password (an administrator can activate them).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.dateparse import parse_datetime

from .models import Scenario, ScenarioCitation, ScenarioRevision, Tag

FORMAT = "arbitre-scenarios/1"


class TransferError(ValueError):
    """An export file that cannot be imported; the message names the place (JSON path)."""


def export_all() -> dict[str, Any]:
    scenarios = (
        Scenario.objects.select_related("author", "forked_from")
        .prefetch_related("tags", "revisions__editor", "citations")
        .order_by("created", "pk")
    )
    return {"format": FORMAT, "scenarios": [_export(s) for s in scenarios]}


def _export(s: Scenario) -> dict[str, Any]:
    return {
        "uuid": str(s.uuid),
        "title": s.title,
        "description": s.description,
        "tags": [t.name for t in s.tags.all()],
        "author": s.author.username,
        "visibility": s.visibility,
        "document": s.document,
        "problems": s.problems,
        "source": s.source,
        "forked_from": str(s.forked_from.uuid) if s.forked_from else None,
        "created": s.created.isoformat(),
        "updated": s.updated.isoformat(),
        "citations": sorted([c.ruleset, c.number] for c in s.citations.all()),
        "revisions": [
            {
                "number": r.number,
                "editor": r.editor.username if r.editor else None,
                "saved_at": r.saved_at.isoformat(),
                "title": r.title,
                "description": r.description,
                "tags": r.tags,
                "visibility": r.visibility,
                "document": r.document,
            }
            for r in s.revisions.all()
        ],
    }


def _require(data: dict, key: str, kind: type | tuple, path: str):
    if not isinstance(data, dict) or key not in data:
        raise TransferError(f"{path}.{key} : champ manquant")
    value = data[key]
    if not isinstance(value, kind):
        raise TransferError(f"{path}.{key} : type inattendu ({type(value).__name__})")
    return value


def _when(value: str, path: str):
    parsed = parse_datetime(value) if isinstance(value, str) else None
    if parsed is None:
        raise TransferError(f"{path} : date illisible ({value!r})")
    return parsed


def import_all(data: Any) -> dict[str, int]:
    """Create or update every scenario of an export, with its history. All or nothing."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TransferError(f"$.format : attendu « {FORMAT} »")
    items = _require(data, "scenarios", list, "$")
    users: dict[str, Any] = {}
    User = get_user_model()

    def user(name: str | None):
        if name is None:
            return None
        if name not in users:
            account, created = User.objects.get_or_create(username=name, defaults={"is_active": False})
            if created:
                account.set_unusable_password()
                account.save(update_fields=["password"])
            users[name] = account
        return users[name]

    counts = {"created": 0, "updated": 0, "revisions": 0}
    with transaction.atomic():
        pending_forks: list[tuple[Scenario, str]] = []
        for i, item in enumerate(items):
            path = f"$.scenarios[{i}]"
            uuid = _require(item, "uuid", str, path)
            visibility = _require(item, "visibility", str, path)
            if visibility not in Scenario.Visibility.values:
                raise TransferError(f"{path}.visibility : valeur inconnue ({visibility!r})")
            scenario = Scenario.all_objects.filter(uuid=uuid).first()  # a deleted one too: uuids are unique
            counts["updated" if scenario else "created"] += 1
            scenario = scenario or Scenario(uuid=uuid)
            scenario.title = _require(item, "title", str, path)[:200]
            scenario.description = item.get("description") or ""
            scenario.author = user(_require(item, "author", str, path))
            scenario.visibility = visibility
            scenario.document = _require(item, "document", (dict, list, str, int, float, bool, type(None)), path)
            scenario.problems = item.get("problems") or []
            scenario.source = item.get("source") or ""
            scenario.save()
            # auto_now fields: restore the exported times exactly.
            Scenario.objects.filter(pk=scenario.pk).update(
                created=_when(_require(item, "created", str, path), f"{path}.created"),
                updated=_when(_require(item, "updated", str, path), f"{path}.updated"),
            )
            scenario.tags.set(Tag.for_names(item.get("tags") or []))
            scenario.citations.all().delete()
            ScenarioCitation.objects.bulk_create(
                ScenarioCitation(scenario=scenario, ruleset=r, number=n) for r, n in item.get("citations") or []
            )
            scenario.revisions.all().delete()
            for j, rev in enumerate(_require(item, "revisions", list, path)):
                rpath = f"{path}.revisions[{j}]"
                ScenarioRevision.objects.create(
                    scenario=scenario,
                    number=_require(rev, "number", int, rpath),
                    editor=user(rev.get("editor")),
                    saved_at=_when(_require(rev, "saved_at", str, rpath), f"{rpath}.saved_at"),
                    title=_require(rev, "title", str, rpath)[:200],
                    description=rev.get("description") or "",
                    tags=rev.get("tags") or [],
                    visibility=rev.get("visibility") or visibility,
                    document=rev.get("document"),
                )
                counts["revisions"] += 1
            if item.get("forked_from"):
                pending_forks.append((scenario, item["forked_from"]))
        for scenario, parent in pending_forks:
            Scenario.objects.filter(pk=scenario.pk).update(forked_from=Scenario.objects.filter(uuid=parent).first())
    return counts
