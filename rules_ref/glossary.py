"""The bilingual glossary of game terms and the judges' French synonyms, read from ``fixtures/glossary``.

Both are data, not code: ``terms.json`` pairs each French term of the rules with its official English
term (as the Altered Complete Rules write it), the French forms the search treats as that term and
the rule that defines or decides it; ``synonyms.json`` lists groups of French words a judge may type
for the rules' own words (``savoir`` / ``connaître``). The search expands queries through them; the
glossary page and the rule pages show the English terms.
"""

from __future__ import annotations

import hashlib
import json
import re
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


class _TwiceWritten(ValueError):
    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _once_each(pairs: list[tuple[str, object]]) -> dict:
    """An object of the file: a key written twice is an error, not the second silently replacing the
    first (as two branches merged by union once wrote a cue twice, and half its words were lost)."""
    found: dict = {}
    for key, value in pairs:
        if key in found:
            raise _TwiceWritten(key)
        found[key] = value
    return found


def load(name: str) -> dict:
    """A file of ``fixtures/glossary`` read as JSON; a file missing or malformed is a clear error,
    and so is a key written twice in one object (its lines named)."""
    from django.conf import settings

    path = Path(settings.BASE_DIR) / "fixtures" / "glossary" / name
    try:
        text = path.read_text(encoding="utf-8")
        return json.loads(text, object_pairs_hook=_once_each)
    except _TwiceWritten as twice:
        marker = json.dumps(twice.key, ensure_ascii=False)
        written = re.compile(re.escape(marker) + r"\s*:")
        lines = [str(n) for n, line in enumerate(text.splitlines(), 1) if written.search(line)][:10]
        raise GlossaryError(
            f"{path}: the key {marker} is written twice in one object (lines {', '.join(lines)}): merge them"
        ) from None
    except (OSError, ValueError) as exc:
        raise GlossaryError(f"{path}: {exc}") from None


#: The files the search reads and a rule page shows (English terms, « aussi appelé », situations).
FILES = ("terms.json", "synonyms.json", "vocabulary.json", "situations.json")


@lru_cache(maxsize=1)
def stamp() -> str:
    """A digest of :data:`FILES` as this process read them (their readers keep what they read until
    the process restarts, and so does this): rule pages and search results are cached under it as
    well as under the import's (or the index build's) stamp, so an edited vocabulary or situation
    index shows without a re-import."""
    from django.conf import settings

    digest = hashlib.sha256()
    for name in FILES:
        path = Path(settings.BASE_DIR) / "fixtures" / "glossary" / name
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"missing:" + name.encode())
    return digest.hexdigest()[:16]


@lru_cache(maxsize=1)
def terms() -> tuple[Term, ...]:
    """Every term, in the file's order."""
    found = []
    for i, row in enumerate(load("terms.json").get("terms", [])):
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
    groups = load("synonyms.json").get("groups", [])
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


# --- the judges' and players' vocabulary ----------------------------------------------------------

#: What kind of word an entry is, as the lexicon shows it.
VOCABULARY_KINDS = ("autre jeu", "abus de langage", "contraire", "synonyme", "abréviation", "expression", "situation")
#: Kinds that are other names of a rule (« aussi appelé » on its page); a situation is not a name but
#: the circumstances of a dispute that a rule decides (« jeton renvoyé » for 2.1.d).
NAME_KINDS = tuple(k for k in VOCABULARY_KINDS if k != "situation")


@dataclass(frozen=True)
class Usage:
    """Words judges and players type that the rules say otherwise (``bibli`` for the Deck)."""

    words: tuple[str, ...]  # as typed: the first is the entry's name
    means: str  # the rules' own words, searched in their place
    rules: tuple[str, ...]  # the rules (numbers or article slugs) that decide what it means
    kind: str
    source: str  # a key of the file's "sources"
    note: str  # in French, for the lexicon and the rule pages
    #: A sense read from the query's other words (``with``: one of them must be there; ``not_with``:
    #: none of them): « marqueurs » on a character are its counters (2.1.i), not an expedition's.
    with_words: tuple[str, ...] = ()
    not_with: tuple[str, ...] = ()

    @property
    def slug(self) -> str:
        return "mot-" + "-".join(fold(self.words[0]).replace("'", " ").split())


@lru_cache(maxsize=1)
def _vocabulary_file() -> dict:
    return load("vocabulary.json")


@lru_cache(maxsize=1)
def vocabulary() -> tuple[Usage, ...]:
    """Every entry of ``vocabulary.json``, in the file's order; a malformed one is a clear error."""
    doc = _vocabulary_file()
    sources = doc.get("sources", {})
    found = []
    for i, row in enumerate(doc.get("entries", [])):
        where = f"vocabulary.json: entries[{i}]"
        try:
            usage = Usage(
                words=tuple(row["words"]),
                means=row["means"],
                rules=tuple(row["rules"]),
                kind=row["kind"],
                source=row["source"],
                note=row["note"],
                with_words=tuple(row.get("with", ())),
                not_with=tuple(row.get("not_with", ())),
            )
        except (KeyError, TypeError) as exc:
            raise GlossaryError(f"{where} lacks or mistypes {exc}") from None
        if not usage.words or not all(isinstance(w, str) and w.strip() for w in usage.words):
            raise GlossaryError(f"{where}.words: a list of words is expected")
        if not isinstance(usage.means, str) or not usage.means.strip():
            raise GlossaryError(f"{where}.means: the rules' words are expected")
        for name, context in (("with", usage.with_words), ("not_with", usage.not_with)):
            if not all(isinstance(w, str) and w.strip() and " " not in w.strip() for w in context):
                raise GlossaryError(f"{where}.{name}: a list of single words is expected")
        if usage.kind not in VOCABULARY_KINDS:
            raise GlossaryError(f"{where}.kind: {usage.kind!r} is not one of {', '.join(VOCABULARY_KINDS)}")
        if usage.source not in sources:
            raise GlossaryError(f"{where}.source: {usage.source!r} is not a key of « sources »")
        found.append(usage)
    return tuple(found)


@lru_cache(maxsize=1)
def summaries() -> dict[str, tuple[str, ...]]:
    """Rules that retell others (1.3.2.f, the Night of the day's progression) → the rules they retell."""
    rules = _vocabulary_file().get("summaries", {}).get("rules", {})
    if not isinstance(rules, dict) or not all(isinstance(v, list) for v in rules.values()):
        raise GlossaryError("vocabulary.json: summaries.rules must map a rule to a list of rules")
    return {k: tuple(v) for k, v in rules.items()}


@lru_cache(maxsize=1)
def retelling_articles() -> frozenset[str]:
    """The articles that retell numbered rules in other words (the phases clarification), by slug."""
    slugs = _vocabulary_file().get("summaries", {}).get("articles", [])
    if not isinstance(slugs, list) or not all(isinstance(s, str) for s in slugs):
        raise GlossaryError("vocabulary.json: summaries.articles must be a list of article slugs")
    return frozenset(slugs)


def vocabulary_sources() -> dict[str, str]:
    """Source key → its description in French."""
    return dict(_vocabulary_file().get("sources", {}))


@lru_cache(maxsize=1)
def usages_by_word() -> dict[str, Usage]:
    """Each typed form (as :func:`key`) → its entry (the first entry listing it)."""
    table: dict[str, Usage] = {}
    for usage in vocabulary():
        for word in usage.words:
            table.setdefault(key(word), usage)
    return table


def usages_for(number: str | None, slug: str | None = None) -> list[Usage]:
    """The entries meaning a rule or an article: its page shows them as « aussi appelé »."""
    wanted = {number, slug} - {None, ""}
    return [u for u in vocabulary() if u.kind in NAME_KINDS and wanted.intersection(u.rules)]
