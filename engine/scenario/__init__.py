"""Scenario documents (format arbitre-scenario/1): check, load, dump."""

from __future__ import annotations

from typing import Any

from ..errors import EngineError


class ScenarioError(EngineError, ValueError):
    """A scenario that cannot be played; `problems` lists every problem as {"path", "code", "rules", "message"}
    (engine/scenario/problems.py)."""

    def __init__(self, problems: list[dict[str, Any]]) -> None:
        self.problems = problems
        first = problems[0] if problems else {"path": "$", "message": "?"}
        more = f" (+{len(problems) - 1} autre(s))" if len(problems) > 1 else ""
        super().__init__(f"{first['path']}: {first['message']}{more}")
