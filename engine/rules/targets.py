"""Targets and modes of an effect (5.2.3.a–d): which choices each occurrence of "cible" offers,
whether a declaration's choices are legal, and the complete lists `legal_decisions()` offers.

A STEP whose ``target``, ``expedition`` or ``player`` is ``"choose"`` is one occurrence of "cible";
``"choose": n`` asks for n different objects in that occurrence (5.2.3.b)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from itertools import chain, combinations, islice, product
from math import comb
from typing import TYPE_CHECKING, Any

from ..errors import Refusal
from ..jsondata import copy_json
from ..model import EXPEDITIONS, IN_PLAY_ZONES, split_zone
from ..steps import (  # noqa: F401 - the verb lists and modes_of are the rules' names for them, re-exported
    CARD_VERBS,
    EXPEDITION_VERBS,
    PLAYER_VERBS,
    TARGET_KEY,
    chooses,
    declared_slots,
    modes_of,
    up_to,
)
from ..versions import cr5
from .flow import SMALL_PRODUCT, lazy_product
from .registry import ARTICLE_2V2, implements, implements_article

if TYPE_CHECKING:
    from ..table import Table

#: the rule that defines each verb (cited by every step that uses it)
VERB_RULES = {
    "draw": ("3.2.2.b",),
    "discard": ("7.3.4.a",),
    "resupply": ("7.3.16.a",),
    "sabotage": ("7.3.18.a",),
    "sacrifice": ("7.3.19.a",),
    "move_forward": ("7.3.11.a",),
    "move_backward": ("7.3.10.a",),
    "gain_counters": ("2.5.e",),
    "remove_counters": ("2.5.f",),
    "gain_status": ("1.2.4.c",),
    "lose_status": ("1.2.4.c",),
    "choose_one": ("5.2.3.c",),
    "internal": ("5.2.3.g",),
    "put": ("1.2.4.c",),
}
LIST_LIMIT = 16  # complete target lists offered per card by legal_decisions(); above, the play is
# listed without them and a `targets` decision follows (engine/README.md)


CLARIFICATIONS = f"article « {ARTICLE_2V2} », Clarifications"


def who(game: Table, player: str, spec: Any) -> str:
    """ "self" is the effect's controller, "opponent" the other player (in 2v2 the first of
    :func:`whom`), "A"/"B" themselves."""
    return whom(game, player, spec)[0]


@implements_article("Clarifications", 2, 4)
def whom(game: Table, player: str, spec: Any) -> list[str]:
    """The players a side names: "self" only the effect's controller (2v2 article: "dans votre
    Expédition", "que vous contrôlez" is only your side, not your teammate's); "opponent" each of
    the controller's opponents ("votre adversaire" is each of your opponents: one in 1v1, two in
    2v2); "teammate" the other player of the team (2v2); a player id itself."""
    st = game.state
    if spec in (None, "self"):
        return [player]
    if spec == "opponent":
        return st.opponents(player)
    if spec == "teammate":
        mate = st.teammate(player)
        return [mate] if mate else []
    return [spec]


def zone_count(game: Table, player: str, spec: str) -> int:
    side, _, zone = spec.partition(".")
    return sum(len(game.state.zones.get(f"{p}.{zone}", [])) for p in whom(game, player, side))


@implements_article("Clarifications", 1, 2, 3, 5)
def target_options(game: Table, player: str, source: str, step: dict) -> list[str]:
    """The legal choices for one occurrence of "cible" in `step` (its verb decides where). In 2v2
    (the article's clarifications): a targeted expedition or character is any, allied or enemy,
    unless the step names a `controller`; "self" is only the controller's side; a targeted
    opponent (`player: "choose", controller: "opponent"`) is one of their opponents; one sacrifices
    only what one controls, never the teammate's."""
    st = game.state
    verb = step["action"]
    key = TARGET_KEY.get(verb)
    sides = whom(game, player, step["controller"]) if step.get("controller") else list(st.players)
    if key == "player":
        return sides
    if key == "expedition":
        return [f"{p}.{kind}" for p in sides for kind in EXPEDITIONS]
    zones: tuple[str, ...]
    if verb == "sabotage":
        zones = ("reserve",)  # 7.3.18.a: a card in a Reserve
    elif verb == "sacrifice":
        zones, sides = IN_PLAY_ZONES, [player]  # 7.3.19.a: an object one controls in play
    elif verb == "discard":
        zones = IN_PLAY_ZONES + ("reserve",)
    else:
        zones = IN_PLAY_ZONES
    want = step.get("type")
    other = step.get("other") is True  # "un autre … ciblé": the source excluded
    return [
        c.id
        for p in sides
        for z in zones
        for c in st.zones[f"{p}.{z}"]
        if (want is None or c.type == want) and not (other and c.id == source)
    ]


def option_count(game: Table, player: str, source: str, step: dict, cache: dict) -> int:
    """len(target_options(...)), with the options of steps alike (same verb, controller, type)
    computed once per `cache` (a dict the caller keeps for one decision's listing)."""
    key = (player, step.get("action"), step.get("controller"), step.get("type"))
    if key not in cache:
        pool = target_options(game, player, "", step)
        cache[key] = (len(pool), set(pool))
    n, pool_set = cache[key]
    return n - (step.get("other") is True and source in pool_set)


@implements("5.2.3.c", "5.2.3.d")
def expand_mode(steps: list[dict], mode: int) -> list[dict]:
    """5.2.3.c–d: the effect with its first "Choisissez-en un" replaced by the chosen mode; only
    that mode's targets are then considered."""
    out: list[dict] = []
    done = False
    for s in steps:
        if not done and s.get("action") == "choose_one":
            out += copy_json(s["modes"][mode])
            done = True
        else:
            out.append(s)
    return out


@implements(*cr5("6.5.g"))
def expand_modes(steps: list[dict], modes: list[int]) -> list[dict]:
    """cr-5.0, 6.5.g: the first "Choisissez X" replaced by the chosen modes, resolved in the order
    they were chosen; the modes not chosen are ignored."""
    out: list[dict] = []
    done = False
    for s in steps:
        if not done and s.get("action") == "choose_one":
            for m in modes:
                out += copy_json(s["modes"][m])
            done = True
        else:
            out.append(s)
    return out


@implements("5.2.3.b", "7.3.18.a")
def targets_problem(game: Table, player: str, source: str, steps: list[dict], targets: Any) -> str | None:
    """5.2.3.b: one choice per occurrence of "cible", each object at most once per occurrence. An
    "up to" occurrence (Sabotage, 7.3.18.a: "jusqu'à une carte ciblée") may leave targets unchosen:
    `null` in their place."""
    slots = declared_slots(steps)
    need = sum(chooses(s) for s in slots)
    if not isinstance(targets, list) or len(targets) != need:
        return Refusal(
            f"il faut {need} cible{'s' if need > 1 else ''} dans l'ordre des étapes, reçu {targets!r}", "5.2.3.b"
        )
    k = 0
    for s in slots:
        n = chooses(s)
        chosen = targets[k : k + n]
        k += n
        if up_to(s):
            chosen = [t for t in chosen if t is not None]  # "jusqu'à" (7.3.18.a): none is legal
        options = target_options(game, player, source, s)
        bad = [t for t in chosen if t not in options]
        if bad:
            return Refusal(
                f"cible illégale pour « {s['action']} » : {', '.join(map(str, bad))} "
                f"(possibles : {', '.join(options) or 'aucune'}){_teammate_reason(game, player, s, bad)}",
                "5.2.3.b",
            )
        if len(set(chosen)) != len(chosen):
            return Refusal("un même objet est choisi deux fois pour une seule occurrence de « cible »", "5.2.3.b")
    return None


def _teammate_reason(game: Table, player: str, step: dict, bad: list) -> str:
    """In 2v2, why a target on the teammate's side is refused: the article's clarification."""
    mate = game.state.teammate(player)
    if mate is None:
        return ""
    for t in bad:
        zone = game.state.loc.get(t) if isinstance(t, str) else None
        side = split_zone(zone)[0] if zone else str(t).partition(".")[0]
        if side == mate:
            if step.get("controller") == "opponent":
                return f" ; {CLARIFICATIONS} : un adversaire ciblé est l'un de vos adversaires, pas votre coéquipier"
            if step.get("action") == "sacrifice":
                return f" ; {CLARIFICATIONS} : on ne sacrifie que ce qu'on contrôle, pas ce que contrôle son coéquipier"
            return f" ; {CLARIFICATIONS} : « vous » ne désigne que votre côté du plateau, pas celui de votre coéquipier"
    return ""


def choice_problem(
    chosen: Any, options: list[str], n: int, fewer: bool = False, rules: tuple[str, ...] = ("5.2.3.b",)
) -> Refusal | None:
    """Why `chosen` is not n different elements of `options` (None if it is; `fewer`: up to n, zero
    included), the refusal carrying `rules` (the rules that decide, as the engine numbers them; the
    game cites them in the rule set played): checked directly, without listing the combinations
    (issue 11, "Bounded")."""
    allowed = set(options)
    if (
        not isinstance(chosen, list)
        or (len(chosen) > n if fewer else len(chosen) != n)
        or len(set(map(str, chosen))) != len(chosen)
        or not all(isinstance(t, str) and t in allowed for t in chosen)
    ):
        shown = ", ".join(options[:20]) + (" …" if len(options) > 20 else "")
        many = f"jusqu'à {n}" if fewer else str(n)
        kind = "cibles différentes" if n > 1 else "cible"
        return Refusal(f'réponse attendue : "targets" avec {many} {kind} parmi {shown}', *rules)
    return None


def slot_count(m: int, n: int, fewer: bool) -> int:
    """How many choices one occurrence of "cible" has among m objects: C(m, n), or for "up to n"
    the sum of C(m, k) for k = 0..n."""
    return sum(comb(m, k) for k in range(min(n, m) + 1)) if fewer else comb(m, n)


def slot_choices(options: list[str], n: int, fewer: bool, pad: bool = True) -> Iterator[tuple]:
    """The choices of one occurrence, lazily: n different options; for "up to n" the larger ones
    first, down to none, each padded with `None` for the targets not chosen (a declaration's flat
    list keeps one place per target) unless `pad` is false."""
    if not fewer:
        return combinations(options, n)
    sizes = range(min(n, len(options)), -1, -1)
    if not pad:
        return chain.from_iterable(combinations(options, k) for k in sizes)
    return chain.from_iterable(((*c, *(None,) * (n - k)) for c in combinations(options, k)) for k in sizes)


def completions_count(game: Table, player: str, source: str, steps: list[dict], cache: dict | None = None) -> int:
    """How many complete target lists these steps have: the product, over the occurrences of
    "cible", of C(options, n) (computed, not enumerated)."""
    total = 1
    cache = {} if cache is None else cache
    for s in declared_slots(steps):
        total *= slot_count(option_count(game, player, source, s, cache), chooses(s), up_to(s))
        if not total:
            return 0
    return total


def completions(
    game: Table, player: str, source: str, steps: list[dict], limit: int = LIST_LIMIT
) -> list[list[str]] | None:
    """Every complete target list for these steps, or None when there are more than `limit`;
    [] when one occurrence has no legal choice. Counted before anything is listed."""
    total = completions_count(game, player, source, steps)
    if total > limit:
        return None
    return first_completions(game, player, source, steps, limit)


def can_target(game: Table, player: str, source: str, steps: list[dict]) -> bool:
    """Whether every occurrence of "cible" has enough legal choices (5.2.3.b); an "up to" one always has."""
    return all(up_to(s) or len(target_options(game, player, source, s)) >= chooses(s) for s in declared_slots(steps))


def first_completions(game: Table, player: str, source: str, steps: list[dict], cap: int) -> list[list[str]]:
    """The first `cap` complete target lists (in the order of the options), produced lazily."""
    return list(islice(iter_completions(game, player, source, steps), max(cap, 0)))


def iter_completions(game: Table, player: str, source: str, steps: list[dict]) -> Iterator[list[str]]:
    """Every complete target list, lazily: a product of the occurrences' combinations in which
    each occurrence's combinations are generated on demand (itertools.product would build them all)."""
    slots = [(target_options(game, player, source, s), chooses(s), up_to(s)) for s in declared_slots(steps)]
    if any(len(options) < n and not fewer for options, n, fewer in slots):
        return iter(())
    total = 1
    for options, n, fewer in slots:
        total *= slot_count(len(options), n, fewer)
    if total <= SMALL_PRODUCT:  # few: itertools builds the occurrences' lists, in C
        combos: Iterator = product(*(slot_choices(options, n, fewer) for options, n, fewer in slots))
    else:
        combos = lazy_product([partial(slot_choices, options, n, fewer) for options, n, fewer in slots])
    return ([t for part in combo for t in part] for combo in combos)


def stamp(game: Table, value: str) -> list:
    card = game.state.loc.get(value)
    return [value, game.state.card(value).timestamp if card else None]
