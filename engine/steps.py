"""The shape of an effect's STEPs (core: imports nothing of the engine): which key of each verb names
its target, how many objects an occurrence of "cible" takes, the steps chosen on declaration, the
modes. Read by the checker (scenario layer) and by the rules alike."""

from __future__ import annotations

CARD_VERBS = (
    "discard",
    "sabotage",
    "sacrifice",
    "gain_counters",
    "remove_counters",
    "gain_status",
    "lose_status",
    "put",
)
#: the zones `put` may name (its controller's; a private zone is its owner's, 3.1.2.c)
PUT_ZONES = ("hero_expedition", "companion_expedition", "landmarks", "reserve", "hand")
EXPEDITION_VERBS = ("move_forward", "move_backward")
PLAYER_VERBS = ("draw", "resupply")
TARGET_KEY = {
    **{v: "target" for v in CARD_VERBS},
    **{v: "expedition" for v in EXPEDITION_VERBS},
    **{v: "player" for v in PLAYER_VERBS},
}


def chooses(step: dict) -> int:
    """How many objects this step's occurrence of "cible" takes (0: no target to choose)."""
    key = TARGET_KEY.get(step.get("action", ""))
    return int(step.get("choose", 1)) if key and step.get(key) == "choose" else 0


#: verbs whose target is "up to" one ("jusqu'à une carte ciblée": Sabotage, 7.3.18.a; CR 5.0 7.3.35.a):
#: choosing none is legal; any step may say so too with `"up_to": true`
UP_TO_VERBS = frozenset({"sabotage"})


def up_to(step: dict) -> bool:
    """Whether this step's occurrence of "cible" takes up to its number of objects (zero included)."""
    return step.get("up_to") is True or step.get("action") in UP_TO_VERBS


def declared_slots(steps: list[dict]) -> list[dict]:
    """The steps whose targets are chosen on declaration (5.2.3.b, e, f), in order; the steps of
    an internal action are left out (5.2.3.g)."""
    return [s for s in steps if chooses(s)]


def modes_of(steps: list[dict]) -> int:
    """Number of modes of the effect's first "Choisissez-en un" (0: not modal)."""
    for s in steps:
        if s.get("action") == "choose_one":
            return len(s["modes"])
    return 0
