"""The names the builder's suggestions look in, held in memory by each process: one pass over a
list sorted once, instead of a scan and a sort of the table at each keystroke. Read again when the
cards change (their count or the time of the last import that wrote one)."""

from __future__ import annotations

import threading
from dataclasses import dataclass

from django.db.models import Count, Max

from judge.scenarios.models import fold

_lock = threading.Lock()
_held: dict = {}


@dataclass(frozen=True)
class Entry:
    pk: int
    search_key: str
    key_fr: str
    key_en: str


def entries() -> list[Entry]:
    """Every suggestible version, by French name, English name, the common first, reference."""
    from .models import Card

    key = tuple(Card.objects.aggregate(n=Count("pk"), last=Max("imported")).values())
    found = _held.get(key)
    if found is not None:
        return found
    with _lock:
        rows = Card.objects.exclude(engine_type="").values_list(
            "pk", "search_key", "key_fr", "key_en", "rarity", "reference"
        )
        ordered = sorted(rows, key=lambda r: (r[2] or r[3], r[3], r[4] != "COMMON", r[5]))
        found = [Entry(pk, search, fr, en) for pk, search, fr, en, _, _ in ordered]
        _held.clear()
        _held[key] = found
    return found


def matching(q: str, limit: int, max_query: int) -> list[int]:
    """The pks of the first ``limit`` versions whose names hold every word of ``q``: the names
    starting with the whole query first, each group in the list's order."""
    words = fold(q[:max_query]).split()[:6]
    if not words or limit <= 0:
        return []
    whole = " ".join(words)
    first, then = [], []
    for e in entries():
        if all(w in e.search_key for w in words):
            if e.key_fr.startswith(whole) or e.key_en.startswith(whole):
                first.append(e.pk)
                if len(first) == limit:
                    break
            elif len(then) < limit:
                then.append(e.pk)
    return (first + then)[:limit]
