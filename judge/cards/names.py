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
class Names:
    """Every suggestible version in order (French name, English name, the common first,
    reference): its pk, its folded names joined (``search``), each folded name apart."""

    pks: list[int]
    search: list[str]
    fr: list[str]
    en: list[str]


def names() -> Names:
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
        found = (
            Names(*(list(column) for column in zip(*[r[:4] for r in ordered]))) if ordered else Names([], [], [], [])
        )
        _held.clear()
        _held[key] = found
    return found


def matching(q: str, limit: int, max_query: int) -> list[int]:
    """The pks of the first ``limit`` versions whose names hold every word of ``q``: the names
    starting with the whole query first, each group in the list's order."""
    words = fold(q[:max_query]).split()[:6]
    if not words or limit <= 0:
        return []
    held = names()
    search = held.search
    found = [i for i, key in enumerate(search) if words[0] in key]  # the one pass over every name
    for word in words[1:]:
        found = [i for i in found if word in search[i]]
    whole = " ".join(words)
    first = [i for i in found if held.fr[i].startswith(whole) or held.en[i].startswith(whole)][:limit]
    chosen = set(first)
    then = [i for i in found if i not in chosen][: limit - len(first)]
    return [held.pks[i] for i in first + then]
