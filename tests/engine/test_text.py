"""The French of the log agrees with what it names: a card without a name is « la carte a1 »
(feminine), and a spell of such a card is « le Sort de la carte s1 »."""

from __future__ import annotations

import engine

from .helpers import board, card, char


def _texts(doc: dict) -> list[str]:
    game = engine.load(doc)
    game.run("dusk")
    return [e.text for e in game.log]


def test_an_unnamed_card_is_placed_exhausted_and_resolved_in_the_feminine():
    s1 = card("s1", type="spell", effect=[{"action": "put", "target": "a1", "zone": "reserve"}])
    a1 = char("a1", forest=1, abilities=[{"quick": {"exhaust_me": True}, "effect": []}])
    doc = board(
        phase="afternoon",
        A={"hand": [s1], "hero_expedition": [a1], "mana": [card("o1")]},
        decisions=[
            {"player": "A", "quick": "a1", "ability": 0},
            {"player": "A", "play": "s1"},
            {"player": "B", "pass": True},
            {"player": "A", "pass": True},
        ],
    )
    texts = _texts(doc)
    assert "Coût « Épuisez-moi » : la carte a1 est épuisée." in texts
    assert "A : résolution du Sort de la carte s1." in texts
    assert "La carte a1 est placée : Expédition du Héros de A → Réserve de A." in texts
    assert "Le Sort de la carte s1 a fini de se résoudre : il va du Limbo dans la Réserve de A." in texts


def test_a_named_card_keeps_its_name_and_the_sentence_its_form():
    s1 = card("s1", name="Rappel", type="spell", effect=[{"action": "put", "target": "a1", "zone": "reserve"}])
    doc = board(
        phase="afternoon",
        A={"hand": [s1], "hero_expedition": [char("a1", name="Garde", forest=1)], "mana": [card("o1")]},
        decisions=[{"player": "A", "play": "s1"}, {"player": "B", "pass": True}, {"player": "A", "pass": True}],
    )
    texts = _texts(doc)
    assert any("résolution du Sort Rappel" in t for t in texts), texts
    assert any(t.startswith("La carte Garde (a1) est placée :") for t in texts), texts
