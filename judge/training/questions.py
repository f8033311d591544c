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

KINDS = ("card_zone", "expeditions", "winner", "rule")
OPTIONS = 4   # options shown, the right one included (fewer when the rules offer fewer)

ZONE_FR = {
    "deck": "le Deck", "hand": "la Main", "mana": "la Zone de Mana", "reserve": "la Réserve",
    "landmarks": "les Repères", "discard": "la Défausse", "hero_expedition": "l'Expédition du Héros",
    "companion_expedition": "l'Expédition du Compagnon",
}
EXPEDITION_FR = {"hero": "Héros", "companion": "Compagnon"}
PHASE_FR = {"setup": "la Mise en place", "morning": "le Matin", "noon": "Midi", "afternoon": "l'Après-midi",
            "dusk": "le Crépuscule", "night": "la Nuit"}
#: Names of the rule sections whose heading the seed text leaves implicit.
SECTION_FR = {
    "1.1": "Notions de base", "1.2": "Éléments du jeu", "1.3": "Déroulement d'une journée",
    "2.1": "Objets", "2.2": "Caractéristiques", "2.4": "Statuts", "2.5": "Jetons (compteurs)",
    "3.1": "Zones : propriétaires et visibilité", "3.2": "Les zones", "4.1": "Début de la partie",
    "4.2": "La journée", "4.3": "Fin de la partie", "5.2": "Jouer des cartes", "7.1": "Symboles de coût",
    "7.3": "Actions mots-clés",
}
_READING = re.compile(r"\s*\(Lecture retenue :.*?\)\s*$")
_RULE_NUMBER = re.compile(r"\s*\((?:voir |règles? )?\d+(?:\.\d+)+(?:\.[a-z])?\*?\)")


class ExerciseError(ValueError):
    """The scenario cannot make this question (the message, in French, says why)."""


@dataclass
class Question:
    prompt: str
    options: list[dict[str, str]]       # [{"key", "label"}], the right one among them
    answer: str                         # the key of the right option
    rule: str                           # the rule that decides the answer
    section: str                        # the rule's first two levels ("2.4")
    difficulty: int                     # 1–3, derived from the step
    seqs: list[int] = field(default_factory=list)   # the log entries of the step

    def as_json(self) -> dict[str, Any]:
        return {"prompt": self.prompt, "options": self.options, "seqs": self.seqs}


@dataclass
class StepRun:
    """The board before and after the step the question is about, and what the step logged."""

    before: dict
    after: dict
    entries: list[dict]
    winner: str | None


def document_hash(document: Any) -> str:
    return hashlib.sha256(json.dumps(document, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def section_of(number: str) -> str:
    """``2.4.6.c`` → ``2.4``: the theme an exercise is filed under."""
    return ".".join(str(number).split(".")[:2]) if number else ""


def run_step(document: dict, steps: int) -> StepRun:
    """Replay ``steps`` steps of ``document`` (no extra decisions), then perform one more."""
    try:
        game = engine.load(document)
    except engine.ScenarioError as exc:
        first = exc.problems[0] if exc.problems else {"path": "$", "message": "document refusé"}
        raise ExerciseError(f"le moteur refuse ce scénario ({first['path']} : {first['message']})") from None
    try:
        for done in range(steps):
            if not game.advance():
                raise ExerciseError(f"le déroulé s'arrête après {done} étape(s), avant l'étape {steps}")
        before = game.to_doc()
        entries = game.advance()
    except ExerciseError:
        raise
    except Exception as exc:   # an engine failure refuses the question instead of failing the page
        raise ExerciseError(f"le moteur a échoué en déroulant ce scénario ({type(exc).__name__} : {exc})") from exc
    if not entries:
        why = "la partie est finie" if game.over else "le moteur attend une décision d'un joueur"
        raise ExerciseError(f"à l'étape {steps}, {why} : il n'y a pas d'étape suivante à deviner")
    return StepRun(before, game.to_doc(), [e.to_json() for e in entries], game.winner)


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
        pool = [r for r in Rule.objects.filter(ruleset__slug=ruleset, implicit=False).in_section(section_of(number))
                if r.number and r.number != number and r.number not in ancestors and r.number not in exclude
                and (r.text or r.items)]
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


# ---- building a question --------------------------------------------------------------------------

def build(document: dict, steps: int, kind: str, focus: str = "", rule: str = "", ruleset: str = "fr-1",
          author_difficulty: int | None = None) -> Question:
    """The question ``kind`` about the step after position ``steps`` of ``document``.

    ``focus`` is the card a ``card_zone`` question (or a ``rule`` question) is about; ``rule``, when
    given, must be one of the rules the engine cites at that step: the rule asked for (``rule``) or
    the theme. Raises :class:`ExerciseError` when the step does not make that question.
    """
    if kind not in KINDS:
        raise ExerciseError(f"type de question inconnu « {kind} » (attendu : {', '.join(KINDS)})")
    run = run_step(document, steps)
    maker = {"card_zone": _card_zone, "expeditions": _expeditions, "winner": _winner, "rule": _rule}[kind]
    prompt, options, answer, decisive = maker(run, focus=focus, rule=rule, ruleset=ruleset)
    cited = [n for e in run.entries for n in e.get("rules", [])]
    if rule and rule not in cited:
        raise ExerciseError(f"la règle {rule} n'est pas citée par le moteur à cette étape (il cite : "
                            f"{', '.join(dict.fromkeys(cited)) or 'aucune'})")
    theme = rule or decisive
    # Options in an order fixed by the exercise itself, so the right one is not always first.
    rng = random.Random(f"{document_hash(document)}:{steps}:{kind}:{focus}:{rule}")
    rng.shuffle(options)
    return Question(
        prompt=prompt, options=options, answer=answer, rule=theme, section=section_of(theme),
        difficulty=author_difficulty or _difficulty(kind, run, len(options)),
        seqs=[e["seq"] for e in run.entries],
    )


def _difficulty(kind: str, run: StepRun, options: int) -> int:
    """1 for a step of one or two log entries, 2 up to five, 3 beyond; a rule to name is one harder."""
    n = len(run.entries)
    level = 1 if n <= 2 else 2 if n <= 5 else 3
    if kind == "rule" or options > OPTIONS:
        level += 1
    return min(level, 3)


def _first_rule(entries: list[dict]) -> str:
    return next((e["rules"][0] for e in entries if e.get("rules")), "")


def _card_zone(run: StepRun, focus: str, **_) -> tuple[str, list, str, str]:
    if not focus:
        raise ExerciseError("une question « où va cette carte ? » doit nommer la carte (focus)")
    before = zone_of(run.before, focus)
    if before is None:
        raise ExerciseError(f"la carte « {focus} » n'est pas sur le plateau à cette étape")
    about = [e for e in run.entries if (e.get("event") or {}).get("card") == focus]
    if not about:
        raise ExerciseError(f"l'étape suivante ne concerne pas la carte « {focus} »")
    after = zone_of(run.after, focus) or "gone"
    card = card_in(run.before, focus)
    controller = before.split(".")[0] if "." in before else card.get("owner", "A")
    owner = card.get("owner") or controller
    opponent = next((p for p in (run.before.get("players") or {}) if p not in (owner,)), owner)
    candidates = [f"{controller}.reserve", f"{owner}.reserve", f"{owner}.discard", before]
    if card.get("token") or after == "gone":
        candidates.append("gone")
    candidates += [f"{owner}.hand", f"{owner}.deck", f"{controller}.discard", f"{opponent}.reserve",
                   f"{owner}.mana", f"{owner}.landmarks", "gone"]
    keys = [after] + [k for k in dict.fromkeys(candidates) if k != after][: OPTIONS - 1]

    def label(key: str) -> str:
        if key == before:
            return f"Elle reste dans {zone_label(key)}"
        return "Elle cesse d'exister" if key == "gone" else f"Elle va dans {zone_label(key)}"

    name = card.get("name") or focus
    phase = PHASE_FR.get(run.before.get("phase", ""), "")
    prompt = (f"{_capital(phase)} du jour {run.before.get('day', 1)} : à l'étape suivante, "
              f"où se trouve {name} ({focus}), actuellement dans {zone_label(before)} ?")
    decisive = next((e["rules"][0] for e in reversed(about) if e.get("rules")), "") or _first_rule(run.entries)
    return prompt, [{"key": k, "label": label(k)} for k in keys], after, decisive


def _expeditions(run: StepRun, **_) -> tuple[str, list, str, str]:
    before, after = _markers(run.before), _markers(run.after)
    moved = sorted(k for k in before if after.get(k) != before[k])
    answer = "+".join(moved) or "none"
    fought = [k for k in before if k not in moved]
    candidates = ["none"] + [k for k in before] + (["+".join(sorted(moved + fought[:1]))] if moved and fought else [])
    keys = [answer] + [k for k in dict.fromkeys(candidates) if k != answer][: OPTIONS - 1]
    phase = PHASE_FR.get(run.before.get("phase", ""), "")
    prompt = (f"{_capital(phase)} du jour {run.before.get('day', 1)} : à l'étape suivante, "
              "quelles Expéditions changent de région ?")
    decisive = next((e["rules"][0] for e in run.entries if (e.get("event") or {}).get("type") == "marker"), "")
    return prompt, [{"key": k, "label": expedition_label(k)} for k in keys], answer, decisive or _first_rule(run.entries)


WINNER_LABELS = {
    "A": "A gagne la partie", "B": "B gagne la partie",
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
    players = sorted(run.before.get("players") or {})
    keys = [answer] + [k for k in [*players, "tiebreak", "none"] if k != answer]
    labels = {**WINNER_LABELS, **{p: f"{p} gagne la partie" for p in players}}
    phase = PHASE_FR.get(run.before.get("phase", ""), "")
    prompt = f"{_capital(phase)} du jour {run.before.get('day', 1)} : à l'étape suivante, qui gagne la partie ?"
    decisive = next((e["rules"][0] for e in run.entries
                     if (e.get("event") or {}).get("type") in ("win", "tiebreak") and e.get("rules")), "")
    return prompt, [{"key": k, "label": labels[k]} for k in keys[:OPTIONS]], answer, decisive or _first_rule(run.entries)


def _rule(run: StepRun, focus: str = "", rule: str = "", ruleset: str = "fr-1") -> tuple[str, list, str, str]:
    entries = [e for e in run.entries if e.get("rules")]
    if focus:
        entries = [e for e in entries if (e.get("event") or {}).get("card") == focus] or entries
    if rule:
        entries = [e for e in entries if rule in e["rules"]]
    if not entries:
        raise ExerciseError("l'étape suivante ne cite aucune règle numérotée")
    entry = entries[0]
    answer = rule or entry["rules"][0]
    cited = {n for e in run.entries for n in e.get("rules", [])}
    wrong = neighbour_rules(answer, ruleset, exclude=cited, count=OPTIONS - 1)
    if not wrong:
        raise ExerciseError(f"aucune règle voisine de {answer} pour proposer d'autres réponses")

    def label(number: str, text: str) -> str:
        return f"{number} — {text}" if text else number

    options = [{"key": answer, "label": label(answer, rule_text(answer, ruleset))}]
    options += [{"key": n, "label": label(n, t)} for n, t in wrong]
    prompt = f"À l'étape suivante, le moteur annonce : « {entry_text(entry)} » Quelle règle en décide ?"
    return prompt, options, answer, answer
