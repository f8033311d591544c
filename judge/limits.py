"""Size limits of a scenario document: a real board is small, anything larger is refused (413)."""

from __future__ import annotations

MAX_BODY_BYTES = 512 * 1024
MAX_CARDS = 400
MAX_DECISIONS = 2000
MAX_TITLE = 200


def oversize(document) -> str | None:
    """Why ``document`` is too large to store or run, or None."""
    if not isinstance(document, dict):
        return None
    cards = 0
    players = document.get("players")
    if isinstance(players, dict):
        for player in players.values():
            if isinstance(player, dict):
                for value in player.values():
                    if isinstance(value, list):
                        cards += len(value)
    if isinstance(document.get("limbo"), list):
        cards += len(document["limbo"])
    if cards > MAX_CARDS:
        return f"{cards} cartes : au plus {MAX_CARDS} par scénario"
    decisions = document.get("decisions")
    if isinstance(decisions, list) and len(decisions) > MAX_DECISIONS:
        return f"{len(decisions)} décisions : au plus {MAX_DECISIONS} par scénario"
    return None
