"""``manage.py import_cards``: both export shapes, their quirks, languages joined, idempotent,
refused whole with the file and the JSON path."""

from __future__ import annotations

import json
import shutil
import socket
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

import engine
from judge.cards.importer import ImportRefused, import_paths
from judge.cards.models import Ability, Card

from .conftest import CARD_FILES, EXPORTS, SET_FILES

pytestmark = pytest.mark.django_db


def test_one_file_per_card_keeps_numbers_names_texts_and_abilities_with_their_parts():
    report = import_paths([CARD_FILES])
    assert (report.created, report.updated, report.unchanged) == (6, 0, 0)
    common = Card.objects.get(reference="ALT_MADE_B_AX_10_C")
    assert (common.name_fr, common.name_en) == ("Vigie du Zénith", "Zenith Lookout")
    assert common.names["de"] == "Zenith Lookout (de)"
    assert (common.hand_cost, common.reserve_cost) == (2, 1)  # "2", "1" in the export: strings
    assert (common.forest, common.mountain, common.water) == (2, 1, 0)
    assert (common.card_type, common.engine_type, common.rarity, common.faction, common.set_code) == (
        "CHARACTER",
        "character",
        "COMMON",
        "AX",
        "MADE",
    )
    echo, main = common.abilities.order_by("element")  # "echo" < "main"
    assert (echo.element, echo.reference, [p["type"] for p in echo.parts]) == ("echo", "90002", ["OUTPUT"])
    assert (main.reference, [p["type"] for p in main.parts]) == ("90001", ["TRIGGER", "OUTPUT"])
    # French non-breaking spaces become plain spaces
    assert main.parts[0]["texts"]["fr"] == "À Midi —"
    assert common.texts["fr"]["echo"] == "{D} : Piochez une carte. (Défaussez-moi de la Réserve pour ça.)"
    assert "\u00a0" not in json.dumps(common.texts, ensure_ascii=False)


def test_values_between_hash_markers_are_numbers_and_the_marked_text_is_kept():
    import_paths([CARD_FILES])
    rare = Card.objects.get(reference="ALT_MADE_B_AX_10_R1")
    assert (rare.hand_cost, rare.reserve_cost, rare.water) == (3, 2, 1)  # "#3#", "#2#", "#1#"
    assert rare.texts["en"]["main"] == "At Noon — I gain #2 boosts#."
    assert rare.text("en")["main"] == "At Noon — I gain 2 boosts."
    # the versions of one card share their family, not their abilities' main reference
    assert rare.family == Card.objects.get(reference="ALT_MADE_B_AX_10_C").family == "ALT_MADE_B_AX_10"
    assert set(Ability.objects.filter(reference="90002").values_list("card__reference", flat=True)) == {
        "ALT_MADE_B_AX_10_C",
        "ALT_MADE_B_AX_10_R1",
    }


def test_hero_limits_token_empty_powers_and_keywords():
    import_paths([CARD_FILES])
    hero = Card.objects.get(reference="ALT_MADE_B_AX_01_C")
    assert (hero.engine_type, hero.reserve_limit, hero.landmark_limit) == ("hero", 3, 2)
    assert hero.hero() == {
        "name": "Orélie & Cliquet",
        "reserve_limit": 3,
        "landmark_limit": 2,
        "card_ref": "ALT_MADE_B_AX_01_C",
    }
    # the token placeholder of the text is named in each language
    assert "[1/1/1 Rouageot]" in hero.texts["fr"]["main"] and "[Gearling 1/1/1]" in hero.texts["en"]["main"]
    token = Card.objects.get(reference="ALT_MADE_B_AX_31_C")
    assert token.scenario_card()["token"] is True and token.scenario_card()["reserve_cost"] == 0
    spell = Card.objects.get(reference="ALT_MADE_B_AX_40_C")
    assert (spell.forest, spell.mountain, spell.water) == (None, None, None)  # "" in the export
    assert "stats" not in spell.scenario_card()
    medic = Card.objects.get(reference="ALT_MADE_B_BR_20_C")
    assert medic.keywords == ["FLEETING"]
    # "[[Fleeting]]." alone is the keyword, not an ability; the support ability naming it is one
    assert list(medic.abilities.values_list("element", flat=True)) == ["echo"]
    assert medic.texts["fr"]["echo"] == "{D} : Un Personnage ciblé perd [[Fugace]]."


def test_one_file_per_set_and_language_joins_the_languages_of_each_card():
    report = import_paths(
        [SET_FILES / "FAKE" / "FAKE_FR.json", SET_FILES / "FAKE" / "FAKE_EN.json", SET_FILES / "FAKE" / "FAKE_IT.json"]
    )
    assert report.created == 5
    warden = Card.objects.get(reference="ALT_FAKE_B_MU_05_C")
    assert warden.names == {"fr": "Gardienne des Sources", "en": "Spring Warden", "it": "Guardiana delle Sorgenti"}
    assert warden.languages == ["fr", "en", "it"]
    assert warden.texts["fr"]["main"] == "{J} Je gagne 1 boost." and warden.texts["en"]["main"] == "{J} I gain 1 boost."
    assert warden.set_name == "Jeu inventé"  # the French file's name of the set
    # no reference in this shape: an ability is known by its text, shared by the versions printing it
    echo = {
        a.card.reference: a.reference for a in Ability.objects.filter(element="echo", card__family="ALT_FAKE_B_MU_05")
    }
    assert echo["ALT_FAKE_B_MU_05_C"] == echo["ALT_FAKE_B_MU_05_R1"] and echo["ALT_FAKE_B_MU_05_C"].startswith("txt:")
    spell = Card.objects.get(reference="ALT_FAKE_A_MU_07_C")
    assert spell.keywords == ["FLEETING"] and spell.scenario_card()["keywords"] == ["fleeting"]
    assert [a.text("fr") for a in spell.abilities.all()] == ["Piochez une carte."]
    hero = Card.objects.get(reference="ALT_FAKE_B_MU_01_C")
    assert (hero.reserve_limit, hero.landmark_limit) == (3, 2)


def test_a_card_missing_a_language_is_kept_with_the_languages_it_has():
    report = import_paths([SET_FILES])
    lonely = Card.objects.get(reference="ALT_FAKE_B_MU_09_C")
    assert (lonely.name_fr, lonely.name_en, lonely.languages) == ("Écho Solitaire", "", ["fr"])
    assert report.missing["en"] == 1
    assert list(Card.objects.suggest("echo solitaire")) == [lonely]


def test_importing_again_changes_nothing_and_a_changed_card_is_updated(tmp_path):
    first = import_paths([EXPORTS])
    assert first.created == 11
    before = list(Ability.objects.order_by("pk").values_list("pk", "reference"))
    again = import_paths([EXPORTS])
    assert (again.created, again.updated, again.unchanged) == (0, 0, 11)
    assert list(Ability.objects.order_by("pk").values_list("pk", "reference")) == before
    copy = tmp_path / "export"
    shutil.copytree(CARD_FILES, copy)
    path = copy / "MADE" / "AX" / "40" / "ALT_MADE_B_AX_40_C.json"
    data = json.loads(path.read_text())
    data["cardElements"][0]["value"] = "4"
    path.write_text(json.dumps(data))
    changed = import_paths([copy])
    assert (changed.created, changed.updated, changed.unchanged) == (0, 1, 5)
    assert Card.objects.get(reference="ALT_MADE_B_AX_40_C").hand_cost == 4
    assert Card.objects.count() == 11


def bad_copy(tmp_path, change):
    """A copy of the per-card export whose spell file is changed by ``change(data)``."""
    copy = tmp_path / "export"
    shutil.copytree(CARD_FILES, copy)
    path = copy / "MADE" / "AX" / "40" / "ALT_MADE_B_AX_40_C.json"
    data = json.loads(path.read_text())
    path.write_text(json.dumps(change(data)) if callable(change) else change)
    return copy, path


@pytest.mark.parametrize(
    "change, where, says",
    [
        (
            lambda d: {**d, "cardElements": [{**d["cardElements"][0], "value": "deux"}, *d["cardElements"][1:]]},
            "$.cardElements[0].value",
            "nombre",
        ),
        (lambda d: {k: v for k, v in d.items() if k != "reference"}, "$.reference", "texte attendu"),
        (lambda d: {**d, "cardType": "SPELL"}, "$.cardType", "objet attendu"),
        ('{"reference": "ALT_X", "cardElements": [', "$", "JSON mal formé ligne 1"),
        ("[1, 2]", "$[0]", "carte (objet) attendue"),
    ],
)
def test_a_bad_file_is_refused_with_its_path_and_nothing_is_written(tmp_path, change, where, says):
    import_paths([SET_FILES])
    before = Card.objects.count()
    copy, path = bad_copy(tmp_path, change)
    with pytest.raises(ImportRefused) as refused:
        import_paths([copy])
    problems = refused.value.problems
    assert any(p.file == str(path) and p.path == where and says in p.message for p in problems), problems
    assert Card.objects.count() == before  # the five sound files were not written either


def test_the_command_names_the_file_and_path_and_writes_nothing(tmp_path):
    copy, path = bad_copy(tmp_path, lambda d: {**d, "cardElements": [{**d["cardElements"][0], "value": True}]})
    err = StringIO()
    with pytest.raises(CommandError, match="rien n'a été écrit"):
        call_command("import_cards", str(copy), stderr=err)
    assert f"{path} : $.cardElements[0].value : nombre attendu, reçu True" in err.getvalue()
    assert not Card.objects.exists()
    out = StringIO()
    call_command("import_cards", str(CARD_FILES), str(SET_FILES / "FAKE" / "FAKE_FR.json"), stdout=out)
    # the French file alone: its five cards have no English name
    assert "7 fichiers ; 11 cartes créées, 0 modifiées, 0 inchangées" in out.getvalue()
    assert "sans anglais : 5" in out.getvalue()
    assert Card.objects.count() == 11


def test_a_card_without_its_language_anywhere_is_refused(tmp_path):
    path = tmp_path / "cards.json"
    card = json.loads((SET_FILES / "FAKE" / "FAKE_FR.json").read_text())[4]
    del card["imagePath"], card["collectorNumber"]
    path.write_text(json.dumps([card]))
    with pytest.raises(ImportRefused) as refused:
        import_paths([path])
    assert [(p.path, p.message[:18]) for p in refused.value.problems] == [("$[0]", "langue introuvable")]


def test_the_import_opens_no_network_connection(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("network connection attempted")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    assert import_paths([EXPORTS]).created == 11


def test_every_imported_card_passes_the_engine_check():
    import_paths([EXPORTS])
    doc = engine.empty_document("1v1")
    cards = [c for c in Card.objects.exclude(engine_type="").order_by("reference") if c.engine_type != "hero"]
    # a token may only stand in an expedition; the others go to the hand
    doc["players"]["A"]["hand"] = [c.scenario_card(f"a{i}") for i, c in enumerate(cards) if c.card_type != "TOKEN"]
    doc["players"]["A"]["hero_expedition"] = [
        c.scenario_card(f"t{i}") for i, c in enumerate(cards) if c.card_type == "TOKEN"
    ]
    doc["players"]["A"]["hero"] = Card.objects.get(reference="ALT_MADE_B_AX_01_C").hero()
    assert len(doc["players"]["A"]["hand"]) == 8
    assert engine.check(doc) == []
    game = engine.load(doc)
    assert game.to_doc()["players"]["A"]["hand"][0]["card_ref"] == cards[0].reference


def test_an_export_imported_one_language_at_a_time_keeps_every_language():
    fake = SET_FILES / "FAKE"
    import_paths([fake / "FAKE_FR.json"])
    second = import_paths([fake / "FAKE_EN.json"])
    assert (second.created, second.updated) == (0, 4)
    warden = Card.objects.get(reference="ALT_FAKE_B_MU_05_C")
    assert (warden.name_fr, warden.name_en) == ("Gardienne des Sources", "Spring Warden")
    main = warden.abilities.get(element="main")
    assert main.parts[0]["texts"] == {"fr": "{J} Je gagne 1 boost.", "en": "{J} I gain 1 boost."}
    # the same files again, in either order, change nothing
    assert import_paths([fake / "FAKE_FR.json"]).unchanged == 5
    assert import_paths([fake / "FAKE_EN.json", fake / "FAKE_FR.json"]).unchanged == 5


def test_a_text_only_export_keeps_the_abilities_an_export_with_references_gave(tmp_path):
    import_paths([CARD_FILES])
    card = json.loads((CARD_FILES / "MADE" / "AX" / "10" / "ALT_MADE_B_AX_10_C.json").read_text())
    one_language = tmp_path / "MADE_FR.json"
    one_language.write_text(
        json.dumps(
            [
                {
                    "reference": card["reference"],
                    "cardType": {"reference": "CHARACTER"},
                    "name": "Vigie du Zénith",
                    "imagePath": "https://images.invalid/x/fr_FR/y.jpg",
                    "elements": {"MAIN_COST": "2", "MAIN_EFFECT": "À Midi — Je gagne 1 boost."},
                }
            ]
        )
    )
    import_paths([one_language])
    common = Card.objects.get(reference="ALT_MADE_B_AX_10_C")
    assert sorted(common.abilities.values_list("reference", flat=True)) == ["90001", "90002"]
    assert common.names["de"] == "Zenith Lookout (de)"


def test_a_keyword_opening_an_ability_is_the_cards_keyword(tmp_path):
    medic = json.loads((CARD_FILES / "MADE" / "BR" / "20" / "ALT_MADE_B_BR_20_C.json").read_text())
    keyword_part = medic["cardElements"][5]["cardEffectDisplays"][0]["cardEffect"]["cardEffectElements"][0]
    copy, path = bad_copy(tmp_path, lambda d: d)
    spell = json.loads(path.read_text())
    output = spell["cardElements"][5]["cardEffectDisplays"][0]["cardEffect"]["cardEffectElements"][0]
    output["cardEffectElementDisplays"] = keyword_part["cardEffectElementDisplays"]
    for entry in output["translations"].values():
        entry["text"] = "[FLEETING]. " + entry["text"]
    path.write_text(json.dumps(spell))
    import_paths([copy])
    card = Card.objects.get(reference="ALT_MADE_B_AX_40_C")
    assert card.keywords == ["FLEETING"] and card.scenario_card()["keywords"] == ["fleeting"]
    assert card.texts["fr"]["main"] == "[[Fugace]]. Piochez deux cartes."


def test_a_text_without_typed_abilities_is_read_from_its_english_summary(tmp_path):
    def summary_only(d):
        main = d["cardElements"][5]
        main["cardEffectDisplays"] = []
        main["value"] = "Draw\u00a0three cards."
        return d

    copy, _ = bad_copy(tmp_path, summary_only)
    import_paths([copy])
    spell = Card.objects.get(reference="ALT_MADE_B_AX_40_C")
    assert spell.texts == {"en": {"main": "Draw three cards."}}
    [ability] = spell.abilities.all()
    assert ability.reference.startswith("txt:") and ability.text("en") == "Draw three cards."
