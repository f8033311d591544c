"""Issue 13: every part of the effect vocabulary the engine plays is built with forms (no JSON),
reads back as a French sentence, and passes the engine's check: quick action costs, support, an
optional step, a condition, "another" target chosen among the opponent's, modes, an internal action."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

pytestmark = [
    pytest.mark.browser,
    pytest.mark.filterwarnings("ignore:Session-scoped fixtures defined as instance methods"),
]


def test_whole_effect_vocabulary_without_json(judge_page: Page, site, js_errors):
    page = judge_page
    page.goto(f"{site}/scenarios/nouveau/")
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok")
    panel = page.locator("#side-panel")
    page.get_by_role("button", name="Ajouter une carte dans Repères (A)").click()
    panel.get_by_label("Nom de la carte").fill("Tour de guet")
    panel.get_by_role("button", name="Ajouter : Permanent", exact=True).click()

    # A quick action: exhaust me, pay 1, spend 1 boost; support; "you may draw 2 cards".
    panel.get_by_role("button", name="Ajouter une action rapide à a1").click()
    ability = panel.locator(".ability").first
    ability.get_by_label("Mana à payer").fill("1")
    ability.get_by_label("Jetons à dépenser").fill("1")
    ability.get_by_label("Soutien (fonctionne dans la Réserve, 1.2.4.d)").check()
    step = ability.locator(".step").first
    step.get_by_label("Nombre", exact=True).fill("2")
    step.get_by_label("Facultatif (« vous pouvez »)").check()
    expect(ability.locator(":scope > .sentence")).to_have_text(
        "Action rapide (Soutien : fonctionne depuis la Réserve) — Épuisez-moi, payez 1 mana, dépensez 1 jeton Boost : "
        "Vous pouvez piocher 2 cartes."
    )

    # A reaction at Noon with three steps: a condition, two "other" targets of the opponent, modes.
    panel.get_by_role("button", name="Ajouter une réaction à a1").click()
    reaction = panel.locator(".ability").nth(1)
    reaction.get_by_label("Déclencheur").select_option("noon")
    first = reaction.locator(".step").first
    first.get_by_label("Condition", exact=True).select_option("if")
    first.get_by_label("Au moins").fill("2")
    first.get_by_label("Combien de cibles").fill("2")
    first.get_by_label("Parmi les objets de").select_option("opponent")
    first.get_by_label("Une autre (pas cette carte)").check()
    expect(first.locator(":scope > .sentence")).to_have_text(
        "Si vous avez au moins 2 cartes dans votre Main, 2 autres Personnages ciblés que votre adversaire contrôle "
        "gagnent 1 jeton Boost"
    )
    effect = reaction.locator(".steps").first
    effect.get_by_label("Verbe de l'étape à ajouter (capacité 2 de a1)", exact=True).select_option("choose_one")
    effect.get_by_role("button", name="Ajouter une étape à capacité 2 de a1", exact=True).click()
    modes = reaction.locator(".modes")
    modes.get_by_label("Joueur (capacité 2 de a1, étape 2, mode 2, étape 1)").select_option("opponent")
    effect.get_by_label("Verbe de l'étape à ajouter (capacité 2 de a1)", exact=True).select_option("internal")
    effect.get_by_role("button", name="Ajouter une étape à capacité 2 de a1", exact=True).click()
    internal = reaction.locator(".step").filter(has=page.locator(".internal")).last
    internal.get_by_label("Verbe (capacité 2 de a1, étape 3 (action interne), étape 1)").select_option("move_forward")
    internal.get_by_label("Expédition (capacité 2 de a1, étape 3 (action interne), étape 1)").select_option(
        "self.companion"
    )
    expect(reaction.locator(":scope > .sentence")).to_have_text(
        "À Midi : Si vous avez au moins 2 cartes dans votre Main, 2 autres Personnages ciblés que votre adversaire "
        "contrôle gagnent 1 jeton Boost. "
        "Choisissez-en un — mode 1 : « Piochez 1 carte » ; mode 2 : « Votre adversaire se ravitaille ». "
        "Vous pouvez payer 1 mana pour : « Votre Expédition du Compagnon avance »."
    )
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok")
    # The board shows both sentences on the card.
    expect(page.locator('#builder-board [data-card="a1"] .card-text li')).to_have_count(2)

    page.locator("#io-details > summary").click()
    page.get_by_role("button", name="Afficher le JSON").click()
    doc = json.loads(page.get_by_label("Document JSON", exact=True).input_value())
    card = doc["players"]["A"]["landmarks"][0]
    assert card["type"] == "permanent"
    assert card["abilities"] == [
        {
            "quick": {"exhaust_me": True, "mana": 1, "spend": {"boost": 1}},
            "support": True,
            "effect": [{"action": "draw", "player": "self", "count": 2, "optional": True}],
        },
        {
            "trigger": "noon",
            "effect": [
                {
                    "action": "gain_counters",
                    "target": "choose",
                    "count": 1,
                    "name": "boost",
                    "type": "character",
                    "if": {"zone": "self.hand", "at_least": 2},
                    "choose": 2,
                    "controller": "opponent",
                    "other": True,
                },
                {
                    "action": "choose_one",
                    "modes": [
                        [{"action": "draw", "player": "self", "count": 1}],
                        [{"action": "resupply", "player": "opponent", "count": 1}],
                    ],
                },
                {
                    "action": "internal",
                    "cost": {"mana": 1},
                    "effect": [{"action": "move_forward", "expedition": "self.companion"}],
                },
            ],
        },
    ]
    assert js_errors == []


def test_cr5_effect_vocabulary_put_and_several_modes_without_json(judge_page: Page, site, js_errors):
    """Issue 12's additions to the effect vocabulary, built with forms under cr-5.0: `put` (a card to
    another zone: Expedition ↔ Landmarks, 7.3.27.a) and "Choisissez X" modes (6.5.g), with repeats."""
    page = judge_page
    page.goto(f"{site}/scenarios/nouveau/")
    page.get_by_label("Jeu de règles").select_option("cr-5.0")
    panel = page.locator("#side-panel")
    page.get_by_role("button", name="Ajouter une carte dans Main (A)").click()
    panel.get_by_label("Nom de la carte").fill("Remaniement")
    panel.get_by_label("Effet du Sort").select_option("boost")
    panel.get_by_role("button", name="Ajouter : Sort", exact=True).click()
    spell = panel.locator(".spell-effect")
    first = spell.locator(".step").first
    first.get_by_label("Verbe (effet de a1, étape 1)").select_option("put")
    first.get_by_label("Zone d'arrivée").select_option("landmarks")
    spell.get_by_label("Verbe de l'étape à ajouter (effet de a1)").select_option("choose_one")
    spell.get_by_role("button", name="Ajouter une étape à effet de a1").click()
    modal = spell.locator(".step").filter(has=page.locator(".modes")).first
    modal.get_by_label("Modes à choisir").fill("2")
    modal.get_by_label("Un même mode peut être choisi plusieurs fois").check()
    expect(spell.locator(":scope > .sentence")).to_have_text(
        "Mettez un objet ciblé dans vos Repères. "
        "Choisissez-en 2, le même plusieurs fois si vous voulez — mode 1 : « Piochez 1 carte » ; mode 2 : « Ravitaillez »."
    )
    expect(page.locator("#builder")).to_have_attribute("data-check", "ok")

    page.locator("#io-details > summary").click()
    page.get_by_role("button", name="Afficher le JSON").click()
    doc = json.loads(page.get_by_label("Document JSON", exact=True).input_value())
    assert doc["rules"] == "cr-5.0"
    effect = doc["players"]["A"]["hand"][0]["effect"]
    assert effect[0] == {"action": "put", "target": "choose", "zone": "landmarks"}
    assert effect[1]["action"] == "choose_one" and effect[1]["choose"] == 2 and effect[1]["repeat"] is True
    assert js_errors == []
