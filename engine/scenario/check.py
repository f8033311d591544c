"""List every problem of a scenario document, each with its JSON path (python-chess's status()).

A document with no problem can be loaded and played; the builder may hold one with problems.
Unknown keys are not problems: they are kept as they are (the format lets fields be added).

The shape of the document (types, identifiers of the vocabulary, number ranges) is said once, by
the format's JSON Schema (engine/scenario/schema.py), applied to every document. This module says
only what a schema cannot: the depth of the document (checked first, so that nothing recursive
walks a document too deep), identifiers unique and known, the parameters each verb needs, the
cursor of a dumped game, and the game's own rules on the board (engine/scenario/board.py). Every
problem has a code; its French is written in engine/scenario/problems.py.
"""

from __future__ import annotations

from typing import Any

from ..model import CENTRE, EXPEDITION_ZONES, EXPEDITIONS, PHASES, PLAYER_ZONES, PLAYERS
from ..rules.registry import implements_article
from ..steps import TARGET_KEY, chooses, declared_slots, modes_of, up_to
from ..versions import CR5, DEFAULT, RULESETS, cite
from .board import board_problems, place
from .problems import problem
from .schema import SCHEMA, shape_problems, validate
from .shapes import DECISION_KEYS, decision_kind

PROGRESS_STEPS = (
    "setup.adventure",
    "setup.first_player",
    "setup.shuffle",
    "setup.draw",
    "setup.mana",
    "morning.first_draw",
    "morning.first_mana",
    "morning.first_player",
    "morning.prepare",
    "morning.draw",
    "morning.mana",
    "morning.shuffle",
    "noon.reactions",
    "noon.end",
    "afternoon.turn",
    "dusk.reactions",
    "dusk.progress",
    "dusk.end",
    "night.rest",
    "night.cleanup",
    "night.discard",
)
#: setup steps before the draw: every card is still in the Deck (4.1.a); at `setup.mana` the six
#: cards drawn are in the Hand and the Mana
SETUP_DECK_STEPS = (None, "setup.adventure", "setup.first_player", "setup.shuffle", "setup.draw")
MAX_NUMBER = 10**9  # costs, statistics, counters, limits, days, timestamps, cursors (as the schema)
MAX_DEPTH = 64  # nesting of the document (modes inside modes, internal actions...)
SIDES = ("self", "opponent", "teammate")
FRAME_KINDS = ("spell", "quick", "reaction", "internal", "tumult")
#: the keys of a card the loader reads (load.py builds a card of only these keys directly)
PLAIN_CARD_KEYS = frozenset(
    {"id", "name", "type", "owner", "hand_cost", "reserve_cost", "stats", "statuses", "counters", "token", "timestamp"}
)
DEFS = SCHEMA["$defs"]
STEP_LIST = {"type": "array", "items": {"$ref": "#/$defs/step"}}
CONTAINERS = frozenset({dict, list})


def _nat(low: int = 0, high: int = MAX_NUMBER, *, nullable: bool = False) -> dict[str, Any]:
    number = {"type": "integer", "minimum": low, "maximum": high}
    return {"anyOf": [{"type": "null"}, number]} if nullable else number


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
    _progress(ck, doc.get("progress"), phase, mode, len(decisions))
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


PROGRESS_SHAPE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "step": {"type": ["string", "null"]},
        "random_count": _nat(),
        "next_timestamp": _nat(),
        "groups": _nat(),
        "turn": {"type": ["string", "null"]},
        "winner": {"type": ["string", "null"]},
        "advanced": {"type": "array", "items": {"type": "string"}},
        "keeps": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
        "stack": {"type": "array", "items": {"type": "object"}},
        "declare": {"anyOf": [{"type": "null"}, DEFS["decision"]]},
    },
}
FRAME_SHAPE: dict[str, Any] = {
    "type": "object",
    "required": ["id", "card", "player", "kind", "steps", "declared", "ordered", "started", "i", "targets", "t"],
    "properties": {
        "id": {"type": "string", "minLength": 1, "title": "identifiant"},
        "card": {"type": "string", "minLength": 1, "title": "identifiant"},
        "player": {"type": "string"},
        "kind": {"enum": list(FRAME_KINDS)},
        "trigger": {"type": "string"},
        "steps": STEP_LIST,
        "declared": {"type": "boolean"},
        "ordered": {"type": "boolean"},
        "started": {"type": "boolean"},
        "i": _nat(),
        "t": _nat(),
        **{k: _nat(nullable=True) for k in ("group", "asked", "chosen", "source")},
        "found": {
            "type": "object",
            "additionalProperties": {"type": "array", "items": _nat(), "minItems": 2, "maxItems": 2},
        },
        "after": {"anyOf": [{"type": "null"}, {"const": "spell"}]},
        # [null, null]: a target not chosen for an "up to" occurrence (7.3.18.a)
        "targets": {
            "type": "array",
            "items": {
                "type": "array",
                "minItems": 2,
                "maxItems": 2,
                "prefixItems": [
                    {"anyOf": [{"type": "null"}, {"type": "string", "minLength": 1, "title": "identifiant"}]},
                    {"anyOf": [{"type": "null"}, {"type": "integer"}]},
                ],
            },
        },
    },
}


def _progress(ck: _Checker, prog: Any, phase: Any, mode: str, n_decisions: int) -> None:
    """The engine's cursor (a dumped game, engine/README.md "Dump"): every value the engine reads."""
    if prog is None:
        return
    schema = {
        **PROGRESS_SHAPE,
        "properties": {
            **PROGRESS_SHAPE["properties"],
            "sub": _nat(0, max(len(PLAYERS[mode]) - 1, 0)),
            "decision_index": _nat(0, n_decisions),
        },
    }
    if not ck.shape(prog, schema, "progress"):
        return
    step = prog.get("step")
    if step is not None and (step not in PROGRESS_STEPS or step.split(".")[0] != phase):
        ck.add("progress.step", "progress_step", value=step, phase=phase if phase in PHASES else "?")
    if prog.get("turn") is not None:
        ck.player(prog["turn"], "progress.turn")
    winner = prog.get("winner")
    if winner is not None:
        if mode == "2v2" and winner not in ("A", "B"):  # 2v2: the winner is a team
            ck.add("progress.winner", "unknown_team", value=winner)
        elif mode != "2v2":
            ck.player(winner, "progress.winner")
    for j, x in enumerate(prog.get("advanced", [])):
        if x.partition(".")[0] not in ck.pids or x.partition(".")[2] not in EXPEDITIONS:
            ck.add(f"progress.advanced[{j}]", "expedition_form", value=x)
    for p in prog.get("keeps", {}):
        ck.player(p, f"progress.keeps.{p}")
    for i, f in enumerate(prog.get("stack", [])):
        _frame(ck, f, f"progress.stack[{i}]")
    declare = prog.get("declare")
    if declare is not None and _decision(ck, declare, "progress.declare"):
        _declaration(ck, declare, "progress.declare")


def _declaration(ck: _Checker, d: dict, path: str) -> None:
    """A play or quick action being declared: the card, its ability and its mode exist."""
    if "play" not in d and "quick" not in d:
        ck.add(path, "declaration_kind")
        return
    if ck.problems:
        return  # the cards are checked first; their effects may be malformed
    cid = d.get("play") or d.get("quick")
    if cid not in ck.cards:
        ck.add(f"{path}.{'play' if 'play' in d else 'quick'}", "unknown_card", value=cid)
        return
    card = ck.cards[cid]
    if "play" in d:
        steps = card.get("effect", []) if card.get("type", "character") == "spell" else []
    else:
        k, abilities = d.get("ability", 0), card.get("abilities", [])
        if k >= len(abilities) or not isinstance(abilities[k], dict) or not isinstance(abilities[k].get("quick"), dict):
            ck.add(f"{path}.ability", "no_quick", ("1.2.4.c",), card=card["id"], n=k)
            return
        steps = abilities[k].get("effect", [])
    n = modes_of(steps)
    if n and d.get("mode") is not None and d["mode"] >= n:
        ck.add(f"{path}.mode", "mode_range", ("5.2.3.c",), high=n - 1)


def _frame(ck: _Checker, f: Any, path: str) -> None:
    """An effect waiting to resolve (rules/effects.py, `frame`)."""
    if not ck.shape(f, FRAME_SHAPE, path):
        return
    ck.player(f["player"], f"{path}.player")
    before = len(ck.problems)
    steps, targets = f["steps"], f["targets"]
    ck.steps(steps, f"{path}.steps")
    ck.shape(f["i"], _nat(0, len(steps)), f"{path}.i")
    ck.shape(f["t"], _nat(0, len(targets)), f"{path}.t")
    if len(ck.problems) != before:
        return
    # the targets still to take: those of the declared slots left (5.2.3.b), or of the step being resolved
    i = f["i"]
    slots = (
        declared_slots(steps[i:])
        if f["declared"]
        else [steps[i]]
        if i < len(steps) and f.get("chosen") == i and chooses(steps[i])
        else []
    )
    left = [t[0] for t in targets[f["t"] :]]
    for s in slots:
        key = TARGET_KEY[s["action"]]
        for value in left[: chooses(s)]:
            if value is None and up_to(s):
                continue  # an "up to" target left unchosen (7.3.18.a)
            if value is None:
                ck.add(f"{path}.targets", "target_missing", ("5.2.3.b",), verb=s["action"])
                return
            side, _, kind = value.partition(".")
            if (key == "player" and value not in ck.pids) or (
                key == "expedition" and (side not in ck.pids or kind not in EXPEDITIONS)
            ):
                ck.add(f"{path}.targets", "target_impossible", ("5.2.3.b",), value=value, verb=s["action"])
                return
        left = left[chooses(s) :]
