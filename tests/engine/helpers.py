"""Compact board literals for the engine tests (no Django)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

SCENARIO_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "scenarios"


def playable_scenarios(pattern: str = "*.json") -> list[Path]:
    """The scenario files that play (those whose `expect` lists `problems` pin a refused board)."""
    return [
        p
        for p in sorted(SCENARIO_DIR.glob(pattern))
        if "problems" not in json.loads(p.read_text(encoding="utf-8"))["expect"]
    ]


def card(cid: str, **kw: Any) -> dict[str, Any]:
    return {"id": cid, **kw}


def char(cid: str, forest: int = 0, mountain: int = 0, water: int = 0, **kw: Any) -> dict[str, Any]:
    return {"id": cid, "type": "character", "stats": {"forest": forest, "mountain": mountain, "water": water}, **kw}


def board(
    phase: str = "night",
    day: int = 2,
    first: str = "A",
    A: dict | None = None,
    B: dict | None = None,
    markers: dict | None = None,
    decisions: list | None = None,
    **top: Any,
) -> dict[str, Any]:
    """A scenario document; A and B are PLAYER dicts (hero defaults to null)."""
    doc = {
        "format": "arbitre-scenario/1",
        "seed": 0,
        "day": day,
        "phase": phase,
        "first_player": first,
        "players": {"A": {"hero": None, **(A or {})}, "B": {"hero": None, **(B or {})}},
        "decisions": decisions or [],
    }
    if markers:
        doc["adventure"] = {"markers": markers}
    doc.update(top)
    return copy.deepcopy(doc)


def ids(doc_zone: list[dict]) -> list[str]:
    return [c["id"] for c in doc_zone]


def deck(prefix: str, n: int) -> list[dict[str, Any]]:
    return [char(f"{prefix}{i}", i % 3, (i + 1) % 3, (i + 2) % 3) for i in range(n)]


def board4(
    phase: str = "night",
    day: int = 2,
    first: str = "A1",
    players: dict | None = None,
    markers: dict | None = None,
    decisions: list | None = None,
    **top: Any,
) -> dict[str, Any]:
    """A 2v2 scenario document; `players` maps A1, A2, B1, B2 to PLAYER dicts (hero null)."""
    players = players or {}
    doc = {
        "format": "arbitre-scenario/1",
        "seed": 0,
        "mode": "2v2",
        "day": day,
        "phase": phase,
        "first_player": first,
        "players": {p: {"hero": None, **players.get(p, {})} for p in ("A1", "A2", "B1", "B2")},
        "decisions": decisions or [],
    }
    if markers:
        doc["adventure"] = {"layout": "2v2", "markers": markers}
    doc.update(top)
    return copy.deepcopy(doc)
