"""engine.text (its objects half, engine/text/objects.py) words game objects whole, as a judge reads them: conditions, the player concerned,
modes, costs; orbs named and quick actions numbered as the board shows them; positions in game terms."""

from __future__ import annotations

import doctest
import importlib

from engine import text


def test_the_docstring_examples_run():
    result = doctest.testmod(importlib.import_module("engine.text.objects"))
    assert result.attempted >= 2 and result.failed == 0
    words = doctest.testmod(importlib.import_module("engine.text.words"))
    assert words.attempted >= 1 and words.failed == 0


def test_a_card_keeps_its_conditions_players_and_modes():
    card = {
        "id": "a1",
        "name": "Oracle",
        "effect": [
            {"action": "draw", "player": "opponent", "count": 1, "if": {"zone": "self.hand", "at_least": 3}},
            {"action": "discard", "target": "choose", "unless": {"first_player": "self"}},
            {"action": "choose_one", "modes": [[{"action": "resupply", "player": "self"}], [{"action": "draw"}]]},
            {"action": "internal", "cost": {"mana": 1}, "effect": [{"action": "sabotage", "target": "choose"}]},
        ],
        "abilities": [
            {"quick": {"exhaust_me": True}, "effect": [{"action": "gain_counters", "target": "me", "name": "boost"}]},
            {"quick": {"spend": {"boost": 2}}, "effect": [{"action": "move_forward", "expedition": "self.hero"}]},
        ],
    }
    lines = text.card_text(card)
    assert lines[0] == "Action rapide 1 — Épuisez-moi : Je gagne 1 jeton Boost (Oracle)."
    assert lines[1] == "Action rapide 2 — Dépensez 2 jetons Boost : Votre Expédition du Héros avance."
    effect = lines[2]
    assert "Si vous avez au moins 3 cartes dans votre Main, votre adversaire pioche 1 carte" in effect
    assert "Défaussez un objet ciblé, à moins que vous ne soyez le premier joueur" in effect
    assert "Choisissez-en un — mode 1 : « Ravitaillez » ; mode 2 : « Piochez 1 carte »" in effect
    assert "Vous pouvez payer 1 mana pour : « Sabotez un objet ciblé »" in effect
    for internal in ("None", "internal", "choose_one", "self", "opponent"):
        assert internal not in " ".join(lines)


def test_orbs_and_quick_actions_are_named_as_on_the_board():
    state = {"players": {"A": {"mana": [{"id": "ao0"}, {"id": "ao1"}], "hand": [{"id": "a5", "name": "Intendant"}]}}}
    names = text.names_of(state)
    assert text.card_label("ao1", names) == "Orbe de Mana n°2 de A (ao1)"
    assert (
        text.decision_text("A", "turn", {"quick": "a5", "ability": 0}, names)
        == "A a utilisé l'action rapide 1 d'Intendant (a5)"
    )
    assert text.decision_text("A", "mode", {"mode": 1}) == "A a choisi le mode 2"


def test_positions_are_in_game_terms_and_unseen_facts_are_stated():
    state = {
        "phase": "afternoon",
        "day": 2,
        "players": {"A": {"passed": False}, "B": {"passed": True}},
        "progress": {"step": "afternoon.turn", "turn": "A", "keeps": {}},
    }
    assert text.position_text(state) == "Jour 2, à l'Après-midi, au tour de A"
    assert text.unseen_facts(state) == ["B a passé pour le reste de l'Après-midi"]
    night = {"phase": "night", "day": 1, "players": {}, "progress": {"step": "night.discard", "keeps": {"A": []}}}
    assert "après les choix du Nettoyage" in text.position_text(night)
    assert text.unseen_facts(night) == ["A n'a rien gardé au Nettoyage"]
