"""Warming the search in a fresh process: its first query pays for every table.

A process reads the index into memory (``memory``) and builds the tables the reading of a query
needs (the vocabulary's phrases and forms, the situation index's cues, the respelling tables) the
first time a query needs each one: about half a second of CPU, measured with
``bench/search_bench.py`` (its « first search page of a fresh worker » lines). :func:`warm` runs one
query of each kind through the search, uncached (a shared cache would let a second worker skip the
work), and suggestions; ``judge/warm.py`` calls it in each gunicorn worker before it serves.
"""

from __future__ import annotations

import time

from django.conf import settings

from .memory import memory
from .pipeline import uncached
from .suggest import suggest
from .words import normalize_query

#: One query of each way a query is read: a number typed loosely, a missing number, a typo, a
#: players' word, a question with negation, a situation told in a few words, a quoted phrase.
QUERIES = (
    "2 4 6 c",
    "4.2.9.z",
    "cimetèire",
    "bibli vide",
    "est-ce qu'on ne peut jamais jouer un sort de la réserve ?",
    "il pioche avec un deck vide et la défausse est vide",
    '"zone de mana"',
    "combien de cartes en réserve au maximum",
)
SUGGESTIONS = ("fuga", "pio", "2.4")


def warm(ruleset: str | None = None) -> float:
    """Build everything a search reads, in this process; returns the seconds it took."""
    start = time.perf_counter()
    ruleset = ruleset or settings.ARBITRE_DEFAULT_RULESET
    memory()
    for q in QUERIES:
        uncached(normalize_query(q), ruleset, 20)
    for q in SUGGESTIONS:
        suggest(q, ruleset)
    return time.perf_counter() - start
