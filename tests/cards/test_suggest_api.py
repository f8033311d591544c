"""The builder's card API: suggestions by French or English name (accents aside, each version
apart), a card's fields, texts and proposed encodings, and the encodings judges confirm."""

from __future__ import annotations

import json

import pytest

import engine
from judge.cards.models import Card, ConfirmedEncoding
from judge.cards.proposals import propose

pytestmark = pytest.mark.django_db
SUGGEST = "/api/cards/suggest/"


def names(response) -> list[tuple[str, str]]:
    return [(r["name"], r["reference"]) for r in response.json()["results"]]


def test_no_card_imported_no_suggestion(client):
    assert client.get(SUGGEST, {"q": "vigie"}).json() == {"results": []}
    assert client.get("/api/cards/ALT_MADE_B_AX_10_C/").status_code == 404


def test_french_and_english_names_accents_aside_each_version_apart(client, imported):
    by_fr = names(client.get(SUGGEST, {"q": "zenith"}))
    assert by_fr == [("Vigie du Zénith", "ALT_MADE_B_AX_10_C"), ("Vigie du Zénith", "ALT_MADE_B_AX_10_R1")]
    assert names(client.get(SUGGEST, {"q": "ZENITH look"})) == by_fr
    assert names(client.get(SUGGEST, {"q": "Vigie ZÉNITH"})) == by_fr
    rarities = [r["rarity_fr"] for r in client.get(SUGGEST, {"q": "zénith"}).json()["results"]]
    assert rarities == ["Commune", "Rare"]
    # a name typed with a plain space finds the one the export wrote with a non-breaking space
    assert names(client.get(SUGGEST, {"q": "gardienne des"}))[0] == ("Gardienne des Sources", "ALT_FAKE_B_MU_05_C")
    assert client.get(SUGGEST, {"q": ""}).json() == {"results": []}
    assert client.get(SUGGEST, {"q": "introuvable"}).json() == {"results": []}


def test_names_starting_with_the_query_come_first(client, imported):
    found = [r["name"] for r in client.get(SUGGEST, {"q": "sou"}).json()["results"]]
    assert found == ["Souffle Fugace", "Gardienne des Sources", "Gardienne des Sources"]
    # the English name counts too: "Spark of Insight" starts with "spa"
    found = [r["name"] for r in client.get(SUGGEST, {"q": "spa"}).json()["results"]]
    assert found == ["Étincelle d'Idée"]


def test_a_card_gives_its_scenario_card_texts_and_proposals(client, imported):
    data = client.get("/api/cards/ALT_MADE_B_AX_10_C/").json()
    assert data["card"] == {
        "id": "a1", "name": "Vigie du Zénith", "type": "character", "owner": "A", "hand_cost": 2, "reserve_cost": 1,
        "stats": {"forest": 2, "mountain": 1, "water": 0}, "card_ref": "ALT_MADE_B_AX_10_C",
    }  # fmt: skip
    assert data["texts"]["fr"]["main"] == "À Midi — Je gagne 1 boost."
    main, echo = sorted(data["abilities"], key=lambda a: a["element"] != "main")
    assert main["proposal"] == {
        "encoding": {
            "trigger": "noon",
            "effect": [{"action": "gain_counters", "target": "me", "name": "boost", "count": 1}],
        },
        "source": "pattern",
        "language": "en",
    }
    assert echo["proposal"]["encoding"] == {
        "quick": {"discard_me": True},
        "effect": [{"action": "draw", "player": "self", "count": 1}],
    }
    assert echo["parts"] == ["OUTPUT"]
    # the hero's "When you play a Permanent" is no trigger the engine plays: nothing proposed
    hero = client.get("/api/cards/ALT_MADE_B_AX_01_C/").json()
    assert [a["proposal"] for a in hero["abilities"]] == [None]
    assert hero["hero"]["reserve_limit"] == 3


@pytest.mark.parametrize(
    "text, kind, element, expected",
    [
        (
            "{J} I gain #2# boosts.",
            "character",
            "main",
            {"trigger": "join", "effect": [{"action": "gain_counters", "target": "me", "name": "boost", "count": 2}]},
        ),
        (
            "{H} You may draw a card.",
            "character",
            "main",
            {
                "trigger": "played_from_hand",
                "effect": [{"action": "draw", "player": "self", "count": 1, "optional": True}],
            },
        ),
        (
            "{R} Je gagne Ancré.",
            "character",
            "main",
            {
                "trigger": "played_from_reserve",
                "effect": [{"action": "gain_status", "target": "me", "status": "anchored"}],
            },
        ),
        (
            "At Dusk — [[Resupply]].",
            "permanent",
            "main",
            {"trigger": "dusk", "effect": [{"action": "resupply", "player": "self"}]},
        ),
        (
            "{T}, {1} : Draw a card.",
            "permanent",
            "main",
            {"quick": {"exhaust_me": True, "mana": 1}, "effect": [{"action": "draw", "player": "self", "count": 1}]},
        ),
        ("Draw two cards.", "spell", "main", {"effect": [{"action": "draw", "player": "self", "count": 2}]}),
        # the keyword a text opens with is the card's (its `keywords`), not a step of its effect
        (
            "[[Fleeting]]. (Send me to Discard instead of Reserve after my effect resolves.) Draw two cards.",
            "spell",
            "main",
            {"effect": [{"action": "draw", "player": "self", "count": 2}]},
        ),
        # a sentence outside the vocabulary: nothing rather than half an ability
        ("{J} You may ready an exhausted card in Reserve. #If you do, I gain 1 boost.#", "character", "main", None),
        ("When you play a Permanent — Draw a card.", "hero", "main", None),
        ("Draw two cards.", "character", "main", None),  # a character's text without trigger is not played
    ],
)
def test_proposals_match_only_what_the_engine_plays(text, kind, element, expected):
    assert propose(text, kind, element) == expected
    if expected:
        card = {"id": "a1", "type": kind, "owner": "A"}
        card.update({"effect": expected["effect"]} if set(expected) == {"effect"} else {"abilities": [expected]})
        doc = engine.empty_document("1v1")
        doc["players"]["A"]["hand"] = [card]
        assert engine.check(doc) == []


def test_a_confirmed_encoding_is_offered_for_every_card_printing_the_ability(client, imported, users):
    encoding = {"quick": {"discard_me": True}, "effect": [{"action": "draw", "player": "self", "count": 2}]}
    body = {"reference": "90002", "card": "ALT_MADE_B_AX_10_C", "encoding": encoding}
    assert client.post("/api/cards/encodings/", body, content_type="application/json").status_code in (401, 403)
    client.force_login(users["alice"])
    answer = client.post("/api/cards/encodings/", body, content_type="application/json")
    assert answer.status_code == 200 and answer.json()["cards"] == 2
    assert ConfirmedEncoding.objects.get(reference="90002").confirmed_by == users["alice"]
    for reference in ("ALT_MADE_B_AX_10_C", "ALT_MADE_B_AX_10_R1"):
        echo = next(a for a in client.get(f"/api/cards/{reference}/").json()["abilities"] if a["element"] == "echo")
        assert echo["proposal"] == {"encoding": encoding, "source": "confirmed"}


def test_an_encoding_the_engine_cannot_play_is_refused_with_its_path(client, imported, users):
    client.force_login(users["alice"])
    bad = {"trigger": "sunrise", "effect": []}
    answer = client.post(
        "/api/cards/encodings/",
        {"reference": "90001", "card": "ALT_MADE_B_AX_10_C", "encoding": bad},
        content_type="application/json",
    )
    assert answer.status_code == 400
    assert [p["path"] for p in answer.json()["problems"]] == ["abilities[0].trigger"]
    unknown = client.post(
        "/api/cards/encodings/",
        {"reference": "90001", "card": "ALT_FAKE_B_MU_05_C", "encoding": bad},
        content_type="application/json",
    )
    assert unknown.status_code == 400 and "n'imprime" in unknown.json()["detail"]
    assert not ConfirmedEncoding.objects.exists()
    assert Card.objects.count() == 11


def test_suggestions_follow_each_import(client, imported, tmp_path):
    from judge.cards.importer import import_paths

    from .conftest import CARD_FILES

    assert names(client.get(SUGGEST, {"q": "etincelle"})) == [("Étincelle d'Idée", "ALT_MADE_B_AX_40_C")]
    path = CARD_FILES / "MADE" / "AX" / "40" / "ALT_MADE_B_AX_40_C.json"
    data = json.loads(path.read_text())
    data["translations"]["fr_FR"]["name"] = "Flammèche d'Idée"
    changed = tmp_path / "ALT_MADE_B_AX_40_C.json"
    changed.write_text(json.dumps(data))
    import_paths([changed])
    assert names(client.get(SUGGEST, {"q": "etincelle"})) == []
    assert names(client.get(SUGGEST, {"q": "flammeche"})) == [("Flammèche d'Idée", "ALT_MADE_B_AX_40_C")]


def test_confirming_needs_the_csrf_token(imported, users):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(users["alice"])
    body = {"reference": "90001", "card": "ALT_MADE_B_AX_10_C", "encoding": {"trigger": "noon", "effect": []}}
    assert client.post("/api/cards/encodings/", body, content_type="application/json").status_code == 403
    assert not ConfirmedEncoding.objects.exists()
