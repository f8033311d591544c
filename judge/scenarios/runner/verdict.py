"""What the site tells the judge of a run's log: the entry that decided it (the « Décision »), the
concordance notes' English terms explained, the decisions played because they were the only legal one."""

from __future__ import annotations

from collections import Counter

#: What the site adds to the log entry of a decision it played because it was the only legal one.
FORCED_TEXT = " (aucun autre choix possible : joué automatiquement)"

#: English words of the official rules (CR 5.0) that the concordance's notes quote as they are: what
#: a French reader is told of them (neither exists in the French rules v1.x nor in the scenario format).
ENGLISH_TERMS = {
    "Gears": "Gears (des objets propres aux CR 5.0, en anglais faute de nom français : absents des règles v1.x et du format)",
    "Ascended": "Ascended (un statut d'Expédition propre aux CR 5.0, en anglais faute de nom français : absent des règles v1.x)",
}


def explain_english(note: str) -> str:
    """A concordance note with its English terms explained, once each."""
    for word, gloss in ENGLISH_TERMS.items():
        note = note.replace(word, gloss, 1) if word in note and gloss not in note else note
    return note


def dress(item: dict, forced: bool) -> None:
    """A log entry (JSON) as the site shows it: its concordance notes' English terms explained, and
    a decision the site played because it was the only legal one said so (``forced``, its text)."""
    for change in item.get("changed_since") or []:
        if isinstance(change.get("note"), str):
            change["note"] = explain_english(change["note"])
    if forced:
        item.update(forced=True, text=item["text"].rstrip(".") + FORCED_TEXT + ".")


#: Log entries that change nothing by themselves: a phase beginning, a player's decision, a remark.
ROUTINE = ("phase", "decision", "note")


#: Changes that follow from another (a Tumult card revealed as an expedition arrives, a shuffle, the
#: first-player marker passed on): the verdict only when nothing else changed.
CONSEQUENCES = ("reveal", "shuffle", "first_player")


def decisive_entry(log: list[dict]) -> dict | None:
    """The log entry of a run (entries as JSON) that decided its outcome, shown as the « Décision »:
    the win, else the change whose deciding rule (the first it cites) is cited least often in the run
    — the particular rule, not the routine of the day (phase beginnings, decisions and remarks
    aside, and the consequences of another change when there is one); the latest of equals, the
    first within a step. None for a run that cites no rule."""
    cited = [e for e in log if e.get("rules")]
    for entry in cited:
        if (entry.get("event") or {}).get("type") == "win":
            return entry
    kind = lambda e: (e.get("event") or {}).get("type")  # noqa: E731
    changes = (
        [e for e in cited if kind(e) not in ROUTINE + CONSEQUENCES]
        or [e for e in cited if kind(e) not in ROUTINE]
        or cited
    )
    if not changes:
        return None
    often = Counter(e["rules"][0] for e in changes)
    return min(changes, key=lambda e: (often[e["rules"][0]], -e["step"]))


def decisive_step(log: list[dict]) -> int | None:
    """The step of :func:`decisive_entry` (the last step for a run that cites nothing)."""
    entry = decisive_entry(log)
    return entry["step"] if entry else (log[-1]["step"] if log else None)


def since_last_choice(log: list[dict]) -> list[dict]:
    """The entries after the last decision a player made (not one played automatically): the run
    that led to the position, where its decisive step is looked for."""
    for k in range(len(log) - 1, -1, -1):
        event = log[k].get("event") or {}
        if event.get("type") == "decision" and not event.get("automatic") and not log[k].get("forced"):
            return log[k + 1 :] or log[k:]
    return log
