"""Arbitre's rules engine for Altered: a pure-Python library (standard library only).

    >>> import engine
    >>> game = engine.load(doc)          # raises engine.ScenarioError(problems)
    >>> game.run("end"); game.pending, game.winner, game.log
    >>> game.output()                    # the output document of a run

The contract is the scenario format (shared/docs/scenario-format.md); see engine/README.md.
"""
from __future__ import annotations

from typing import Any

from .game import Game, IllegalDecision, LogEntry
from .scenario import ScenarioError
from .scenario.check import check as _check
from .scenario.load import load_state, loads_doc

__all__ = ["Game", "IllegalDecision", "LogEntry", "ScenarioError", "check", "load", "loads"]


def check(doc: Any) -> list[dict[str, Any]]:
    """Every problem of a scenario document as {"path", "message"}; [] if it can be played."""
    return _check(doc)


def load(doc: Any) -> Game:
    """A Game at the beginning of the scenario's phase. Raises ScenarioError (all problems)."""
    return Game(load_state(doc))


def loads(text: str) -> Game:
    """Like load() for JSON text; malformed JSON is a problem at path "$" with line and column."""
    return load(loads_doc(text))
