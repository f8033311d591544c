"""Targets and modes of an effect (5.2.3.a–d): which choices each occurrence of "cible" offers,
whether a declaration's choices are legal, and the complete lists `legal_decisions()` offers.

A STEP whose ``target``, ``expedition`` or ``player`` is ``"choose"`` is one occurrence of "cible";
``"choose": n`` asks for n different objects in that occurrence (5.2.3.b)."""
from __future__ import annotations

import copy
from itertools import combinations, islice, product
from typing import TYPE_CHECKING, Any

from ..model import EXPEDITIONS, IN_PLAY_ZONES
from .registry import implements

if TYPE_CHECKING:
    from ..game import Game

CARD_VERBS = ("discard", "sabotage", "sacrifice", "gain_counters", "remove_counters", "gain_status",
              "lose_status")
EXPEDITION_VERBS = ("move_forward", "move_backward")
PLAYER_VERBS = ("draw", "resupply")
TARGET_KEY = {**{v: "target" for v in CARD_VERBS}, **{v: "expedition" for v in EXPEDITION_VERBS},
              **{v: "player" for v in PLAYER_VERBS}}
#: the rule that defines each verb (cited by every step that uses it)
VERB_RULES = {
    "draw": ("3.2.2.b",), "discard": ("7.3.4.a",), "resupply": ("7.3.16.a",), "sabotage": ("7.3.18.a",),
    "sacrifice": ("7.3.19.a",), "move_forward": ("7.3.11.a",), "move_backward": ("7.3.10.a",),
    "gain_counters": ("2.5.e",), "remove_counters": ("2.5.f",), "gain_status": ("1.2.4.c",),
    "lose_status": ("1.2.4.c",), "choose_one": ("5.2.3.c",), "internal": ("5.2.3.g",),
}
LIST_LIMIT = 16   # complete target lists offered per card by legal_decisions(); above, the play is
                  # listed without them and a `targets` decision follows (engine/README.md)


def who(game: "Game", player: str, spec: Any) -> str:
    """"self" is the effect's controller, "opponent" the other player, "A"/"B" themselves."""
    if spec in (None, "self"):
        return player
    if spec == "opponent":
        return game.state.opponent(player)
    return spec


def zone_count(game: "Game", player: str, spec: str) -> int:
    side, _, zone = spec.partition(".")
    return len(game.state.zones.get(f"{who(game, player, side)}.{zone}", []))


def target_options(game: "Game", player: str, source: str, step: dict) -> list[str]:
    """The legal choices for one occurrence of "cible" in `step` (its verb decides where)."""
    st = game.state
    verb = step["action"]
    key = TARGET_KEY.get(verb)
    sides = [who(game, player, step["controller"])] if step.get("controller") else list(st.players)
    if key == "player":
        return sides
    if key == "expedition":
        return [f"{p}.{kind}" for p in sides for kind in EXPEDITIONS]
    if verb == "sabotage":
        zones = ("reserve",)                             # 7.3.18.a: a card in a Reserve
    elif verb == "sacrifice":
        zones, sides = IN_PLAY_ZONES, [player]           # 7.3.19.a: an object one controls in play
    elif verb == "discard":
        zones = IN_PLAY_ZONES + ("reserve",)
    else:
        zones = IN_PLAY_ZONES
    want = step.get("type")
    return [c.id for p in sides for z in zones for c in st.zones[f"{p}.{z}"]
            if (want is None or c.type == want) and c.id != source]   # itself: the target "me"


def chooses(step: dict) -> int:
    """How many objects this step's occurrence of "cible" takes (0: no target to choose)."""
    key = TARGET_KEY.get(step.get("action"))
    return int(step.get("choose", 1)) if key and step.get(key) == "choose" else 0


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


@implements("5.2.3.c", "5.2.3.d")
def expand_mode(steps: list[dict], mode: int) -> list[dict]:
    """5.2.3.c–d: the effect with its first "Choisissez-en un" replaced by the chosen mode; only
    that mode's targets are then considered."""
    out: list[dict] = []
    done = False
    for s in steps:
        if not done and s.get("action") == "choose_one":
            out += copy.deepcopy(s["modes"][mode])
            done = True
        else:
            out.append(s)
    return out


@implements("5.2.3.b")
def targets_problem(game: "Game", player: str, source: str, steps: list[dict], targets: Any) -> str | None:
    """5.2.3.b: one choice per occurrence of "cible", each object at most once per occurrence."""
    slots = declared_slots(steps)
    need = sum(chooses(s) for s in slots)
    if not isinstance(targets, list) or len(targets) != need:
        return f"il faut {need} cible(s) dans l'ordre des étapes, reçu {targets!r} (5.2.3.b)"
    k = 0
    for s in slots:
        n = chooses(s)
        chosen = targets[k:k + n]
        k += n
        options = target_options(game, player, source, s)
        bad = [t for t in chosen if t not in options]
        if bad:
            return (f"cible illégale pour « {s['action']} » : {', '.join(map(str, bad))} "
                    f"(possibles : {', '.join(options) or 'aucune'}) (5.2.3.b)")
        if len(set(chosen)) != len(chosen):
            return "un même objet est choisi deux fois pour une seule occurrence de « cible » (5.2.3.b)"
    return None


def completions(game: "Game", player: str, source: str, steps: list[dict], limit: int = LIST_LIMIT) -> list[list[str]] | None:
    """Every complete target list for these steps, or None when there are more than `limit`;
    [] when one occurrence has no legal choice."""
    per_slot = _per_slot(game, player, source, steps)
    if any(not opts for opts in per_slot):
        return []
    total = 1
    for opts in per_slot:
        total *= len(opts)
    if total > limit:
        return None
    return [[t for part in combo for t in part] for combo in product(*per_slot)]


def can_target(game: "Game", player: str, source: str, steps: list[dict]) -> bool:
    """Whether every occurrence of "cible" has enough legal choices (5.2.3.b)."""
    return all(len(target_options(game, player, source, s)) >= chooses(s) for s in declared_slots(steps))


def first_completions(game: "Game", player: str, source: str, steps: list[dict], cap: int) -> list[list[str]]:
    """The first `cap` complete target lists (in the order of the options)."""
    per_slot = _per_slot(game, player, source, steps)
    return [[t for part in combo for t in part] for combo in islice(product(*per_slot), cap)]


def _per_slot(game: "Game", player: str, source: str, steps: list[dict]) -> list[list[list[str]]]:
    return [[list(c) for c in combinations(target_options(game, player, source, s), chooses(s))]
            for s in declared_slots(steps)]


def stamp(game: "Game", value: str) -> list:
    card = game.state.loc.get(value)
    return [value, game.state.card(value).timestamp if card else None]
