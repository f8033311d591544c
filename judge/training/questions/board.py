"""What the trainee is shown: the board (nothing the scenario says of itself), the cards' texts, the facts
the board does not show, and the screen as a whole (what two positions must differ by, if their answers do).

Every word of a game object comes from :mod:`engine.text` and the engine's vocabulary."""

from __future__ import annotations

import json

from engine import text as engine_text

#: Keys of a state document that say what the scenario is about, or what comes next: never sent before
#: the answer (the title and description may state it, ``expect`` and ``decisions`` are the answer).
#: What ``progress`` holds that matters (whose turn, what was kept, what is being resolved) is stated in
#: words instead (:func:`unseen`).
HIDDEN_KEYS = ("title", "description", "tags", "expect", "decisions", "seed", "progress", "rules_note")


def board_of(state: dict) -> dict:
    """The board as the trainee may see it: the state without what the scenario says about itself."""
    return {k: v for k, v in state.items() if k not in HIDDEN_KEYS}


def zone_of(state: dict, card_id: str) -> str | None:
    """``"A.reserve"``, ``"limbo"`` or None when the card is not (or no longer) on the board."""
    for pid, player in (state.get("players") or {}).items():
        for zone, cards in (player or {}).items():
            if isinstance(cards, list) and any(isinstance(c, dict) and c.get("id") == card_id for c in cards):
                return f"{pid}.{zone}"
    if any(isinstance(c, dict) and c.get("id") == card_id for c in state.get("limbo") or []):
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
    return next(c for c in cards if isinstance(c, dict) and c.get("id") == card_id)


def zone_label(zone: str) -> str:
    """« la Défausse de A », « le Limbo » (the vocabulary's words)."""
    if zone == "gone":
        return "nulle part : elle cesse d'exister"
    if zone == "limbo":
        return "le Limbo"
    pid, name = zone.split(".", 1)
    label = engine_text.ZONES.get(name, name)
    return f"{engine_text.article(label)} de {pid}"


def expedition_label(key: str) -> str:
    if key == "none":
        return "Aucune"
    parts = []
    for one in key.split("+"):
        pid, kind = one.split(".")
        parts.append(f"l'{engine_text.ZONES[f'{kind}_expedition']} de {pid}")
    return engine_text.capital(" et ".join(parts))


def card_texts(state: dict) -> list[dict]:
    """The texts of the cards on the board (outside Decks and Mana), whole, so the trainee reads what
    the engine reads; each says who controls it."""
    names = engine_text.names_of(state)
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
            lines = engine_text.card_text(card, names, rules=state.get("rules") or "fr-1")
            if lines:
                kind = card.get("type", "character")
                out.append(
                    {
                        "id": card["id"],
                        "name": card.get("name") or card["id"],
                        "zone": zone,
                        "type": engine_text.TYPES.get(kind, kind),
                        "text": lines,
                    }
                )
    return out


def unseen(state: dict) -> list[str]:
    """The facts of the position the board does not show (whose turn, who passed, what was kept, what is
    being resolved with its targets), in words."""
    return engine_text.unseen_facts(state, engine_text.names_of(state))


def _face_up(board: dict) -> dict:
    """The board as a judge sees it at the table: a Deck is face down, only its size shows."""
    players = {
        pid: {z: (len(v) if z == "deck" and isinstance(v, list) else v) for z, v in (player or {}).items()}
        for pid, player in (board.get("players") or {}).items()
    }
    return {**board, "players": players}


def screen(question) -> str:
    """Everything the trainee sees of a question, as one text (the prompt, which states the facts, the
    options, the board with its Decks face down, the cards' texts): two questions with the same screen
    must have the same answer, or the answer rests on a fact the trainee cannot see."""
    return json.dumps(
        {
            "prompt": question.prompt,
            "options": sorted((o["key"], o["label"]) for o in question.options),
            "board": _face_up(question.board),
            "cards": question.cards,
        },
        sort_keys=True,
        ensure_ascii=False,
    )
