"""``manage.py propose_exercises``: exercises the engine can ask on the library's scenarios, as entries of
``fixtures/exercises.json`` for an author to read, keep or drop.

For every scenario file it runs the engine step by step and tries, at each position, the questions the
step makes (where a card goes, the rule that moves it, which Expeditions advance, who wins, how many
cards a zone holds, the cards a player may play, where a card is after the whole Night). Only questions
:func:`judge.training.questions.build` accepts are proposed: nothing that rests on chance or on a choice
it cannot state. Each proposal carries an explanation that quotes its deciding rule, a level from its
section, and is marked when its answer rests on a reading of the engine. At most ``--per-scenario``
proposals per scenario, the least covered sections first; entries already in ``--existing`` (same
scenario, position, kind and focus) are skipped.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

import engine
from judge.training import questions as Q

#: What a judge must know, by rule section (the author may raise it; readings are corner cases).
LEVELS = {
    "1.3": "L1",
    "3.2": "L1",
    "4.2": "L1",
    "1.1": "L2",
    "2.1": "L2",
    "2.2": "L2",
    "2.4": "L2",
    "2.5": "L2",
    "3.1": "L2",
    "5.2": "L2",
    "7.1": "L2",
    "7.3": "L2",
    "1.2": "L3",
    "4.1": "L3",
    "4.3": "L3",
}
MAX_STEPS = 60
#: Rules the engine cites where no seed text says what it does (3.2.8.a only defines the Limbo, yet is
#: cited for a Permanent going to the Landmarks): never the deciding rule of a proposal.
UNSUPPORTED = {"3.2.8.a"}
#: Which kinds come first when a scenario makes several.
ORDER = {"rule": 0, "card_zone": 1, "winner": 2, "legal": 2, "expeditions": 3, "night_zone": 3, "count": 5}


def level_for(question: Q.Question, document: dict) -> str:
    if question.reading:
        return "corner"
    if document.get("mode") == "2v2":
        return "L3"
    return LEVELS.get(question.section, "L2")


def explain(question: Q.Question, kind: str, ruleset: str) -> str:
    from rules_ref.models import Rule

    rule = Rule.objects.filter(ruleset__slug=ruleset, number=question.rule).first()
    text = " ".join(((rule.text if rule else "") or (Q.rule_summary(rule, 400) if rule else "")).split())
    if kind == "rule":
        answer = question.answer
    else:
        answer = ", ".join(
            next((o["label"] for o in question.options if o["key"] == k), k) for k in question.answer.split(",")
        )
    parts = [f"Réponse : {answer}."]
    if text:
        parts.append(f"{question.rule} : « {text} »")
    if question.articles:
        parts.append("Voir aussi l'article « " + " », « ".join(question.articles) + " ».")
    if question.reading:
        parts.append(f"Lecture du moteur, que le texte ne tranche pas : {question.reading}")
    return " ".join(parts)


class Command(BaseCommand):
    help = "Propose des exercices tirés des scénarios de la bibliothèque (à relire avant de les garder)."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="*", help="Fichiers de scénario (par défaut : fixtures/scenarios/*.json).")
        parser.add_argument("--per-scenario", type=int, default=3)
        parser.add_argument("--existing", default=str(Path(settings.BASE_DIR) / "fixtures" / "exercises.json"))
        parser.add_argument("--out", default="-", help="Fichier de sortie (par défaut : la sortie standard).")

    def handle(self, *args, files, per_scenario, existing, out, **options):
        base = Path(settings.BASE_DIR)
        paths = [Path(f) for f in files] or sorted((base / "fixtures" / "scenarios").glob("*.json"))
        try:
            known = json.loads(Path(existing).read_text(encoding="utf-8")).get("exercises", [])
        except (OSError, ValueError):
            known = []
        taken = {(e["scenario"], e["steps"], e["kind"], e.get("focus", "")) for e in known}
        covered = Counter()
        proposals = []
        for path in paths:
            rel = (
                str(path.resolve().relative_to(base.resolve()))
                if path.resolve().is_relative_to(base.resolve())
                else str(path)
            )
            document = json.loads(path.read_text(encoding="utf-8"))
            if engine.check(document):
                continue
            found = self.candidates(document, rel, taken)
            found.sort(key=lambda c: (c[1].reading != "", ORDER[c[0]["kind"]] + covered[c[1].section], c[0]["steps"]))
            kinds = Counter()
            for entry, question in found:
                if len(kinds) >= per_scenario and sum(kinds.values()) >= per_scenario:
                    break
                if kinds[entry["kind"]]:
                    continue
                kinds[entry["kind"]] += 1
                covered[question.section] += 1
                proposals.append(entry)
        text = json.dumps(proposals, ensure_ascii=False, indent=1)
        if out == "-":
            self.stdout.write(text)
        else:
            Path(out).write_text(text + "\n", encoding="utf-8")
            self.stderr.write(f"{len(proposals)} propositions écrites dans {out}")

    def candidates(self, document: dict, rel: str, taken: set) -> list:
        ruleset = document.get("rules", "fr-1")
        game = engine.load(document)
        logs = []
        for _ in range(MAX_STEPS):
            entries = game.advance()
            if not entries:
                break
            logs.append([e.to_json() for e in entries])
        tries = []
        for steps, entries in enumerate(logs):
            events = [e["event"] for e in entries]
            for card in dict.fromkeys(
                ev.get("card") for ev in events if ev.get("type") in ("move", "cease") and ev.get("card")
            ):
                tries.append(("card_zone", steps, card, ""))
            for e in entries:
                if e.get("rules") and e["event"].get("type") not in ("phase", "note", "decision", "declared", "effect"):
                    tries.append(("rule", steps, "", e["rules"][0]))
            if any(ev.get("type") in ("marker", "progress") for ev in events):
                tries.append(("expeditions", steps, "", ""))
            if any(ev.get("type") in ("win", "tiebreak") for ev in events):
                tries.append(("winner", steps, "", ""))
            for zone in dict.fromkeys(ev.get("to") for ev in events if ev.get("type") == "move"):
                if zone and "." in zone and zone.split(".")[1] in ("reserve", "discard", "hand", "landmarks"):
                    tries.append(("count", steps, zone, ""))
            if entries[0]["phase"] == "night" and (steps == 0 or logs[steps - 1][-1]["phase"] != "night"):
                for card in dict.fromkeys(ev.get("card") for ev in events if ev.get("card")):
                    tries.append(("night_zone", steps, card, ""))
            if any(ev.get("type") == "decision" and ev.get("kind") == "turn" for ev in events):
                tries.append(("legal", steps, "", ""))
        tries.append(("legal", len(logs), "", ""))  # where the run stops: it may wait for a play
        out = []
        for kind, steps, focus, rule in tries:
            if (rel, steps, kind, focus) in taken:
                continue
            try:
                question = Q.build(document, steps, kind, focus=focus, rule=rule, ruleset=ruleset)
            except Q.ExerciseError:
                continue
            if question.rule in UNSUPPORTED:
                continue
            key = f"{Path(rel).stem}-{kind.replace('_', '-')}-{steps}" + (
                f"-{focus.replace('.', '-')}" if focus else ""
            )
            entry = {"key": key, "scenario": rel, "steps": steps, "kind": kind}
            if focus:
                entry["focus"] = focus
            if rule:
                entry["rule"] = rule
            entry["level"] = level_for(question, document)
            entry["explanation"] = explain(question, kind, ruleset)
            out.append((entry, question))
        return out
