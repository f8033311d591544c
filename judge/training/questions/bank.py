"""What a bank entry (``fixtures/exercises.json``) says over the question the engine builds: whether the
answer rests on a reading. The author's word wins: ``""`` where the engine's reading is applied in the
step but does not decide the answer, a text where the rule text is ambiguous and the engine names no
reading."""

from __future__ import annotations

from .making import build


def entry_reading(entry: dict, engine_reading: str) -> str:
    """The reading the answer rests on: the entry's ``reading`` when it has one (``""``: none), else the
    engine's."""
    value = entry.get("reading")
    return engine_reading if value is None else str(value)


def entry_question(entry: dict, document: dict, *, checked: bool = True):
    """The question ``entry`` makes on its scenario ``document``, in the document's rule set, with the
    entry's own distractors; ``checked=False`` skips the refusal of unseen facts (the bank's tests and
    the dump read questions the loader has already checked)."""
    return build(
        document,
        entry["steps"],
        entry["kind"],
        focus=entry.get("focus", ""),
        rule=entry.get("rule", ""),
        ruleset=document.get("rules", "fr-1"),
        distractors=entry.get("distractors", ()),
        checked=checked,
    )
