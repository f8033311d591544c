"""The game's own rules on a board: every statement of the rules of the form "X can only / never be
in Y", checked on a well-shaped scenario and reported as a problem with its JSON path, its code and
the rule that says so, numbered in the rule set the document names (engine/scenario/problems.py
writes the French).

- a card in another player's private zone (3.1.2.c: it goes to its owner's instead); under cr-5.0
  the Landmark zone is shared (3.2.7.a), so only the personal zones (3.1.2.c, 3.2.x.a);
- counters on a card in a hidden zone, Hand or Deck: not an object (2.1.g), counters are placed on
  objects (2.1.i); under cr-5.0 in the Discard pile, Deck or Hand (2.5.b);
- statuses under cr-5.0 on a card in the Discard pile, Deck or Hand (2.4.1.c);
- a timestamp on a card in a hidden zone: not an object (2.1.g; cr-5.0 2.1.j);
- two identical Tumult cards in a two-player Adventure (1.3.1.a, 4.1.c: "les trois cartes Tumulte";
  cr-5.0 4.1.c: "three different Tumult cards").

- a token outside the Expedition zone: it ceases to exist once it has left it (2.1.d; cr-5.0 2.1.e:
  it never joins another zone), Limbo included;
- a card in Limbo that is not being played: Limbo "ne contient des cartes que lorsqu'elles sont
  jouées" (3.2.8.a, its remark; the same in CR 5.0), so its effect is on the stack of a dumped game;
- under cr-5.0, a Permanent with the Fleeting status, in the Landmarks, the Reserve or Limbo (2.4.7.b,
  its remark: "Landmark Permanents cannot have or gain Fleeting in any zone"; the Discard pile, Deck
  and Hand are 2.4.1.c's; in the Mana zone it is a Mana Orb, 2.2.1.f);
- two objects with the same timestamp: every object entering a zone gets a new one (2.1.c; cr-5.0
  2.2.16.b), greater than all earlier ones (cr-5.0 2.2.16.c), so no two objects share one.

engine/README.md ("The board rules") lists every statement of this form found in the seeds and in
CR 5.0, with its code or the reason it is not checked.
"""

from __future__ import annotations

from typing import Any

from ..model import EXPEDITION_ZONES, PLAYER_ZONES
from ..versions import CR5, cr5
from ..vocabulary import vocabulary
from .problems import problem

ZONE_FR = vocabulary()["zones"]
#: the zone with its French article ("dans le Deck de B", "dans les Repères de A")
ARTICLE = {"deck": "le", "landmarks": "les", "hero_expedition": "l'", "companion_expedition": "l'"}
#: private zones (fr-1: every player zone but the Expedition zone, 1.2.3.c; cr-5.0: the personal
#: zones, 3.1.2.c remark; the Landmark zone is shared, 3.2.7.a)
PRIVATE = {
    "fr-1": frozenset({"deck", "hand", "mana", "reserve", "landmarks", "discard"}),
    CR5: frozenset({"deck", "hand", "mana", "reserve", "discard"}),
}
HIDDEN = frozenset({"deck", "hand"})
NO_COUNTERS_V5 = frozenset({"deck", "hand", "discard"})  # 2.5.b, 2.4.1.c (CR 5.0)
#: where a Permanent card is a Landmark Permanent that could hold a status (CR 5.0 2.4.1.b); in the
#: Mana zone it is a Mana Orb (2.2.1.f), in the Expedition zone `expedition_type` refuses it already
PERMANENT_ZONES = frozenset({"landmarks", "reserve", "limbo"})


def place(zone: str, player: str | None) -> str:
    """A zone as the French says it: « la Main de A », « le Deck de B », « l'Expédition du Héros de A »,
    « le Limbo »."""
    if player is None:
        return f"le {ZONE_FR[zone]}"
    article = ARTICLE.get(zone, "la")
    space = "" if article.endswith("'") else " "
    return f"{article}{space}{ZONE_FR[zone]} de {player}"


def _rules(ruleset: str, fr: tuple[str, ...], v5: tuple[str, ...]) -> tuple[str, ...]:
    return cr5(*v5) if ruleset == CR5 else fr


def board_problems(doc: dict[str, Any], ruleset: str) -> list[dict[str, Any]]:
    """The problems of a document; what is not well shaped is left to the shape's own problems."""
    out: list[dict[str, Any]] = []
    players = doc.get("players")
    private = PRIVATE.get(ruleset, PRIVATE["fr-1"])
    for p, pl in players.items() if isinstance(players, dict) else ():
        for zone in PLAYER_ZONES if isinstance(pl, dict) else ():
            cards = pl.get(zone)
            for i, c in enumerate(cards if isinstance(cards, list) else ()):
                if not isinstance(c, dict):
                    continue
                path = f"players.{p}.{zone}[{i}]"
                where = place(zone, p)
                owner = c.get("owner", p)
                if zone in private and isinstance(owner, str) and owner != p:
                    out.append(
                        problem(
                            f"{path}.owner",
                            "owner_zone",
                            _rules(ruleset, ("3.1.2.c",), ("3.1.2.c",)),
                            owner=owner,
                            zone=where,
                        )
                    )
                if c.get("counters"):
                    if ruleset == CR5 and zone in NO_COUNTERS_V5:
                        out.append(problem(f"{path}.counters", "counters_zone", cr5("2.5.b"), zone=where))
                    elif zone in HIDDEN:
                        out.append(problem(f"{path}.counters", "counters_hidden", ("2.1.g", "2.1.i"), zone=where))
                if c.get("statuses") and ruleset == CR5 and zone in NO_COUNTERS_V5:
                    out.append(problem(f"{path}.statuses", "statuses_zone", cr5("2.4.1.c"), zone=where))
                if ruleset == CR5 and _fleeting_permanent(c, zone):
                    out.append(problem(f"{path}.statuses", "fleeting_landmark", cr5("2.4.7.b"), zone=where))
                if c.get("token") is True and zone not in EXPEDITION_ZONES:
                    rules = _rules(ruleset, ("2.1.d",), ("2.1.e",))
                    out.append(problem(f"{path}.token", "token_zone", rules, zone=where))
                if c.get("timestamp") is not None and zone in HIDDEN:
                    out.append(
                        problem(
                            f"{path}.timestamp", "timestamp_hidden", _rules(ruleset, ("2.1.g",), ("2.1.j",)), zone=where
                        )
                    )
    limbo = doc.get("limbo")
    played = _being_played(doc)
    for i, c in enumerate(limbo if isinstance(limbo, list) else ()):
        if not isinstance(c, dict):
            continue
        if ruleset == CR5 and _fleeting_permanent(c, "limbo"):
            out.append(problem(f"limbo[{i}].statuses", "fleeting_landmark", cr5("2.4.7.b"), zone="le Limbo"))
        if c.get("token") is True:
            rules = _rules(ruleset, ("2.1.d",), ("2.1.e",))
            out.append(problem(f"limbo[{i}].token", "token_zone", rules, zone="le Limbo"))
        elif isinstance(c.get("id"), str) and c["id"] not in played:
            # 3.2.8.a, its remark (the same in CR 5.0): Limbo "ne contient des cartes que lorsqu'elles sont
            # jouées" (and short-lived Emblems, not in the format); a card is played from its move to
            # Limbo until its effect has resolved, so a card there has its effect on the stack
            out.append(problem(f"limbo[{i}]", "limbo_not_played", _rules(ruleset, ("3.2.8.a",), ("3.2.8.a",))))
    out += _timestamps(doc, ruleset)
    out += _tumult(doc, ruleset)
    return out


def _fleeting_permanent(c: dict[str, Any], zone: str) -> bool:
    """CR 5.0 2.4.7.b, its remark: "Landmark Permanents cannot have or gain Fleeting in any zone" (and
    5.2.3.a's: "even if they were played from Reserve"). The format's Permanents are Landmark
    Permanents (Expedition Permanents are not played)."""
    return c.get("type") == "permanent" and zone in PERMANENT_ZONES and _has(c, "fleeting")


def _timestamps(doc: dict[str, Any], ruleset: str) -> list[dict[str, Any]]:
    """Two objects of visible zones with the same timestamp: an object that enters a zone gets "un
    nouveau timestamp" (2.1.c; CR 5.0 2.2.16.b: "a new timestamp"), "greater than all previous
    timestamps" (CR 5.0 2.2.16.c; objects stamped at the same time are ordered by the players,
    2.2.16.d), so no two objects share one; the engine tells objects apart by it (2.1.c, 2.1.e).
    A timestamp in a hidden zone is `timestamp_hidden`'s problem, not counted here."""
    seen: dict[int, str] = {}
    out = []
    for path, c in _visible_cards(doc):
        ts = c.get("timestamp")
        if not isinstance(ts, int) or isinstance(ts, bool):
            continue
        if ts in seen:
            rules = _rules(ruleset, ("2.1.c",), ("2.2.16.b", "2.2.16.c"))
            out.append(problem(f"{path}.timestamp", "timestamp_duplicate", rules, timestamp=ts, other=seen[ts]))
        else:
            seen[ts] = str(c.get("id", path))
    return out


def _visible_cards(doc: dict[str, Any]):
    """(path, card) of every card of a visible zone, players in file order, then Limbo."""
    players = doc.get("players")
    for p, pl in players.items() if isinstance(players, dict) else ():
        for zone in PLAYER_ZONES if isinstance(pl, dict) else ():
            cards = pl.get(zone) if zone not in HIDDEN else None
            for i, c in enumerate(cards if isinstance(cards, list) else ()):
                if isinstance(c, dict):
                    yield f"players.{p}.{zone}[{i}]", c
    limbo = doc.get("limbo")
    for i, c in enumerate(limbo if isinstance(limbo, list) else ()):
        if isinstance(c, dict):
            yield f"limbo[{i}]", c


def _has(c: dict[str, Any], status: str) -> bool:
    statuses = c.get("statuses")
    return isinstance(statuses, list) and status in statuses


def _being_played(doc: dict[str, Any]) -> set[str]:
    """The cards whose effect waits on the stack of a dumped game (progress.stack[].card)."""
    prog = doc.get("progress")
    stack = prog.get("stack") if isinstance(prog, dict) else None
    return (
        {f["card"] for f in stack if isinstance(f, dict) and isinstance(f.get("card"), str)}
        if isinstance(stack, list)
        else set()
    )


def _tumult(doc: dict[str, Any], ruleset: str) -> list[dict[str, Any]]:
    """Two Tumult cards of a two-player Adventure with the same halves (in either order) are the same
    card: the Adventure has three different ones (fr-1 1.3.1.a, 4.1.c; cr-5.0 4.1.c)."""
    adv = doc.get("adventure")
    if not isinstance(adv, dict) or doc.get("mode", "1v1") != "1v1" or adv.get("arena") is True:
        return []
    tumult = adv.get("tumult")
    out = []
    seen: dict[frozenset, Any] = {}
    for j, t in enumerate(tumult if isinstance(tumult, list) else ()):
        terrains = t.get("terrains") if isinstance(t, dict) else None
        if not (
            isinstance(terrains, list)
            and all(isinstance(h, list) and all(isinstance(x, str) for x in h) for h in terrains)
        ):
            continue  # its shape is the schema's problem
        halves = frozenset(frozenset(h) for h in terrains)
        name = t.get("name", f"T{j + 1}")
        if halves in seen:
            rules = _rules(ruleset, ("1.3.1.a", "4.1.c"), ("4.1.c",))
            out.append(
                problem(f"adventure.tumult[{j}].terrains", "tumult_identical", rules, name=name, other=seen[halves])
            )
        else:
            seen[halves] = name
    return out
