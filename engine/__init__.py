"""Arbitre's rules engine for Altered: a pure-Python library (standard library only).

    >>> import engine
    >>> game = engine.load(doc)          # raises engine.ScenarioError(problems)
    >>> game.run("end"); game.pending, game.winner, game.log
    >>> game.output()                    # the output document of a run

A run is bounded: ``engine.load(doc, budget=engine.Budget(steps=5000, seconds=2.0))``; past it
the next step raises :class:`engine.BudgetExceeded` (an :class:`engine.EngineError`).

The contract is the scenario format (shared/docs/scenario-format.md); see engine/README.md.
"""
from __future__ import annotations

import time
from typing import Any

from .errors import Budget, BudgetExceeded, EngineError, IllegalDecision
from .game import Game, LogEntry
from .model import PLAYERS
from .scenario import ScenarioError
from .scenario.check import check as _check
from .scenario.load import load_state, loads_doc
from .vocabulary import vocabulary, vocabulary_json

__all__ = ["Budget", "BudgetExceeded", "EngineError", "Game", "IllegalDecision", "LogEntry", "ScenarioError",
           "check", "empty_document", "load", "loads", "vocabulary", "vocabulary_json"]


def check(doc: Any) -> list[dict[str, Any]]:
    """Every problem of a scenario document as {"path", "message"}; [] if it can be played."""
    return _check(doc)


def load(doc: Any, budget: Budget | None = None) -> Game:
    """A Game at the beginning of the scenario's phase. Raises ScenarioError (all problems).
    `budget` bounds the steps and CPU time this game may spend, loading included."""
    started = time.thread_time()
    return Game(load_state(doc), budget, started)


def loads(text: str, budget: Budget | None = None) -> Game:
    """Like load() for JSON text; malformed JSON is a problem at path "$" with line and column."""
    started = time.thread_time()
    return Game(load_state(loads_doc(text)), budget, started)


def empty_document(mode: str = "1v1") -> dict[str, Any]:
    """The empty scenario of a mode (no card, heroes null, default Adventure, day 1 at Noon): the one
    the builder starts from, valid as it is."""
    players = PLAYERS[mode]
    return {"format": "arbitre-scenario/1", "rules": "fr-1", "seed": 0, "mode": mode, "day": 1, "phase": "noon",
            "first_player": players[0], "players": {p: {"hero": None} for p in players},
            "adventure": {"layout": mode, "tumult": None,
                          "markers": {p: {"hero": 0, "companion": 7} for p in players}, "arena": False},
            "decisions": []}
