"""One-way layers (issue 11, part 3): the core imports nothing above it; the scenario format and the
rules import the core (and themselves) only; the game loop sits on top. No import inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
#: modules that import nothing of the engine but the core (rules/registry/ and scenario/shapes.py
#: are declarations kept beside their users, but depend on nothing)
CORE = {
    "engine.vocabulary",
    "engine.versions",
    "engine.errors",
    "engine.jsondata",
    "engine.model",
    "engine.events",
    "engine.journal",
    "engine.steps",
    "engine.table",
    "engine.apply",
    "engine.text",
    "engine.text.words",
    "engine.text.log",
    "engine.text.objects",
    "engine.rules.registry",
    "engine.rules.registry.declare",
    "engine.rules.registry.contract",
    "engine.rules.registry.coverage",
    "engine.rules.registry.render",
    "engine.scenario.shapes",
}
TOP = {"engine", "engine.__main__", "engine.game"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def engine_imports(path: Path) -> tuple[set[str], list[str]]:
    """(engine modules imported at module level, outside TYPE_CHECKING; imports found inside functions)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    inner: list[str] = []

    def resolve(node: ast.ImportFrom) -> list[str]:
        base = package.split(".")
        if node.level:
            base = base[: len(base) - node.level + 1]
            mod = ".".join(base + ([node.module] if node.module else []))
        else:
            mod = node.module or ""
        if not mod.startswith("engine"):
            return []
        out = []
        for a in node.names:  # `from . import events` imports the module engine.events
            sub = f"{mod}.{a.name}"
            out.append(sub if (ENGINE.parent / sub.replace(".", "/")).with_suffix(".py").exists() else mod)
        return out

    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for sub in ast.walk(node):
                if isinstance(sub, (ast.Import, ast.ImportFrom)):
                    inner.append(f"{name}:{sub.lineno}")
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            found.update(resolve(node))
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("engine"))
    return found, inner


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ENGINE.rglob("*.py"))}


def test_no_import_inside_a_function():
    inner = [where for p in modules().values() for where in engine_imports(p)[1]]
    assert inner == []


def test_layers_only_look_down():
    problems = []
    for name, path in modules().items():
        imported = engine_imports(path)[0] - {name}
        if name in CORE:
            allowed = CORE
        elif name.startswith("engine.scenario"):
            allowed = CORE | {m for m in modules() if m.startswith("engine.scenario")}
        elif name.startswith("engine.rules"):
            allowed = CORE | {m for m in modules() if m.startswith("engine.rules")}
        else:
            assert name in TOP, name
            continue
        allowed = allowed | {"engine.rules", "engine.scenario"}  # the packages themselves (docstrings only)
        bad = imported - allowed
        if bad:
            problems.append((name, sorted(bad)))
    assert problems == []


def test_the_rules_never_see_the_game():
    for name, path in modules().items():
        if name.startswith("engine.rules"):
            assert "..game import" not in path.read_text(encoding="utf-8"), name


def test_the_step_table_is_built_in_one_place_and_the_checker_knows_its_names():
    from engine.game import STEPS
    from engine.rules import flow
    from engine.scenario.check import PROGRESS_STEPS

    assert set(STEPS) == set(PROGRESS_STEPS)
    assert set(flow.FIRST_STEP.values()) <= set(STEPS)
    assert not hasattr(flow, "_STEPS") and not hasattr(flow, "step")
