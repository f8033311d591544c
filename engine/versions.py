"""The rule sets the engine plays, and what changed between them (issue 12).

``fr-1`` is the French community translation of the Comprehensive Rules (v1.x numbering, 2024), the
default and the numbers the rule functions declare. ``cr-5.0`` is the official Comprehensive Rules
5.0 (27 February 2026): under it the engine plays the behaviours that changed as v5.0 says, and every
log entry cites v5.0 numbers, written with their version so that they are never confused with the
French rule of the same number: ``"4.2.5.d (CR 5.0)"``.

The concordance (``engine/data/concordance/fr-1.json``: for each French rule its v3.0 and v5.0
paragraphs, a verdict and a note in French, written by the project) is the bridge:

- under ``cr-5.0`` a French number a rule function cites is translated to its v5.0 paragraphs
  (:func:`cite`); a function that plays a v5.0 behaviour declares and cites the v5.0 number itself
  (:func:`cr5`);
- under ``fr-1`` a log entry citing a French rule whose meaning changed by v5.0 (verdict
  ``changed`` or ``absent``) carries those rules with the note (:func:`changes`), so that a judge
  knows the answer differs today.

    >>> cr5("4.2.5.d")
    ('4.2.5.d (CR 5.0)',)
    >>> cite(CR5, ("4.2.5.b", "4.2.5.d (CR 5.0)"))
    ('4.2.5.b (CR 5.0)', '4.2.5.d (CR 5.0)')
    >>> cite(FR1, ("4.3.a",))
    ('4.3.a',)
    >>> [c["cr5"] for c in changes(FR1, ("4.3.a", "1.3.2.e"))]
    [['4.2.5.d']]
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

FR1 = "fr-1"
CR5 = "cr-5.0"
#: the rule sets a scenario's ``rules`` may name, with the label a judge reads
RULESETS = {FR1: "FR v1.x (traduction française, 2024)", CR5: "CR 5.0 (Comprehensive Rules officielles, 2026)"}
DEFAULT = FR1
LABEL = "CR 5.0"
SUFFIX = f" ({LABEL})"
#: v5.0 verdicts that mean the French rule's meaning changed (the others: same, reworded, split, merged)
CHANGED = frozenset({"changed", "absent"})

CONCORDANCE_DIR = Path(__file__).resolve().parent / "data" / "concordance"


def cr5(*numbers: str) -> tuple[str, ...]:
    """v5.0 paragraph numbers as the log cites them: ``"6.5.b (CR 5.0)"``."""
    return tuple(n if n.endswith(SUFFIX) else n + SUFFIX for n in numbers)


def is_cr5(number: str) -> bool:
    return number.endswith(SUFFIX)


def number_of(citation: str) -> str:
    """The bare paragraph number of a citation: ``"4.2.5.d (CR 5.0)"`` -> ``"4.2.5.d"``."""
    return citation.removesuffix(SUFFIX)


@cache
def concordance(ruleset: str = FR1) -> dict[str, dict[str, Any]]:
    """French rule number -> its concordance entry (``v3``, ``v5``, verdicts, ``note``)."""
    doc = json.loads((CONCORDANCE_DIR / f"{ruleset}.json").read_text(encoding="utf-8"))
    return {e["rule"]: e for e in doc["entries"]}


@cache
def _translated(number: str) -> tuple[str, ...]:
    entry = concordance().get(number)
    if entry is None or not entry["v5"]:
        # a French number with no v5.0 paragraph (absent) or no entry (a heading): kept, marked fr-1
        return (f"{number} (FR 1)",)
    return cr5(*entry["v5"])


def cite(ruleset: str, numbers: tuple[str, ...]) -> tuple[str, ...]:
    """The citations of a log entry under `ruleset`: French numbers translated to v5.0 under
    ``cr-5.0`` (a v5.0 citation is kept), unchanged under ``fr-1``."""
    if ruleset != CR5:
        return numbers
    out: list[str] = []
    for n in numbers:
        out.extend((n,) if is_cr5(n) else _translated(n))
    return tuple(dict.fromkeys(out))


def changes(ruleset: str, numbers: tuple[str, ...]) -> list[dict[str, Any]]:
    """Under ``fr-1``: the cited French rules whose meaning changed by v5.0, with their v5.0
    numbers, verdict and note (``[]`` when none did, and always under ``cr-5.0``)."""
    if ruleset != FR1:
        return []
    table = concordance()
    out = []
    for n in numbers:
        entry = table.get(n)
        if entry is not None and entry["v5_verdict"] in CHANGED:
            out.append({"rule": n, "cr5": list(entry["v5"]), "verdict": entry["v5_verdict"], "note": entry["note"]})
    return out


def changed_rules() -> frozenset[str]:
    """The French rules whose meaning changed by v5.0 (verdict ``changed`` or ``absent``)."""
    return frozenset(n for n, e in concordance().items() if e["v5_verdict"] in CHANGED)
