"""The « which cards may the player play now? » question: the engine's legal decisions answer it, and the
rule it cites is the one that forbids the cards that cannot be played.

That rule is read from data, never out of the engine's French: an :class:`engine.IllegalDecision` carries
in ``rules`` the rules of the decision the game waits for (a turn of the Afternoon: 1.3.2.d), which say
what a player may do in a turn, not why this card cannot be played; the rule that forbids it is read
from the card as the board holds it (its costs and statuses, the player's ready Orbs), as the rule
texts say. A card the engine refuses for another reason is not made a question of: its rule would be
known only from the message."""

from __future__ import annotations

import random

import engine
from engine import text as engine_text
from engine.game import cite_in
from engine.versions import CR5, FR1, cr5

from .board import card_texts, unseen
from .replay import REFUSALS, ExerciseError, document_hash, load, replay
from .rules import rule_text, section_of

ZONES_FR = {"hand": "la Main", "reserve": "la Réserve"}


def _statuses(card: dict) -> list:
    return card.get("statuses") or []


def forbidding_rules(seat: dict, card: dict, zone: str, ruleset: str = FR1) -> tuple[str, ...]:
    """The rules that forbid playing ``card`` from ``zone`` (``hand`` or ``reserve``) now, numbered in
    ``ruleset``; () when its costs and statuses allow it (the engine may still refuse it, for its
    targets say, but names that rule only in its French message: no question is made of it)."""
    numbers: tuple[str, ...] = ()
    cost = card.get("hand_cost") or 0
    if zone == "reserve":
        if card.get("reserve_cost") is None:
            # 2.2.7.b: « Seules les cartes avec un coût de réserve peuvent être jouées depuis la Réserve. »
            return cite_in(ruleset, ("2.2.7.b",))[0]
        if ruleset == CR5 and "exhausted" in _statuses(card):
            return cr5("2.4.6.c")  # CR 5.0: an exhausted card in the Reserve cannot be played
        cost, numbers = card.get("reserve_cost") or 0, ("2.2.7.a",)  # 2.2.7.a: the mana paid from the Reserve
    ready = sum(1 for orb in seat.get("mana") or [] if isinstance(orb, dict) and "exhausted" not in _statuses(orb))
    if cost > ready:  # 3.2.9.f: « Un coût en mana X peut être payé en épuisant [X] Orbes de Mana. »
        return cite_in(ruleset, ("3.2.9.f", *numbers))[0]
    return ()


def legal(document: dict, steps: int, focus: str = "", rule: str = "") -> dict:
    """ "Which of these cards may the player play now?": the engine's legal decisions answer it
    (several right options; ``none`` when no card may be played). ``rule``: the author's deciding rule
    where every card may be played (the turn's rule says only that a player plays or passes; 2.2.7.b
    decides that a card with a Reserve cost may be played from the Reserve); a card refused keeps the
    rule that forbids it."""
    try:
        game = replay(document, steps, decisions=False)
        legal_now = game.legal_decisions()
        pending = game.pending or {}
        before = game.to_doc()
    except (ExerciseError, *REFUSALS):
        raise
    except Exception as exc:
        raise ExerciseError(f"le moteur a échoué en déroulant ce scénario ({type(exc).__name__} : {exc})") from exc
    if pending.get("kind") != "turn" or not legal_now:
        raise ExerciseError("à cette étape, le moteur n'attend pas qu'un joueur joue ou passe")
    player = pending["player"]
    seat = before["players"][player]
    ruleset = before.get("rules") or FR1
    candidates = [(c, z) for z in ("hand", "reserve") for c in seat.get(z) or [] if isinstance(c, dict)]
    if focus:
        candidates = [c for c in candidates if c[0]["id"] in focus.split(",")] or candidates
    candidates = candidates[:5]
    if not candidates:
        raise ExerciseError(f"{player} n'a aucune carte en Main ni en Réserve")
    playable = {d["play"] for d in legal_now if "play" in d}
    right = sorted(c["id"] for c, _ in candidates if c["id"] in playable)
    names = engine_text.names_of(before)
    refused, decisive = 0, ""
    for card, zone in candidates:
        if card["id"] in playable:
            continue
        probe = load(before)
        try:
            probe.decide({"player": player, "play": card["id"], "expedition": "hero"})
            continue
        except engine.IllegalDecision as exc:
            numbers = forbidding_rules(seat, card, zone, ruleset)
            if not numbers:  # its ``rules`` are the turn's, which do not forbid it: no rule to cite
                raise ExerciseError(
                    f"{engine_text.card_label(card['id'], names)} est refusée par le moteur pour une raison que "
                    f"ni son coût ni ses statuts ne disent ({exc}) : la règle qui l'interdit n'est pas connue"
                ) from None
        except REFUSALS:
            raise
        except Exception:
            continue
        refused += 1
        decisive = decisive or numbers[0]
    # Every card may be played: the turn's own rule decides (a player plays a card or passes).
    if rule and not decisive:
        if not rule_text(rule, ruleset):
            raise ExerciseError(f"« {rule} » n'est pas une règle de {ruleset}")
        decisive = rule
    decisive = decisive or next(iter(pending.get("rules") or []), "") or "1.3.2.d"
    stated = unseen(before)
    facts = [engine_text.position_text(before), *stated]
    when = "".join(f"{engine_text.capital(f)}. " for f in facts)
    if len(candidates) == 1:  # "is this play legal?": yes or no
        card, zone = candidates[0]
        options = [
            {"key": card["id"], "label": f"Oui, {player} peut la jouer"},
            {"key": "none", "label": f"Non, {player} ne peut pas la jouer maintenant"},
        ]
        prompt = f"{when}{player} peut-il jouer {engine_text.card_label(card['id'], names)} depuis {ZONES_FR[zone]} ?"
    else:
        options = [
            {"key": c["id"], "label": f"{engine_text.card_label(c['id'], names)}, depuis {ZONES_FR[z]}"}
            for c, z in candidates
        ]
        options.append({"key": "none", "label": "Aucune de ces cartes"})
        rng = random.Random(f"{document_hash(document)}:{steps}:legal:{focus}")
        rng.shuffle(options)
        options.sort(key=lambda o: o["key"] == "none")  # "none" stays last
        prompt = f"{when}Quelles cartes {player} peut-il jouer maintenant ? Cochez toutes les bonnes réponses."
    return {
        "prompt": prompt,
        "options": options,
        "answer": ",".join(right) or "none",
        "rule": decisive,
        "section": section_of(decisive),
        "difficulty": 2 if refused else 1,
        "before": before,
        "cards": card_texts(before),
        "stated": stated,
        "reading": "",
        "multiple": len(candidates) > 1,
    }
