"""What a schema cannot say about a scenario document, on a document of any shape: identifiers
unique and known, the players a field names, the parameters each verb needs, the sides a step names,
the kind of a decision. Every problem has a code (its French in engine/scenario/problems.py) and its
rules cited in the document's rule set. Used by check.py (the document) and cursor.py (the cursor of
a dumped game).
"""

from __future__ import annotations

from typing import Any

from ..model import EXPEDITION_ZONES, EXPEDITIONS, PLAYER_ZONES
from ..steps import TARGET_KEY
from ..versions import DEFAULT, cite
from .board import place
from .problems import problem
from .schema import shape_problems
from .shapes import DECISION_KEYS, decision_kind

SIDES = ("self", "opponent", "teammate")


def _str(v: Any) -> bool:
    return isinstance(v, str) and bool(v)


class _Checker:
    """What the schema cannot say, on a document of any shape: a value of the wrong type is the
    schema's problem and is skipped here (each check reads only what has the type it needs)."""

    def __init__(self, pids: set[str], ruleset: str = DEFAULT) -> None:
        self.problems: list[dict[str, Any]] = []
        self.ids: dict[str, tuple[str, str | None, int]] = {}  # id -> (base, zone, index) of its card
        self.cards: dict[str, dict] = {}  # id -> the card's document (first one with that id)
        self.pids = pids
        self.ruleset = ruleset

    def add(self, path: str, code: str, rules: tuple[str, ...] = (), **fields: Any) -> None:
        """A problem, its rules (written as the French text numbers them) cited in the document's
        rule set: under cr-5.0 the v5.0 paragraphs (versions.cite), "(FR 1)" where v5.0 has none."""
        self.problems.append(problem(path, code, cite(self.ruleset, rules), **fields))

    def shape(self, value: Any, schema: dict[str, Any], path: str) -> bool:
        """The schema's own problems of a part of the document the format's schema leaves open (the
        cursor of a dumped game); True when it fits."""
        found = shape_problems(value, schema, path)
        self.problems += found
        return not found

    def side(self, v: Any) -> bool:
        """A side of an effect: self, opponent, teammate, or a player id."""
        return isinstance(v, str) and (v in SIDES or v in self.pids)

    def player(self, v: Any, path: str) -> None:
        if isinstance(v, str) and v not in self.pids:
            self.add(path, "unknown_player", value=v)

    def card(self, c: Any, zone: str | None, where: tuple[str, str | None, int]) -> None:
        """A card's id (unique, 2.1.a), its owner (a player) and what its abilities and effect say."""
        if type(c) is not dict:
            return
        cid = c.get("id")
        if type(cid) is str and cid:
            first = self.ids.get(cid)
            if first is not None:
                self.add(f"{_spelled(where)}.id", "duplicate_id", ("2.1.a",), id=cid, other=_place(first))
            else:
                self.ids[cid] = where  # spelled out only if a later card reuses its id
                self.cards[cid] = c
        if "owner" in c:
            self.player(c["owner"], f"{_spelled(where)}.owner")
        if zone in EXPEDITION_ZONES and c.get("type", "character") != "character" and isinstance(c.get("type"), str):
            self.add(f"{_spelled(where)}.type", "expedition_type")  # Expedition Permanents are not played
        if "abilities" in c or "effect" in c:
            path = _spelled(where)
            abilities = c.get("abilities")
            for i, a in enumerate(abilities if type(abilities) is list else ()):
                if type(a) is dict and type(a.get("effect")) is list:
                    self.steps(a["effect"], f"{path}.abilities[{i}].effect")
            if type(c.get("effect")) is list:
                self.steps(c["effect"], f"{path}.effect")

    def condition(self, c: Any, path: str) -> None:
        """A step's `if` / `unless` (5.2.3.f): {zone, at_least, at_most} or {first_player}."""
        if type(c) is not dict:
            return
        z = c.get("zone")
        if isinstance(z, str):
            side, _, zone = z.partition(".")
            if not self.side(side) or zone not in PLAYER_ZONES:
                self.add(f"{path}.zone", "condition_zone", value=z)
        if isinstance(c.get("first_player"), str) and not self.side(c["first_player"]):
            self.add(f"{path}.first_player", "side", value=c["first_player"])

    def steps(self, steps: list, path: str) -> None:
        """What each verb needs (the scenario format's "Effect verbs"), and the sides it names."""
        for i, s in enumerate(steps):
            p = f"{path}[{i}]"
            if type(s) is not dict or not isinstance(s.get("action"), str):
                continue
            verb = s["action"]
            if verb == "choose_one":
                modes = s.get("modes")
                if not modes:
                    self.add(f"{p}.modes", "modes_missing", ("5.2.3.c",))
                elif type(modes) is list:
                    for k, m in enumerate(modes):
                        if type(m) is list:
                            self.steps(m, f"{p}.modes[{k}]")
            elif verb == "internal":
                if "effect" not in s:
                    self.add(f"{p}.effect", "effect_missing", ("5.2.3.g",))
                elif type(s["effect"]) is list:
                    self.steps(s["effect"], f"{p}.effect")
            key = TARGET_KEY.get(verb)
            v = s.get(key) if key else None
            if key == "expedition" and (v is None or isinstance(v, str)):
                side, _, kind = v.partition(".") if isinstance(v, str) else ("", "", "")
                if v != "choose" and (not self.side(side) or kind not in EXPEDITIONS):
                    self.add(f"{p}.expedition", "expedition_form", value=v)
            elif key == "player" and isinstance(v, str) and v != "choose" and not self.side(v):
                self.add(f"{p}.player", "side", value=v)
            if isinstance(s.get("controller"), str) and not self.side(s["controller"]):
                self.add(f"{p}.controller", "side", value=s["controller"])
            if verb == "put" and "zone" not in s:
                self.add(f"{p}.zone", "zone_missing")
            if verb in ("gain_status", "lose_status") and "status" not in s:
                self.add(f"{p}.status", "status_missing")
            for cond_key in ("if", "unless"):
                if cond_key in s:
                    self.condition(s[cond_key], f"{p}.{cond_key}")


def _spelled(where: tuple[str, str | None, int]) -> str:
    """A card's path, kept as (base, zone, index) until it is needed."""
    base, zone, i = where
    return f"{base}.{zone}[{i}]" if zone else f"{base}[{i}]"


def _place(where: tuple[str, str | None, int]) -> str:
    """A card's place as a judge reads it: « la carte 2 de la Main de A »."""
    base, zone, i = where
    player = base.rpartition(".")[2] if zone else None
    return f"la carte {i + 1} de {place(zone or 'limbo', player)}"


def _decision(ck: _Checker, d: Any, path: str) -> bool:
    """One DECISION (or a declaration in progress): one kind, its player, the cards it names. True
    when it is well formed (its types are the schema's: `#/$defs/decision`)."""
    if type(d) is not dict:
        return False
    ok = True
    if isinstance(d.get("player"), str) and d["player"] not in ck.pids:
        ck.add(f"{path}.player", "unknown_player", value=d["player"])
        ok = False
    kinds = decision_kind(d)
    if len(kinds) != 1:
        ck.add(path, "decision_kind", keys=", ".join(DECISION_KEYS), value=", ".join(kinds) or "aucune")
        return False
    if isinstance(d.get("play"), str) and d["play"] not in ck.ids:
        ck.add(f"{path}.play", "unknown_card", value=d["play"])
        ok = False
    for key in ("mana", "keep"):
        v = d.get(key)
        for j, x in enumerate(v if isinstance(v, list) else [v]):
            if isinstance(x, str) and x not in ck.ids:
                ck.add(f"{path}.{key}" + (f"[{j}]" if isinstance(v, list) else ""), "unknown_card", value=x)
                ok = False
    return ok
