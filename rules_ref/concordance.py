"""Where each French rule stands in the official English rules (Complete Rules 3.0, Comprehensive
Rules 5.0): load the concordance file, import it next to the rules, and find the French rules an
official number stands for ("cr5 4.2.5.d").

The concordance file (``engine/data/concordance/<rule set>.json``, shipped with the engine, which reads it too) holds numbers, verdicts and notes
written by the project in French; the English text itself is not shipped (no licence): pages link to
the official source, :data:`OFFICIAL_URL`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from engine.versions import CONCORDANCE_DIR

from .models import Concordance, Rule, RuleSet
from .official import (  # noqa: F401  (re-exported: where the concordance's callers look)
    CURRENT,
    OFFICIAL_PREFIX,
    OFFICIAL_URL,
    QUERY,
    VERSIONS,
    OfficialMatch,
    Version,
    official_label,
    paragraphs,
    parse_official,
)

DIR = CONCORDANCE_DIR  # engine/data/concordance/: the engine reads it too (engine.versions)
VERDICTS = dict(Concordance.Verdict.choices)  # "changed" -> "modifiée"
NUMBER = re.compile(r"\d+(?:\.\d+)*(?:\.[a-z])?")
ENTRY_KEYS = {"rule", "v3", "v3_verdict", "v3_partial", "v5", "v5_verdict", "v5_partial", "note"}
MAX_NOTE = 600


class ConcordanceError(ValueError):
    """A concordance file that cannot be imported; the message names the file and the entry."""


@dataclass
class Entry:
    rule: str
    v3_numbers: list[str]
    v3_verdict: str
    v3_partial: bool
    v5_numbers: list[str]
    v5_verdict: str
    v5_partial: bool
    note: str

    def values(self) -> dict:
        return {k: getattr(self, k) for k in FIELDS}


FIELDS = ("v3_numbers", "v3_verdict", "v3_partial", "v5_numbers", "v5_verdict", "v5_partial", "note")


@dataclass
class ConcordanceReport:
    path: str
    entries: int = 0
    created: int = 0
    updated: int = 0
    deleted: int = 0
    unchanged: int = 0
    verdicts: dict[str, int] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return bool(self.created or self.updated or self.deleted)


def default_path(ruleset: str) -> Path:
    return DIR / f"{ruleset}.json"


def load(path: Path | str, ruleset: str | None = None) -> list[Entry]:
    """Read and check a concordance file; raises :class:`ConcordanceError` naming what and where."""
    path = Path(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConcordanceError(f"{path} : illisible ({exc})") from None
    try:
        doc = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ConcordanceError(f"{path} : JSON invalide ligne {exc.lineno}, colonne {exc.colno} ({exc.msg})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("entries"), list):
        raise ConcordanceError(f"{path} : un objet avec une liste « entries » est attendu")
    if ruleset is not None and doc.get("ruleset") != ruleset:
        raise ConcordanceError(f"{path} : ruleset {doc.get('ruleset')!r}, attendu {ruleset!r}")
    entries: list[Entry] = []
    seen: set[str] = set()
    for index, item in enumerate(doc["entries"]):
        where = f"{path} : entries[{index}]"
        if not isinstance(item, dict):
            raise ConcordanceError(f"{where} : un objet est attendu")
        rule = item.get("rule")
        if isinstance(rule, str):
            where += f" ({rule})"
        entries.append(_entry(item, where))
        if rule in seen:
            raise ConcordanceError(f"{where} : la règle {rule} figure deux fois")
        seen.add(rule)
    return entries


def _entry(item: dict, where: str) -> Entry:
    unknown = sorted(set(item) - ENTRY_KEYS)
    if unknown:
        raise ConcordanceError(f"{where} : clé inconnue {', '.join(unknown)}")
    rule = item.get("rule")
    if not isinstance(rule, str) or not NUMBER.fullmatch(rule):
        raise ConcordanceError(f"{where}.rule : numéro de règle attendu, pas {rule!r}")
    values: dict = {"rule": rule}
    for key in VERSIONS:
        numbers = item.get(key)
        if not isinstance(numbers, list) or not all(isinstance(n, str) and NUMBER.fullmatch(n) for n in numbers):
            raise ConcordanceError(f"{where}.{key} : liste de numéros officiels attendue, pas {numbers!r}")
        verdict = item.get(f"{key}_verdict")
        if verdict not in VERDICTS:
            raise ConcordanceError(f"{where}.{key}_verdict : {verdict!r} inconnu (attendu : {', '.join(VERDICTS)})")
        if (verdict == Concordance.Verdict.ABSENT) != (not numbers):
            raise ConcordanceError(f"{where}.{key} : « absent » va avec une liste vide, et seulement lui")
        partial = item.get(f"{key}_partial", False)
        if not isinstance(partial, bool):
            raise ConcordanceError(f"{where}.{key}_partial : true ou false attendu")
        values.update({f"{key}_numbers": numbers, f"{key}_verdict": verdict, f"{key}_partial": partial})
    note = item.get("note", "")
    if not isinstance(note, str) or len(note) > MAX_NOTE:
        raise ConcordanceError(f"{where}.note : texte de {MAX_NOTE} caractères au plus attendu")
    if item[f"{CURRENT.key}_verdict"] != Concordance.Verdict.SAME and not note.strip():
        raise ConcordanceError(f"{where}.note : une règle qui n'est pas inchangée demande une note")
    values["note"] = note.strip()
    return Entry(**values)


def import_concordance(ruleset_slug: str, path: Path | str | None = None) -> ConcordanceReport:
    """Make the rule set's concordance exactly the file's, in one transaction, idempotently.

    Every entry must name a rule of the rule set (imported first); otherwise nothing is written.
    A change stamps the rule set's import time, so cached rule pages are rendered again.
    """
    path = Path(path) if path else default_path(ruleset_slug)
    entries = load(path, ruleset_slug)
    report = ConcordanceReport(path=str(path), entries=len(entries))
    for e in entries:
        report.verdicts[e.v5_verdict] = report.verdicts.get(e.v5_verdict, 0) + 1
    with transaction.atomic():
        try:
            ruleset = RuleSet.objects.select_for_update().get(slug=ruleset_slug)
        except RuleSet.DoesNotExist:
            raise ConcordanceError(
                f"{path} : le jeu de règles {ruleset_slug} n'existe pas (importez d'abord les règles)"
            ) from None
        rules = {r.number: r for r in Rule.objects.filter(ruleset=ruleset, number__isnull=False, implicit=False)}
        for index, e in enumerate(entries):
            if e.rule not in rules:
                raise ConcordanceError(
                    f"{path} : entries[{index}] ({e.rule}) : la règle {e.rule} n'existe pas dans {ruleset_slug}"
                )
        existing = {c.rule_id: c for c in Concordance.objects.filter(rule__ruleset=ruleset)}
        wanted = {rules[e.rule].pk: e for e in entries}
        for rule_id, row in existing.items():
            if rule_id not in wanted:
                row.delete()
                report.deleted += 1
        for rule_id, e in wanted.items():
            row = existing.get(rule_id)
            values = e.values()
            if row is None:
                Concordance.objects.create(rule_id=rule_id, **values)
                report.created += 1
            elif any(getattr(row, k) != v for k, v in values.items()):
                for k, v in values.items():
                    setattr(row, k, v)
                row.save()
                report.updated += 1
            else:
                report.unchanged += 1
        if report.changed:
            ruleset.imported_at = timezone.now()
            ruleset.save(update_fields=["imported_at"])
    return report


#: A citation of the engine's log under ``cr-5.0`` (engine.versions): an official paragraph,
#: "4.2.5.d (CR 5.0)", or a French rule that has none, "4.1.h (FR 1)". Never the French rule of the
#: same number: the first links to :func:`rules_ref.concordance_views.official_rule`.
VERSIONED_CITATION = re.compile(r"(?<![\w.])(\d+(?:\.\d+)+(?:\.[a-z])?) \((CR 5\.0|FR 1)\)")


def french_ruleset(slug: str | None) -> str:
    """The French rule set whose pages a scenario played under ``slug`` links to: a run under an
    official version (``cr-5.0``) cites French rules of the default rule set (``fr-1``)."""
    if not slug or slug in {v.slug for v in VERSIONS.values()}:
        return settings.ARBITRE_DEFAULT_RULESET
    return slug


# --- showing it -----------------------------------------------------------------------------------


def as_data(c: Concordance) -> dict:
    """The rule API's ``official`` field."""
    data = {
        v.slug: {
            "numbers": getattr(c, f"{v.key}_numbers"),
            "verdict": getattr(c, f"{v.key}_verdict"),
            "verdict_label": VERDICTS[getattr(c, f"{v.key}_verdict")],
            "partial": getattr(c, f"{v.key}_partial"),
        }
        for v in VERSIONS.values()
    }
    return {**data, "changed": c.changed, "note": c.note, "source": OFFICIAL_URL}


# --- official-number lookup -----------------------------------------------------------------------


def find_official(query: str, ruleset: str) -> OfficialMatch | None:
    """See :meth:`rules_ref.models.ConcordanceManager.find_official`."""
    return Concordance.objects.find_official(query, ruleset)


def match_official(version: Version | None, number: str, ruleset: str, query: str = "") -> OfficialMatch:
    """See :meth:`rules_ref.models.ConcordanceManager.match_official`."""
    return Concordance.objects.match_official(version, number, ruleset, query=query)


# --- the official paragraphs ----------------------------------------------------------------------

#: The paragraph numbers of each official document, in its order (numbers only, no text: see the
#: file's "about"), to tell a real paragraph with no French counterpart from a number that does not exist.
PARAGRAPHS_DIR = Path(__file__).resolve().parent.parent / "fixtures" / "official"


@cache
def official_paragraphs(version: Version = CURRENT) -> frozenset[str]:
    """Every paragraph number of ``version`` (``fixtures/official/<slug>-paragraphs.json``); empty
    when the project does not ship that document's list."""
    path = PARAGRAPHS_DIR / f"{version.slug}-paragraphs.json"
    if not path.exists():
        return frozenset()
    return frozenset(json.loads(path.read_text(encoding="utf-8"))["paragraphs"])


def is_official_paragraph(number: str, version: Version = CURRENT) -> bool:
    return number in official_paragraphs(version)
