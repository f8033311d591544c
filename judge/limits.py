"""Size limits of a scenario document: a real board is small, anything larger is refused (413)."""

from __future__ import annotations

MAX_BODY_BYTES = 512 * 1024
MAX_CARDS = 400
#: Abilities on all the cards together (three a card on the largest board): the engine counts the
#: orders of simultaneous reactions (n! for n of them); past about 1,750 that count has more digits
#: than Python converts to text (4,300), and the answer that carries it could not be written (a 500).
MAX_ABILITIES = 1200
MAX_DECISIONS = 2000
MAX_TITLE = 200
#: What these limits, and the request's step limit (``ARBITRE_RUN_STEPS``, 5,000), let one answer of
#: the engine hold: a run of 5,000 steps of the longest game is about 3.5 MB of JSON (some 50 ms to
#: encode), the largest. Not checked at run time: it follows from the limits, and
#: tests/security/test_amplifiers.py holds the worst answers under it.
MAX_ANSWER_BYTES = 4_000_000


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
    abilities = _abilities(document)
    if abilities > MAX_ABILITIES:
        return f"{abilities} capacités : au plus {MAX_ABILITIES} par scénario, toutes cartes comprises"
    decisions = document.get("decisions")
    if isinstance(decisions, list) and len(decisions) > MAX_DECISIONS:
        return f"{len(decisions)} décisions : au plus {MAX_DECISIONS} par scénario"
    return None


def _abilities(document: dict) -> int:
    """The length of every ``abilities`` list in the document, wherever it is (without recursion: a
    document is at most 64 levels deep, but this runs before the engine checks it)."""
    count, pending = 0, [document]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "abilities" and isinstance(item, list):
                    count += len(item)
                pending.append(item)
        elif isinstance(value, list):
            pending.extend(value)
    return count
