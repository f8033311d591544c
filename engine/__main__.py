"""Command line: python -m engine run FILE.json [--until end|step|PHASE] | check FILE.json | rules | schema"""

from __future__ import annotations

import argparse
import json
import sys

from . import ScenarioError, check, load
from .model import PHASES
from .rules.registry import table
from .scenario.load import loads_doc
from .scenario.schema import schema_json


def _read(path: str):
    with open(path, encoding="utf-8") as f:
        return loads_doc(f.read())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Arbitre rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="play a scenario and print the output document (JSON)")
    run.add_argument("file")
    run.add_argument("--until", default="end", choices=["end", "step", *PHASES])
    chk = sub.add_parser("check", help="list the problems of a scenario (exit 2 if any)")
    chk.add_argument("file")
    sub.add_parser("rules", help="print the implemented-rules table (markdown)")
    sub.add_parser("schema", help="print the JSON Schema of the scenario format (engine/scenario/schema.json)")
    args = parser.parse_args(argv)

    if args.command == "rules":
        sys.stdout.write(table())
        return 0
    if args.command == "schema":
        sys.stdout.write(schema_json())
        return 0
    try:
        doc = _read(args.file)
        if args.command == "check":
            problems = check(doc)
            if problems:
                raise ScenarioError(problems)
            print(json.dumps({"problems": []}, ensure_ascii=False, indent=2))
            return 0
        game = load(doc)
    except ScenarioError as e:
        print(json.dumps({"problems": e.problems}, ensure_ascii=False, indent=2))
        return 2
    game.run(args.until)
    print(json.dumps(game.output(), ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
