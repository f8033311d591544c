"""Effects and their resolution (1.2.4, 5.2.3): the stack of effects waiting to resolve.

A *frame* is one effect on its way: a spell in Limbo, a quick action, a reaction, an internal
action. Frames are plain JSON dicts kept in ``state.stack`` (front first, dumped under
``progress.stack``) and changed only through the journal, so undo and dump/resume stay exact:

    {"id": "a1:0", "card": "a1", "player": "A", "kind": "reaction", "trigger": "noon",
     "steps": [STEP...], "i": 0, "targets": [[value, timestamp], ...], "t": 0,
     "declared": false, "group": 3, "ordered": false, "after": null, "asked": null, "started": false}

While the stack holds a frame, it resolves before the cursor's step goes on (rules/flow.py).
One ``advance()`` resolves the front frame until it is done or a choice is missing: the order of
one player's simultaneous reactions (`order`), a mode (`mode`), a "vous pouvez" (`optional`), an
internal action (`optional`), or a target chosen on resolution (`targets`).

Targets (5.2.3.b): a STEP whose ``target``, ``expedition`` or ``player`` is ``"choose"`` is one
occurrence of "cible"; ``"choose": n`` asks for n different objects in that occurrence. Spells and
quick actions choose them on declaration (in step order, only in the chosen mode, 5.2.3.d; those of
optional and conditional steps too, 5.2.3.e–f; not those of internal actions, 5.2.3.g); reactions
and internal actions choose them when the step resolves. A card target is the object it was when
chosen: if it has since moved (a new object, 2.1.c) the step does nothing to it.

Under the official rules v5.0 (``state.rules == "cr-5.0"``, engine/README.md "Official rules v5.0")
nothing is chosen on declaration: every effect's targets are chosen just before their step resolves
(6.5.b), its modes when the modal step resolves, X of them in the order chosen (6.5.g); there are no
internal actions: such a step is an optional step with a cost (6.5.c, 6.4.c, 6.5.f).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations, product
from math import factorial, perm
from typing import TYPE_CHECKING, Any

from .. import events as ev
from ..errors import Refusal
from ..jsondata import copy_json
from ..model import EXPEDITION_ZONES, IN_PLAY_ZONES, Card, split_zone, team
from ..versions import CR5, cr5
from . import actions
from .flow import Need
from .frames import frame, push
from .registry import art, implements, implements_article, implements_phases, phases
from .targets import (
    CARD_VERBS,
    EXPEDITION_VERBS,
    TARGET_KEY,
    VERB_RULES,
    choice_problem,
    chooses,
    expand_mode,
    expand_modes,
    slot_choices,
    slot_count,
    stamp,
    target_options,
    up_to,
    whom,
    zone_count,
)

if TYPE_CHECKING:
    from ..table import Table


# -- costs (quick actions and internal actions) ----------------------------------------------
def ready_orbs(game: Table, player: str) -> list[str]:
    return [c.id for c in game.state.zones[f"{player}.mana"] if not c.has("exhausted")]


@implements("3.2.9.f")
def pay_mana(game: Table, player: str, amount: int, rules: tuple[str, ...]) -> None:
    """3.2.9.f: a mana cost X is paid by exhausting X Mana Orbs (the first ready ones)."""
    for orb in ready_orbs(game, player)[:amount]:
        game.emit(ev.StatusChange(orb, "exhausted", True, "mana"), ("3.2.9.f",) + rules)


def card_label(card: Card) -> str:
    """ "Garde (a1)", or "a1" for a card without a name: said after « la carte », a noun of known gender
    (a printed name says nothing of the card's gender, and the sentence agrees with its noun)."""
    return f"{card.name} ({card.id})" if card.name and card.name != card.id else card.id


def orbs_ready(count: int) -> str:
    """ "1 Orbe de Mana prêt", "2 Orbes de Mana prêts" (French: 0 and 1 take the singular)."""
    return f"{count} Orbe de Mana prêt" if count < 2 else f"{count} Orbes de Mana prêts"


@implements("1.1.6.h", "1.1.6.i", "1.1.6.j", "7.1.4.a", "7.1.4.b", "7.1.4.c", "2.5.g")
def cost_problem(game: Table, player: str, card_id: str, cost: dict, ready: int | None = None) -> Refusal | None:
    """Why `player` cannot pay `cost` for `card_id` now (None if they can); `ready`: the player's
    ready Orbs when the caller counted them already."""
    st = game.state
    card = st.card(card_id)
    zone = split_zone(st.loc[card_id])[1]
    if cost.get("exhaust_me") and card.has("exhausted"):
        return Refusal(
            f"La carte {card_label(card)} est déjà épuisée : le coût « Épuisez-moi » ne peut pas être payé",
            "1.1.6.h",
            "7.1.4.a",
        )
    if cost.get("discard_me") and zone != "reserve":
        return Refusal(
            f"La carte {card_label(card)} n'est pas dans la Réserve : « Défaussez-moi de la Réserve » impossible",
            "1.1.6.i",
            "7.1.4.b",
        )
    mana = int(cost.get("mana", 0))
    ready = len(ready_orbs(game, player)) if ready is None and mana else (ready or 0)
    if mana > ready:
        return Refusal(f"{player} n'a que {orbs_ready(ready)} pour payer {mana} mana", "1.1.6.j", "7.1.4.c", "3.2.9.f")
    for name, n in (cost.get("spend") or {}).items():
        if card.counters.get(name, 0) < n:
            have = card.counters.get(name, 0)
            counters = f"{have} jeton" if have < 2 else f"{have} jetons"
            return Refusal(f"La carte {card_label(card)} a {counters} « {name} », il en faut {n}", "2.5.g")
    return None


@implements("1.1.6.h", "1.1.6.i", "1.1.6.j", "7.1.4.a", "7.1.4.b", "7.1.4.c", "7.3.4.a", "2.5.g")
def pay_cost(game: Table, player: str, card_id: str, cost: dict) -> None:
    """Pay every part of a checked cost: counters, mana, then exhaust or discard the card."""
    for name, n in (cost.get("spend") or {}).items():
        actions.spend_counters(game, card_id, name, n)
    if cost.get("mana"):
        pay_mana(game, player, int(cost["mana"]), ("1.1.6.j", "7.1.4.c"))
    if cost.get("exhaust_me"):
        game.emit(ev.StatusChange(card_id, "exhausted", True, "cost"), ("1.1.6.h", "7.1.4.a"))
    if cost.get("discard_me"):
        actions.discard(game, card_id, "cost", ("1.1.6.i", "7.1.4.b", "7.3.4.a"))


# -- frames: rules/frames.py ----------------------------------------------------------------------
def _set(game: Table, f: dict, key: str, value: Any) -> None:
    game.journal.setitem(f, key, value)


def _current(f: dict) -> dict | None:
    return f["steps"][f["i"]] if f["i"] < len(f["steps"]) else None


@implements("5.2.3.f", *cr5("6.5.d"))
def condition_holds(game: Table, f: dict, step: dict) -> bool:
    """5.2.3.f: "Si [condition]" (`if`) / "à moins que [condition]" (`unless`), evaluated on
    resolution. Conditions: {"zone": "self.reserve", "at_least": n, "at_most": n},
    {"first_player": "self"|"opponent"}."""

    def holds(c: dict) -> bool:
        ok = True
        if "zone" in c:
            n = zone_count(game, f["player"], c["zone"])
            ok = n >= c.get("at_least", 0) and ("at_most" not in c or n <= c["at_most"])
        if "first_player" in c:
            ok = ok and first_player_is(game, f["player"], c["first_player"])
        return ok

    if "if" in step and not holds(step["if"]):
        return False
    return not ("unless" in step and holds(step["unless"]))


@implements_article("Effets du premier joueur", 1)
def first_player_is(game: Table, player: str, spec: str) -> bool:
    """Whether "you are the first player" (`spec` "self") or an opponent is ("opponent"). In 2v2
    (the article, Effets du premier joueur) such an effect counts if anyone of the team holds the
    marker: "self" holds when the controller or their teammate has it."""
    fp = game.state.first_player
    if fp is None:
        return False
    if spec in (None, "self"):
        return team(fp) == team(player)
    if spec == "opponent":
        return team(fp) != team(player)
    return fp == spec


def _first_player_note(game: Table, f: dict, step: dict) -> None:
    """2v2: say so when a first-player condition holds because the teammate holds the marker."""
    st = game.state
    conds = [c for c in (step.get("if"), step.get("unless")) if isinstance(c, dict) and "first_player" in c]
    fp = st.first_player
    if st.mode == "2v2" and conds and fp is not None and fp != f["player"] and team(fp) == team(f["player"]):
        game.emit(
            ev.Note("first_player_team", player=f["player"], players=(fp,)),
            cr5("6.5.d") if st.rules == CR5 else ("5.2.3.f",),
            articles=art("Effets du premier joueur"),
        )


#: the v5.0 paragraph that plays each French spell rule under cr-5.0 (6.5: every effect's steps)
V5_OF = {"5.2.3.b": "6.5.b", "5.2.3.c": "6.5.g", "5.2.3.e": "6.5.c", "5.2.3.f": "6.5.d"}


def _rules_of(f: dict, spell_rule: str, ruleset: str = "fr-1") -> tuple[str, ...]:
    """The rule that governs a choice: the spell rule for spells, 1.2.4.c for abilities; under
    cr-5.0 the v5.0 paragraph of 6.5, which governs every effect alike (spells and abilities)."""
    rule = cr5(V5_OF[spell_rule]) if ruleset == CR5 else (spell_rule,)
    return rule if f["kind"] in ("spell", "internal") else rule + ("1.2.4.c",)


def _group_pending(game: Table, f: dict) -> list[str]:
    return [
        g["id"]
        for g in game.state.stack
        if g["group"] == f["group"] and g["player"] == f["player"] and not g["ordered"]
    ]


def need_resolution(game: Table) -> Need | None:
    """The choice the front frame waits for, or None when it can go on by itself."""
    st = game.state
    f = st.stack[0]
    p = f["player"]
    if not f["ordered"]:
        ids = _group_pending(game, f)
        if len(ids) > 1:

            def fits_order(d: dict) -> str | None:
                order = d.get("order")
                if not isinstance(order, list) or sorted(order) != sorted(ids):
                    return f'réponse attendue : "order", un ordre de {", ".join(ids)}'
                return None

            return Need(
                p,
                "order",
                ids,
                len(ids),
                cr5("4.4.b", "4.4.c") if st.rules == CR5 else ("1.2.4.c",),
                f"{p} ordonne ses réactions déclenchées en même temps : {', '.join(ids)}.",
                fits_order,
                lambda: ({"player": p, "order": list(o)} for o in permutations(ids)),
                lambda: factorial(len(ids)),
                extra={"constraints": {"permutation": True}},
            )
    if not f["started"]:
        return None  # the entry announcing the resolution comes before the choices made inside it
    step = _current(f)
    if step is None or not condition_holds(game, f, step):
        return None
    verb = step["action"]
    name = game.names.get(f["card"], f["card"])
    v5 = st.rules == CR5
    if verb == "choose_one" and v5:
        return _need_modes(game, f, step, name)
    if verb == "choose_one":
        n = len(step["modes"])
        return Need(
            p,
            "mode",
            range(n),
            1,
            _rules_of(f, "5.2.3.c"),
            f"{p} choisit un mode de {name} (0 à {n - 1}).",
            lambda d: None if d.get("mode") in range(n) else f'réponse attendue : "mode" entre 0 et {n - 1}',
            lambda: ({"player": p, "mode": m} for m in range(n)),
            lambda: n,
        )
    if verb == "internal" and f["asked"] != f["i"]:
        problem = cost_problem(game, p, f["card"], step.get("cost") or {}) if f["card"] in st.loc else "source disparue"
        auto = {"player": p, "optional": False} if problem else None
        answers = (False,) if problem else (True, False)
        # cr-5.0 has no internal actions: "vous pouvez payer X pour faire Y" is an optional step
        # (6.5.c) whose cost must be paid in full (6.4.c), then "if you did" (6.5.f)
        rules = (cr5("6.5.c", "6.4.c") if problem else cr5("6.5.c", "6.5.f")) if v5 else ("5.2.3.g",)
        return Need(
            p,
            "optional",
            [True, False],
            1,
            rules,
            f"{name} : {p} peut payer {step.get('cost') or {}} pour faire "
            + ("l'étape qui suit (« si vous le faites »)." if v5 else "l'action interne."),
            _fits_optional,
            lambda: ({"player": p, "optional": v} for v in answers),
            lambda: len(answers),
            auto,
            extra={"step": f["i"], "card": f["card"]},
        )
    if step.get("optional") and f["asked"] != f["i"]:
        return Need(
            p,
            "optional",
            [True, False],
            1,
            _rules_of(f, "5.2.3.e", st.rules),
            f"{name} : {p} peut faire « {verb} » (vous pouvez).",
            _fits_optional,
            lambda: iter([{"player": p, "optional": True}, {"player": p, "optional": False}]),
            lambda: 2,
            extra={"step": f["i"], "card": f["card"]},
        )
    n = chooses(step)
    if n and not f["declared"] and f.get("chosen") != f["i"]:
        options = target_options(game, p, f["card"], step)
        fewer = up_to(step)  # "jusqu'à" (Sabotage, 7.3.18.a): choosing none is legal
        possible = bool(options) if fewer else len(options) >= n
        auto = None if possible else {"player": p, "targets": []}
        if v5 and not possible:
            # 6.5.b: a suitable object for each target, each at most once per step: with fewer
            # suitable objects than targets every one is taken (forced), the others do nothing
            auto = {"player": p, "targets": list(options)}
        rules = _rules_of(f, "5.2.3.b", st.rules) + (("5.2.3.g",) if f["kind"] == "internal" else ())
        rules += VERB_RULES["sabotage"] if fewer and step["action"] == "sabotage" else ()

        def fits_targets(d: dict) -> str | None:
            t = d.get("targets")
            if not possible:
                forced = auto["targets"] if auto else []
                return None if t == forced else f'cibles imposées : réponse attendue "targets": {forced}'
            return choice_problem(t, options, n, fewer, rules)

        def legal() -> Iterator[dict]:
            if auto is not None:
                return iter([auto])
            return ({"player": p, "targets": list(c)} for c in slot_choices(options, n, fewer, pad=False))

        return Need(
            p,
            "targets",
            options,
            n,
            rules,
            f"{name} : {p} choisit {'jusqu’à ' if fewer else ''}{n} cible{'s' if n > 1 else ''} pour « {verb} ».",
            fits_targets,
            legal,
            lambda: slot_count(len(options), n, fewer) if possible else 1,
            auto,
            extra={"step": f["i"], "action": verb, "card": f["card"], "constraints": {"distinct": True}},
        )
    return None


def _need_modes(game: Table, f: dict, step: dict, name: str) -> Need:
    """cr-5.0, 6.5.g: "Choisissez X" is chosen when the step resolves: X modes in the order the
    controller chooses, each at most once unless the effect allows repeats (`"repeat": true`). The
    answer is {"mode": m} for X = 1, or {"modes": [m, ...]} (any X), in the order chosen. Counted,
    never listed: n!/(n-X)! orders of different modes, n^X with repeats."""
    p = f["player"]
    n = len(step["modes"])
    x = min(int(step.get("choose", 1)), n) if step.get("repeat") is not True else int(step.get("choose", 1))
    repeat = step.get("repeat") is True

    def fits(d: dict) -> str | None:
        chosen = d["modes"] if "modes" in d else [d.get("mode")]
        if (
            len(chosen) != x
            or not all(isinstance(m, int) and not isinstance(m, bool) and 0 <= m < n for m in chosen)
            or (not repeat and len(set(chosen)) != x)
        ):
            each = "" if repeat else ", chacun au plus une fois"
            modes = "modes" if x > 1 else "mode"
            return Refusal(
                f'réponse attendue : "modes", {x} {modes} entre 0 et {n - 1} dans l\'ordre choisi{each}', *cr5("6.5.g")
            )
        return None

    def legal() -> Iterator[dict]:
        orders = product(range(n), repeat=x) if repeat else permutations(range(n), x)
        if x == 1:
            return ({"player": p, "mode": o[0]} for o in orders)
        return ({"player": p, "modes": list(o)} for o in orders)

    return Need(
        p,
        "mode",
        range(n),
        x,
        _rules_of(f, "5.2.3.c", CR5),
        f"{p} choisit {x} mode{'s' if x > 1 else ''} de {name} (0 à {n - 1}), dans l'ordre où ils se résolvent.",
        fits,
        legal,
        lambda: n**x if repeat else perm(n, x),
        extra={"step": f["i"], "card": f["card"], "constraints": {"ordered": True, "distinct": not repeat}},
    )


def _fits_optional(d: dict) -> str | None:
    return None if isinstance(d.get("optional"), bool) else 'réponse attendue : "optional": true ou false'


@implements(
    "1.2.4.c",
    "5.2.3.a",
    "5.2.3.b",
    "5.2.3.c",
    "5.2.3.e",
    "5.2.3.f",
    "5.2.3.g",
    "2.1.c",
    "1.1.6.e",
    "1.1.6.f",
    "1.1.6.g",
    "1.3.2.c",
    "1.3.2.d",
    "7.3.11.b",
    "7.3.18.a",
    *cr5("6.5.b", "6.5.c", "6.5.d", "6.5.f", "6.5.g", "6.4.c", "5.1.2.j", "7.1.1.a", "7.3.10.a", "4.4.b", "4.4.c"),
)
def resolve(game: Table, decision: dict | None) -> None:
    """Resolve the front frame until it is done (then pop it) or waits for a choice."""
    st = game.state
    f = st.stack[0]
    if decision is not None:
        if _apply_choice(game, f, decision):
            return
        f = st.stack[0]
    while True:
        if not f["ordered"]:
            for g in st.stack:
                if g["group"] == f["group"] and g["player"] == f["player"]:
                    _set(game, g, "ordered", True)
        if not f["started"]:
            _set(game, f, "started", True)
            game.emit(ev.Effect(f["card"], f["player"], f["kind"], "begin", f["trigger"]), _begin_rules(f, st.rules))
        if need_resolution(game) is not None:
            return
        step = _current(f)
        if step is None:
            _finish(game, f)
            if st.stack and st.stack[0]["started"]:  # the effect an internal action came from goes on
                f = st.stack[0]
                continue
            return
        cond = cr5("6.5.d") if st.rules == CR5 else ("5.2.3.f",)
        if not condition_holds(game, f, step):
            game.emit(ev.Note("condition_false", player=f["player"], card=f["card"]), cond)
            _skip(game, f, step)
            continue
        if "if" in step or "unless" in step:
            game.emit(ev.Note("condition_true", player=f["player"], card=f["card"]), cond)
        _first_player_note(game, f, step)
        start = len(game.log)
        _execute(game, f, step)
        record_moves(game, f, start)
        _set(game, f, "i", f["i"] + 1)
        if st.winner is not None:
            return


def record_moves(game: Table, f: dict, start: int) -> None:
    """Remember the objects this ability moved (log entries from `start`): it may find each new
    object again in a visible zone (2.1.e), through several of its own moves (2.1.f)."""
    st = game.state
    found = dict(f.get("found") or {})
    changed = False
    for e in game.log[start:]:
        if type(e.event) is ev.Move:
            cid = e.event.card
            ts = st.cards[cid].timestamp if cid in st.loc else None
            if ts is None:
                changed = changed or found.pop(cid, None) is not None
            else:
                found[cid] = [ts, found.get(cid, [0, 0])[1] + 1]
                changed = True
    if changed:
        _set(game, f, "found", found)


@implements("2.1.c", "2.1.e", "2.1.f")
def still_there(game: Table, f: dict, card_id: str, ts: int | None) -> bool:
    """Whether the object an ability refers to (`card_id`, the object of timestamp `ts` when it was
    chosen or when the ability was created) is still there. 2.1.c: a moved card is a new object,
    effects about the old one do not apply to it, "je" included; 2.1.e: unless the ability itself
    moved it to a visible zone, then it finds the new object there (2.1.f: through several moves)."""
    st = game.state
    if card_id in st.loc:
        now = st.cards[card_id].timestamp
        if ts is None or now == ts:
            return True
        mine = (f.get("found") or {}).get(card_id)
        if mine and mine[0] == now:
            game.emit(
                ev.Note("found_again", player=f["player"], card=card_id, count=mine[1]),
                ("2.1.e", "2.1.f") if mine[1] > 1 else ("2.1.e",),
            )
            return True
    game.emit(ev.Note("target_gone", player=f["player"], card=card_id), ("2.1.c",))
    return False


def _begin_rules(f: dict, ruleset: str = "fr-1") -> tuple[str, ...]:
    if f["kind"] == "spell" and ruleset == CR5:
        return cr5("5.1.2.j")  # resolution: a Spell performs its effect
    if f["kind"] == "reaction" and f["trigger"] == "join" and ruleset == CR5:
        return cr5("7.1.1.a", "7.3.10.a") + ("1.2.4.c",)  # "when I enter play"
    if f["kind"] == "reaction":
        return {
            "join": ("1.1.6.e",),
            "played_from_hand": ("1.1.6.f",),
            "played_from_reserve": ("1.1.6.g",),
            "noon": ("1.3.2.c",),
            "dusk": (),
        }.get(f["trigger"], ()) + ("1.2.4.c",)
    if f["kind"] == "quick":
        return ("1.2.4.c", "1.3.2.d")
    if f["kind"] == "internal":
        return ("5.2.3.g",)
    if f["kind"] == "tumult":
        return ("7.3.11.b",)
    return ("5.2.3.a",)


def _apply_choice(game: Table, f: dict, d: dict) -> bool:
    """Apply the decision the front frame waited for; True when this step ends here."""
    st = game.state
    if "order" in d:
        ids = d["order"]
        frames = {g["id"]: g for g in st.stack if g["id"] in ids and g["group"] == f["group"]}
        for g in frames.values():
            game.journal.pop(st.stack, st.stack.index(g))
        push(game, [frames[i] for i in ids], front=True)
        for g in frames.values():
            _set(game, g, "ordered", True)
        return False
    step = _current(f)
    v5 = st.rules == CR5
    if "modes" in d or ("mode" in d and v5):  # 6.5.g: the modes chosen, in that order
        chosen = d["modes"] if "modes" in d else [d["mode"]]
        _set(game, f, "steps", f["steps"][: f["i"]] + expand_modes(f["steps"][f["i"] :], chosen))
        return False
    if "mode" in d:
        _set(game, f, "steps", f["steps"][: f["i"]] + expand_mode(f["steps"][f["i"] :], d["mode"]))
        return False
    if "optional" in d:
        assert step is not None, "an optional choice is asked for a step"
        internal = step["action"] == "internal"
        if not d["optional"]:
            game.emit(
                ev.Note("optional_declined", player=f["player"], card=f["card"]),
                (cr5("6.5.c") if v5 else ("5.2.3.g",)) if internal else _rules_of(f, "5.2.3.e", st.rules),
            )
            _skip(game, f, step)
            return False
        _set(game, f, "asked", f["i"])
        if internal and v5:
            # cr-5.0: no internal action; the cost is paid, then "if you did" its steps resolve in
            # this same effect (6.5.c, 6.5.f), their targets chosen as each resolves (6.5.b)
            pay_cost(game, f["player"], f["card"], step.get("cost") or {})
            rest = copy_json(step.get("effect", [])) + f["steps"][f["i"] + 1 :]
            _set(game, f, "steps", f["steps"][: f["i"]] + rest)
            _set(game, f, "asked", None)  # the steps that came in are asked afresh (6.5.c)
            return False
        if internal:
            pay_cost(game, f["player"], f["card"], step.get("cost") or {})
            _set(game, f, "i", f["i"] + 1)
            push(
                game,
                [
                    frame(
                        f["card"],
                        f["player"],
                        "internal",
                        step.get("effect", []),
                        fid=f"{f['id']}/{f['i'] - 1}",
                        source=f.get("source"),
                        found=f.get("found"),
                    )
                ],
                front=True,
            )
            return True
        return False
    if "targets" in d:
        _set(game, f, "targets", f["targets"] + [stamp(game, t) if t in st.loc else [t, None] for t in d["targets"]])
        _set(game, f, "chosen", f["i"])
    return False


def _skip(game: Table, f: dict, step: dict) -> None:
    if f["declared"]:
        _set(game, f, "t", f["t"] + chooses(step))
    _set(game, f, "i", f["i"] + 1)


def _take(game: Table, f: dict, step: dict) -> list[str | None]:
    """The step's targets, the card ones checked to be the objects chosen (2.1.c)."""
    n = chooses(step)
    if not n:
        key = TARGET_KEY.get(step["action"])
        return [step.get(key, "self" if key == "player" else "")] if key else []
    if not f["declared"] and f.get("chosen") != f["i"]:
        return []
    # declared: n per occurrence; chosen on resolution: what was just chosen (6.5.b: maybe fewer)
    end = f["t"] + n if f["declared"] else len(f["targets"])
    chosen = f["targets"][f["t"] : end]
    _set(game, f, "t", end)
    out: list[str | None] = []
    for value, ts in chosen:
        if value is None or ts is not None and not still_there(game, f, value, ts):
            continue
        out.append(value)
    if up_to(step) and all(value is None for value, _ in chosen):
        return [None]  # "jusqu'à" with none chosen: said in the log (_execute)
    return out


def _execute(game: Table, f: dict, step: dict) -> None:
    """One effect step: the verb's keyword action, citing the rule that defines it."""
    st = game.state
    verb = step["action"]
    p = f["player"]
    if verb == "internal":  # declined or unpayable was handled; nothing else to do here
        return
    for target in _take(game, f, step):
        if st.winner is not None:
            return
        if target is None:  # an "up to" occurrence of "cible" with nothing chosen (7.3.18.a)
            game.emit(ev.Note("up_to_none", player=p, card=f["card"]), VERB_RULES.get(verb, ()))
            continue
        if target == "me" or (target == "self" and verb in CARD_VERBS):  # the card whose effect it is
            target = f["card"]
            if not still_there(game, f, target, f.get("source")):
                continue
        if verb in CARD_VERBS and target not in st.loc:
            game.emit(ev.Note("target_gone", player=p, card=target), ("2.1.c",))
            continue
        if verb == "draw":
            for q in _each(game, p, target):
                actions.draw(game, q, int(step.get("count", 1)), (), cause="draw")
        elif verb == "resupply":
            for q in _each(game, p, target):
                for _ in range(int(step.get("count", 1))):
                    actions.resupply(game, q)
        elif verb == "discard":
            actions.discard(game, target)
        elif verb == "sabotage":
            actions.sabotage(game, target)
        elif verb == "sacrifice":
            zone = st.loc[target]
            if split_zone(zone)[0] == p and split_zone(zone)[1] in IN_PLAY_ZONES:
                actions.sacrifice(game, p, target)
            else:
                game.emit(ev.Note("sacrifice_nothing", player=p, card=target), ("7.3.19.a",))
        elif verb in EXPEDITION_VERBS:
            side, _, kind = str(target).partition(".")
            move = actions.move_forward if verb == "move_forward" else actions.move_backward
            for q in _each(game, p, side):
                if st.winner is None:  # 4.3.a: the first movement that ends the game ends it
                    move(game, q, kind, "effect", ())
        elif verb == "gain_counters":
            actions.gain_counters(game, target, step.get("name", "boost"), int(step.get("count", 1)))
        elif verb == "remove_counters":
            actions.remove_counters(game, target, step.get("name", "boost"), int(step.get("count", 1)))
        elif verb == "put":
            put(game, p, target, step["zone"])
        elif verb == "gain_status":
            actions.gain_status(game, target, step["status"], ("1.2.4.c",))
        elif verb == "lose_status":
            actions.lose_status(game, target, step["status"], ("1.2.4.c",))


@implements("1.2.4.c", "1.1.6.e", *cr5("7.3.27.a", "7.1.1.a", "7.3.10.a", "7.3.20.a", "7.5.10.c"))
def put(game: Table, player: str, card_id: str, zone: str) -> None:
    """Put an object in play into `zone` of its controller (an owner's private zone, 3.1.2.c): a move
    (fr-1: an effect, 1.2.4.c; cr-5.0: 7.3.27.a). Its "when I join" reaction triggers when it joins
    an Expedition from elsewhere (fr-1, 1.1.6.e); under cr-5.0 when it enters play, i.e. joins the
    Expedition or the Landmarks from outside both (1.1.6.e, 7.3.10.a): a move between them neither
    leaves nor enters play (7.3.20.a), a `note` says so when the object has such a reaction."""
    st = game.state
    v5 = st.rules == CR5
    src = split_zone(st.loc[card_id])[1]
    holder = split_zone(st.loc[card_id])[0] or player
    actions.move_card(game, card_id, holder, zone, "put", cr5("7.3.27.a") if v5 else ("1.2.4.c",))
    if card_id not in st.loc:  # a token that ceased to exist
        return
    joins = (
        zone in IN_PLAY_ZONES and src not in IN_PLAY_ZONES
        if v5
        else zone in EXPEDITION_ZONES and src not in EXPEDITION_ZONES
    )
    if joins:
        trigger(game, ("join",), [card_id])
        return
    card = st.card(card_id)
    if zone in IN_PLAY_ZONES and any(isinstance(a, dict) and a.get("trigger") == "join" for a in card.abilities):
        # cr-5.0: a Character that switches Expeditions joins its new Expedition, not the Expedition
        # zone (7.5.10.c); between the Expedition and the Landmarks it neither leaves nor enters play
        switch = src in EXPEDITION_ZONES and zone in EXPEDITION_ZONES
        within = cr5("7.5.10.c") if switch else cr5("7.3.20.a")
        key = ("switches_expedition" if switch else "stays_in_play") if v5 else "no_join"
        game.emit(
            ev.Note(key, player=player, card=card_id),
            cr5("7.1.1.a", "7.3.10.a") + within if v5 else ("1.1.6.e",),
        )


def _each(game: Table, player: str, spec: str) -> list[str]:
    """The players a step acts on; in 2v2 "opponent" ("votre adversaire") is each opponent, said
    in the log with the article's clarification."""
    players = whom(game, player, spec)
    if spec == "opponent" and game.state.mode == "2v2":
        game.emit(ev.Note("each_opponent", player=player, players=tuple(players)), (), articles=art("Clarifications"))
    return players


@implements("5.2.3.j", "2.4.6.f", "3.2.8.a", *cr5("5.2.4.b"))
def _finish(game: Table, f: dict) -> None:
    """Pop the frame. A spell that has resolved leaves Limbo: to the Reserve, or to the Discard
    pile if it is Fugace (5.2.3.j, 2.4.6.f; cr-5.0: its owner's, 5.2.4.b — Cooldown is not in the
    format, so no spell arrives exhausted)."""
    st = game.state
    game.journal.pop(st.stack, 0)
    if f["after"] == "spell" and st.loc.get(f["card"]) == "limbo":
        card = st.card(f["card"])
        done = cr5("5.2.4.b") if st.rules == CR5 else ("5.2.3.j",)
        if card.has("fleeting"):
            actions.move_card(game, card.id, card.owner, "discard", "spell_fleeting", ("2.4.6.f",) + done)
        else:
            actions.move_card(game, card.id, card.owner, "reserve", "spell_done", done)


# -- reactions -----------------------------------------------------------------------------------
def is_support(ability: dict) -> bool:
    """A support ability: `support: true`, or a "Défaussez-moi de la Réserve" cost."""
    return bool(
        ability.get("support") or (isinstance(ability.get("quick"), dict) and ability["quick"].get("discard_me"))
    )


@implements("1.2.4.d", *cr5("2.2.12.g", "2.2.12.i", "2.2.12.j", "2.4.6.e"))
def works_in(ability: dict, zone: str, exhausted: bool = False, ruleset: str = "fr-1") -> bool:
    """1.2.4.d: abilities work in play (Expedition, Landmarks) unless they say otherwise; support
    abilities (`support: true`, or a "Défaussez-moi de la Réserve" cost) only in the Reserve;
    `zones` names other zones explicitly. cr-5.0 (1.2.4.d, 2.4.6.e): a support ability works only
    while the Reserve card is ready (`exhausted`: the card is exhausted)."""
    if "zones" in ability:
        return zone in ability["zones"]
    if is_support(ability):
        return zone == "reserve" and not (ruleset == CR5 and exhausted)
    return zone in IN_PLAY_ZONES


SETUP_2V2 = "Mise en place d'une partie multijoueur Altered en 2v2"
NOON = 'Activation des Capacités "À Midi"'
DUSK = 'Activation des Capacités "Au Crépuscule"'


def _phase_article(game: Table, names: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The phases article decides the order of "À Midi" / "Au Crépuscule" reactions: the first
    player's first, then the opponent's (in 2v2 clockwise, the 2v2 article)."""
    return phases(NOON) if "noon" in names else phases(DUSK) if "dusk" in names else ()


@implements(
    "1.2.4.d",
    "1.1.6.e",
    "1.1.6.f",
    "1.1.6.g",
    "1.3.2.c",
    "1.2.4.c",
    *cr5("7.1.1.a", "7.3.10.a", "4.2.b", "2.2.12.i", "2.2.12.j", "4.4.b", "4.4.c"),
)
@implements_phases(NOON, DUSK)
@implements_article(SETUP_2V2, 6)
def trigger(
    game: Table, names: str | tuple[str, ...], cards: list[str] | None = None, rules: tuple[str, ...] = ()
) -> int:
    """Reactions whose trigger is one of `names`, on `cards` (default: every object of both players
    where its abilities work, 1.2.4.d), queued as one simultaneous group: the first player's first,
    then the opponent's (the article on the phases); each player orders theirs (`order`).
    Returns the number of reactions queued."""
    st = game.state
    names = (names,) if isinstance(names, str) else names
    st_group = st.groups + 1
    queued: list[dict] = []
    for p in st.order:
        mine = []
        zones = [f"{p}.{z}" for z in IN_PLAY_ZONES + ("reserve",)]
        pool = (
            [c for z in zones for c in st.zones[z]]
            if cards is None
            else [st.card(c) for c in cards if c in st.loc and split_zone(st.loc[c])[0] == p]
        )
        for card in pool:
            zone = split_zone(st.loc[card.id])[1]
            for k, a in enumerate(card.abilities):
                if (
                    isinstance(a, dict)
                    and a.get("trigger") in names
                    and works_in(a, zone, card.has("exhausted"), st.rules)
                ):
                    mine.append(
                        frame(
                            card.id,
                            p,
                            "reaction",
                            a.get("effect", []),
                            fid=f"{card.id}:{k}",
                            trigger=a["trigger"],
                            group=st_group,
                            source=card.timestamp,
                        )
                    )
        queued += mine
    if not queued:
        return 0
    game.set(st, "groups", st_group)
    cite = _phase_article(game, names)
    if st.rules == CR5 and ("noon" in names or "dusk" in names):
        # CR 5.0 4.2.b: at the beginning of each phase an event activates its "at [that phase]" Reactions
        rules = cr5("4.2.b") + rules
    for f in queued:
        # a support reaction works from the Reserve (1.2.4.d; CR 5.0 2.2.12.i, and only ready, 2.2.12.j)
        support = split_zone(st.loc[f["card"]])[1] == "reserve"
        why = (cr5("2.2.12.i", "2.2.12.j") if st.rules == CR5 else ("1.2.4.d",)) if support else ()
        game.emit(  # cr-5.0: "when I join the Expedition" is "when I enter play" (1.1.6.e, 7.3.10.a)
            ev.Effect(f["card"], f["player"], "reaction", "triggered", f["trigger"]),
            _begin_rules(f, st.rules) + rules + why,
            articles=cite,
        )
    if len(queued) > 1:
        game.emit(
            ev.Effect(
                queued[0]["card"],
                st.first_player or queued[0]["player"],
                "reaction",
                "order",
                queued[0]["trigger"],
                tuple(f["id"] for f in queued),
            ),
            # CR 5.0: the first player in initiative order plays all their Reactions, then the next (4.4.b–c)
            (cr5("4.4.b", "4.4.c") if st.rules == CR5 else ("1.2.4.c",)) + rules,
            articles=cite + (art(SETUP_2V2) if st.mode == "2v2" else ()),
        )
    push(game, queued)
    return len(queued)
