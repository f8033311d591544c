"""What a correction teaches besides the author's explanation: the deciding rule quoted whole (its
paragraph, its list, its remarks, from the imported rules, never cut), and, for the wrong options a judge
is most tempted by, what they misread — sentences true by the rule text whatever the board (2.1.d,
3.1.2.b–c), never guessed from the engine's run."""

from __future__ import annotations

from .questions import card_in, zone_label, zone_of

#: The private zones (3.1.2.b, its remark): one instance each player.
PRIVATE = ("deck", "hand", "landmarks", "mana", "reserve", "discard")


def rule_quote(number: str, ruleset: str = "fr-1") -> dict | None:
    """``{"number", "title", "text", "items", "remarks"}`` of the rule as imported, or None."""
    from rules_ref.models import Rule

    if not number:
        return None
    rule = Rule.objects.filter(ruleset__slug=ruleset, number=number).first()
    if rule is None:
        return None
    return {
        "number": rule.number,
        "title": rule.title,
        "text": rule.text,
        "items": list(rule.items or []),
        "remarks": list(rule.remarks or []),
    }


def misreadings(exercise) -> list[dict]:
    """``[{"key", "label", "why"}]``: what the tempting wrong answer misreads, written by the author for
    every kind of question (``exercise.misreading``), then, for a "where does this card go" question, the
    wrong options whose error the rules name: the card staying where it is, ceasing to exist, a private
    zone of a player who is not its owner."""
    out = _authors(exercise)
    if exercise.kind not in ("card_zone", "night_zone"):
        return out
    return out + [m for m in _zone_misreadings(exercise) if m["key"] not in {o["key"] for o in out}]


def _authors(exercise) -> list[dict]:
    trap = getattr(exercise, "misreading", None) or {}
    options = {o["key"]: o["label"] for o in exercise.question.get("options", [])}
    key = trap.get("key")
    if key not in options or key in str(exercise.answer).split(",") or not trap.get("why"):
        return []
    return [{"key": key, "label": options[key], "why": trap["why"]}]


def _zone_misreadings(exercise) -> list[dict]:
    board = exercise.question.get("board") or {}
    card = card_in(board, exercise.focus)
    if not card:
        return []
    owner = card.get("owner") or next(
        (pid for pid, seat in (board.get("players") or {}).items() if _holds(seat, exercise.focus)), ""
    )
    out = []
    for option in exercise.question.get("options", []):
        key, label = option["key"], option["label"]
        if key == exercise.answer:
            continue
        why = ""
        if key == zone_of(board, exercise.focus):  # the option « it stays where it is »
            where = "cesse d'exister" if exercise.answer == "gone" else f"va dans {zone_label(exercise.answer)}"
            pronoun = "il" if card.get("token") else "elle"  # 2.1.b: a token is not a card
            why = f"{pronoun} ne reste pas : {pronoun} {where} (règle {exercise.rule})."
        elif key == "gone":
            why = "un jeton cesse d'exister s'il devait quitter la zone d'Expédition (2.1.d)" + (
                "."
                if card.get("token")
                else f" ; {card.get('name') or 'celle-ci'} est une carte, pas un jeton : 2.1.d ne s'applique pas."
            )
        elif "." in key:
            pid, zone = key.split(".", 1)
            if zone in PRIVATE and owner and pid != owner:
                why = (
                    f"{zone_label(key)} est une zone privée qui n'appartient pas au propriétaire de la carte, "
                    f"{owner} : une carte qui devrait y aller va dans la zone correspondante de {owner} (3.1.2.c)."
                )
        if why:
            out.append({"key": key, "label": label, "why": why})
    return out


def _holds(seat, card_id: str) -> bool:
    return any(
        isinstance(cards, list) and any(isinstance(c, dict) and c.get("id") == card_id for c in cards)
        for cards in (seat or {}).values()
    )
