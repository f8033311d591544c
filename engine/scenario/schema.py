"""The shape of the scenario format as a JSON Schema (draft 2020-12), built from the one vocabulary,
and a small standard-library walker that applies it (the engine imports no library).

The schema says what a schema can say: types, the format's identifiers, number ranges, the lists
and their items. What it cannot (ids that exist and are unique, a target that names a card, the
cursor of a dumped game, the game's own rules of engine/scenario/board.py) stays in code.
``engine/scenario/schema.json`` is this schema, committed for editors and the site
(``python -m engine schema`` prints it; a test keeps the two equal); the API serves it.

The walker knows the keywords the schema uses, and only those: ``type``, ``enum``, ``const``,
``properties``, ``additionalProperties``, ``required``, ``items``, ``prefixItems``, ``minItems``,
``maxItems``, ``uniqueItems``, ``minimum``, ``maximum``, ``minLength``, ``$ref`` (to ``#/$defs/...``)
and ``anyOf``. Its problems have the checker's shape: path, code, rules, message (problems.py).

    >>> [p["message"] for p in validate({"format": "arbitre-scenario/1", "day": 0})]
    ['doit valoir au moins 1 (hors limites : 0)']
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..model import CARD_TYPES, EXPEDITIONS, FORMAT, MODES, PHASES, STATUSES, TERRAINS, TRIGGERS, VERBS
from ..steps import PUT_ZONES
from ..versions import RULESETS
from ..vocabulary import Zone, values
from .problems import problem

MAX_NUMBER = 10**9  # costs, statistics, counters, limits, days, timestamps, cursors (check.py)
SEED = {"type": "integer", "minimum": -(2**63), "maximum": 2**63 - 1}
NAT = {"type": "integer", "minimum": 0, "maximum": MAX_NUMBER}
ID = {"type": "string", "minLength": 1, "title": "identifiant"}
ZONES = values(Zone)


def _list(item: dict) -> dict:
    return {"type": "array", "items": item}


def _ref(name: str) -> dict:
    return {"$ref": f"#/$defs/{name}"}


def build() -> dict[str, Any]:
    """The schema, from the vocabulary (engine/vocabulary.py, engine/model.py)."""
    step_list = _list(_ref("step"))
    card_list = _list(_ref("card"))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:arbitre:scenario-format:1",
        "title": "Scénario Arbitre (arbitre-scenario/1)",
        "description": "La forme d'un scénario ; les règles du jeu sur le plateau sont vérifiées par le moteur.",
        "type": "object",
        "required": ["format", "players"],
        "properties": {
            "format": {"const": FORMAT},
            "rules": {"enum": list(RULESETS)},
            "seed": SEED,
            "mode": {"enum": list(MODES)},
            "day": {**NAT, "minimum": 1},
            "phase": {"enum": list(PHASES)},
            "first_player": {"type": ["string", "null"]},
            "players": {"type": "object", "additionalProperties": _ref("player")},
            "adventure": {"anyOf": [{"type": "null"}, _ref("adventure")]},  # null: the default Adventure
            "limbo": card_list,
            "decisions": _list(_ref("decision")),
            "progress": {"type": "object"},
        },
        "$defs": {
            "player": {
                "type": "object",
                "properties": {
                    "hero": {
                        "anyOf": [
                            {"type": "null"},
                            {
                                "type": "object",
                                "properties": {"name": {"type": "string"}, "reserve_limit": NAT, "landmark_limit": NAT},
                            },
                        ]
                    },
                    **{z: card_list for z in ZONES if z != "limbo"},
                    "passed": {"type": "boolean"},
                },
            },
            "card": {
                "type": "object",
                "required": ["id"],
                "properties": {
                    "id": ID,
                    "name": {"type": "string"},
                    "type": {"enum": list(CARD_TYPES)},
                    "owner": {"type": "string"},
                    "hand_cost": NAT,
                    "reserve_cost": {"anyOf": [{"type": "null"}, NAT]},
                    "stats": {
                        "type": "object",
                        "properties": {t: NAT for t in TERRAINS},
                        "additionalProperties": False,
                    },
                    "statuses": {"type": "array", "items": {"enum": list(STATUSES)}, "uniqueItems": True},
                    "counters": {"type": "object", "additionalProperties": NAT},
                    "keywords": _list({"type": "string"}),
                    "abilities": _list(_ref("ability")),
                    "effect": step_list,
                    "token": {"type": "boolean"},
                    "timestamp": {"anyOf": [{"type": "null"}, NAT]},
                },
            },
            "ability": {
                "type": "object",
                "properties": {
                    "trigger": {"enum": list(TRIGGERS)},
                    "quick": _ref("cost"),
                    "effect": step_list,
                    "support": {"type": "boolean"},
                    "zones": _list({"enum": list(ZONES)}),
                },
            },
            "cost": {
                "type": "object",
                "properties": {
                    "exhaust_me": {"type": "boolean"},
                    "discard_me": {"type": "boolean"},
                    "mana": NAT,
                    "spend": {"type": "object", "additionalProperties": NAT},
                },
            },
            "condition": {
                "type": "object",
                "properties": {
                    "zone": {"type": "string"},
                    "at_least": NAT,
                    "at_most": NAT,
                    "first_player": {"type": "string"},
                },
            },
            "step": {
                "type": "object",
                "required": ["action"],
                "properties": {
                    "action": {"enum": list(VERBS)},
                    "player": {"type": "string"},
                    "expedition": {"type": "string"},
                    "target": {**ID, "title": "cible"},
                    "controller": {"type": "string"},
                    "type": {"enum": list(CARD_TYPES)},
                    "count": {"type": "integer", "minimum": 0, "maximum": 100},
                    "choose": {"type": "integer", "minimum": 1, "maximum": 20},
                    "name": {"type": "string", "minLength": 1, "title": "nom de jeton"},
                    "status": {"enum": list(STATUSES)},
                    "zone": {"enum": list(PUT_ZONES)},
                    "optional": {"type": "boolean"},
                    "other": {"type": "boolean"},
                    "up_to": {"type": "boolean"},
                    "repeat": {"type": "boolean"},
                    "if": _ref("condition"),
                    "unless": _ref("condition"),
                    "modes": _list(step_list),
                    "cost": _ref("cost"),
                    "effect": step_list,
                },
            },
            "decision": {
                "type": "object",
                "required": ["player"],
                "properties": {
                    "player": {"type": "string"},
                    "pass": {"const": True},
                    "play": ID,
                    "quick": ID,
                    "ability": {"type": "integer", "minimum": 0},
                    "expedition": ID,  # "hero", "companion" (a wrong one is refused by rule)
                    "landmarks": ID,
                    "targets": _list({"anyOf": [ID, {"type": "null"}]}),
                    "mode": {"anyOf": [{"type": "null"}, {"type": "integer", "minimum": 0}]},
                    "modes": _list({"type": "integer", "minimum": 0}),
                    "mana": {"anyOf": [{"type": "null"}, ID, _list(ID)]},
                    "keep": _list(ID),
                    "order": _list(ID),
                    "swap": {"type": "array", "items": ID, "minItems": 2, "maxItems": 2},
                    "optional": {"type": "boolean"},
                },
            },
            "adventure": {
                "type": "object",
                "properties": {
                    "layout": {"enum": list(MODES)},
                    "arena": {"type": "boolean"},
                    "tumult": {"anyOf": [{"type": "null"}, _list(_ref("tumult"))]},  # null: the default cards
                    "markers": {
                        "type": "object",
                        "additionalProperties": {
                            "type": "object",
                            "properties": {k: {"type": "integer", "minimum": 0, "maximum": 7} for k in EXPEDITIONS},
                            "additionalProperties": False,
                        },
                    },
                },
            },
            "tumult": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "face_up": {"type": "boolean"},
                    "terrains": {
                        "type": "array",
                        "minItems": 2,
                        "maxItems": 2,
                        "items": _list({"enum": list(TERRAINS)}),
                    },
                    "effect": step_list,
                },
                "required": ["terrains"],  # each half's terrains (3.2.1.b): the engine cannot guess them
            },
        },
    }


SCHEMA = build()


def schema_json() -> str:
    """The schema as the committed file engine/scenario/schema.json holds it."""
    return json.dumps(SCHEMA, ensure_ascii=False, indent=2) + "\n"


_TYPES: dict[str, Any] = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "null": type(None),
}
TYPE_FR = {
    "object": "objet",
    "array": "liste",
    "string": "texte",
    "boolean": "booléen",
    "null": "null",
    "integer": "nombre entier",
}


def _is(value: Any, kind: str) -> bool:
    if kind == "integer":  # JSON integers; a boolean is not one (1.1.6.a)
        return type(value) is int
    return type(value) is _TYPES[kind]


def _show(value: Any) -> str:
    """A JSON value as a judge reads it: « texte », rien, oui, non, a number, a list or object, cut short."""
    if isinstance(value, str):
        text = f"« {value} »"
    elif value is None:
        text = "rien (null)"
    elif isinstance(value, bool):
        text = "oui (true)" if value else "non (false)"
    elif isinstance(value, (int, float)):
        text = str(value)
    else:
        text = ("une liste " if isinstance(value, list) else "un objet ") + json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "…"


def validate(doc: Any, schema: dict[str, Any] = SCHEMA) -> list[dict[str, Any]]:
    """Every place where `doc` does not have the schema's shape: [] when it has.

    The schema is compiled once into a predicate (:func:`compile_fits`) that answers whether the
    document fits without building a path or a message: the common case, a sound document, costs
    that only. A document that does not fit is walked to name every problem. Both read the same
    schema, so what is accepted and what is reported cannot disagree (tests/engine/test_schema.py)."""
    fits = FITS if schema is SCHEMA else compile_fits(schema)
    if fits(doc):
        return []
    out: list[dict[str, Any]] = []
    _walk(doc, schema, "$", schema.get("$defs", {}), out)
    return out


Fits = Callable[[Any], bool]


def compile_fits(schema: dict[str, Any]) -> Fits:
    """The schema as one predicate made of closures, one per schema node, built once: `fits(v)` is
    True exactly when :func:`_walk` reports nothing for `v`. Recursive through ``$ref`` (steps
    inside modes inside steps): the caller bounds the depth of what it passes (check.py refuses a
    document nested deeper than 64 levels before anything walks it)."""
    defs = schema.get("$defs", {})
    table: dict[str, Fits] = {}

    def ref(name: str) -> Fits:
        def fits(v: Any) -> bool:
            return table[name](v)

        return fits

    def node(s: dict[str, Any]) -> Fits:
        if "$ref" in s:
            return ref(s["$ref"].rsplit("/", 1)[1])
        if "anyOf" in s:
            options = [node(o) for o in s["anyOf"]]
            return lambda v: any(f(v) for f in options)
        if "const" in s:
            const = s["const"]
            return lambda v: type(v) is type(const) and v == const
        if "enum" in s:
            allowed = s["enum"]
            if all(type(x) is str for x in allowed):
                names = frozenset(allowed)
                return lambda v: type(v) is str and v in names
            return lambda v: not isinstance(v, (dict, list, bool)) and v in allowed
        wanted = s.get("type")
        kinds: tuple[str, ...] = (wanted,) if isinstance(wanted, str) else tuple(wanted or ())
        if kinds == ("integer",):
            low, high = s.get("minimum"), s.get("maximum")
            lo = -(2**200) if low is None else low
            hi = 2**200 if high is None else high
            return lambda v: type(v) is int and lo <= v <= hi
        if kinds == ("string",):
            least = s.get("minLength", 0)
            return (lambda v: type(v) is str and len(v) >= least) if least else (lambda v: type(v) is str)
        if kinds == ("boolean",):
            return lambda v: v is True or v is False
        if kinds == ("object",):
            return _object(s, node)
        if kinds == ("array",):
            return _array(s, node)
        types = tuple(_TYPES[k] for k in kinds if k != "integer")
        integer = "integer" in kinds
        if not kinds:
            return lambda v: True
        return lambda v: type(v) in types or integer and type(v) is int

    for name, s in defs.items():
        table[name] = node(s)
    return node(schema)


def _object(s: dict[str, Any], node: Callable[[dict[str, Any]], Fits]) -> Fits:
    props = {k: node(p) for k, p in s.get("properties", {}).items()}
    required = tuple(s.get("required", ()))
    extra = s.get("additionalProperties", True)
    other: Fits | None = node(extra) if isinstance(extra, dict) else None
    closed = extra is False

    def fits(v: Any) -> bool:
        if type(v) is not dict:
            return False
        for key in required:
            if key not in v:
                return False
        for key, item in v.items():
            f = props.get(key)
            if f is not None:
                if not f(item):
                    return False
            elif closed or other is not None and not other(item):
                return False
        return True

    return fits


def _array(s: dict[str, Any], node: Callable[[dict[str, Any]], Fits]) -> Fits:
    item = node(s["items"]) if "items" in s else None
    first = [node(x) for x in s.get("prefixItems", [])]
    least, most = s.get("minItems", 0), s.get("maxItems")
    unique = bool(s.get("uniqueItems"))

    def fits(v: Any) -> bool:
        if type(v) is not list or len(v) < least or most is not None and len(v) > most:
            return False
        for f, x in zip(first, v):
            if not f(x):
                return False
        if item is not None:
            for x in v[len(first) :] if first else v:
                if not item(x):
                    return False
        return not unique or _distinct(v)

    return fits


def _distinct(v: list[Any]) -> bool:
    """No two equal items, as :func:`_walk` compares them."""
    try:
        return len(set(v)) == len(v)
    except TypeError:  # unhashable items (lists, objects): compared one by one
        pass
    seen: list[Any] = []
    for x in v:
        if x in seen:
            return False
        seen.append(x)
    return True


def shape_problems(value: Any, schema: dict[str, Any], path: str) -> list[dict[str, Any]]:
    """The problems of `value`, found at `path`, against a part of a schema (its ``$ref`` read in the
    format's ``$defs``): for what the format's schema leaves open, the cursor of a dumped game."""
    out: list[dict[str, Any]] = []
    _walk(value, schema, path, SCHEMA["$defs"], out)
    return out


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return key if path == "$" else f"{path}.{key}"


def _walk(v: Any, s: dict[str, Any], path: str, defs: dict[str, Any], out: list[dict[str, Any]]) -> bool:
    """Check `v` against `s`, adding problems to `out`; True when it fits."""
    if "$ref" in s:
        s = defs[s["$ref"].rsplit("/", 1)[1]]
    if "anyOf" in s:
        options = [defs[o["$ref"].rsplit("/", 1)[1]] if "$ref" in o else o for o in s["anyOf"]]
        for option in options:
            if _walk(v, option, path, defs, []):
                return True
        # the one option of the value's JSON type says where it goes wrong (hero: null or an object…)
        mine = [o for o in options if "type" in o and _is(v, o["type"])]
        if len(mine) == 1:
            return _walk(v, mine[0], path, defs, out)
        kinds = [TYPE_FR.get(o.get("type", ""), "valeur") for o in options]
        out.append(problem(path, "type", expected=" ou ".join(dict.fromkeys(kinds)), value=_show(v)))
        return False
    if "const" in s and v != s["const"]:
        out.append(problem(path, "const", allowed=_show(s["const"]), value=_show(v)))
        return False
    if "enum" in s and (isinstance(v, (dict, list)) or v not in s["enum"] or type(v) is bool):
        out.append(problem(path, "enum", value=_show(v), allowed=", ".join(map(str, s["enum"]))))
        return False
    wanted = s.get("type")
    if wanted is not None:
        types: list[str] = [wanted] if isinstance(wanted, str) else wanted
        if not any(_is(v, k) for k in types):
            expected = " ou ".join(TYPE_FR[k] for k in types)
            out.append(problem(path, "type", expected=expected, value=_show(v)))
            return False
    before = len(out)
    if type(v) is int:
        low, high = s.get("minimum"), s.get("maximum")
        small_range = low is not None and high is not None and high < MAX_NUMBER
        if (low is not None and v < low or high is not None and v > high) and small_range:
            out.append(problem(path, "range", value=v, low=low, high=high))  # a marker: 0 to 7
        elif low is not None and v < low:
            out.append(problem(path, "negative" if low == 0 else "minimum", value=v, limit=low))
        elif high is not None and v > high:
            out.append(problem(path, "maximum", value=v, limit=high))
    elif type(v) is str:
        if len(v) < s.get("minLength", 0):
            out.append(problem(path, "min_length", what=s.get("title", "texte")))
    elif type(v) is dict:
        props = s.get("properties", {})
        for key in s.get("required", ()):
            if key not in v:
                out.append(problem(path, "required", key=key))
        extra = s.get("additionalProperties", True)
        for key, item in v.items():
            if key in props:
                _walk(item, props[key], _join(path, key), defs, out)
            elif extra is False:
                out.append(problem(_join(path, key), "additional", key=key))
            elif isinstance(extra, dict):
                _walk(item, extra, _join(path, key), defs, out)
    elif type(v) is list:
        if len(v) < s.get("minItems", 0):
            out.append(problem(path, "min_items", limit=s["minItems"], count=len(v)))
        if "maxItems" in s and len(v) > s["maxItems"]:
            out.append(problem(path, "max_items", limit=s["maxItems"], count=len(v)))
        first = s.get("prefixItems", [])
        for i, item in enumerate(v[: len(first)]):
            _walk(item, first[i], _join(path, i), defs, out)
        items = s.get("items")
        if items is not None:
            for i, item in enumerate(v[len(first) :], len(first)):
                _walk(item, items, _join(path, i), defs, out)
        if s.get("uniqueItems"):
            seen: list[Any] = []
            for item in v:
                if item in seen:
                    out.append(problem(path, "unique", value=_show(item)))
                    break
                seen.append(item)
    return len(out) == before


FITS = compile_fits(SCHEMA)
