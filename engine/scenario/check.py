"""List every problem of a scenario document, each with its JSON path (python-chess's status()).

A document with no problem can be loaded and played; the builder may hold one with problems.
Unknown keys are not problems: they are kept as they are (the format lets fields be added).

The shape of the document (types, identifiers of the vocabulary, number ranges) is said once, by
the format's JSON Schema (engine/scenario/schema.py), applied to every document. This module says
only what a schema cannot: the depth of the document (checked first, so that nothing recursive
walks a document too deep), identifiers unique and known, the parameters each verb needs, the
cursor of a dumped game (cursor.py), and the game's own rules on the board (board.py); the
references between fields are checker.py's. Every problem has a code; its French is written in
engine/scenario/problems.py.
"""

from __future__ import annotations

from typing import Any

from ..model import CENTRE, PLAYER_ZONES, PLAYERS
from ..rules.registry import implements_article
from ..versions import CR5, DEFAULT, RULESETS
from .board import board_problems
from .checker import _Checker, _decision
from .cursor import PROGRESS_STEPS, progress_problems
from .problems import problem
from .schema import MAX_NUMBER, validate

__all__ = ["MAX_DEPTH", "MAX_NUMBER", "PLAIN_CARD_KEYS", "PROGRESS_STEPS", "check"]

#: setup steps before the draw: every card is still in the Deck (4.1.a); at `setup.mana` the six
#: cards drawn are in the Hand and the Mana
SETUP_DECK_STEPS = (None, "setup.adventure", "setup.first_player", "setup.shuffle", "setup.draw")
MAX_DEPTH = 64  # nesting of the document (modes inside modes, internal actions...)
#: the keys of a card the loader reads (load.py builds a card of only these keys directly)
PLAIN_CARD_KEYS = frozenset(
    {"id", "name", "type", "owner", "hand_cost", "reserve_cost", "stats", "statuses", "counters", "token", "timestamp"}
)
CONTAINERS = frozenset({dict, list})


def _depth_problem(doc: Any, limit: int = MAX_DEPTH, base: str = "$") -> str | None:
    """The path of the first node of `doc` nested more than `limit` levels below it (iteratively:
    no recursion), spelled from `base`, the path of `doc`. A level-by-level walk first; only a
    document found too deep is walked again to name the path."""
    if type(doc) not in CONTAINERS:
        return None
    level = [doc]
    for _ in range(limit):
        nxt: list[Any] = []
        for node in level:
            # exact types (a third faster than isinstance): documents come from json.loads, which
            # makes only dicts and lists; a Python caller's dict or list subclass is not walked
            nxt += [v for v in (node.values() if type(node) is dict else node) if type(v) in CONTAINERS]
        if not nxt:
            return None
        level = nxt
    if not any(level):
        return None
    return _deep_path(doc, limit, base)


def _deep_path(doc: Any, limit: int, base: str) -> str | None:
    """The path of the first node nested more than `limit` levels below `doc` (each container
    keeps its parent, so paths are spelled out only for that node)."""
    nodes: list[tuple[Any, int, int, Any]] = [(doc, 0, -1, None)]  # container, depth, parent index, key

    def path(i: int, last: Any) -> str:
        parts = [last]
        while i > 0:
            _, _, parent, key = nodes[i]
            parts.append(key)
            i = parent
        return base + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in reversed(parts))

    todo = [0]
    while todo:
        i = todo.pop()
        node, depth, _, _ = nodes[i]
        items: Any = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in items:
            if depth + 1 > limit:
                return path(i, k)
            if isinstance(v, (dict, list)):
                todo.append(len(nodes))
                nodes.append((v, depth + 1, i, k))
    return None


@implements_article("2v2", 1)
@implements_article("Mise en place d'une partie multijoueur Altered en 2v2", 1)
def check(doc: Any) -> list[dict[str, Any]]:
    """Every problem of `doc` as {"path", "code", "rules", "message"} (French in
    engine/scenario/problems.py); [] when the scenario can be played. In 2v2 (the article: four
    players in two teams) the players are A1 and A2 (team A) against B1 and B2 (team B), seated
    clockwise A1, B1, A2, B2 so that teammates face each other."""
    if type(doc) is not dict:
        return validate(doc)
    deep = _depth_problem(doc)
    if deep is not None:  # before anything recursive walks it (the schema's $ref, the steps below)
        return [problem(deep, "too_deep", limit=MAX_DEPTH)]
    shape = validate(doc)
    mode = doc.get("mode", "1v1")
    mode = mode if isinstance(mode, str) and mode in PLAYERS else "1v1"
    players = doc.get("players")
    players = players if type(players) is dict else {}
    ruleset = doc.get("rules", DEFAULT)
    ruleset = ruleset if isinstance(ruleset, str) and ruleset in RULESETS else DEFAULT
    ck = _Checker(set(players), ruleset)
    _top(ck, doc, mode, players)
    _adventure(ck, doc.get("adventure"), mode)
    decisions = doc.get("decisions")
    decisions = decisions if type(decisions) is list else []
    for i, d in enumerate(decisions):
        _decision(ck, d, f"decisions[{i}]")
    phase = doc.get("phase", "noon" if doc.get("day", 1) == 1 else "morning")  # as the loader
    progress_problems(ck, doc.get("progress"), phase, mode, len(decisions))
    # the game's own rules on the board (engine/scenario/board.py), in the rule set the document names
    ck.problems += board_problems(doc, ruleset)
    if not shape:
        return ck.problems
    covered = {p["path"] for p in shape}
    return shape + [p for p in ck.problems if covered.isdisjoint(_prefixes(p["path"]))]


def _prefixes(path: str) -> list[str]:
    """'players.A.hand[0].stats' -> itself and every path above it: players.A.hand[0], players.A.hand…"""
    out = [path]
    for i, ch in enumerate(path):
        if ch in ".[" and i:
            out.append(path[:i])
    return out


def _top(ck: _Checker, doc: dict, mode: str, players: dict) -> None:
    """The players of the mode, the first player, the setup, and every card's id and owner."""
    if mode == "2v2" and doc.get("rules") == CR5:
        # the Comprehensive Rules 5.0 have no 2v2 rules; the French article's victory (expeditions
        # meeting) contradicts v5.0's Check Victory, so the engine does not invent a blend of the two
        ck.add("rules", "rules_2v2")
    phase = doc.get("phase", "noon" if doc.get("day", 1) == 1 else "morning")
    if phase == "setup" and doc.get("day", 1) != 1:
        ck.add("phase", "setup_day")
    prog = doc.get("progress")
    cursor = prog.get("step") if type(prog) is dict else None
    if type(doc.get("players")) is dict and set(players) != set(PLAYERS[mode]):
        want = "A et B" if mode == "1v1" else "A1 et A2 (équipe A) contre B1 et B2 (équipe B)"
        ck.add("players", "players_mode", mode=mode, want=want, value=", ".join(sorted(map(str, players))) or "aucun")
    fp = doc.get("first_player", PLAYERS[mode][0])
    if players and isinstance(fp, str) and fp not in players:
        ck.add("first_player", "unknown_player", value=fp)
    elif players and fp is None and phase != "setup":
        ck.add("first_player", "first_player_missing")
    for p, pl in players.items():
        if type(pl) is not dict:
            continue
        base = f"players.{p}"
        for zone in PLAYER_ZONES:
            cards = pl.get(zone)
            if type(cards) is not list:
                continue
            if phase == "setup" and cards and zone != "deck":
                if cursor in SETUP_DECK_STEPS:
                    ck.add(f"{base}.{zone}", "setup_deck", ("4.1.a",))
                elif zone not in ("hand", "mana"):
                    ck.add(f"{base}.{zone}", "setup_drawn", ("4.1.a", "4.1.j"))
            for i, c in enumerate(cards):
                ck.card(c, zone, (base, zone, i))
    limbo = doc.get("limbo")
    for i, c in enumerate(limbo if type(limbo) is list else ()):
        ck.card(c, None, ("limbo", None, i))


def _adventure(ck: _Checker, adv: Any, mode: str) -> None:
    if type(adv) is not dict:
        return  # null: the default Adventure; anything else: the schema's problem
    if isinstance(adv.get("layout"), str) and adv["layout"] != mode:
        ck.add("adventure.layout", "layout_mode", value=adv["layout"], mode=mode)
    arena = adv.get("arena") is True
    tumult = adv.get("tumult")
    tumult = tumult if type(tumult) is list else []
    if "tumult" in adv and type(adv["tumult"]) is list and not arena:
        if mode == "1v1" and len(tumult) != 3:
            ck.add("adventure.tumult", "tumult_count", ("3.2.1.b",), count=len(tumult))
        elif mode == "2v2" and len(tumult) != 6:
            ck.add("adventure.tumult", "tumult_count_2v2", count=len(tumult))
    names: set[str] = set()
    for i, t in enumerate(tumult):
        if type(t) is not dict:
            continue
        name = t.get("name", f"T{i + 1}")
        if isinstance(name, str) and name in names:
            ck.add(f"adventure.tumult[{i}].name", "tumult_name", name=name)
        elif isinstance(name, str):
            names.add(name)
        if type(t.get("effect")) is list:
            ck.steps(t["effect"], f"adventure.tumult[{i}].effect")
    if mode == "2v2" and not arena and len(tumult) == 6:
        _pairs_2v2(ck, tumult)
    markers = adv.get("markers")
    for p in markers if type(markers) is dict else ():
        if p not in ck.pids:
            ck.add(f"adventure.markers.{p}", "unknown_player", value=p)


def _halves(t: Any) -> tuple | None:
    """The two halves of a well-formed Tumult card as frozensets of terrains, else None."""
    terr = t.get("terrains") if isinstance(t, dict) else None
    if (
        not isinstance(terr, list)
        or len(terr) != 2
        or not all(isinstance(h, list) and all(isinstance(x, str) for x in h) for h in terr)
    ):
        return None
    return tuple(frozenset(h) for h in terr)


def _pairs_2v2(ck: _Checker, tumult: list) -> None:
    """2v2 article, Mise en place: slots 0-1 (beside the hero regions), 2-3 (beside the companion
    regions) and 4-5 (the centre) each hold two identical Tumult cards; the central pair is turned
    face up together, the second card the opposite way from the first."""
    for k in (0, 2, 4):
        a, b = _halves(tumult[k]), _halves(tumult[k + 1])
        if a is None or b is None:
            continue
        if a != b and a != b[::-1]:
            ck.add(f"adventure.tumult[{k + 1}].terrains", "tumult_pair", first=k, second=k + 1)
    c1, c2 = (tumult[i] if isinstance(tumult[i], dict) else {} for i in CENTRE)
    if bool(c1.get("face_up")) != bool(c2.get("face_up")):
        ck.add("adventure.tumult[5].face_up", "tumult_centre_face")
    elif c1.get("face_up"):
        a, b = _halves(c1), _halves(c2)
        if a is not None and b is not None and a != b[::-1] and a[0] != a[1]:
            ck.add("adventure.tumult[5].terrains", "tumult_centre_direction")
