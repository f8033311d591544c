"""The shape of a DECISION (scenario format, "DECISION"): its keys and the type of each value.

Shared by the checker (a document's `decisions`, with their JSON paths) and by
:meth:`engine.rules.flow.Need.check` (a decision given to ``Game.decide``), so that the rules that
read a decision only ever see the types they expect. Standard library only, no engine import.
"""

from __future__ import annotations

from typing import Any

DECISION_KEYS = ("pass", "play", "quick", "mana", "keep", "optional", "mode", "targets", "swap", "order", "modes")
#: keys that may come with a `play` or `quick` decision (choices made on declaration, 5.2.3.a–c)
DECLARATION_KEYS = ("expedition", "targets", "mode", "ability", "landmarks")
#: the decision kinds that answer each pending kind (engine/README.md, "The turn", "The stack")
ANSWERS = {
    "turn": ("pass", "play", "quick", "swap"),
    "mana": ("mana",),
    "keep": ("keep",),
    "mode": ("mode", "modes"),  # "modes": cr-5.0's "Choisissez X", in the order chosen (6.5.g)
    "targets": ("targets",),
    "optional": ("optional",),
    "order": ("order",),
}


def is_int(v: Any) -> bool:
    """An integer of JSON, not a boolean (bool is an int in Python)."""
    return isinstance(v, int) and not isinstance(v, bool)


def _ids(v: Any, key: str, *, exact: int | None = None, nullable: bool = False) -> list[tuple[str, str]]:
    """Problems of a list of identifiers (non-empty strings; `null` too where `nullable`: a target
    not chosen for an "up to" occurrence of "cible")."""
    if not isinstance(v, list):
        return [(key, "liste d'identifiants attendue")]
    if exact is not None and len(v) != exact:
        return [(key, f"liste de {exact} identifiants attendue, reçu {len(v)}")]
    return [
        (f"{key}[{j}]", f"identifiant (chaîne non vide) attendu, reçu {x!r}")
        for j, x in enumerate(v)
        if not (isinstance(x, str) and x) and not (nullable and x is None)
    ]


def decision_kind(d: dict) -> list[str]:
    """The decision's kind keys: exactly one for a well-formed decision (a `play` or `quick` may
    carry its declaration's choices; `mode` with `targets` completes a declaration in one answer)."""
    kinds = [k for k in DECISION_KEYS if k in d]
    if "play" in kinds or "quick" in kinds:
        kinds = [k for k in kinds if k not in DECLARATION_KEYS]
    elif kinds == ["mode", "targets"]:
        kinds = ["mode"]
    return kinds


def decision_problems(d: Any) -> list[tuple[str, str]]:
    """Every problem of the decision's shape as (key path inside the decision, message); [] when
    each value has the type the rules read. Whether the values fit the game is the Need's business."""
    if not isinstance(d, dict):
        return [("", "une décision est un objet JSON")]
    kinds = decision_kind(d)
    if len(kinds) != 1:
        return [("", f"une décision a exactement une clé parmi {', '.join(DECISION_KEYS)} ; reçu {kinds}")]
    out: list[tuple[str, str]] = []
    if "pass" in d and d["pass"] is not True:
        out.append(("pass", "true attendu"))
    for key in ("play", "quick", "expedition", "landmarks"):
        if key in d and (not isinstance(d[key], str) or not d[key]):
            out.append((key, f"identifiant (chaîne non vide) attendu, reçu {d[key]!r}"))
    if "ability" in d and (not is_int(d["ability"]) or d["ability"] < 0):
        out.append(("ability", f"numéro de capacité (entier ≥ 0) attendu, reçu {d['ability']!r}"))
    if "mode" in d and d["mode"] is not None and (not is_int(d["mode"]) or d["mode"] < 0):
        out.append(("mode", f"numéro de mode (entier ≥ 0) attendu, reçu {d['mode']!r} (5.2.3.c)"))
    if "modes" in d and (not isinstance(d["modes"], list) or not all(is_int(m) and m >= 0 for m in d["modes"])):
        out.append(("modes", f"liste de numéros de mode (entiers ≥ 0) attendue, reçu {d['modes']!r} (6.5.g (CR 5.0))"))
    if "mana" in d:
        m = d["mana"]
        if isinstance(m, list):
            out += _ids(m, "mana")
        elif m is not None and (not isinstance(m, str) or not m):
            out.append(("mana", f"identifiant, liste d'identifiants ou null attendu, reçu {m!r}"))
    for key in ("keep", "targets", "order"):
        if key in d:
            out += _ids(d[key], key, nullable=key == "targets")
    if "swap" in d:
        out += _ids(d["swap"], "swap", exact=2)
    if "optional" in d and not isinstance(d["optional"], bool):
        out.append(("optional", "booléen attendu"))
    return out
