"""The worst boards a stranger can send in a few kilobytes (issue 16), shared by the tests and
``bench/load_bench.py``.

* :func:`noon_reactions`: 10 cards with 10 Noon reactions each (100 reactions resolved at Noon);
* :func:`many_targets`: a card whose effect chooses 10 targets among 26 characters;
* :func:`big_cleanup`: Night clean-up with 60 cards in Reserve and 60 in Landmarks;
* :func:`long_noon`: many cheap steps (the budget is reached step by step, not in one huge step).
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache

from judge.scenarios.views import EMPTY_DOCUMENT


def _doc(phase: str, day: int = 2) -> dict:
    doc = copy.deepcopy(EMPTY_DOCUMENT)
    doc.update(day=day, phase=phase)
    return doc


def _char(cid: str, **kw) -> dict:
    return {"id": cid, "name": f"Personnage {cid}", "type": "character", "stats": {"forest": 1}, **kw}


def noon_reactions(cards: int = 10, reactions: int = 10) -> dict:
    """``cards`` characters of A's hero expedition with ``reactions`` Noon reactions each."""
    doc = _doc("noon")
    ability = {
        "trigger": "noon",
        "effect": [{"action": "gain_counters", "target": "self", "name": "boost", "count": 1}],
    }
    doc["players"]["A"]["hero_expedition"] = [
        _char(f"a{i}", abilities=[copy.deepcopy(ability) for _ in range(reactions)]) for i in range(cards)
    ]
    return doc


def many_targets(choose: int = 10, among: int = 26) -> dict:
    """A card in A's hand whose effect chooses ``choose`` targets among ``among`` characters in play."""
    doc = _doc("afternoon")
    effect = [{"action": "gain_status", "target": "choose", "status": "asleep"} for _ in range(choose)]
    doc["players"]["A"]["hand"] = [{"id": "s1", "name": "Sort", "type": "spell", "hand_cost": 0, "effect": effect}]
    half = among // 2
    doc["players"]["A"]["hero_expedition"] = [_char(f"a{i}") for i in range(half)]
    doc["players"]["B"]["hero_expedition"] = [_char(f"b{i}") for i in range(among - half)]
    return doc


def big_cleanup(reserve: int = 60, landmarks: int = 60) -> dict:
    """Night of day 2: A has ``reserve`` cards in Reserve and ``landmarks`` permanents in Landmarks."""
    doc = _doc("night")
    doc["players"]["A"]["reserve"] = [_char(f"r{i}") for i in range(reserve)]
    doc["players"]["A"]["landmarks"] = [
        {"id": f"l{i}", "name": f"Repère {i}", "type": "permanent"} for i in range(landmarks)
    ]
    return doc


def long_game(decisions: int = 400) -> dict:
    """Many cheap steps: an empty board whose ``decisions`` (every player passes, puts no mana) carry
    the game on day after day, so a run to the end reaches the budget step by step, not in one step
    (400 decisions: about 2800 steps; 800: past the 5000 positions a run may reach)."""
    return json.loads(_long_game(decisions))


@lru_cache(maxsize=4)
def _long_game(decisions: int) -> str:
    import engine

    doc = _doc("morning")
    game = engine.load(doc)
    made: list[dict] = []
    while len(made) < decisions:
        if game.advance():
            continue
        pending = game.pending
        if pending is None:
            break
        answer = {"player": pending["player"]}
        answer.update({"turn": {"pass": True}, "mana": {"mana": None}}.get(pending["kind"], {"optional": False}))
        game.decide(answer)
        made.append(answer)
    doc["decisions"] = made
    return json.dumps(doc)
