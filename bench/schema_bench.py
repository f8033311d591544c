"""How to apply the scenario format's JSON Schema while the engine stays standard-library only.

Times, on the engine bench's boards (cards per player 10, 200, 1000 with abilities and effects):
`engine.check` (all of it: the depth check, the schema, identifiers and references, the game's own
rules), the schema as the engine applies it (`validate`: the predicate compiled once from the
schema, the walk only for a refused document), the full walk that names every place (what a
refused document costs), and the reference validator `jsonschema` when installed (a test
dependency); `jsonschema-rs` too if present.
Medians and p95 of the thread's CPU time, and each as a ratio to `engine.check` measured in the same
run. One command: `nice .venv/bin/python bench/schema_bench.py [--rounds N]`. No target: it measures.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from bench.engine_bench import full_board, p95, per_player  # noqa: E402
from engine.scenario.schema import SCHEMA, shape_problems, validate  # noqa: E402


def timed(fn, doc, rounds: int) -> list[float]:
    out = []
    for _ in range(rounds):
        t = time.thread_time()
        fn(doc)
        out.append(time.thread_time() - t)
    return out


def main() -> None:
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 30
    validators = {
        "engine.check": engine.check,
        "schema, compiled (stdlib)": validate,
        "schema, full walk (stdlib)": lambda d: shape_problems(d, SCHEMA, "$"),
    }
    try:
        import jsonschema

        ref = jsonschema.Draft202012Validator(SCHEMA)
        validators["jsonschema"] = lambda d: list(ref.iter_errors(d))
    except ImportError:
        pass
    try:
        import jsonschema_rs  # type: ignore[import-not-found]

        fast = jsonschema_rs.validator_for(SCHEMA)
        validators["jsonschema-rs"] = lambda d: list(fast.iter_errors(d))
    except ImportError:
        print("jsonschema-rs: not installed (not measured)")
    boards = {"full board": full_board(), **{f"{n} cards/player": per_player(n) for n in (10, 200, 1000)}}
    for name, doc in boards.items():
        base = None
        cells = []
        for label, fn in validators.items():
            xs = timed(fn, doc, rounds)
            med = statistics.median(xs)
            base = base or med
            cells.append(f"{label} {med * 1000:.2f} ms (p95 {p95(xs) * 1000:.2f}, ×{med / base:.2f})")
        print(f"{name}: " + " ; ".join(cells))


if __name__ == "__main__":
    main()
