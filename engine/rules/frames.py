"""Frames: effects waiting to resolve, kept in ``state.stack`` (see rules/effects.py). Built here,
below both the keyword actions (a revealed Tumult card's effect) and the resolution."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..jsondata import copy_json

if TYPE_CHECKING:
    from ..table import Table


def frame(
    card: str,
    player: str,
    kind: str,
    steps: list[dict],
    *,
    fid: str | None = None,
    trigger: str = "",
    declared: bool = False,
    targets: list | None = None,
    group: int | None = None,
    after: str | None = None,
    source: int | None = None,
    found: dict[str, list[int]] | None = None,
) -> dict[str, Any]:
    """A frame. `source`: the timestamp of the object whose ability it is, when it was created (2.1.c:
    "je" is that object); `found`: card id -> [timestamp, moves] of the objects the ability itself
    moved to a visible zone, which it may find again (2.1.e, through several moves 2.1.f)."""
    out = {
        "id": fid or card,
        "card": card,
        "player": player,
        "kind": kind,
        "trigger": trigger,
        "steps": copy_json(steps),
        "i": 0,
        "targets": targets or [],
        "t": 0,
        "declared": declared,
        "group": group,
        "ordered": group is None,
        "after": after,
        "asked": None,
        "started": False,
    }
    if source is not None:
        out["source"] = source
    if found:
        out["found"] = copy_json(found)
    return out


def push(game: Table, frames: list[dict], front: bool = False) -> None:
    stack = game.state.stack
    at = 0 if front else len(stack)
    for k, f in enumerate(frames):
        game.journal.insert(stack, at + k, f)
