"""What a search answers: :class:`Results` holding :class:`Hit` s, each with its snippet and address."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import lru_cache

from django.urls import get_script_prefix, reverse

from .memory import Doc


@dataclass
class Hit:
    ruleset: str
    number: str | None
    slug: str
    kind: str
    title: str
    text: str
    snippet: str  # HTML: escaped text with <mark> around the matched words
    score: float
    url: str

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class Results:
    query: str
    kind: str  # "number", "keywords" or "empty"
    hits: list[Hit] = field(default_factory=list)
    #: The query actually run, when some words were corrected ("fugase" → "fugace").
    corrected: str | None = None
    #: A better query to propose ("did you mean"), or the nearest existing rule to a missing number.
    suggestion: str | None = None
    #: A rule number that was asked for and does not exist in the rule set.
    missing_number: str | None = None
    fuzzy: bool = False
    #: The rule number the query named, however typed (``3.2.9 f`` → ``3.2.9.f``).
    number: str | None = None
    #: For a missing number: the rules citing it, its nearest existing ancestor, and the nearest
    #: existing rule at its level (``2.4.6.z`` → parent ``2.4.6``, nearest ``2.4.6.f``).
    cited_by: list[str] = field(default_factory=list)
    parent: str | None = None
    nearest: str | None = None
    #: Words of the query read through the judges' vocabulary: [(as typed, what it means)].
    vocabulary: list[tuple[str, str]] = field(default_factory=list)
    #: Circumstances the query tells that the judge's situation index knows, and the rule deciding
    #: each: [(rule number, the case in a judge's words)], those among the hits, best ranked first.
    situations: list[tuple[str, str]] = field(default_factory=list)
    #: The site's pages the query names besides rules (« lexique »): [(title, URL name)].
    pages: list[tuple[str, str]] = field(default_factory=list)


@lru_cache(maxsize=8192)
def _cached_url(prefix: str, ruleset: str, number: str | None, slug: str) -> str:
    # reverse() costs ~0.1 ms; a results page asks for 20 of them (the prefix is part of the key).
    if number:
        return reverse("rules_ref:rule", args=[ruleset, number])
    return reverse("rules_ref:article", args=[ruleset, slug])


def make_hit(doc: Doc, snippet_html: str, score: float, prefix: str | None = None) -> Hit:
    """A hit for a document; ``prefix`` is the script prefix (a caller making many hits reads it once)."""
    number = doc.number or None
    return Hit(
        ruleset=doc.ruleset,
        number=number,
        slug=doc.slug,
        kind=doc.kind,
        title=doc.title,
        text=doc.text,
        snippet=snippet_html,
        score=score,
        url=_cached_url(prefix if prefix is not None else get_script_prefix(), doc.ruleset, number, doc.slug),
    )
