"""Playing a card, quick actions and the Mana Orb swap, on a player's turn (1.3.2.d).

Each check returns None or the reason, naming the rule that forbids the play; the turn's `Need`
uses them so that an illegal decision is refused with its rule and the state left untouched.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..errors import Refusal
from ..model import EXPEDITIONS, IN_PLAY_ZONES, split_zone
from ..versions import CR5, cr5
from ..vocabulary import vocabulary
from . import actions, effects
from .frames import frame, push
from .registry import ARTICLE_2V2, art, implements, implements_article
from .targets import (
    LIST_LIMIT,
    can_target,
    completions_count,
    declared_slots,
    expand_mode,
    iter_completions,
    modes_of,
    stamp,
    targets_problem,
)

if TYPE_CHECKING:
    from ..model import Card
    from ..table import Table

PLAYABLE_TYPES = ("character", "spell", "permanent")
_TYPES = vocabulary()["card_types"]  # « Héros », for a refusal


def _where(game: Table, player: str, card_id: Any) -> str | None:
    """'hand' or 'reserve' when the card is in that zone of `player`, else None."""
    zone = game.state.loc.get(card_id) if isinstance(card_id, str) else None
    if zone is None:
        return None
    p, z = split_zone(zone)
    return z if p == player and z in ("hand", "reserve") else None


def _blocked(game: Table, card: Card, src: str, ready: int) -> str | None:
    """Why `card` cannot be played from `src` (hand or reserve) with `ready` Orbs, as a short reason
    that card_problem() spells out; None when it can (costs and zone only)."""
    if card.type not in PLAYABLE_TYPES:
        return "type"
    if src == "reserve":
        if card.reserve_cost is None:
            return "no_reserve_cost"
        if game.state.rules == CR5 and card.has("exhausted"):
            return "exhausted"
        return "mana" if (card.reserve_cost or 0) > ready else None
    return "mana" if card.hand_cost > ready else None


@implements("2.2.7.a", "2.2.7.b", "2.2.7.c", "3.2.9.f", *cr5("2.4.6.c", "5.2.a", "2.2.1.a"))
def card_problem(game: Table, player: str, card_id: Any, ready: int | None = None) -> Refusal | None:
    """Why `player` cannot play `card_id` now, costs and zone only (targets checked apart), with the
    rule that decides it (a :class:`Refusal`). `ready`: the player's ready Orbs when the caller
    counted them already."""
    v5 = game.state.rules == CR5
    src = _where(game, player, card_id)
    if src is None:
        # 1.3.2.d: a card is played during one's turn from Hand or Reserve; CR 5.0 5.2.a says where
        where = cr5("5.2.a") if v5 else ("1.3.2.d",)
        return Refusal(f"{card_id!r} n'est ni dans la Main ni dans la Réserve de {player}", *where)
    card = game.state.card(card_id)
    ready = len(effects.ready_orbs(game, player)) if ready is None else ready
    why = _blocked(game, card, src, ready)
    if why is None:
        return None
    if why == "type":
        # only Characters, Permanents and Spells are played: CR 5.0 2.2.1.a gives the types, 5.2 how each is
        # played; the French text's list of types (1.2.2.c) is not a rule the engine plays (RULES.md), so
        # under fr-1 the turn's rule is cited
        kind = _TYPES.get(card.type, card.type)
        text = f"La carte {effects.card_label(card)} est de type {kind} : elle ne se joue pas"
        return Refusal(text, *cr5("2.2.1.a")) if v5 else Refusal(text)
    if why == "no_reserve_cost":
        return Refusal(
            f"La carte {effects.card_label(card)} n'a pas de coût de Réserve : elle ne peut pas être jouée depuis la "
            "Réserve",
            "2.2.7.b",
        )
    if why == "exhausted":
        return Refusal(
            f"La carte {effects.card_label(card)} est épuisée dans la Réserve : elle ne peut pas être jouée",
            *cr5("2.4.6.c"),
        )
    cost = (card.reserve_cost or 0) if src == "reserve" else card.hand_cost
    return Refusal(
        f"{card.name} coûte {cost} mana depuis la {'Réserve' if src == 'reserve' else 'Main'} et {player} "
        f"n'a que {effects.orbs_ready(ready)}",
        "3.2.9.f",
        *(("2.2.7.a",) if src == "reserve" else ()),
    )


def _choices(game: Table, player: str, card: Card, steps: list[dict], d: dict) -> tuple[str | None, bool]:
    """Check the mode and targets of a declaration; (problem, complete). cr-5.0: none are chosen
    on declaration: targets before each step resolves (6.5.b), modes when the modal step resolves
    (6.5.g); a card is played even if a step will find no target (6.5.b: that step does nothing)."""
    if game.state.rules == CR5:
        given = [k for k in ("mode", "targets") if k in d]
        if given:
            return (
                Refusal(
                    f"{card.name} : sous les règles CR 5.0, {' et '.join(given)} ne se choisissent pas à la "
                    "déclaration mais pendant la résolution, étape par étape",
                    *cr5("6.5.b", "6.5.g"),
                ),
                False,
            )
        return None, True
    n_modes = modes_of(steps)
    if n_modes:
        if "mode" not in d:
            if not any(can_target(game, player, card.id, expand_mode(steps, m)) for m in range(n_modes)):
                return Refusal(f"{card.name} : aucun mode n'a de cibles légales", "5.2.3.d", "5.2.3.b"), False
            return None, False
        if d["mode"] not in range(n_modes):
            return Refusal(f"mode attendu entre 0 et {n_modes - 1}", "5.2.3.c"), False
        steps = expand_mode(steps, d["mode"])
    if "targets" not in d:
        if declared_slots(steps):
            if not can_target(game, player, card.id, steps):
                return Refusal(f"{card.name} : aucune cible légale pour une occurrence de « cible »", "5.2.3.b"), False
            return None, False
        return None, True
    return targets_problem(game, player, card.id, steps, d["targets"]), True


def _steps_of(card: Card) -> list[dict]:
    return card.effect if card.type == "spell" else []


@implements(*cr5("5.2.1.a"))
def play_problem(game: Table, player: str, d: dict) -> tuple[str | None, bool]:
    """(why the `play` decision is illegal, whether it is complete). An incomplete one (mode or
    targets to choose) is declared and completed by the `mode` / `targets` decisions."""
    refused = card_problem(game, player, d.get("play"))
    if refused:
        return refused, False
    card = game.state.card(d["play"])
    problem = teammate_problem(game, player, card, d)
    if problem:
        return problem, False
    if card.type == "character":
        if expedition_kind(d) not in EXPEDITIONS:
            # CR 5.0 5.2.1.a: the player chooses, on declaration, which of their Expeditions it enters
            # (the French text has no rule of its own for it: the turn's rule is cited)
            text = f'{card.name} est un Personnage : "expedition" attendu (hero ou companion)'
            return (Refusal(text, *cr5("5.2.1.a")) if game.state.rules == CR5 else text), False
    return _choices(game, player, card, _steps_of(card), d)


def expedition_kind(d: dict) -> Any:
    """`expedition` of a play: "hero" / "companion", or "A1.hero" naming the player (the player's own)."""
    e = d.get("expedition")
    return e.partition(".")[2] if isinstance(e, str) and "." in e else e


@implements_article("Interactions avec votre coéquipier", 3)
def teammate_problem(game: Table, player: str, card: Card, d: dict) -> str | None:
    """The 2v2 article: no card is played directly into a teammate's Expedition or Landmarks (nor
    anyone else's: a card is played into one's own). `expedition` may name the player ("A2.hero");
    `landmarks` may name whose Landmarks a permanent enters; anyone but the player is refused."""
    e = d.get("expedition")
    side = e.partition(".")[0] if isinstance(e, str) and "." in e else None
    if side is None and "landmarks" in d:
        side = d["landmarks"]
    if side is None or side == player:
        return None
    expedition = e is not None and "." in str(e)
    where = "l'Expédition" if expedition else "la Zone de Repère"
    if side == game.state.teammate(player):
        return (
            f"{player} ne peut pas jouer {card.name} directement dans {where} de son coéquipier {side} "
            f"(article « {ARTICLE_2V2} », Interactions avec votre coéquipier)"
        )
    own = "Expédition" if expedition else "Zone de Repère"
    return Refusal(f"{player} ne peut jouer {card.name} que dans sa propre {own}, pas dans celle de {side}", "1.3.2.d")


@implements("1.2.4.c", *cr5("5.3.b"))
def _controls(game: Table) -> tuple[str, ...]:
    """The rule of whose quick actions a player plays: their own objects' (1.2.4.c; CR 5.0 5.3.b: "of a
    Character or Permanent they control, their Hero, or a support quick action of a card in their
    Reserve")."""
    return cr5("5.3.b") if game.state.rules == CR5 else ("1.2.4.c",)


def _ability(
    game: Table, player: str, d: dict, ready: int | None = None
) -> tuple[str | None, Card | None, dict | None]:
    st = game.state
    cid = d.get("quick")
    zone = st.loc.get(cid) if isinstance(cid, str) else None
    if not isinstance(cid, str) or zone is None or split_zone(zone)[0] != player:
        return Refusal(f"{player} ne contrôle pas {cid!r}", *_controls(game)), None, None
    card = st.card(cid)
    k = d.get("ability", 0)
    abilities = card.abilities
    if (
        not isinstance(k, int)
        or not 0 <= k < len(abilities)
        or not isinstance(abilities[k], dict)
        or not isinstance(abilities[k].get("quick"), dict)
    ):
        return Refusal(f"{card.name} n'a pas d'action rapide n°{k!r}", *_controls(game)), None, None
    a = abilities[k]
    if not effects.works_in(a, split_zone(zone)[1], card.has("exhausted"), st.rules):
        v5 = st.rules == CR5 and effects.is_support(a) and "zones" not in a
        where = (
            ", ".join(a["zones"])
            if "zones" in a
            else "dans la Réserve, et seulement prête (capacité de soutien)"
            if v5
            else "dans la Réserve (capacité de soutien)"
            if effects.works_in(a, "reserve")
            else "en jeu"
        )
        rules = ("1.2.4.d", *cr5("2.4.6.e")) if v5 else ("1.2.4.d",)
        return Refusal(f"l'action rapide de {card.name} ne fonctionne que {where}", *rules), None, None
    return effects.cost_problem(game, player, cid, a["quick"], ready), card, a


def quick_problem(game: Table, player: str, d: dict) -> tuple[str | None, bool]:
    problem, card, a = _ability(game, player, d)
    if problem or card is None or a is None:
        return problem, False
    return _choices(game, player, card, a.get("effect", []), d)


@implements("3.2.9.e", *cr5("3.2.9.e"))
def swap_problem(game: Table, player: str, d: dict) -> str | None:
    """3.2.9.e: exhaust a ready Mana Orb to ready an exhausted one: {"swap": [ready, exhausted]}."""
    pair = d.get("swap")
    mana = {c.id: c for c in game.state.zones[f"{player}.mana"]}
    if not isinstance(pair, list) or len(pair) != 2 or any(x not in mana for x in pair):
        return Refusal(f'réponse attendue : "swap": [Orbe prêt, Orbe épuisé] de la Zone de Mana de {player}', "3.2.9.e")
    if mana[pair[0]].has("exhausted") or not mana[pair[1]].has("exhausted"):
        return Refusal("le premier Orbe doit être prêt et le second épuisé", "3.2.9.e")
    return None


def check(game: Table, player: str, d: dict) -> str | None:
    """Why a `turn` decision does not fit (None if it does)."""
    if d.get("pass") is True:
        return None
    if "play" in d:
        return play_problem(game, player, d)[0]
    if "quick" in d:
        return quick_problem(game, player, d)[0]
    if "swap" in d:
        return swap_problem(game, player, d)
    return 'réponse attendue : {"pass": true}, {"play": …}, {"quick": …, "ability": n} ou {"swap": […]}'


def _declaration_plan(
    game: Table, player: str, card: Card, steps: list[dict], cache: dict | None = None
) -> list[tuple[int | None, int]] | None:
    """How a card's or ability's decisions are listed: [(mode, number of complete target lists)]
    when they are few (at most LIST_LIMIT in all), None when only the bare declaration is listed.
    Counted combinatorially, nothing is enumerated."""
    n_modes = modes_of(steps)
    plan: list[tuple[int | None, int]] = []
    total = 0
    for m in range(n_modes) if n_modes else [None]:
        s = expand_mode(steps, m) if m is not None else steps
        n = completions_count(game, player, card.id, s, cache) if declared_slots(s) else 1
        total += n
        if total > LIST_LIMIT:
            return None
        plan.append((m, n))
    return plan


def _declarations(game: Table, player: str, base: dict, card: Card, steps: list[dict], cache: dict) -> Iterator[dict]:
    """The decisions for one card or ability: complete when few, else the bare declaration
    (cr-5.0: always the bare declaration, the choices come during the resolution). `cache` holds
    the target pools of one listing (see targets.option_count)."""
    plan = None if game.state.rules == CR5 else _declaration_plan(game, player, card, steps, cache)
    if plan is None:
        yield base
        return
    for m, _n in plan:
        with_mode = dict(base, **({"mode": m} if m is not None else {}))
        s = expand_mode(steps, m) if m is not None else steps
        if not declared_slots(s):
            yield with_mode
            continue
        for t in iter_completions(game, player, card.id, s):
            yield dict(with_mode, targets=t)


def _declarations_count(game: Table, player: str, card: Card, steps: list[dict], cache: dict) -> int:
    if game.state.rules == CR5:
        return 1
    plan = _declaration_plan(game, player, card, steps, cache)
    return 1 if plan is None else sum(n for _, n in plan)


def _playable(game: Table, player: str) -> Iterator[tuple[dict, Card, list[dict]]]:
    """(base decision, card, effect steps) for each card playable now, once per expedition for
    characters, then each usable quick action."""
    st = game.state
    ready = len(effects.ready_orbs(game, player))
    for zone in ("hand", "reserve"):
        for card in st.zones[f"{player}.{zone}"]:
            if _blocked(game, card, zone, ready):  # card_problem's verdict, for a card known to be there
                continue
            exps = EXPEDITIONS if card.type == "character" else (None,)
            for e in exps:
                yield {"player": player, "play": card.id, **({"expedition": e} if e else {})}, card, _steps_of(card)
    for zone in IN_PLAY_ZONES + ("reserve",):
        for card in st.zones[f"{player}.{zone}"]:
            for k, a in enumerate(card.abilities):
                if isinstance(a, dict) and isinstance(a.get("quick"), dict):
                    base = {"player": player, "quick": card.id, "ability": k}
                    if _ability(game, player, base, ready)[0] is None:
                        yield base, card, a.get("effect", [])


def _swap(game: Table, player: str) -> dict | None:
    ready = effects.ready_orbs(game, player)
    tired = next((c.id for c in game.state.zones[f"{player}.mana"] if c.has("exhausted")), None)
    return {"player": player, "swap": [ready[0], tired]} if ready and tired else None


def options(game: Table, player: str) -> Iterator[dict]:
    """Every legal `turn` decision, compactly and lazily: pass; one per card and expedition, with
    its targets when they are few (else the bare declaration, completed by a `targets` decision);
    each quick action the same way; one Orb swap."""
    yield {"player": player, "pass": True}
    cache: dict = {}  # the target pools, computed once for the whole listing
    for base, card, steps in _playable(game, player):
        if steps:
            yield from _declarations(game, player, base, card, steps, cache)
        else:  # nothing to choose on declaration (a character, a permanent)
            yield base
    swap = _swap(game, player)
    if swap:
        yield swap


def options_count(game: Table, player: str) -> int:
    """How many decisions :func:`options` produces in all, counted without listing them."""
    n = 1 + (_swap(game, player) is not None)
    cache: dict = {}
    for _, card, steps in _playable(game, player):
        n += _declarations_count(game, player, card, steps, cache)
    return n


# -- doing it -------------------------------------------------------------------------------------
@implements("5.2.3.b", "5.2.3.c", "5.2.3.d", "1.2.4.d", *cr5("2.2.12.g", "2.2.12.i"))
def _declared(game: Table, player: str, card_id: str, d: dict, support: bool = False) -> None:
    """Say what was chosen on declaration: the mode (5.2.3.c–d), the targets (5.2.3.b), and that a
    support ability works from the Reserve (1.2.4.d)."""
    rules: tuple[str, ...] = ()
    if d.get("mode") is not None:
        rules += ("5.2.3.c", "5.2.3.d")
    if d.get("targets"):
        rules += ("5.2.3.b",)
    if support:
        rules += cr5("2.2.12.g", "2.2.12.i") if game.state.rules == CR5 else ("1.2.4.d",)
    if rules:
        game.emit(
            ev.Declared(card_id, player, d.get("mode"), tuple(d.get("targets", ())), support),
            rules,
            articles=_clarified(game, player, d.get("targets", ())),
        )


def _clarified(game: Table, player: str, targets: Any) -> tuple[tuple[str, str], ...]:
    """2v2: a target on another player's side is allowed by the article's clarification."""
    st = game.state
    if st.mode != "2v2":
        return ()
    for t in targets or ():
        zone = st.loc.get(t) if isinstance(t, str) else None
        side = split_zone(zone)[0] if zone else str(t).partition(".")[0]
        if side in st.players and side != player:
            return art("Clarifications")
    return ()


@implements(
    "3.2.8.a",
    "2.4.6.a",
    "2.4.6.b",
    "2.4.6.d",
    "2.4.6.e",
    "5.2.3.h",
    "5.2.3.i",
    "2.5.j",
    "1.3.2.d",
    "5.2.3.a",
    "2.2.7.a",
    *cr5("5.2.1.c", "2.4.7.c", "2.4.7.a", "2.4.7.b"),
)
def play_card(game: Table, player: str, d: dict) -> None:
    """Play a card from Hand or Reserve: it goes to Limbo (3.2.8.a) — gaining Fugace if played from
    the Reserve (2.4.6.a characters, 2.4.6.d / 5.2.3.h spells) or if it is a spell with the Fugace
    keyword (2.4.6.e, 5.2.3.i) — and its cost is paid by exhausting Orbs (3.2.9.f, 2.2.7.a). A
    character then enters the chosen Expedition, Fugace again if it was (2.4.6.b), keeping its
    counters from the Reserve and Limbo (2.5.j); a permanent enters the Landmarks; both trigger
    their reactions (join 1.1.6.e, played from Hand 1.1.6.f / Reserve 1.1.6.g). A spell waits
    on the stack and resolves next (rules/effects.py)."""
    st = game.state
    card = st.card(d["play"])
    src = split_zone(st.loc[card.id])[1]
    from_reserve = src == "reserve"
    rules: tuple[str, ...] = ("3.2.8.a", "1.3.2.d")
    fleeting = False
    if from_reserve and card.type == "character":
        fleeting, rules = True, ("2.4.6.a",) + rules
    if card.type == "spell":
        if from_reserve:
            fleeting, rules = True, ("2.4.6.d", "5.2.3.h") + rules
        if "fleeting" in card.keywords:
            fleeting, rules = True, ("2.4.6.e", "5.2.3.i") + rules
    _declared(game, player, card.id, d)
    actions.move_card(
        game,
        card.id,
        None,
        "limbo",
        "play_reserve" if from_reserve else "play_hand",
        rules,
        enters=("fleeting",) if fleeting else (),
    )
    if from_reserve and card.type == "permanent" and st.rules == CR5:
        # CR 5.0 2.4.7.a gives Fleeting to any card played from the Reserve, but "Landmark Permanents
        # cannot have or gain Fleeting in any zone" (2.4.7.b, its remark): said, not granted
        game.emit(ev.Note("no_fleeting_landmark_played", card=card.id), cr5("2.4.7.a", "2.4.7.b"))
    cost = card.reserve_cost if from_reserve else card.hand_cost
    if cost:
        effects.pay_mana(game, player, cost, ("2.2.7.a",) if from_reserve else ("1.3.2.d",))
    trigger = "played_from_reserve" if from_reserve else "played_from_hand"
    v5 = st.rules == CR5
    if card.type == "spell":
        steps = card.effect if d.get("mode") is None else expand_mode(card.effect, d["mode"])
        targets = [stamp(game, t) for t in d.get("targets", [])]
        push(
            game,
            [
                frame(
                    card.id,
                    player,
                    "spell",
                    steps,
                    declared=not v5,  # cr-5.0: chosen on resolution (6.5.b, 6.5.g)
                    targets=targets,
                    after="spell",
                    source=st.card(card.id).timestamp,
                )
            ],
        )
        return
    again = st.card(card.id).has("fleeting")
    if card.type == "character":
        where = f"{expedition_kind(d)}_expedition"
        if v5 and again:
            # cr-5.0 5.2.1.c: the Character enters the Expedition, then, in another step, it gains
            # Fleeting if it had it in Limbo (2.4.7.c)
            actions.move_card(game, card.id, player, where, "resolve", ("3.2.8.a",))
            game.emit(ev.StatusChange(card.id, "fleeting", True, "fleeting_again"), cr5("5.2.1.c", "2.4.7.c"))
        else:
            rules = ("2.4.6.b",) if again else ("3.2.8.a",)
            actions.move_card(game, card.id, player, where, "resolve", rules, enters=("fleeting",) if again else ())
        effects.trigger(game, ("played_from_reserve" if from_reserve else "played_from_hand", "join"), [card.id])
    else:
        actions.move_card(game, card.id, player, "landmarks", "resolve", ("3.2.8.a",))
        # cr-5.0: entering the Landmarks is entering play, "when I join" (1.1.6.e, 7.3.10.a)
        effects.trigger(game, (trigger, "join") if v5 else (trigger,), [card.id])


@implements("1.2.4.c", "1.3.2.d")
def quick_action(game: Table, player: str, d: dict) -> None:
    """1.2.4.c / 1.3.2.d: pay the quick action's cost, then its effect waits on the stack."""
    st = game.state
    card = st.card(d["quick"])
    k = d.get("ability", 0)
    a = card.abilities[k]
    steps = a.get("effect", [])
    if d.get("mode") is not None:
        steps = expand_mode(steps, d["mode"])
    targets = [stamp(game, t) for t in d.get("targets", [])]
    _declared(game, player, card.id, d, support=split_zone(st.loc[card.id])[1] == "reserve")
    source = card.timestamp
    start = len(game.log)
    effects.pay_cost(game, player, card.id, a["quick"])
    declared = st.rules != CR5  # cr-5.0: targets and modes chosen on resolution (6.5.b, 6.5.g)
    f = frame(card.id, player, "quick", steps, fid=f"{card.id}:{k}", declared=declared, targets=targets, source=source)
    push(game, [f])
    effects.record_moves(game, game.state.stack[-1], start)  # a cost that moved the card (2.1.e)


@implements("3.2.9.e")
def anytime_swap(game: Table, d: dict) -> None:
    """3.2.9.e "à tout moment": a player swaps Orbs while the game waits for someone's decision; one
    step of its own, what the game waited for still waits."""
    game.emit(ev.Decision(d["player"], "swap", tuple(d.items())), ("3.2.9.e",))
    swap(game, d["player"], d)


@implements("3.2.9.e")
def swap(game: Table, player: str, d: dict) -> None:
    """3.2.9.e: exhaust one Mana Orb to ready another."""
    ready, tired = d["swap"]
    game.emit(ev.StatusChange(ready, "exhausted", True, "swap"), ("3.2.9.e",))
    game.emit(ev.StatusChange(tired, "exhausted", False, "swap"), ("3.2.9.e",))
