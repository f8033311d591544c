"""The cursor of a dumped game (engine/README.md "Dump"): every value of `progress` the engine reads.
Its types are checked by the schema's own walker on a schema of the cursor (the format's schema
leaves `progress` open: it is the engine's, not the author's); then its step, frames and targets.
"""

from __future__ import annotations

from typing import Any

from ..model import EXPEDITIONS, PHASES, PLAYERS
from ..steps import TARGET_KEY, chooses, declared_slots, modes_of, up_to
from .checker import _Checker, _decision
from .schema import MAX_NUMBER, SCHEMA

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
FRAME_KINDS = ("spell", "quick", "reaction", "internal", "tumult")
DEFS = SCHEMA["$defs"]
STEP_LIST = {"type": "array", "items": {"$ref": "#/$defs/step"}}


def _nat(low: int = 0, high: int = MAX_NUMBER, *, nullable: bool = False) -> dict[str, Any]:
    number = {"type": "integer", "minimum": low, "maximum": high}
    return {"anyOf": [{"type": "null"}, number]} if nullable else number


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


def progress_problems(ck: _Checker, prog: Any, phase: Any, mode: str, n_decisions: int) -> None:
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
