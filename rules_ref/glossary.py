"""The bilingual glossary of game terms and the judges' French synonyms, read from ``fixtures/glossary``.

Both are data, not code: ``terms.json`` pairs each French term of the rules with its official English
term (as the Altered Complete Rules write it), the French forms the search treats as that term and
the rule that defines or decides it; ``synonyms.json`` lists groups of French words a judge may type
for the rules' own words (``savoir`` / ``connaître``). The search expands queries through them; the
glossary page and the rule pages show the English terms.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .analysis import fold


class GlossaryError(ValueError):
    """A glossary file is malformed; the message names the file and the entry."""


@dataclass(frozen=True)
class Term:
    fr: str
    en: str
    #: French forms of the term (inflections, verb and noun), as written in the rules.
    forms: tuple[str, ...]
    #: English forms a judge may type (singular, plural, verb forms).
    en_forms: tuple[str, ...]
    #: The rule of the French rule set that defines or decides it, if any.
    rule: str | None = None

    @property
    def slug(self) -> str:
        return "-".join(fold(self.en).replace("'", " ").split())


def _load(name: str) -> dict:
    from django.conf import settings

    path = Path(settings.BASE_DIR) / "fixtures" / "glossary" / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise GlossaryError(f"{path}: {exc}") from None


@lru_cache(maxsize=1)
def terms() -> tuple[Term, ...]:
    """Every term, in the file's order."""
    found = []
    for i, row in enumerate(_load("terms.json").get("terms", [])):
        try:
            found.append(
                Term(
                    fr=row["fr"],
                    en=row["en"],
                    forms=tuple(row["forms"]),
                    en_forms=tuple(row["en_forms"]),
                    rule=row.get("rule"),
                )
            )
        except (KeyError, TypeError) as exc:
            raise GlossaryError(f"terms.json: terms[{i}] lacks or mistypes {exc}") from None
    return tuple(found)


@lru_cache(maxsize=1)
def synonyms() -> tuple[tuple[str, ...], ...]:
    """Groups of French words searched as one word."""
    groups = _load("synonyms.json").get("groups", [])
    for i, group in enumerate(groups):
        if not isinstance(group, list) or not all(isinstance(w, str) for w in group):
            raise GlossaryError(f"synonyms.json: groups[{i}] must be a list of words")
    return tuple(tuple(group) for group in groups)


def key(text: str) -> str:
    """How a form is matched: folded, hyphens and apostrophes as spaces, single-spaced."""
    return " ".join(fold(text).replace("-", " ").replace("'", " ").split())


def _index(forms_of) -> dict[str, tuple[Term, ...]]:
    index: dict[str, list[Term]] = {}
    for term in terms():
        for form in forms_of(term):
            index.setdefault(key(form), []).append(term)
    return {form: tuple(found) for form, found in index.items()}


@lru_cache(maxsize=1)
def by_english() -> dict[str, tuple[Term, ...]]:
    """English form (as :func:`key`) → the terms it names (``counter`` and ``token`` are both "jeton")."""
    return _index(lambda term: term.en_forms)


@lru_cache(maxsize=1)
def by_french() -> dict[str, tuple[Term, ...]]:
    """French form (as :func:`key`) → the terms it is a form of."""
    return _index(lambda term: term.forms)


def english_for(title: str, number: str | None) -> list[Term]:
    """The terms a rule is about: its title is one of their French forms, or it is their defining rule."""
    wanted = key(title) if title else ""
    found = [t for t in terms() if (number and t.rule == number) or (wanted and wanted in {key(f) for f in t.forms})]
    unique: list[Term] = []
    for term in found:
        if term.en not in {t.en for t in unique}:
            unique.append(term)
    return unique
