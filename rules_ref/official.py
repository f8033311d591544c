"""The official English rules as Arbitre names them: their versions, how a judge types one of their
paragraph numbers ("cr5 4.2.5.d"), and how a French rule's place in them is shown ("CR 5.0 2.4.7.d").

Below the models: ``models.py`` shows a concordance row with :func:`official_label`, and
``concordance.py`` (which imports the models) loads and imports the concordance file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import Concordance, Rule

#: The publisher's page for the rules: both English documents say the latest Comprehensive Rules are
#: published there ("You can find the latest version [...] at https://www.altered.gg/en-us/the-game/how-to-play").
OFFICIAL_URL = "https://www.altered.gg/en-us/the-game/how-to-play"


@dataclass(frozen=True)
class Version:
    key: str  # field prefix in the model and key in the file: "v3", "v5"
    slug: str  # "cr-5.0", as the API and the engine name it
    label: str  # "CR 5.0", as a judge writes it
    title: str
    effective: str


VERSIONS = {
    "v3": Version("v3", "cr-3.0", "CR 3.0", "Altered Complete Rules 3.0", "6 juin 2025"),
    "v5": Version("v5", "cr-5.0", "CR 5.0", "Altered Comprehensive Rules 5.0", "27 février 2026"),
}
CURRENT = VERSIONS["v5"]


# --- showing it -----------------------------------------------------------------------------------


def paragraphs(c, version: Version = CURRENT) -> str:
    """``2.4.7.d``, ``2.5.a + 2.5.b``, ``5.1.2.e (en partie)``, or ``(aucun paragraphe)``."""
    numbers = getattr(c, f"{version.key}_numbers")
    text = " + ".join(numbers) if numbers else "(aucun paragraphe)"
    return text + (" (en partie)" if getattr(c, f"{version.key}_partial") else "")


def official_label(c, version: Version = CURRENT) -> str:
    """``CR 5.0 2.4.7.d``: the version's label and :func:`paragraphs`."""
    return f"{version.label} {paragraphs(c, version)}"


# --- official-number lookup -----------------------------------------------------------------------

#: "cr5 4.2.5.d", "CR 5.0 4.2.5.d", "cr-5.0 2.4.7.d", "v3 6.5.b", "v5.0: 2.4.7.d". Anchored, no nested
#: repetition: linear in the query's length, whatever a stranger sends.
QUERY = re.compile(
    r"\s*(?:cr|v)\s*[-_]?\s*(?P<major>\d{1,2})(?:\s*[.,]\s*(?P<minor>\d{1,2}))?\s*[:\s]\s*"
    r"(?P<number>\d{1,3}(?:\.\d{1,3}){0,3}(?:\.[a-z])?)\s*\.?\s*",
    re.IGNORECASE,
)
#: The start of an official number being typed: "cr5", "CR 5.0 ", "v3:".
OFFICIAL_PREFIX = re.compile(r"\s*(?:cr|v)\s*[-_]?\s*\d{1,2}(?:\s*[.,]\s*\d{0,2})?\s*:?\s*", re.IGNORECASE)
#: How many French rules a section-wide official number ("cr5 4.2") may list.
MAX_RULES = 60


@dataclass
class OfficialMatch:
    query: str
    version: Version | None  # None: a version Arbitre does not know ("cr4 2.1")
    number: str
    #: (rule, concordance) pairs in rules order
    rules: list[tuple[Rule, Concordance]] = field(default_factory=list)
    #: True: rules whose official paragraph is ``number`` itself; False: paragraphs under it (a section)
    exact: bool = True

    @property
    def notice(self) -> str:
        if self.version is None:
            known = " et ".join(v.label for v in VERSIONS.values())
            return f"Seules les versions {known} des règles officielles sont reliées aux règles françaises."
        name = f"{self.version.label} {self.number}"
        if not self.rules:
            return f"{name} ne correspond à aucune règle de la traduction française."
        numbers = ", ".join(r.number for r, _ in self.rules)
        if not self.exact:
            return f"Dans la section {name}, règles françaises correspondantes : {numbers}."
        if len(self.rules) == 1:
            return f"{name} correspond à la règle française {numbers}."
        return f"{name} correspond aux règles françaises {numbers}."

    def as_data(self) -> dict:
        return {
            "version": self.version.slug if self.version else None,
            "number": self.number,
            "exact": self.exact,
            "notice": self.notice,
        }


def parse_official(query: str) -> tuple[str, str] | None:
    """``("5.0", "4.2.5.d")`` for ``"cr5 4.2.5.d"``; None when the query is not an official number."""
    if len(query) > 80:
        return None
    m = QUERY.fullmatch(query)
    if not m:
        return None
    return f"{int(m['major'])}.{int(m['minor'] or 0)}", m["number"].lower()
