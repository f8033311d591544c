"""The JSON Schema of the scenario format (engine/scenario/schema.json) and the engine's own walker:
the committed file is the generated schema, it is a valid 2020-12 schema, and the walker says what
the reference validator (jsonschema) says, on the library, its dumps and malformed documents."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import jsonschema
import pytest

import engine
from engine.scenario.schema import SCHEMA, schema_json, validate

from .helpers import SCENARIO_DIR, board, char, playable_scenarios

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = jsonschema.Draft202012Validator(SCHEMA)
DOCS = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(SCENARIO_DIR.glob("*.json"))]


def _of_type(value, schema: dict) -> bool:
    kind = schema.get("type")
    return kind is not None and REFERENCE.is_type(value, kind) and not (kind == "integer" and isinstance(value, bool))


def _errors(errors):
    """The reference validator's errors, an `anyOf` with one option of the value's JSON type
    replaced by that option's own errors (where the engine's walker reports them)."""
    for e in errors:
        if e.validator == "anyOf":
            options = [SCHEMA["$defs"][o["$ref"].rsplit("/", 1)[1]] if "$ref" in o else o for o in e.validator_value]
            mine = [i for i, o in enumerate(options) if _of_type(e.instance, o)]
            if len(mine) == 1:
                yield from _errors([sub for sub in e.context if sub.relative_schema_path[0] == mine[0]])
                continue
        yield e


def reference_paths(doc) -> set[str]:
    """The JSON paths the reference validator reports, spelt as the engine spells them."""
    out = set()
    for e in _errors(REFERENCE.iter_errors(doc)):
        path = ""
        for key in e.absolute_path:
            path += f"[{key}]" if isinstance(key, int) else (f".{key}" if path else key)
        if e.validator == "additionalProperties":  # the engine names the unknown key itself
            extra = set(e.instance) - set(e.schema.get("properties", {}))
            out |= {f"{path}.{k}" if path else k for k in extra}
            continue
        out.add(path or "$")
    return out


def test_the_committed_schema_is_the_generated_one():
    assert (ROOT / "engine" / "scenario" / "schema.json").read_text(encoding="utf-8") == schema_json()
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_every_scenario_file_its_dump_and_the_empty_documents_have_the_shape():
    docs = list(DOCS) + [engine.empty_document("1v1"), engine.empty_document("2v2")]
    for path in playable_scenarios():
        doc = json.loads(path.read_text(encoding="utf-8"))
        game = engine.load(doc)
        game.run(doc["expect"].get("until", "end"))
        docs.append(game.to_doc())
    for doc in docs:
        assert validate(doc) == [], doc.get("title")
        assert not list(REFERENCE.iter_errors(doc)), doc.get("title")


BAD_VALUES = [None, True, -1, 10**10, 1.5, "x", "", [], {}, [None], {"a": 1}]


def _mutations(doc: dict, rnd: random.Random, n: int):
    """Documents with one value somewhere replaced by a wrong one."""
    spots: list[tuple[list, object]] = []

    def walk(node, trail):
        if isinstance(node, dict):
            for k, v in node.items():
                spots.append((trail + [k], v))
                walk(v, trail + [k])
        elif isinstance(node, list):
            for i, v in enumerate(node):
                spots.append((trail + [i], v))
                walk(v, trail + [i])

    walk(doc, [])
    for _ in range(n):
        trail, _ = rnd.choice(spots)
        bad = copy.deepcopy(doc)
        node = bad
        for key in trail[:-1]:
            node = node[key]
        node[trail[-1]] = copy.deepcopy(rnd.choice(BAD_VALUES))
        yield bad


@pytest.mark.parametrize("seed", range(4))
def test_the_walker_reports_the_places_the_reference_validator_reports(seed):
    rnd = random.Random(seed)
    for doc in rnd.sample(DOCS, 12):
        for bad in _mutations(doc, rnd, 25):
            mine = validate(bad)
            assert {p["path"] for p in mine} == reference_paths(bad)
            assert all(p["code"] and p["message"] for p in mine)


def test_the_walker_names_the_path_the_code_and_says_it_in_french():
    doc = board(phase="afternoon", A={"hand": [char("a1", forest=-1, statuses=["exhausted", "exhausted"])]})
    doc["day"] = True
    problems = {p["path"]: p for p in validate(doc)}
    assert problems["day"]["code"] == "type" and "nombre entier" in problems["day"]["message"]
    assert problems["players.A.hand[0].stats.forest"]["code"] == "negative"
    assert problems["players.A.hand[0].stats.forest"]["message"] == "ne peut pas être négatif (hors limites : -1)"
    assert problems["players.A.hand[0].statuses"]["code"] == "unique"


def test_what_the_checker_accepts_the_schema_accepts():
    """The schema is never stricter than the engine: every document check() accepts has the shape."""
    rnd = random.Random(7)
    for doc in rnd.sample(DOCS, 20):
        for bad in _mutations(doc, rnd, 20):
            if not engine.check(bad):
                assert validate(bad) == [], bad.get("title")
