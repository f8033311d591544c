"""Exercises from scenarios: the engine answers, the trainee guesses.

An exercise stops a scenario at a position (``steps`` performed, as in :mod:`judge.scenarios.runner`) and asks
what the next step does. :func:`build` replays the document to that position, performs the next step
and turns what the engine did into a :class:`Question`: the right answer read from the step's events
and the state after it, wrong options taken from the other outcomes the rules allow there (the card's
other zones, the other expeditions, the other players) and from the rules next to the one that decided
(its siblings and cousins in the rule set). Nothing in a question is typed by hand.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

import engine
from judge.guard import budget as request_budget

#: The version of the stored question (``Exercise.question``): older ones are computed again when read.
QUESTION_FORMAT = 2
OPTIONS = 4  # options shown, the right one included (fewer when the rules offer fewer)

ZONE_FR = {
    "deck": "le Deck",
    "hand": "la Main",
    "mana": "la Zone de Mana",
    "reserve": "la Réserve",
    "landmarks": "les Repères",
    "discard": "la Défausse",
    "hero_expedition": "l'Expédition du Héros",
    "companion_expedition": "l'Expédition du Compagnon",
}
EXPEDITION_FR = {"hero": "Héros", "companion": "Compagnon"}
PHASE_FR = {
    "setup": "la Mise en place",
    "morning": "le Matin",
    "noon": "Midi",
    "afternoon": "l'Après-midi",
    "dusk": "le Crépuscule",
    "night": "la Nuit",
}
#: Names of the rule sections whose heading the seed text leaves implicit.
SECTION_FR = {
    "1.1": "Notions de base",
    "1.2": "Éléments du jeu",
    "1.3": "Déroulement d'une journée",
    "2.1": "Objets",
    "2.2": "Caractéristiques",
    "2.4": "Statuts",
    "2.5": "Jetons (compteurs)",
    "3.1": "Zones : propriétaires et visibilité",
    "3.2": "Les zones",
    "4.1": "Début de la partie",
    "4.2": "La journée",
    "4.3": "Fin de la partie",
    "5.2": "Jouer des cartes",
    "7.1": "Symboles de coût",
    "7.3": "Actions mots-clés",
}
_READING = re.compile(r"\s*\(Lecture retenue :.*?\)\s*$")
_READING_TEXT = re.compile(r".*\(Lecture retenue : (.*?)\)\s*$", re.DOTALL)
_RULE_NUMBER = re.compile(r"\s*\((?:voir |règles? )?\d+(?:\.\d+)+(?:\.[a-z])?\*?\)")


class ExerciseError(ValueError):
    """The scenario cannot make this question (the message, in French, says why)."""


@dataclass
class Question:
    prompt: str
    options: list[dict[str, str]]  # [{"key", "label"}], the right one(s) among them
    answer: str  # the key of the right option (several: sorted, joined by ",")
    rule: str  # the rule that decides the answer
    section: str  # the rule's first two levels ("2.4")
    difficulty: int  # 1–3, derived from the step
    seqs: list[int] = field(default_factory=list)  # the log entries of the step
    board: dict = field(default_factory=dict)  # the board at the position, nothing hidden in it
    cards: list[dict] = field(default_factory=list)  # the texts of the cards on that board
    stated: list[str] = field(default_factory=list)  # the choices and plays the step rests on, in words
    reading: str = ""  # the engine's reading the answer rests on (not the rules' text)
    multiple: bool = False  # several options may be right
    articles: list[str] = field(default_factory=list)  # the articles (rules without numbers) the step cites

    def as_json(self) -> dict[str, Any]:
        return {
            "format": QUESTION_FORMAT,
            "prompt": self.prompt,
            "options": self.options,
            "seqs": self.seqs,
            "board": self.board,
            "cards": self.cards,
            "stated": self.stated,
            "multiple": self.multiple,
            "articles": self.articles,
        }


@dataclass
class StepRun:
    """The board before and after the step (or the Night) the question is about, and what it logged."""

    before: dict
    after: dict
    entries: list[dict]
    winner: str | None
    random_used: bool = False  # the step drew at random (shuffle, random draw)
    stated: list[str] = field(default_factory=list)  # the players' choices the step consumed, in words
    reading: str = ""


#: The request's budget refusals (the engine's own, the site's timer, the engine guard's): never turned into
#: "this scenario cannot make the question", nor swallowed where another draw is tried.
REFUSALS = (engine.BudgetExceeded, request_budget.BudgetExceeded)


def document_hash(document: Any) -> str:
    return hashlib.sha256(json.dumps(document, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def section_of(number: str) -> str:
    """``2.4.6.c`` → ``2.4``: the theme an exercise is filed under."""
    return ".".join(str(number).split(".")[:2]) if number else ""


def run_step(document: dict, steps: int, span: str = "step") -> StepRun:
    """Replay ``steps`` steps of ``document`` (no extra decisions), then perform one more
    (``span="step"``), or every step up to the end of the Night (``span="night"``)."""
    try:
        game = request_budget.load(document)
    except engine.ScenarioError as exc:
        first = exc.problems[0] if exc.problems else {"path": "$", "message": "document refusé"}
        raise ExerciseError(f"le moteur refuse ce scénario ({first['path']} : {first['message']})") from None
    try:
        for done in range(steps):
            if not game.advance():
                raise ExerciseError(f"le déroulé s'arrête après {done} étape(s), avant l'étape {steps}")
        before = game.to_doc()
        if span == "night" and before.get("phase") != "night":
            raise ExerciseError("une question « après toute la Nuit » part d'une position pendant la Nuit")
        entries = game.advance()
        if span == "night":
            for _ in range(500):
                if game.over or game.to_doc().get("phase") != "night":
                    break
                more = game.advance()
                if not more:
                    raise ExerciseError("la Nuit attend une décision d'un joueur que le scénario ne donne pas")
                entries += more
        after = game.to_doc()
    except (ExerciseError, *REFUSALS):
        raise
    except Exception as exc:  # an engine failure refuses the question instead of failing the page
        raise ExerciseError(f"le moteur a échoué en déroulant ce scénario ({type(exc).__name__} : {exc})") from exc
    if not entries:
        why = "la partie est finie" if game.over else "le moteur attend une décision d'un joueur"
        raise ExerciseError(f"à l'étape {steps}, {why} : il n'y a pas d'étape suivante à deviner")
    logged = [e.to_json() for e in entries]
    names = _names(before)
    count = lambda doc: (doc.get("progress") or {}).get("random_count", 0)
    return StepRun(
        before,
        after,
        logged,
        game.winner,
        random_used=count(after) != count(before),
        stated=[
            decision_words(e["event"], names)
            for e in logged
            if e["event"].get("type") == "decision" and not e["event"].get("automatic")
        ],
        reading=" ".join(dict.fromkeys(reading_of(e) for e in logged if e.get("reading"))),
    )


# ---- the board, read ------------------------------------------------------------------------------


def zone_of(state: dict, card_id: str) -> str | None:
    """``"A.reserve"``, ``"limbo"`` or None when the card is not (or no longer) on the board."""
    for pid, player in (state.get("players") or {}).items():
        for zone, cards in (player or {}).items():
            if isinstance(cards, list) and any(isinstance(c, dict) and c.get("id") == card_id for c in cards):
                return f"{pid}.{zone}"
    if any(c.get("id") == card_id for c in state.get("limbo") or []):
        return "limbo"
    return None


def card_in(state: dict, card_id: str) -> dict:
    zone = zone_of(state, card_id)
    if zone == "limbo":
        cards = state.get("limbo") or []
    elif zone:
        pid, name = zone.split(".", 1)
        cards = state["players"][pid][name]
    else:
        return {}
    return next(c for c in cards if c.get("id") == card_id)


def zone_label(zone: str) -> str:
    if zone == "gone":
        return "Elle cesse d'exister"
    if zone == "limbo":
        return "les Limbes"
    pid, name = zone.split(".", 1)
    return f"{ZONE_FR.get(name, name)} de {pid}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _markers(state: dict) -> dict[str, int]:
    markers = ((state.get("adventure") or {}).get("markers")) or {}
    return {f"{pid}.{kind}": m.get(kind) for pid, m in markers.items() for kind in ("hero", "companion") if m}


def expedition_label(key: str) -> str:
    if key == "none":
        return "Aucune"
    parts = []
    for one in key.split("+"):
        pid, kind = one.split(".")
        parts.append(f"l'Expédition du {EXPEDITION_FR[kind]} de {pid}")
    return _capital(" et ".join(parts))


def reading_of(entry: dict) -> str:
    """The reading an entry applied, as the engine words it."""
    match = _READING_TEXT.match(entry.get("text", ""))
    return match.group(1) if match else f"lecture « {entry.get('reading')} »"


def entry_text(entry: dict) -> str:
    """The log text without its "reading" note or rule numbers: what a question may quote."""
    return _RULE_NUMBER.sub("", _READING.sub("", entry.get("text", ""))).strip()


# ---- rules and their neighbours -------------------------------------------------------------------


def neighbour_rules(number: str, ruleset: str, exclude: set[str], count: int) -> list[tuple[str, str]]:
    """Up to ``count`` rules near ``number``, as ``(number, summary)`` pairs: its siblings first, then
    the other rules of its section (cousins), nearest in reading order; never one in ``exclude``.

    Without the rule set in the database, siblings are guessed from the letters (``2.4.6.b``,
    ``2.4.6.d``) and their summaries are empty.
    """
    from rules_ref.models import Rule

    rule = Rule.objects.filter(ruleset__slug=ruleset, number=number).first()
    found: list[tuple[str, str]] = []
    if rule is not None:
        ancestors = {".".join(number.split(".")[:i]) for i in range(1, number.count(".") + 1)}
        pool = [
            r
            for r in Rule.objects.filter(ruleset__slug=ruleset, implicit=False).in_section(section_of(number))
            if r.number
            and r.number != number
            and r.number not in ancestors
            and r.number not in exclude
            and (r.text or r.items)
        ]
        pool.sort(key=lambda r: (r.parent_id != rule.parent_id, abs(r.order - rule.order)))
        found = [(r.number, rule_summary(r)) for r in pool]
    if not found:
        head, _, last = number.rpartition(".")
        if head and len(last) == 1 and last.isalpha():
            for delta in (-1, 1, -2, 2, 3):
                letter = chr(ord(last) + delta)
                if "a" <= letter <= "z" and f"{head}.{letter}" not in exclude:
                    found.append((f"{head}.{letter}", ""))
    return found[:count]


def rule_summary(rule, limit: int = 140) -> str:
    """The rule's text in one line (its title and items when it has no paragraph), cut at ``limit``."""
    text = rule.text or " ".join(filter(None, [rule.title and f"{rule.title} :", *rule.items])) or rule.title
    text = " ".join((text or "").split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def rule_text(number: str, ruleset: str) -> str:
    from rules_ref.models import Rule

    rule = Rule.objects.filter(ruleset__slug=ruleset, number=number).first()
    return rule_summary(rule) if rule else ""


def section_label(section: str, ruleset: str | None = None) -> str:
    from rules_ref.models import Rule

    qs = Rule.objects.filter(number=section)
    if ruleset:
        qs = qs.filter(ruleset__slug=ruleset)
    rule = qs.first()
    title = (rule.title if rule else "") or SECTION_FR.get(section, "")
    return f"{section} {title}".strip()


# ---- what the trainee is shown: the board, the cards' texts, the choices already made ---------------

#: Keys of a state document that say what the scenario is about, or what comes next: never sent before
#: the answer (the title and description may state it, ``expect`` and ``decisions`` are the answer).
HIDDEN_KEYS = ("title", "description", "tags", "expect", "decisions", "seed", "progress", "rules_note")
STATUS_WORDS = {"fleeting": "Fugace", "asleep": "Endormi", "anchored": "Ancré", "exhausted": "épuisé"}
TYPE_WORDS = {"character": "Personnage", "spell": "Sort", "permanent": "Permanent", "hero": "Héros"}
TRIGGER_WORDS = {
    "noon": "À Midi",
    "dusk": "Au Crépuscule",
    "join": "Quand je rejoins une Expédition",
    "played_from_hand": "Quand je suis joué depuis la Main",
    "played_from_reserve": "Quand je suis joué depuis la Réserve",
}
TERRAIN_WORDS = {"forest": "forêt", "mountain": "montagne", "water": "eau"}


def board_of(state: dict) -> dict:
    """The board as the trainee may see it: the state without what the scenario says about itself."""
    return {k: v for k, v in state.items() if k not in HIDDEN_KEYS}


def _names(state: dict) -> dict[str, str]:
    names = {}
    for player in (state.get("players") or {}).values():
        for zone, cards in (player or {}).items():
            if isinstance(cards, list):
                names.update(
                    {
                        c["id"]: c.get("name") or ("Orbe de Mana" if zone == "mana" else c["id"])
                        for c in cards
                        if isinstance(c, dict) and "id" in c
                    }
                )
    names.update({c["id"]: c.get("name") or c["id"] for c in state.get("limbo") or [] if "id" in c})
    return names


def _target_words(target: Any, names: dict) -> str:
    if target == "choose":
        return "la cible choisie"
    if target == "self":
        return "son contrôleur"
    if target == "opponent":
        return "l'adversaire"
    if isinstance(target, str) and target in names:
        return f"{names[target]} ({target})"
    return str(target)


def step_words(step: dict, names: dict) -> str:
    """One effect STEP of the scenario format, in French (the card's text as the board shows it)."""
    if not isinstance(step, dict):
        return str(step)
    action, target = step.get("action", "?"), _target_words(step.get("target"), names)
    count = step.get("count", 1)
    expedition = str(step.get("expedition", ""))
    who, _, kind = expedition.partition(".")
    exp = f"l'Expédition du {EXPEDITION_FR.get(kind, kind)} de {'son contrôleur' if who == 'self' else 'l’adversaire' if who == 'opponent' else who}"
    text = {
        "resupply": "Ravitailler (la carte du dessus du Deck va en Réserve)",
        "discard": f"Défausser {target}",
        "sabotage": f"Saboter {target}",
        "sacrifice": f"Sacrifier {target}",
        "move_forward": f"Faire avancer {exp}",
        "move_backward": f"Faire reculer {exp}",
        "gain_counters": f"{target} gagne {count} jeton(s) {step.get('name', '')}",
        "remove_counters": f"{target} perd {count} jeton(s) {step.get('name', '')}",
        "draw": f"Piocher {count} carte(s)",
        "gain_status": f"{target} gagne le statut {STATUS_WORDS.get(step.get('status'), step.get('status'))}",
    }.get(action, f"{action} {target}".strip())
    if step.get("optional"):
        text = f"Vous pouvez : {text[:1].lower()}{text[1:]}"
    if "modes" in step or "mode" in step:
        text += " (modal)"
    return text


def card_texts(state: dict) -> list[dict]:
    """The texts of the cards on the board (outside Decks and Mana), so the trainee reads what the engine reads."""
    names = _names(state)
    out = []
    places = [
        (f"{pid}.{zone}", cards)
        for pid, player in (state.get("players") or {}).items()
        for zone, cards in (player or {}).items()
        if isinstance(cards, list) and zone not in ("deck", "mana")
    ]
    places.append(("limbo", state.get("limbo") or []))
    for zone, cards in places:
        for card in cards:
            if not isinstance(card, dict):
                continue
            lines = []
            if "fleeting" in (card.get("keywords") or []):
                lines.append("Fugace (mot-clé)")
            for ability in card.get("abilities") or []:
                effect = "; ".join(step_words(s, names) for s in ability.get("effect") or [])
                if "quick" in ability:
                    quick = ability.get("quick") or {}
                    cost = [
                        w
                        for w, on in (
                            ("épuisez-moi", quick.get("exhaust_me")),
                            ("défaussez-moi", quick.get("discard_me")),
                        )
                        if on
                    ]
                    if quick.get("mana"):
                        cost.append(f"{quick['mana']} mana")
                    cost += [f"dépensez {n} jeton(s) {k}" for k, n in (quick.get("spend") or {}).items()]
                    lines.append(f"Action rapide ({', '.join(cost) or 'sans coût'}) : {effect}")
                else:
                    trigger = TRIGGER_WORDS.get(ability.get("trigger"), ability.get("trigger", ""))
                    lines.append(f"{trigger} : {effect}")
            if card.get("effect"):
                lines.append("Effet : " + "; ".join(step_words(s, names) for s in card["effect"]))
            if lines:
                out.append(
                    {
                        "id": card["id"],
                        "name": card.get("name") or card["id"],
                        "zone": zone,
                        "type": TYPE_WORDS.get(card.get("type", "character"), card.get("type", "")),
                        "text": lines,
                    }
                )
    return out


def decision_words(event: dict, names: dict) -> str:
    """A player's choice, in words of our own (not the engine's log sentence)."""
    player, kind = event.get("player", "?"), event.get("kind")
    d = dict(event.get("decision") or [])
    name = lambda i: f"{names.get(i, i)} ({i})"
    targets = f" en ciblant {', '.join(name(t) for t in d['targets'])}" if d.get("targets") else ""
    if kind == "turn":
        if "play" in d:
            where = str(d.get("expedition", "")).rpartition(".")[2]
            into = f" dans son Expédition du {EXPEDITION_FR.get(where, where)}" if where else ""
            mode = f" (mode {d['mode']})" if d.get("mode") is not None else ""
            return f"{player} a choisi de jouer {name(d['play'])}{into}{mode}{targets}"
        if "quick" in d:
            return (
                f"{player} a choisi d'utiliser l'action rapide n°{d.get('ability', 0)} de {name(d['quick'])}{targets}"
            )
        if "swap" in d:
            return f"{player} a choisi d'échanger l'état de deux Orbes de Mana ({', '.join(d['swap'])})"
        return f"{player} a choisi de passer"
    if kind == "targets":
        return f"{player} a choisi comme cibles : {', '.join(name(t) for t in d.get('targets', [])) or 'aucune'}"
    if kind == "optional":
        return f"{player} a choisi {'de' if d.get('optional') else 'de ne pas'} faire l'action facultative"
    if kind == "mode":
        return f"{player} a choisi le mode {d.get('mode')}"
    if kind == "order":
        return f"{player} a choisi l'ordre de ses réactions : {', '.join(d.get('order', []))}"
    if kind == "mana":
        m = d.get("mana")
        if m is None:
            return f"{player} a choisi de ne mettre aucune carte dans sa Zone de Mana"
        chosen = ", ".join(name(i) for i in (m if isinstance(m, list) else [m]))
        return f"{player} a choisi de mettre en Mana : {chosen}"
    if kind == "keep":
        return f"{player} a choisi de garder : {', '.join(name(i) for i in d.get('keep', [])) or 'rien'}"
    return f"{player} a fait un choix ({kind})"


def stack_words(state: dict) -> list[str]:
    """The plays and effects being resolved at this position, with their declared targets."""
    names = _names(state)
    out = []
    for frame in (state.get("progress") or {}).get("stack") or []:
        card = frame.get("card", "")
        what = {
            "spell": "le Sort",
            "quick": "l'action rapide de",
            "reaction": "la réaction de",
            "internal": "l'action de",
        }.get(frame.get("kind"), "l'effet de")
        targets = [t[0] if isinstance(t, (list, tuple)) else t for t in frame.get("targets") or []]
        aimed = f", cibles déclarées : {', '.join(f'{names.get(t, t)} ({t})' for t in targets)}" if targets else ""
        out.append(
            f"En cours de résolution : {what} {names.get(card, card)} ({card}), pour le joueur {frame.get('player')}{aimed}"
        )
    return out


def event_words(event: dict, names: dict) -> str:
    """What an event did, in words of our own (a "which rule" question never quotes the engine's log)."""
    t = event.get("type")
    card = event.get("card")
    who = f"{names.get(card, card)} ({card})" if card else ""
    if t == "move":
        return f"{who} passe {_contract('de', _zone_words(event.get('from')))} {_contract('à', _zone_words(event.get('to')))}"
    if t == "cease":
        return f"{who} est retiré du jeu (il n'existe plus)"
    if t == "status":
        status = STATUS_WORDS.get(event.get("status"), event.get("status"))
        return f"{who} {'reçoit' if event.get('value') else 'ne porte plus'} le statut {status}"
    if t == "counters":
        return f"les jetons {event.get('name')} de {who} passent de {event.get('before')} à {event.get('after')}"
    if t == "marker":
        kind = EXPEDITION_FR.get(event.get("expedition"), event.get("expedition"))
        return f"le marqueur de l'Expédition du {kind} de {event.get('player')} va de la région {event.get('from')} à la région {event.get('to')}"
    if t == "progress":
        kind = EXPEDITION_FR.get(event.get("expedition"), event.get("expedition"))
        verdict = "progresse" if event.get("advances") else "reste sur place"
        return f"au Crépuscule, l'Expédition du {kind} de {event.get('player')} {verdict}"
    if t == "first_player":
        return f"{event.get('player')} devient premier joueur"
    if t == "shuffle":
        return "des cartes sont mélangées et placées dans un Deck"
    if t == "reveal":
        return "une carte Tumulte est retournée"
    if t == "win":
        return f"la partie s'arrête sur une victoire de {event.get('player')}"
    if t == "tiebreak":
        return "les départages sont appliqués"
    if t == "phase":
        return f"une nouvelle phase commence ({PHASE_FR.get(event.get('phase'), event.get('phase'))})"
    if t == "decision":
        return decision_words(event, names)
    if t == "effect" and event.get("stage") == "triggered":
        return f"une capacité déclenchée de {who} se déclenche"
    if t == "effect" and event.get("stage") != "order":
        return f"{event.get('player')} résout l'effet de {who}"
    if t == "declared":
        return f"{who} est déclaré"
    return ""


def _contract(word: str, place: str) -> str:
    """``de`` / ``à`` before a zone's name, French contractions included (du Deck, aux Repères)."""
    for article, (de, a) in (("le ", ("du ", "au ")), ("les ", ("des ", "aux "))):
        if place.startswith(article):
            return (de if word == "de" else a) + place[len(article) :]
    return f"{word} {place}"


def _zone_words(zone: str | None) -> str:
    if not zone or zone == "limbo":
        return "les Limbes"
    if "." not in zone:
        return zone
    pid, name = zone.split(".", 1)
    return f"{ZONE_FR.get(name, name)} de {pid}"


# ---- building a question --------------------------------------------------------------------------

#: Kinds of question. ``legal`` has several right options; ``count`` is a number.
KINDS = ("card_zone", "expeditions", "winner", "rule", "legal", "night_zone", "count")
MULTIPLE = ("legal",)
CHANCE_SEEDS = 4  # the other seeds an answer is checked against when the step draws at random


def build(
    document: dict,
    steps: int,
    kind: str,
    focus: str = "",
    rule: str = "",
    ruleset: str = "fr-1",
    author_difficulty: int | None = None,
) -> Question:
    """The question ``kind`` about the step after position ``steps`` of ``document``.

    ``focus`` is the card a ``card_zone`` question (or a ``rule`` question) is about, or the zone
    (``A.reserve``) a ``count`` question counts; ``rule``, when given, must be one of the rules the
    engine cites at that step: the rule asked for (``rule``) or the theme. Raises
    :class:`ExerciseError` when the step does not make that question, or when its answer depends on
    chance (a shuffle, a random draw: the answer is computed again with other seeds).
    """
    if kind not in KINDS:
        raise ExerciseError(f"type de question inconnu « {kind} » (attendu : {', '.join(KINDS)})")
    if kind == "legal":
        return _legal(document, steps, focus=focus, ruleset=ruleset, author_difficulty=author_difficulty)
    span = "night" if kind == "night_zone" else "step"
    run = run_step(document, steps, span=span)
    maker = {
        "card_zone": _card_zone,
        "night_zone": _card_zone,
        "expeditions": _expeditions,
        "winner": _winner,
        "rule": _rule,
        "count": _count,
    }[kind]
    prompt, options, answer, decisive = maker(run, focus=focus, rule=rule, ruleset=ruleset, kind=kind)
    cited = [n for e in run.entries for n in e.get("rules", [])]
    if rule and rule not in cited:
        raise ExerciseError(
            f"la règle {rule} n'est pas citée par le moteur à cette étape (il cite : "
            f"{', '.join(dict.fromkeys(cited)) or 'aucune'})"
        )
    if run.random_used:
        for n in range(1, CHANCE_SEEDS + 1):
            try:
                other = run_step({**document, "seed": (document.get("seed") or 0) + 1000 * n}, steps, span=span)
                same = maker(other, focus=focus, rule=rule, ruleset=ruleset, kind=kind)[2] == answer
            except ExerciseError:  # with another draw, the question cannot even be asked
                same = False
            if not same:
                raise ExerciseError(
                    "la réponse dépend du hasard à cette étape (mélange ou tirage au sort) : "
                    "un arbitre ne peut pas la déduire du plateau"
                )
    theme = rule or decisive
    # Options in an order fixed by the exercise itself, so the right one is not always first.
    rng = random.Random(f"{document_hash(document)}:{steps}:{kind}:{focus}:{rule}")
    rng.shuffle(options)
    return Question(
        prompt=_situation(run, prompt) + prompt,
        options=options,
        answer=answer,
        rule=theme,
        section=section_of(theme),
        difficulty=author_difficulty or _difficulty(kind, run, len(options)),
        seqs=[e["seq"] for e in run.entries],
        board=board_of(run.before),
        cards=card_texts(run.before),
        stated=run.stated + stack_words(run.before),
        reading=run.reading,
        articles=articles_of(run.entries),
    )


PHASES_ARTICLE = "Clarification des phases d'une journée"


def articles_of(entries: list[dict]) -> list[str]:
    """The glossary articles the step cites: by their key, or named in a reading or a log sentence."""
    found = [a["title"] for e in entries for a in e.get("articles") or []]
    found += [PHASES_ARTICLE for e in entries if "Clarification des phases" in e.get("text", "")]
    return list(dict.fromkeys(found))


def _situation(run: StepRun, prompt: str = "") -> str:
    """The choices the step rests on, stated before the question (a trainee cannot guess them)."""
    facts = [f for f in [*stack_words(run.before), *run.stated] if f not in prompt]
    return "".join(f"{_capital(f)}. " for f in facts)


def _difficulty(kind: str, run: StepRun, options: int) -> int:
    """1 for a step of one or two log entries, 2 up to five, 3 beyond; a rule to name is one harder.
    Only a first guess: the level is the author's, the complexity comes from the first answers."""
    n = len(run.entries)
    level = 1 if n <= 2 else 2 if n <= 5 else 3
    if kind == "rule" or options > OPTIONS:
        level += 1
    return min(level, 3)


def _first_rule(entries: list[dict]) -> str:
    return next((e["rules"][0] for e in entries if e.get("rules")), "")


def _when(run: StepRun) -> str:
    phase = PHASE_FR.get(run.before.get("phase", ""), "")
    return f"{_capital(phase)} du jour {run.before.get('day', 1)}"


def _card_zone(run: StepRun, focus: str, kind: str = "card_zone", **_) -> tuple[str, list, str, str]:
    if not focus:
        raise ExerciseError("une question « où va cette carte ? » doit nommer la carte (focus)")
    before = zone_of(run.before, focus)
    if before is None:
        raise ExerciseError(f"la carte « {focus} » n'est pas sur le plateau à cette étape")
    if before.endswith(".deck"):
        raise ExerciseError(f"la carte « {focus} » est dans un Deck, face cachée : l'ordre du Deck ne se voit pas")
    about = [e for e in run.entries if (e.get("event") or {}).get("card") == focus]
    if not about:
        raise ExerciseError(f"l'étape suivante ne concerne pas la carte « {focus} »")
    after = zone_of(run.after, focus) or "gone"
    card = card_in(run.before, focus)
    controller = before.split(".")[0] if "." in before else card.get("owner", "A")
    owner = card.get("owner") or controller
    opponent = next((p for p in (run.before.get("players") or {}) if p not in (owner,)), owner)
    candidates = [f"{controller}.reserve", f"{owner}.reserve", f"{owner}.discard", before]
    if card.get("token"):  # only a token can cease to exist (2.1.d): offered for every token, never for a card
        candidates.append("gone")
    candidates += [
        f"{owner}.hand",
        f"{owner}.deck",
        f"{controller}.discard",
        f"{opponent}.reserve",
        f"{owner}.mana",
        f"{owner}.landmarks",
    ]
    keys = [after] + [k for k in dict.fromkeys(candidates) if k != after][: OPTIONS - 1]

    def label(key: str) -> str:
        if key == "gone":
            return "Elle cesse d'exister"
        return f"{_capital(zone_label(key))}{' (elle y reste)' if key == before else ''}"

    name = card.get("name") or focus
    if kind == "night_zone":
        prompt = (
            f"{_when(run)} : à la fin de toute la Nuit, où se trouve {name} ({focus}), "
            f"actuellement dans {zone_label(before)} ?"
        )
    else:
        prompt = f"{_when(run)} : à l'étape suivante, où se trouve {name} ({focus}), actuellement dans {zone_label(before)} ?"
    decisive = next((e["rules"][0] for e in reversed(about) if e.get("rules")), "") or _first_rule(run.entries)
    return prompt, [{"key": k, "label": label(k)} for k in keys], after, decisive


def _expeditions(run: StepRun, **_) -> tuple[str, list, str, str]:
    before, after = _markers(run.before), _markers(run.after)
    moved = sorted(k for k in before if after.get(k) != before[k])
    answer = "+".join(moved) or "none"
    fought = [k for k in before if k not in moved]
    candidates = ["none"] + [k for k in before] + (["+".join(sorted(moved + fought[:1]))] if moved and fought else [])
    keys = [answer] + [k for k in dict.fromkeys(candidates) if k != answer][: OPTIONS - 1]
    prompt = f"{_when(run)} : à l'étape suivante, quelles Expéditions changent de région ?"
    decisive = next((e["rules"][0] for e in run.entries if (e.get("event") or {}).get("type") == "marker"), "")
    return (
        prompt,
        [{"key": k, "label": expedition_label(k)} for k in keys],
        answer,
        decisive or _first_rule(run.entries),
    )


WINNER_LABELS = {
    "A": "A gagne la partie",
    "B": "B gagne la partie",
    "tiebreak": "Personne pour l'instant : les départages commencent (Arène)",
    "none": "Personne : la partie continue",
}


def _winner(run: StepRun, **_) -> tuple[str, list, str, str]:
    arena_before = bool((run.before.get("adventure") or {}).get("arena"))
    arena_after = bool((run.after.get("adventure") or {}).get("arena"))
    if run.winner:
        answer = run.winner
    elif arena_after and not arena_before:
        answer = "tiebreak"
    else:
        answer = "none"
    teams = run.before.get("mode") == "2v2"
    players = ["A", "B"] if teams else sorted(run.before.get("players") or {})
    keys = [answer] + [k for k in [*players, "tiebreak", "none"] if k != answer]
    labels = {
        **WINNER_LABELS,
        **{p: (f"L'équipe {p} gagne la partie" if teams else f"{p} gagne la partie") for p in players},
    }
    prompt = f"{_when(run)} : à l'étape suivante, qui gagne la partie ?"
    decisive = next(
        (
            e["rules"][0]
            for e in run.entries
            if (e.get("event") or {}).get("type") in ("win", "tiebreak") and e.get("rules")
        ),
        "",
    )
    return (
        prompt,
        [{"key": k, "label": labels[k]} for k in keys[:OPTIONS]],
        answer,
        decisive or _first_rule(run.entries),
    )


def _rule(run: StepRun, focus: str = "", rule: str = "", ruleset: str = "fr-1", **_) -> tuple[str, list, str, str]:
    entries = [e for e in run.entries if e.get("rules")]
    if focus:
        entries = [e for e in entries if (e.get("event") or {}).get("card") == focus] or entries
    if rule:  # the entries the rule decides first, before those that cite it among others
        entries = sorted((e for e in entries if rule in e["rules"]), key=lambda e: e["rules"].index(rule))
    names = _names(run.before)
    entries = [e for e in entries if event_words(e.get("event") or {}, names)]
    if not entries:
        raise ExerciseError("l'étape suivante ne cite aucune règle numérotée pour un événement que l'on peut décrire")
    entry = entries[0]
    answer = rule or entry["rules"][0]
    cited = {n for e in run.entries for n in e.get("rules", [])}
    what = event_words(entry.get("event") or {}, names)
    # Among the nearest rules, those sharing the most words with the question: the right one must not
    # be the only option that speaks of what the question speaks of.
    near = neighbour_rules(answer, ruleset, exclude=cited, count=3 * OPTIONS)
    if not near:
        raise ExerciseError(f"aucune règle voisine de {answer} pour proposer d'autres réponses")
    asked = _words(what)
    wrong = sorted(near, key=lambda r: (-len(asked & _words(r[1])), near.index(r)))[: OPTIONS - 1]

    def label(number: str, text: str) -> str:
        return f"{number} — {text}" if text else number

    options = [{"key": answer, "label": label(answer, rule_text(answer, ruleset))}]
    options += [{"key": n, "label": label(n, t)} for n, t in wrong]
    prompt = f"{_when(run)}, à l'étape suivante : {what}. Quelle règle en décide ?"
    return prompt, options, answer, answer


_WORD = re.compile(r"[a-zà-ÿ]{4,}")


def _words(text: str) -> set[str]:
    """The words of four letters or more (lower case, a crude stem: the last ``s`` dropped)."""
    return {w.rstrip("s") for w in _WORD.findall(text.lower())}


def _count(run: StepRun, focus: str = "", **_) -> tuple[str, list, str, str]:
    pid, _, zone = focus.partition(".")
    if zone not in ZONE_FR or pid not in (run.before.get("players") or {}):
        raise ExerciseError("une question « combien ? » nomme une zone d'un joueur (focus, par ex. A.reserve)")
    count = len((run.after.get("players") or {}).get(pid, {}).get(zone) or [])
    now = len(run.before["players"][pid].get(zone) or [])
    keys = [count] + [n for n in (count + 1, count - 1, now, count + 2, count - 2, count + 3) if n >= 0 and n != count]
    keys = list(dict.fromkeys(keys))[:OPTIONS]
    prompt = (
        f"{_when(run)} : après l'étape suivante, combien de cartes y a-t-il dans {zone_label(focus)} "
        f"(actuellement {now}) ?"
    )
    touching = [
        e for e in run.entries if focus in ((e.get("event") or {}).get("to"), (e.get("event") or {}).get("from"))
    ]
    decisive = next((e["rules"][0] for e in touching if e.get("rules")), "") or _first_rule(run.entries)
    return prompt, [{"key": str(n), "label": str(n)} for n in keys], str(count), decisive


_NUMBER = re.compile(r"\b\d+\.\d+(?:\.\d+)*(?:\.[a-z])?\b")


def _legal(
    document: dict, steps: int, focus: str = "", ruleset: str = "fr-1", author_difficulty: int | None = None
) -> Question:
    """ "Which of these cards may the player play now?": the engine's legal decisions answer it
    (several right options; ``none`` when no card may be played)."""
    try:
        game = request_budget.load({**document, "decisions": []})
        for done in range(steps):
            if not game.advance():
                raise ExerciseError(
                    f"le déroulé (sans décisions) s'arrête après {done} étape(s), avant l'étape {steps}"
                )
        legal = game.legal_decisions()
        pending = game.pending or {}
        before = game.to_doc()
    except (ExerciseError, *REFUSALS):
        raise
    except Exception as exc:
        raise ExerciseError(f"le moteur a échoué en déroulant ce scénario ({type(exc).__name__} : {exc})") from exc
    if pending.get("kind") != "turn" or not legal:
        raise ExerciseError("à cette étape, le moteur n'attend pas qu'un joueur joue ou passe")
    player = pending["player"]
    seat = before["players"][player]
    candidates = [(c["id"], z) for z in ("hand", "reserve") for c in seat.get(z) or [] if isinstance(c, dict)]
    if focus:
        candidates = [c for c in candidates if c[0] in focus.split(",")] or candidates
    candidates = candidates[:5]
    if not candidates:
        raise ExerciseError(f"{player} n'a aucune carte en Main ni en Réserve")
    playable = {d["play"] for d in legal if "play" in d}
    right = sorted(c for c, _ in candidates if c in playable)
    names = _names(before)
    reasons, rule, reading = [], "", ""
    for card, _zone in candidates:
        if card in playable:
            continue
        probe = request_budget.load(before)
        try:
            probe.decide({"player": player, "play": card, "expedition": "hero"})
            continue
        except engine.IllegalDecision as exc:
            message = str(exc)
        except REFUSALS:
            raise
        except Exception:
            continue
        reasons.append(message)
        if "lecture" in message:
            reading = reading or message
        rule = rule or next(iter(_NUMBER.findall(message.rsplit("(règle", 1)[0])), "")
    rule = rule or next(iter(pending.get("rules") or []), "") or "1.3.2.d"
    stated = stack_words(before)
    when = (
        f"{''.join(f'{_capital(f)}. ' for f in stated)}{PHASE_FR.get(before.get('phase'), '').capitalize()} du jour "
        f"{before.get('day', 1)}, c'est à {player} d'agir."
    )
    if len(candidates) == 1:  # "is this play legal?": yes or no
        card, zone = candidates[0]
        options = [
            {"key": card, "label": f"Oui, {player} peut la jouer"},
            {"key": "none", "label": f"Non, {player} ne peut pas la jouer maintenant"},
        ]
        prompt = f"{when} {player} peut-il jouer {names.get(card, card)} ({card}) depuis {ZONE_FR[zone]} ?"
    else:
        options = [{"key": c, "label": f"{names.get(c, c)} ({c}), depuis {ZONE_FR[z]}"} for c, z in candidates]
        options.append({"key": "none", "label": "Aucune de ces cartes"})
        rng = random.Random(f"{document_hash(document)}:{steps}:legal:{focus}")
        rng.shuffle(options)
        options.sort(key=lambda o: o["key"] == "none")  # "none" stays last
        prompt = f"{when} Quelles cartes {player} peut-il jouer maintenant ? Cochez toutes les bonnes réponses."
    return Question(
        prompt=prompt,
        options=options,
        answer=",".join(right) or "none",
        rule=rule,
        section=section_of(rule),
        difficulty=author_difficulty or (2 if reasons else 1),
        seqs=[],
        board=board_of(before),
        cards=card_texts(before),
        stated=stated,
        reading=reading,
        multiple=len(candidates) > 1,
    )
