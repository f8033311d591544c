"""``manage.py dump_bank``: the whole starter set as the trainee sees it, in one Markdown file, so that
someone who did not write it can re-audit it question by question without the site.

For each entry of ``fixtures/exercises.json``: the rule set, the level, the prompt (which states the
position and what the board does not show), the board in words, the cards' texts, the options, then
what the correction shows: the key, the deciding rule quoted whole (its list and remarks), the
explanation, the misreadings, and whether the answer rests on a reading of the engine (such questions
are kept out of exams). Questions are built exactly as ``load_exercises`` builds them.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

from django.conf import settings
from django.core.management.base import BaseCommand

from engine import text
from judge.training import questions
from judge.training.corrections import misreadings, rule_quote
from judge.training.questions.bank import entry_question, entry_reading


def board_summary(board: dict) -> list[str]:
    """The board in words, one line a zone: what the trainee's screen draws."""
    names = text.names_of(board)
    lines = [
        f"Jour {board.get('day', '?')}, {text.PHASES.get(board.get('phase', ''), board.get('phase', '?'))} ; "
        f"mode {board.get('mode', '1v1')} ; premier joueur {board.get('first_player', '?')}"
    ]
    adventure = board.get("adventure") or {}
    markers = adventure.get("markers") or {}
    if markers:
        where = ", ".join(
            f"{pid} Héros {m.get('hero')} / Compagnon {m.get('companion')}" for pid, m in markers.items() if m
        )
        lines.append(f"Marqueurs d'Expédition (régions) : {where}" + (" ; Arène" if adventure.get("arena") else ""))
    tumult = adventure.get("tumult") or []
    if tumult:
        lines.append("Régions (terrains comme le plateau les montre) : " + " ; ".join(_regions(adventure)))
    for pid, seat in (board.get("players") or {}).items():
        hero = (seat or {}).get("hero") or {}
        if hero:
            lines.append(
                f"{pid} — Héros {hero.get('name', '?')} (Réserve max {hero.get('reserve_limit', '?')}, "
                f"Repères max {hero.get('landmark_limit', '?')})"
            )
        if not (seat or {}).get("deck"):
            lines.append(f"{pid} — {text.ZONES.get('deck', 'Deck')} : vide")
        for zone, cards in (seat or {}).items():
            if not isinstance(cards, list) or not cards:
                continue
            label = text.ZONES.get(zone, zone)
            if zone == "deck":
                lines.append(f"{pid} — {label} : {_plural(len(cards), 'carte')}, face cachée")
                continue
            lines.append(f"{pid} — {label} : " + ", ".join(_card(c, names) for c in cards))
    limbo = board.get("limbo") or []
    if limbo:
        lines.append("Limbo : " + ", ".join(_card(c, names) for c in limbo))
    return lines


def _regions(adventure: dict) -> list[str]:
    """Each region with its terrains, as static/arbitre/board/draw.js draws them: the Hero's and the
    Companion's regions have the three, a Tumult card's half shows its own once face up."""
    every = "/".join(text.TERRAINS.get(t, t) for t in ("forest", "mountain", "water"))
    tumult = adventure.get("tumult") or []
    out = []
    for n, card in enumerate(tumult):
        name = card.get("name") or f"T{n + 1}"
        for half in (0, 1):
            if adventure.get("arena"):
                shown = every
            elif card.get("face_up"):
                shown = "/".join(text.TERRAINS.get(t, t) for t in (card.get("terrains") or [[], []])[half]) or "aucun"
            else:
                shown = "face cachée"
            out.append(f"{name} ({'2e' if half else '1re'} moitié) : {shown}")
    if len(tumult) == 3:  # 1v1: the regions are numbered 0 to 7 on the board
        out = [f"0 Héros : {every}", *(f"{i + 1} {r}" for i, r in enumerate(out)), f"7 Compagnon : {every}"]
    return out


def _plural(n: int, noun: str) -> str:
    """« 1 carte », « 3 cartes » (French counts 0 and 1 singular)."""
    return f"{n} {noun}{'s' if n > 1 else ''}"


def _card(card, names) -> str:
    if not isinstance(card, dict):
        return str(card)
    bits = []
    stats = card.get("stats")
    if stats:
        bits.append("/".join(str(stats.get(t, 0)) for t in ("forest", "mountain", "water")))
    if not card.get("token") and card.get("type", "character") != "orb":  # the costs the board shows (« – »: none)
        for key, where in (("hand_cost", "Main"), ("reserve_cost", "Réserve")):
            cost = card.get(key, 0 if key == "hand_cost" else None)
            bits.append(f"coût {where} {'–' if cost is None else cost}")
    bits += [text.STATUSES.get(s, s) for s in card.get("statuses") or []]
    bits += [f"{_plural(n, 'jeton')} {k}" for k, n in (card.get("counters") or {}).items()]
    if card.get("exhausted"):
        bits.append("épuisée")
    if card.get("token"):
        bits.append("jeton")
    label = text.card_label(card.get("id"), names)
    return f"{label}{' [' + ', '.join(bits) + ']' if bits else ''}"


def entry_markdown(entry: dict, root: Path) -> str:
    document = json.loads((root / entry["scenario"]).read_text(encoding="utf-8"))
    ruleset = document.get("rules", "fr-1")
    head = f"## {entry['key']}\n\n"
    meta = f"- Règles : {ruleset} · niveau : {entry.get('level', 'L1')} · type : {entry['kind']}\n"
    try:
        q = entry_question(entry, document)
    except questions.ExerciseError as exc:
        return head + meta + f"- **Refusée par le moteur** : {exc}\n"
    reading = entry_reading(entry, q.reading)
    out = [head, meta, f"- Scénario : `{entry['scenario']}`, position {entry['steps']}\n\n"]
    out.append(f"**Question.** {q.prompt}\n\n")
    if q.stated:
        out.append("**Ce que le plateau ne montre pas.** " + " ".join(f"{text.capital(s)}." for s in q.stated) + "\n\n")
    out.append("**Plateau.**\n\n" + "".join(f"- {line}\n" for line in board_summary(q.board)) + "\n")
    if q.cards:
        out.append("**Textes des cartes.**\n\n")
        out += [f"- {c['name']} ({c['id']}, {c['type']}, {c['zone']}) : {' / '.join(c['text'])}\n" for c in q.cards]
        out.append("\n")
    out.append("**Réponses proposées.**\n\n")
    right = set(q.answer.split(","))
    out += [f"- {'✔' if o['key'] in right else '·'} `{o['key']}` — {o['label']}\n" for o in q.options]
    out.append(f"\n**Clé.** `{q.answer}` · règle qui décide : {q.rule or '—'}\n\n")
    quote = rule_quote(q.rule, ruleset)
    if quote is None and ruleset == "cr-5.0":
        out.append(
            "**Règle citée en entier.** Le texte des CR 5.0 n'est pas reproduit par le site (le document officiel "
            "ne donne pas de licence) : la correction donne son numéro, l'explication le paraphrase.\n\n"
        )
    if quote:
        body = " ".join(filter(None, [quote["title"], quote["text"]]))
        out.append(f"**Règle citée en entier.** {quote['number']} — {body}\n")
        out += [f"  - {item}\n" for item in quote["items"]]
        out += [f"  - Remarque : {r}\n" for r in quote["remarks"]]
        out.append("\n")
    out.append(f"**Explication.** {entry.get('explanation', '')}\n\n")
    shown = SimpleNamespace(
        kind=entry["kind"],
        focus=entry.get("focus", ""),
        answer=q.answer,
        rule=q.rule,
        question=q.as_json(),
        misreading=entry.get("trap") or {},
    )
    lines = misreadings(shown)
    if lines:
        out.append("**Ce que lit mal la réponse tentante.**\n\n")
        out += [f"- {m['label']} : {m['why']}\n" for m in lines]
        out.append("\n")
    out.append(f"**Repose sur une lecture.** {reading or 'non (gardée pour les examens)'}\n\n")
    return "".join(out)


class Command(BaseCommand):
    help = "Écrit le jeu d'exercices tel que le candidat le voit (fichier Markdown), pour le relire."

    def add_arguments(self, parser):
        parser.add_argument("--file", default=str(Path(settings.BASE_DIR) / "fixtures" / "exercises.json"))
        parser.add_argument("--out", default="bank-dump.md")

    def handle(self, *args, file, out, **options):
        root = Path(settings.BASE_DIR)
        entries = json.loads(Path(file).read_text(encoding="utf-8"))["exercises"]
        parts = [
            "# Le jeu d'exercices tel que le candidat le voit\n\n",
            f"{len(entries)} questions, de `{Path(file).name}`, construites comme `load_exercises` les construit. "
            "Pour chacune : la question, le plateau, les réponses proposées, puis la correction.\n\n",
        ]
        parts += [entry_markdown(e, root) for e in entries]
        Path(out).write_text("".join(parts), encoding="utf-8")
        self.stdout.write(f"{len(entries)} questions écrites dans {out}")
