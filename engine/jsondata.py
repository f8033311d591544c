"""JSON values (core: imports nothing of the engine)."""

from __future__ import annotations

from typing import Any


def copy_json(value: Any) -> Any:
    """A deep copy of a JSON value (dicts, lists, scalars): what copy.deepcopy does for JSON, several
    times faster (no memo). Documents are at most 64 levels deep (the checker refuses deeper)."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    if isinstance(value, tuple):
        return tuple(copy_json(v) for v in value)
    return value
