"""What a pending decision asks, in French, for the pages drawn on the server (the ruling page): the
stepper's sentence (static/arbitre/choices.js ``pendingSentence``) in the engine's wording layer
(:mod:`engine.text`). The engine's own text of a targets decision names its verbs
(« 1 pour « gain_counters » »); a judge reads the card, each step's sentence and the count instead.
"""

from __future__ import annotations

from typing import Any

from engine.text import capital, card_label, names_of, step_text


def _card(state: dict, card_id: Any) -> dict | None:
    for player in (state.get("players") or {}).values():
        for value in (player or {}).values():
            if isinstance(value, list):
                for card in value:
                    if isinstance(card, dict) and card.get("id") == card_id:
                        return card
    return next((c for c in state.get("limbo") or [] if isinstance(c, dict) and c.get("id") == card_id), None)


def _effect(card: dict | None) -> list:
    effect = (card or {}).get("effect")
    return effect if isinstance(effect, list) else []


def pending_sentence(pending: dict | None, state: dict) -> str:
    """The sentence of ``pending`` (the engine's text unless it asks targets)."""
    if not pending:
        return ""
    text = pending.get("text") or ""
    if pending.get("kind") != "targets":
        return text
    names = names_of(state)
    player = pending.get("player", "")
    if isinstance(pending.get("step"), int) and pending.get("card"):  # cr-5.0: the step resolving (6.5.b)
        effect = _effect(_card(state, pending["card"]))
        if not 0 <= pending["step"] < len(effect):
            return text
        n = int(pending.get("choose") or 1)
        return (
            f"{card_label(pending['card'], names)}, étape {pending['step'] + 1} — "
            f"{capital(step_text(effect[pending['step']], names)).rstrip('.')} : "
            f"{player} choisit {n} {'cibles' if n > 1 else 'cible'}."
        )
    declare = ((state.get("progress") or {}).get("declare")) or {}
    card_id = declare.get("play") or declare.get("quick")
    slots = pending.get("options") if (pending.get("constraints") or {}).get("distinct") == "per_step" else None
    if not card_id or not isinstance(slots, list):
        return text
    effect = _effect(_card(state, card_id))
    targeted = [k for k, s in enumerate(effect) if isinstance(s, dict) and s.get("target") == "choose"]
    if len(targeted) != len(slots):
        return text
    steps = " ; ".join(f"Étape {k + 1} — {capital(step_text(effect[k], names)).rstrip('.')}" for k in targeted)
    return f"{card_label(card_id, names)} : {player} choisit ses cibles dans l'ordre des étapes ({steps})."
