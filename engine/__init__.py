"""Arbitre's rules engine for Altered: a pure-Python library (standard library only).

    >>> import engine
    >>> doc = engine.empty_document("1v1")      # any scenario document (shared/docs/scenario-format.md)
    >>> game = engine.load(doc)                 # raises engine.ScenarioError(problems)
    >>> [e.text for e in game.run("end")]       # to the end, or to the first missing decision
    ['Midi : aucune réaction « À Midi », il ne se passe rien.', 'Jour 1 — début de la phase : Après-midi.']
    >>> game.pending["kind"], game.pending["player"], game.pending["count"], game.winner
    ('turn', 'A', 1, None)
    >>> game.decide({"player": "A", "pass": True})[0].rules
    ('1.3.2.d',)
    >>> sorted(game.output())                   # the output document of a run
    ['log', 'pending', 'state', 'winner']

A run is bounded: past its budget the next step raises :class:`engine.BudgetExceeded` (an
:class:`engine.EngineError`), naming the budget, before changing anything.

    >>> engine.load(doc, budget=engine.Budget(steps=0)).run()
    Traceback (most recent call last):
    ...
    engine.errors.BudgetExceeded: Budget dépassé (steps) : la partie s'arrête après 0 étape(s) et ...

The contract is the scenario format (shared/docs/scenario-format.md); see engine/README.md.
"""

from __future__ import annotations

from typing import Any

from .errors import DEFAULT_BUDGET, Budget, BudgetExceeded, EngineError, IllegalDecision
from .game import Game, LogEntry
from .jsondata import copy_json
from .model import PLAYERS
from .scenario import ScenarioError
from .scenario.check import check as _check
from .scenario.load import load_state, loads_doc
from .scenario.schema import SCHEMA
from .vocabulary import vocabulary, vocabulary_json

__all__ = [
    "Budget",
    "BudgetExceeded",
    "EngineError",
    "Game",
    "IllegalDecision",
    "LogEntry",
    "ScenarioError",
    "check",
    "empty_document",
    "load",
    "loads",
    "scenario_schema",
    "vocabulary",
    "vocabulary_json",
]


def check(doc: Any) -> list[dict[str, Any]]:
    """Every problem of a scenario document as {"path", "code", "rules", "message"} (the French of
    each code in engine/scenario/problems.py); [] if it can be played."""
    return _check(doc)


def scenario_schema() -> dict[str, Any]:
    """The JSON Schema (2020-12) of the scenario format's shape (engine/scenario/schema.json)."""
    return copy_json(SCHEMA)


def load(doc: Any, budget: Budget | None = None) -> Game:
    """A Game at the beginning of the scenario's phase. Raises ScenarioError (all problems).
    `budget` bounds the steps and CPU time this game may spend, loading included."""
    started = (budget or DEFAULT_BUDGET).clock()
    return Game(load_state(doc), budget, started)


def loads(text: str, budget: Budget | None = None) -> Game:
    """Like load() for JSON text; malformed JSON is a problem at path "$" with line and column."""
    started = (budget or DEFAULT_BUDGET).clock()
    return Game(load_state(loads_doc(text)), budget, started)


def empty_document(mode: str = "1v1") -> dict[str, Any]:
    """The empty scenario of a mode (no card, heroes null, default Adventure, day 1 at Noon): the one
    the builder starts from, valid as it is."""
    players = PLAYERS[mode]
    return {
        "format": "arbitre-scenario/1",
        "rules": "fr-1",
        "seed": 0,
        "mode": mode,
        "day": 1,
        "phase": "noon",
        "first_player": players[0],
        "players": {p: {"hero": None} for p in players},
        "adventure": {
            "layout": mode,
            "tumult": None,
            "markers": {p: {"hero": 0, "companion": 7} for p in players},
            "arena": False,
        },
        "decisions": [],
    }
