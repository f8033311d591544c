"""Game objects in words, for a judge who reads them without the engine: a card's whole text
(conditions, the player concerned, modes, costs), a decision, the position in the day, the effect
being resolved, and what the board does not show (the choices already made).

Standard library and the engine's vocabulary only (core: it imports nothing that plays). Words come
from :mod:`engine.vocabulary`; orbs are named as the board shows them (« Orbe de Mana n°1 de A
(ao0) »), quick actions numbered from 1 as on the board. The log's sentences are
:mod:`engine.text.log`'s: this module words the objects a question states, not what a step did.

    >>> step_text({"action": "draw", "player": "opponent", "count": 2, "if": {"first_player": "self"}})
    'Si vous êtes le premier joueur, votre adversaire pioche 2 cartes'
    >>> position_text({"phase": "night", "day": 2, "progress": {"step": "night.cleanup", "sub": 1}}, player="B")
    'Jour 2, à la Nuit, au Nettoyage, quand B choisit ce qu’il garde'
"""

from __future__ import annotations

from typing import Any

from .words import PHASES, STATUSES, TYPES, ZONES, capital, framed, of, plural, trigger_text

#: The positions of a day (the engine's ``progress.step``), in game terms: never a count of steps.
POSITIONS = {
    "setup.adventure": "à la Mise en place, quand l'Aventure est préparée",
    "setup.first_player": "à la Mise en place, quand le premier joueur est désigné",
    "setup.shuffle": "à la Mise en place, quand les Decks sont mélangés",
    "setup.draw": "à la Mise en place, quand les joueurs piochent leur main de départ",
    "setup.mana": "à la Mise en place, quand les joueurs mettent des cartes en Mana",
    "morning.first_player": "au début du Matin, quand le marqueur Premier joueur passe",
    "morning.prepare": "au Matin, à l'étape Préparer",
    "morning.first_draw": "au Matin du premier jour, à la pioche",
    "morning.draw": "au Matin, quand chaque joueur pioche",
    "morning.shuffle": "au Matin, quand un Deck vide est reformé",
    "morning.first_mana": "au Matin du premier jour, quand les joueurs mettent des cartes en Mana",
    "morning.mana": "au Matin, quand les joueurs peuvent mettre une carte en Mana",
    "noon.reactions": "au début de Midi, quand les capacités « À Midi » se déclenchent",
    "noon.end": "à la fin de Midi, avant l'Après-midi",
    "afternoon.turn": "à l'Après-midi",
    "dusk.reactions": "au début du Crépuscule (capacités « Au Crépuscule », puis progression des Expéditions)",
    "dusk.progress": "au Crépuscule, au moment où les Expéditions avancent",
    "dusk.end": "à la fin du Crépuscule, avant la Nuit",
    "night.rest": "à la Nuit, au Repos (avant le Nettoyage)",
    "night.cleanup": "à la Nuit, au Nettoyage",
    "night.discard": "à la Nuit, après les choix du Nettoyage, quand les objets en excès sont défaussés",
}


def card_label(card_id: Any, names: dict[str, str] | None = None) -> str:
    """« Garde forestière (a1) », or the id alone when the card has no name."""
    name = (names or {}).get(card_id)
    return f"{name} ({card_id})" if name and name != card_id else str(card_id)


def names_of(state: dict) -> dict[str, str]:
    """Every card's name on the board, orbs named as the board numbers them (« Orbe de Mana n°2 de A »)."""
    names: dict[str, str] = {}
    for pid, player in (state.get("players") or {}).items():
        for zone, cards in (player or {}).items():
            if not isinstance(cards, list):
                continue
            for n, card in enumerate(c for c in cards if isinstance(c, dict) and "id" in c):
                if zone == "mana":
                    names[card["id"]] = f"Orbe de Mana n°{n + 1} de {pid}"
                else:
                    names[card["id"]] = card.get("name") or card["id"]
    for card in state.get("limbo") or []:
        if isinstance(card, dict) and "id" in card:
            names[card["id"]] = card.get("name") or card["id"]
    return names


# ---- a card's text ----------------------------------------------------------------------------------


def _side(side: str, subject: bool = True) -> str:
    """A player of a card's text, seen from its controller (« vous »)."""
    return {
        "self": "vous" if subject else "vous",
        "opponent": "votre adversaire",
        "teammate": "votre coéquipier",
        "choose": "le joueur ciblé",
    }.get(side, side)


PLURAL_ZONES = ("Repères",)


def _owned(side: str, thing: str) -> str:
    """« votre Main », « vos Repères », « la Main de votre adversaire », « la Main de B »."""
    if side == "self":
        return f"vos {thing}" if thing in PLURAL_ZONES else f"votre {thing}"
    return f"{article(thing)} de {_side(side)}"


def article(thing: str) -> str:
    if thing in PLURAL_ZONES:
        return f"les {thing}"
    if thing[:1] in "AEÉIOU":
        return f"l'{thing}"
    return f"{'la' if thing in ('Main', 'Réserve', 'Défausse', 'Zone de Mana') else 'le'} {thing}"


def condition_text(cond: dict, subjunctive: bool = False) -> str:
    """A step's ``if`` / ``unless`` (5.2.3.f, « à moins que » takes the subjunctive), from its
    controller's side."""
    if not isinstance(cond, dict):
        return str(cond)
    parts = []
    if "zone" in cond:
        side, _, zone = str(cond["zone"]).partition(".")
        where = _owned(side, ZONES.get(zone, zone))
        if subjunctive:
            who = "vous n'ayez" if side == "self" else f"{_side(side)} n'ait"
        else:
            who = "vous avez" if side == "self" else f"{_side(side)} a"
        if "at_least" in cond and "at_most" in cond:
            parts.append(f"{who} entre {cond['at_least']} et {cond['at_most']} cartes dans {where}")
        elif "at_most" in cond:
            parts.append(f"{who} au plus {plural(cond['at_most'], 'carte', 'cartes')} dans {where}")
        else:
            parts.append(f"{who} au moins {plural(cond.get('at_least', 0), 'carte', 'cartes')} dans {where}")
    if "first_player" in cond:
        side = cond["first_player"]
        if subjunctive:
            parts.append(
                "vous ne soyez le premier joueur" if side == "self" else f"{_side(side)} ne soit le premier joueur"
            )
        else:
            parts.append("vous êtes le premier joueur" if side == "self" else f"{_side(side)} est le premier joueur")
    return " et ".join(parts) or "?"


def _target(step: dict, names: dict[str, str], me: str = "") -> str:
    """The object a step acts on: a card of the board, « moi », or the target chosen on declaration."""
    target = step.get("target")
    if target == "me":
        return f"moi ({me})" if me else "moi"
    if target != "choose":
        return card_label(target, names)
    count = int(step.get("choose", 1))
    kind = TYPES.get(step.get("type", ""), "objet") if step.get("type") else "objet"
    other = "autre " if step.get("other") else ""
    feminine = False
    if count == 1:
        words = f"{'une' if feminine else 'un'} {other}{kind} ciblé"
    else:
        words = f"{count} {'autres ' if other else ''}{kind}s ciblés"
    controller = step.get("controller")
    if controller == "self":
        words += " que vous contrôlez"
    elif controller:
        words += f" que {_side(controller)} contrôle"
    return words


def _expedition(value: Any) -> str:
    if value == "choose":
        return "une Expédition ciblée"
    side, _, kind = str(value).partition(".")
    name = "Expédition du Héros" if kind == "hero" else "Expédition du Compagnon"
    if side == "self":
        return f"votre {name}"
    if side in ("opponent", "teammate", "choose"):
        return f"l'{name} de {_side(side)}"
    return f"l'{name} de {side}"


def _player_verb(step: dict, you: str, they: str) -> str:
    side = step.get("player", "self")
    if side == "self" and you:
        return you
    return f"{_side(side)} {they}"


def cost_text(cost: dict, infinitive: bool = False) -> str:
    """The costs of a quick action or an internal action (1.1.6.h–j, 2.5.g): « Épuisez-moi, payez 1
    mana », or in the infinitive after « vous pouvez »."""
    verbs = (
        ("m'épuiser", "me défausser", "payer", "dépenser")
        if infinitive
        else ("épuisez-moi", "défaussez-moi", "payez", "dépensez")
    )
    parts = []
    if cost.get("exhaust_me"):
        parts.append(verbs[0])
    if cost.get("discard_me"):
        parts.append(verbs[1])
    if cost.get("mana"):
        parts.append(f"{verbs[2]} {cost['mana']} mana")
    for name, n in (cost.get("spend") or {}).items():
        parts.append(f"{verbs[3]} {plural(n, f'jeton {capital(name)}', f'jetons {capital(name)}')}")
    if not parts:
        return "sans coût" if infinitive else "Sans coût"
    return ", ".join(parts) if infinitive else capital(", ".join(parts))


def step_text(step: Any, names: dict[str, str] | None = None, me: str = "") -> str:
    """One STEP of an effect, whole: its verb, the player or object concerned, its condition, whether
    it is optional, its modes."""
    names = names or {}
    if not isinstance(step, dict):
        return str(step)
    action = step.get("action", "?")
    count = int(step.get("count", 1)) if isinstance(step.get("count", 1), int) else 1
    optional = bool(step.get("optional"))
    me_target = step.get("target") == "me"
    target = lambda: _target(step, names, me)  # noqa: E731
    cards = plural(count, "carte", "cartes")
    if action in ("draw", "resupply") and step.get("player", "self") == "self":
        verb = {"draw": ("piochez", "piocher"), "resupply": ("ravitaillez", "vous ravitailler")}[action]
        text = verb[optional] + (f" {cards}" if action == "draw" else "")
        optional_done = optional
    elif action == "draw":
        text, optional_done = _player_verb(step, "", f"pioche {cards}"), False
    elif action == "resupply":
        text, optional_done = _player_verb(step, "", "se ravitaille"), False
    elif action in ("discard", "sabotage", "sacrifice", "put"):
        put_verb = {
            "discard": ("défaussez", "défausser"),
            "sabotage": ("sabotez", "saboter"),
            "sacrifice": ("sacrifiez", "sacrifier"),
            "put": ("mettez", "mettre"),
        }[action][optional]
        if me_target:
            what = f"{put_verb}-moi" if not optional else f"me {put_verb}"
            what += f" ({me})" if me else ""
        else:
            what = f"{put_verb} {target()}"
        if action == "put":
            zone = str(step.get("zone", ""))
            what += f" dans {_owned('self', ZONES.get(zone, zone))}"
        text, optional_done = what, optional
    elif action in ("gain_counters", "remove_counters"):
        name = capital(str(step.get("name", "")))
        tokens = plural(count, f"jeton {name}", f"jetons {name}")
        if me_target:
            text = f"je {'gagne' if action == 'gain_counters' else 'perds'} {tokens}" + (f" ({me})" if me else "")
        else:
            text = f"{target()} {'gagne' if action == 'gain_counters' else 'perd'} {tokens}"
        optional_done = False
    elif action in ("gain_status", "lose_status"):
        status = STATUSES.get(str(step.get("status")), str(step.get("status")))
        verbs = ("gagne", "perd") if not me_target else ("gagne", "perds")
        who = ("je" + (f" ({me})" if me else "")) if me_target else target()
        text = f"{who} {verbs[action == 'lose_status']} le statut {status}"
        optional_done = False
    elif action in ("move_forward", "move_backward"):
        text = f"{_expedition(step.get('expedition'))} {'avance' if action == 'move_forward' else 'recule'}"
        optional_done = False
    elif action == "choose_one":
        n = int(step.get("choose", 1))
        modes = step.get("modes") or []
        listed = " ; ".join(
            f"mode {k + 1} : « {'. '.join(step_text(s, names, me) for s in mode)} »" for k, mode in enumerate(modes)
        )
        again = ", le même plusieurs fois si vous voulez" if step.get("repeat") else ""
        text = f"choisissez-en {'un' if n == 1 else n}{again} — {listed}"
        optional_done = False
    elif action == "internal":
        inner = ". ".join(step_text(s, names, me) for s in step.get("effect") or [])
        text = f"vous pouvez {cost_text(step.get('cost') or {}, infinitive=True)} pour : « {inner} »"
        optional_done = False
    else:
        text = f"{action} {target() if 'target' in step else ''}".strip()
        optional_done = False
    if optional and optional_done:
        text = f"vous pouvez {text}"
    elif optional:
        text = f"vous pouvez choisir que : {text}"

    if "if" in step:
        text = f"si {condition_text(step['if'])}, {text}"
    if "unless" in step:
        text = f"{text}, à moins que {condition_text(step['unless'], subjunctive=True)}"
    return capital(text)


def effect_text(steps: list, names: dict[str, str] | None = None, me: str = "") -> str:
    return ". ".join(step_text(s, names, me) for s in steps or []) + "."


def card_text(card: dict, names: dict[str, str] | None = None, rules: str = "fr-1") -> list[str]:
    """A card's text, one line an ability: keywords, reactions with their trigger (in the words of the
    rule set ``rules``), quick actions numbered from 1 (as on the board) with their costs and where they
    work, a spell's effect.

    >>> card_text({"abilities": [{"trigger": "join", "effect": [{"action": "draw"}]}]}, rules="cr-5.0")
    ["Lorsque j'entre en jeu : Piochez 1 carte."]
    """
    names = names or {}
    me = card.get("name") or card.get("id", "")
    lines = []
    keywords = [k for k in card.get("keywords") or [] if isinstance(k, str)]
    if "fleeting" in keywords:
        lines.append("Fugace (mot-clé)")
    lines += [f"{capital(k)} (mot-clé)" for k in keywords if k != "fleeting"]
    quick = 0
    for ability in card.get("abilities") or []:
        if not isinstance(ability, dict):
            continue
        effect = effect_text(ability.get("effect") or [], names, me)
        where = ""
        if "zones" in ability:
            where = f" (fonctionne dans : {', '.join(ZONES.get(z, z) for z in ability['zones'])})"
        elif ability.get("support"):
            where = " (Soutien : fonctionne depuis la Réserve)"
        if "quick" in ability:
            quick += 1
            lines.append(f"Action rapide {quick}{where} — {cost_text(ability.get('quick') or {})} : {effect}")
        else:
            trigger = str(ability.get("trigger", ""))
            lines.append(f"{trigger_text(trigger, rules)}{where} : {effect}")
    if card.get("effect"):
        lines.append(f"Effet : {effect_text(card['effect'], names, me)}")
    return lines


# ---- decisions, positions, what is being resolved -------------------------------------------------------


#: The past of :func:`decision_text` (a choice already made) and its present (the choice made now).
PRESENT = (
    (" a joué ", " joue "),
    (" a utilisé ", " utilise "),
    (" a échangé ", " échange "),
    (" a passé", " passe"),
    (" a choisi ", " choisit "),
    (" a mis ", " met "),
    (" a gardé ", " garde "),
    (" n'a rien gardé ", " ne garde rien "),
    (" a fait ", " fait "),
)


def decision_text(
    player: str, kind: str, decision: dict, names: dict[str, str] | None = None, now: bool = False
) -> str:
    """A player's choice, in words (quick actions numbered from 1, modes from 1, as on the board); ``now``:
    in the present, for the choice the next moment of the game consumes."""
    text = _decision_text(player, kind, decision, names or {})
    if now:
        for past, present in PRESENT:
            text = text.replace(past, present, 1)
    return text


def _decision_text(player: str, kind: str, decision: dict, names: dict[str, str]) -> str:
    d = dict(decision or {})
    label = lambda i: card_label(i, names)  # noqa: E731
    targets = f" en ciblant {', '.join(label(t) for t in d['targets'])}" if d.get("targets") else ""
    if kind == "turn" or kind is None:
        if "play" in d:
            where = str(d.get("expedition", "")).rpartition(".")[2]
            into = f" dans son Expédition du {'Héros' if where == 'hero' else 'Compagnon'}" if where else ""
            mode = f" (mode {int(d['mode']) + 1})" if isinstance(d.get("mode"), int) else ""
            return f"{player} a joué {label(d['play'])}{into}{mode}{targets}"
        if "quick" in d:
            return (
                f"{player} a utilisé l'action rapide {int(d.get('ability') or 0) + 1} {of(label(d['quick']))}{targets}"
            )
        if "swap" in d:
            return f"{player} a échangé l'état de deux Orbes de Mana ({', '.join(label(i) for i in d['swap'])})"
        if d.get("pass"):
            return f"{player} a passé"
    if kind == "targets":
        return f"{player} a choisi comme cibles : {', '.join(label(t) for t in d.get('targets', [])) or 'aucune'}"
    if kind == "optional":
        return f"{player} a choisi {'de faire' if d.get('optional') else 'de ne pas faire'} l'étape facultative"
    if kind == "mode":
        if isinstance(d.get("modes"), list):
            return f"{player} a choisi les modes {', '.join(str(int(m) + 1) for m in d['modes'])}, dans cet ordre"
        return f"{player} a choisi le mode {int(d.get('mode') or 0) + 1}"
    if kind == "order":
        return f"{player} a choisi l'ordre de ses réactions : {', '.join(label(i.split(':')[0]) for i in d.get('order', []))}"
    if kind == "mana":
        m = d.get("mana")
        if m is None:
            return f"{player} a choisi de ne mettre aucune carte dans sa Zone de Mana"
        return f"{player} a mis en Mana : {', '.join(label(i) for i in (m if isinstance(m, list) else [m]))}"
    if kind == "keep":
        kept = d.get("keep") or []
        return (
            f"{player} a gardé au Nettoyage : {', '.join(label(i) for i in kept)}"
            if kept
            else f"{player} n'a rien gardé au Nettoyage"
        )
    return f"{player} a fait un choix ({kind})"


def position_text(state: dict, player: str | None = None) -> str:
    """Where in the game the position is: the day, the phase and the moment in it, in game terms."""
    progress = state.get("progress") or {}
    step = progress.get("step") or ""
    phase = str(state.get("phase", ""))
    moment = POSITIONS.get(step, "") or f"pendant la phase {PHASES.get(phase, phase)}"
    if step == "afternoon.turn" and progress.get("turn") and not progress.get("stack"):
        moment = f"à l'Après-midi, au tour de {progress['turn']}"
    if step == "night.cleanup" and player:
        moment = f"à la Nuit, au Nettoyage, quand {player} choisit ce qu’il garde"
    elif step in ("morning.mana", "morning.first_mana", "setup.mana") and player:
        moment = f"{moment} ({player} choisit)"
    return f"Jour {state.get('day', 1)}, {moment}"


def frame_text(frame: dict, names: dict[str, str] | None = None) -> str:
    """An effect on its way (the stack): what it is, for whom, its declared targets, what is left of it."""
    names = names or {}
    card = frame.get("card", "")
    targets = [t[0] if isinstance(t, (list, tuple)) else t for t in frame.get("targets") or []]
    aimed = f", cibles déclarées : {', '.join(card_label(t, names) for t in targets)}" if targets else ""
    steps = frame.get("steps") or []
    done = int(frame.get("i") or 0)
    left = steps[done:]
    rest = f" ; il reste à résoudre : « {effect_text(left, names, names.get(card, ''))} »" if left else ""
    already = f" (déjà résolu : « {effect_text(steps[:done], names, names.get(card, ''))} »)" if done else ""
    return (
        f"En cours de résolution : {framed(frame.get('kind', ''), card_label(card, names))}, pour le joueur {frame.get('player')}"
        f"{aimed}{rest}{already}"
    )


def unseen_facts(state: dict, names: dict[str, str] | None = None) -> list[str]:
    """What the position holds that the board does not show (whose turn it is is :func:`position_text`'s):
    whose a card in another player's zone is, who has passed, what was kept at the Clean-up, the Expeditions that already moved this Dusk, the
    effects being resolved."""
    names = names if names is not None else names_of(state)
    progress = state.get("progress") or {}
    facts = []
    for pid, player in (state.get("players") or {}).items():
        # A card in another player's zone: whose it is decides where it goes (3.1.2.c), the board shows
        # only where it is.
        for zone, cards in (player or {}).items() if isinstance(player, dict) else ():
            for card in cards if isinstance(cards, list) and zone != "deck" else ():
                if isinstance(card, dict) and card.get("owner") and card["owner"] != pid:
                    facts.append(f"{card_label(card.get('id'), names)} appartient à {card['owner']}")
    for pid, player in (state.get("players") or {}).items():
        if isinstance(player, dict) and player.get("passed") and state.get("phase") == "afternoon":
            facts.append(f"{pid} a passé pour le reste de l'Après-midi")
    for pid, kept in sorted((progress.get("keeps") or {}).items()):
        facts.append(decision_text(pid, "keep", {"keep": kept}, names))
    for moved in progress.get("advanced") or []:
        facts.append(f"Ce Crépuscule, a déjà avancé : {moved}")
    facts += [frame_text(f, names) for f in progress.get("stack") or [] if isinstance(f, dict)]
    return facts
