"""Import rules files into a rule set, in one transaction, idempotently.

Everything is read and checked before anything is written: a malformed file raises
:class:`~rules_ref.parser.RulesFormatError` and the database is left as it was. Importing the same
files twice changes nothing (no row is written the second time).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from .models import Citation, Rule, RuleSet
from .parser import Entry, ancestors, number_key, parse_files

ATTRIBUTION = (
    "Traduction française communautaire des Comprehensive Rules d'Altered (numérotation v1.x), "
    "par Les Hauts Plateaux (leshautsplateaux.ch, « ioamon »), sous licence CC BY-NC 4.0."
)
FIELDS = ("kind", "number", "title", "text", "items", "remarks", "blocks", "starred", "implicit", "order", "source")


@dataclass
class ImportReport:
    ruleset: str
    numbered: int = 0
    articles: int = 0
    implicit: int = 0
    created: int = 0
    updated: int = 0
    deleted: int = 0
    unchanged: int = 0
    merged: int = 0
    conflicts: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.created or self.updated or self.deleted)


def _rows(entries: list[Entry]) -> dict[str, dict]:
    """The rows the rule set should hold, keyed by slug, implicit levels included."""
    numbered = {e.number: e for e in entries if e.number}
    articles = [e for e in entries if not e.number]
    numbers = set(numbered)
    for number in list(numbers):
        numbers.update(ancestors(number))
    rows: dict[str, dict] = {}
    for order, number in enumerate(sorted(numbers, key=number_key)):
        entry = numbered.get(number)
        if entry is None:
            rows[number] = dict(
                kind=Rule.Kind.SECTION,
                number=number,
                title="",
                text="",
                items=[],
                remarks=[],
                blocks=[],
                starred=False,
                implicit=True,
                order=order,
                source="",
            )
            continue
        rows[number] = dict(
            kind=entry.kind,
            number=number,
            title=entry.title,
            text=entry.text,
            items=entry.items,
            remarks=entry.remarks,
            blocks=[b.as_dict() for b in entry.blocks],
            starred=entry.starred,
            implicit=False,
            order=order,
            source=f"{Path(entry.source).name}:{entry.line}",
        )
    for offset, entry in enumerate(articles, start=len(rows)):
        rows[entry.slug] = dict(
            kind=Rule.Kind.ARTICLE,
            number=None,
            title=entry.title,
            text=entry.text,
            items=entry.items,
            remarks=entry.remarks,
            blocks=[b.as_dict() for b in entry.blocks],
            starred=False,
            implicit=False,
            order=offset,
            source=f"{Path(entry.source).name}:{entry.line}",
        )
    return rows


def _parent_slug(number: str | None) -> str | None:
    if number is None or "." not in number:
        return None
    return number.rsplit(".", 1)[0]


def import_rules(paths: list[Path | str], ruleset_slug: str, name: str | None = None) -> ImportReport:
    """Make rule set ``ruleset_slug`` hold exactly the entries of ``paths``."""
    parsed = parse_files(paths)  # raises before any write
    rows = _rows(parsed.entries)
    report = ImportReport(
        ruleset=ruleset_slug,
        numbered=sum(1 for r in rows.values() if r["number"] and not r["implicit"]),
        articles=sum(1 for r in rows.values() if r["kind"] == Rule.Kind.ARTICLE),
        implicit=sum(1 for r in rows.values() if r["implicit"]),
        merged=parsed.merged,
        conflicts=parsed.conflicts,
    )
    with transaction.atomic():
        ruleset, created = RuleSet.objects.get_or_create(
            slug=ruleset_slug,
            defaults={"name": name or f"Règles {ruleset_slug}", "source": ATTRIBUTION},
        )
        if name and ruleset.name != name:
            ruleset.name = name
            ruleset.save(update_fields=["name"])
        existing = {r.slug: r for r in Rule.objects.filter(ruleset=ruleset)}
        for slug, rule in existing.items():
            if slug not in rows:
                rule.delete()
                report.deleted += 1
        saved: dict[str, Rule] = {}
        for slug, values in rows.items():
            rule = existing.get(slug)
            if rule is None:
                rule = Rule.objects.create(ruleset=ruleset, slug=slug, **values)
                report.created += 1
            elif any(getattr(rule, f) != values[f] for f in FIELDS):
                for f in FIELDS:
                    setattr(rule, f, values[f])
                rule.save()
                report.updated += 1
            else:
                report.unchanged += 1
            saved[slug] = rule
        for rule in saved.values():
            parent = saved.get(_parent_slug(rule.number)) if rule.number else None
            if rule.parent_id != (parent.pk if parent else None):
                rule.parent = parent
                rule.save(update_fields=["parent"])
        _sync_citations(ruleset, parsed.entries, saved)
        if report.changed or created:
            ruleset.imported_at = timezone.now()
            ruleset.save(update_fields=["imported_at"])
    return report


def _sync_citations(ruleset: RuleSet, entries: list[Entry], saved: dict[str, Rule]) -> None:
    wanted = {(saved[e.slug].pk, number): saved.get(number) for e in entries for number in e.citations()}
    current = {(c.source_id, c.number): c for c in Citation.objects.filter(source__ruleset=ruleset)}
    for key, citation in current.items():
        if key not in wanted:
            citation.delete()
    for (source_id, number), target in wanted.items():
        target_id = target.pk if target and not target.implicit else None
        citation = current.get((source_id, number))
        if citation is None:
            Citation.objects.create(source_id=source_id, number=number, target_id=target_id)
        elif citation.target_id != target_id:
            citation.target_id = target_id
            citation.save(update_fields=["target"])
