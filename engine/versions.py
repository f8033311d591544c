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


#: CR 5.0 1.1.1.c–d: "The first section of this document is an informal summary of the rules. From
#: Section 2 "Objects" onward, each numbered paragraph is a rule." A French rule of section 1 corresponds
#: to a paragraph of that summary (the concordance); under cr-5.0 the log cites instead the numbered rules
#: of sections 2–7 that the summary paragraph sums up. v5.0 section-1 paragraph -> those rules.
SUMMARY: dict[str, tuple[str, ...]] = {
    "1.1.6.d": ("2.2.11.c",),  # a missing statistic: only Characters have statistics
    "1.1.6.e": ("7.1.1.a", "7.3.10.a"),  # the j symbol: "When I enter play"
    "1.1.6.f": ("7.1.1.b",),  # h: "When I am played from Hand"
    "1.1.6.g": ("7.1.1.c",),  # r: "When I am played from Reserve"
    "1.1.6.h": ("7.1.4.a",),  # T: "Exhaust me"
    "1.1.6.i": ("7.1.4.b",),  # D: "Discard me from the Reserve"
    "1.1.6.k": ("7.1.4.c",),  # a mana cost
    "1.2.1.b": ("4.2.4.b",),  # the Expedition facing it
    "1.2.3.e": ("3.2.4.a", "3.2.4.d"),  # one shared Expedition zone; Expedition to Expedition is no zone change
    "1.2.4.c": ("2.2.12.a",),  # the kinds of abilities
    "1.2.4.d": ("2.2.12.g", "2.2.12.i"),  # abilities work in play; support abilities in the Reserve
    "1.3.1.a": ("4.1.b", "4.1.c"),  # the Adventure
    "1.3.1.b": ("4.1.d",),  # the Expedition counters
    "1.3.1.c": ("4.1.e", "4.1.g"),  # heroes, decks shuffled
    "1.3.1.d": ("4.1.f",),  # the first player at random
    "1.3.1.e": ("4.1.h", "4.1.i", "4.1.j"),  # the first day's Morning replaced
    "1.3.2.a": ("4.2.a",),  # five phases
    "1.3.2.b": ("4.2.1.a",),  # Morning's daily effects
    "1.3.2.c": ("4.2.b", "4.2.2.a"),  # Noon: "at Noon" Reactions
    "1.3.2.d": ("4.2.3.b", "4.2.3.d"),  # Afternoon: turns
    "1.3.2.e": ("4.2.4.b",),  # Dusk: Progress
    "1.3.2.f": ("4.2.5.b",),  # Night: Rest
    "1.3.3.a": ("4.2.5.d",),  # the end of the game: Check Victory
    "1.3.3.b": ("4.2.5.d",),
    "1.3.3.c": ("4.2.5.d", "4.3.a"),
}


def is_summary(number: str) -> bool:
    """Whether a citation names a paragraph of CR 5.0's section 1 (not rules, 1.1.1.c–d)."""
    return is_cr5(number) and number.startswith("1.")


def _rules_of_summary(numbers: tuple[str, ...]) -> tuple[str, ...]:
    """v5.0 paragraph numbers with every section-1 one replaced by the rules it summarises."""
    out: list[str] = []
    for n in numbers:
        out.extend(SUMMARY.get(n, (n,)))
    return tuple(out)


@cache
def _translated(number: str) -> tuple[str, ...]:
    if is_cr5(number):
        return cr5(*_rules_of_summary((number_of(number),)))
    entry = concordance().get(number)
    if entry is None or not entry["v5"]:
        # a French number with no v5.0 paragraph (absent) or no entry (a heading): kept, marked fr-1
        return (f"{number} (FR 1)",)
    return cr5(*_rules_of_summary(tuple(entry["v5"])))


def cite(ruleset: str, numbers: tuple[str, ...]) -> tuple[str, ...]:
    """The citations of a log entry under `ruleset`: French numbers translated to v5.0 under
    ``cr-5.0`` (a v5.0 citation is kept), a paragraph of v5.0's section 1 replaced by the rules it
    summarises (:data:`SUMMARY`); unchanged under ``fr-1``."""
    if ruleset != CR5:
        return numbers
    out: list[str] = []
    for n in numbers:
        out.extend(_translated(n))
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
