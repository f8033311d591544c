"""The French of every scenario file's log agrees in gender and number, and never shows an internal id
bare: a card's printed name says nothing of its gender, so a sentence that agrees with a card names it
with a noun of known gender (« la carte Vétérane (a1) est placée », « le jeton Scarabée (t1) est
défaussé », « l'Orbe de Mana n°1 de B (bo0) est épuisé »)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import engine

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "scenarios").glob("*.json"))

#: the participles that agree with their subject in the log's sentences
_PARTICIPLE = r"(?:placé|épuisé|défaussé|redressé|gardé|sacrifié|déplacé|envoyé|Endormi|Ancré|joué|retourné)"
#: a clause "SUBJECT est placé(e)": the subject runs from the start of the sentence or a colon
_AGREES = re.compile(
    rf"(?:^|: |, )(?P<subject>[^:;,()]+?(?: \([^)]*\))?) (?:est|n'a pas été|a été) (?:\w+ )?"
    rf"(?P<participle>{_PARTICIPLE})(?P<e>e?)(?P<s>s?)\b"
)
#: a noun phrase whose gender is known, with that gender
_FEMININE = re.compile(
    r"^(?:la carte|une carte|elle|cette carte|la cible|(?:l')?Expédition|l'Aventure|l'équipe|Déclaration)\b",
    re.IGNORECASE,
)
_MASCULINE = re.compile(
    r"^(?:le jeton|l'Orbe|un Orbe|cet Orbe|le Sort|il|le marqueur|le Deck|un objet)\b", re.IGNORECASE
)
#: a count and its noun (French: 0 and 1 take the singular)
_COUNTED = re.compile(r"\b(?P<n>\d+) (?:carte|jeton|statistique|type|déplacement|Orbe)(?P<s>s?)\b")
#: a pronoun that takes up the sentence's subject (« la carte X se résout : elle quitte … »)
_PRONOUN = re.compile(r"[:,] (?P<pronoun>il|elle) ")


def problems_of(text: str) -> list[str]:
    """What is wrong with the French of one log text (empty when it agrees)."""
    out = []
    sentence = text.split(" (Lecture retenue", 1)[0]
    for m in _AGREES.finditer(sentence):
        subject, feminine = m["subject"], bool(m["e"])
        if _FEMININE.match(subject):
            if not feminine:
                out.append(f"« {subject} … {m['participle']} » : le participe ne s'accorde pas (féminin)")
        elif _MASCULINE.match(subject):
            if feminine:
                out.append(f"« {subject} … {m['participle']}e » : le participe ne s'accorde pas (masculin)")
        else:
            out.append(f"« {subject} … {m['participle']} » : un sujet dont le genre n'est pas connu")
    if "(s)" in sentence:
        out.append("un pluriel entre parenthèses : le nombre est connu, le nom s'accorde")
    for m in _COUNTED.finditer(sentence):
        if (int(m["n"]) < 2) == bool(m["s"]):
            out.append(f"« {m[0]} » : le nom ne s'accorde pas avec le nombre")
    head = re.sub(r"^[A-Z][\w-]* : ", "", sentence)  # « Nettoyage : la carte … »
    pronoun = _PRONOUN.search(head)
    if pronoun and "Sort" not in head[: pronoun.start()]:  # « le Sort de la carte s1 … : il va »
        subject = head[: pronoun.start()]
        if _FEMININE.match(subject) and pronoun["pronoun"] == "il":
            out.append(f"« {subject}…, il » : le pronom ne s'accorde pas")
        elif re.match(r"^(?:le jeton|l'Orbe)\b", subject, re.IGNORECASE) and pronoun["pronoun"] == "elle":
            out.append(f"« {subject}…, elle » : le pronom ne s'accorde pas")
        elif not _FEMININE.match(subject) and not _MASCULINE.match(subject) and _bare_name(subject):
            out.append(f"« {subject}…, {pronoun['pronoun']} » : un pronom après un nom de genre inconnu")
    return out


def _bare_name(subject: str) -> bool:
    """A subject that starts with a card's name, not an article or a player (« Recrue se résout »)."""
    first = subject.split(" ", 1)[0]
    return first[:1].isupper() and first not in {"A", "B", "A1", "A2", "B1", "B2", "Le", "La", "L'", "Les", "Un"}


def bare_ids(text: str, ids: set[str], names: list[str]) -> list[str]:
    """The card ids a text shows bare: an id is read in parentheses after a name, or after a noun
    (« la carte a1 », « le jeton t1 »); a frame id (« a1:0 ») or an orb's id alone is internal."""
    for name in names:  # a name may hold what looks like an id (« Carte A11 »)
        text = text.replace(name, "«nom»")
    out = []
    for m in re.finditer(r"(?<![\w.(])([A-Za-z][\w]*\d[\w]*(?::\d+)?)(?![\w)]|\.\w)", text):
        word = m[1]
        if word.split(":")[0] not in ids:
            continue
        before = text[: m.start()]
        if ":" not in word and before.lower().endswith(("la carte ", "le jeton ")):
            continue
        out.append(word)
    return out


def _log(path: Path) -> tuple[list[str], set[str], list[str]]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    game = engine.load(doc)
    game.run(doc["expect"].get("until", "end"))
    ids = {k for k in game.names if ":" not in k} - set(game.state.players)
    names = sorted({n for k, n in game.names.items() if n and n != k}, key=len, reverse=True)
    return [e.text for e in game.log], ids, names


PLAYED = [p for p in SCENARIOS if "problems" not in json.loads(p.read_text(encoding="utf-8"))["expect"]]


@pytest.mark.parametrize("path", PLAYED, ids=[p.stem for p in PLAYED])
def test_every_log_text_agrees_and_names_its_objects(path: Path):
    texts, ids, names = _log(path)
    wrong = {t: problems_of(t) + [f"identifiant interne seul : {i}" for i in bare_ids(t, ids, names)] for t in texts}
    assert not {t: w for t, w in wrong.items() if w}


@pytest.mark.parametrize(
    "text",
    [
        "Vétérane est placé : Expédition du Héros de A → Repères de A.",
        "La carte Sentinelle (a2) est placé : Repères de A → Expédition du Héros de A.",
        "Coût « Épuisez-moi » : Bibliothèque est épuisé.",
        "Nettoyage : Trois n'a pas été gardé, il quitte la Réserve de A pour la Défausse de A.",
        "Recrue se résout : il quitte le Limbo pour l'Expédition du Héros de A2.",
        "La carte Recrue (a2) se résout : il quitte le Limbo pour l'Expédition du Héros de A2.",
        "Le jeton Scarabée (t1) est défaussée : Expédition du Héros de A → Défausse de A.",
        "Repos : la carte Dormeur (a1) est Endormi, elle n'est pas envoyée dans la Réserve.",
        "La carte Pisteuse (r1) a été déplacée par la capacité elle-même (1 déplacement(s)).",
        "A devrait piocher 2 carte mais son Deck est vide.",
        "A l'emporte sur 1 statistiques.",
    ],
)
def test_the_checker_finds_each_kind_of_mistake(text: str):
    assert problems_of(text), text


@pytest.mark.parametrize(
    "text",
    [
        "La carte Vétérane (a1) est placée : Expédition du Héros de A → Repères de A.",
        "Nettoyage : la carte Trois (a3) n'a pas été gardée, elle quitte la Réserve de A pour la Défausse de A.",
        "Le Sort de la carte s1 a fini de se résoudre : il va du Limbo dans la Réserve de A.",
        "Orbes de Mana : l'Orbe de Mana n°1 de B (bo0) est épuisé pour préparer un autre Orbe.",
        "A joue Vétéran depuis sa Réserve : la carte passe dans le Limbo, elle gagne le statut Fugace.",
    ],
)
def test_the_checker_accepts_agreeing_french(text: str):
    assert problems_of(text) == []


def test_an_orb_or_a_reaction_shown_by_its_id_alone_is_found():
    ids, names = {"bo0", "bo1", "a1"}, ["Messager"]
    assert bare_ids("Orbes de Mana : bo0 est épuisé pour préparer un autre Orbe.", ids, names) == ["bo0"]
    assert bare_ids("A ordonne ses réactions : a1:1, a1:0.", ids, names) == ["a1:1", "a1:0"]
    assert (
        bare_ids("B épuise l'Orbe de Mana n°1 de B (bo0) pour préparer l'Orbe de Mana n°2 de B (bo1).", ids, names)
        == []
    )
    assert bare_ids("La carte a1 est placée.", ids, names) == []


def _every_text() -> list[str]:
    """Every describer's text, each cause and note, for a named card, an unnamed card, a token and an
    Orb (the scenario files do not reach them all)."""
    from engine import events as ev
    from engine.text import NOTE_TEXTS, describe

    from .helpers import board, card, char

    doc = board(
        phase="afternoon",
        A={
            "hero_expedition": [char("a1", name="Vétérane"), char("t1", name="Jeton Scarabée", token=True)],
            "reserve": [char("a2")],
            "landmarks": [card("p1", name="Tour", type="permanent")],
            "mana": [card("o1"), card("o2")],
        },
    )
    game = engine.load(doc)
    texts = []
    causes = ["draw", "mana_setup", "mana", "rest", "cleanup", "cleanup_sacrifice", "mana_ready", "resupply"]
    causes += ["sabotage", "sacrifice", "discard", "play_hand", "play_reserve", "resolve", "cost", "put", ""]
    for cid in ("a1", "a2", "t1", "p1"):
        for cause in causes:
            for to in ("A.reserve", "A.hero_expedition", "A.landmarks"):
                texts.append(describe(ev.Move(cid, "A.hero_expedition", to, cause, enters=("fleeting",)), game))
        texts.append(describe(ev.Move(cid, "A.hero_expedition", "A.discard", "rest", instead="A.reserve"), game))
        texts.append(describe(ev.Move(cid, "A.hero_expedition", "A.companion_expedition", "put", within=True), game))
        texts.append(describe(ev.Move(cid, "A.landmarks", "A.discard", "cleanup"), game))
        texts.append(describe(ev.Declared(cid, "A", targets=("a1", "t1", "B.hero", "B")), game))
        for kind in ("quick", "reaction", "internal"):
            texts.append(describe(ev.Effect(cid, "A", kind, "resolve", trigger="noon"), game))
        for key in NOTE_TEXTS:
            count = 0 if key == "tumult_effect_v5" else 2  # a Tumult card's index
            note = ev.Note(key, player="A", card=cid, count=count, expedition="hero", players=("A", "B"))
            texts.append(describe(note, game))
    for cid in ("a1", "a2", "t1", "p1", "o1"):
        for cause, status in [("prepare", "exhausted"), ("cost", "exhausted"), ("fleeting_again", "fleeting")]:
            texts.append(describe(ev.StatusChange(cid, status, False, cause), game))
        for cause, status in [("rest", "asleep"), ("rest_object", "asleep"), ("rest", "anchored"), ("gain", "asleep")]:
            texts.append(describe(ev.StatusChange(cid, status, False, cause), game))
    texts.append(describe(ev.Cease("t1", "A.hero_expedition"), game))  # only a token ceases to exist
    texts.append(describe(ev.Cease("t1", "A.reserve"), game))
    for value in (True, False):
        texts.append(describe(ev.StatusChange("o1", "exhausted", value, "swap"), game))
    texts.append(describe(ev.StatusChange("o1", "exhausted", True, "mana"), game))
    for s in ("a1", "a2"):
        texts.append(describe(ev.Move(s, "limbo", "A.reserve", "spell_done"), game))
        texts.append(describe(ev.Move(s, "limbo", "A.discard", "spell_fleeting"), game))
        texts.append(describe(ev.Effect(s, "A", "spell", "resolve"), game))
    for d in ({"swap": ["o1", "o2"]}, {"order": ["a1:1", "a1:0"]}):
        texts.append(describe(ev.Decision("A", next(iter(d)), tuple(d.items())), game))
    texts.append(describe(ev.Decision("A", "turn", (("quick", "a1"), ("ability", 0), ("targets", ["a2"]))), game))
    texts.append(describe(ev.Decision("A", "targets", (("targets", ["a1", None, "B.hero"]),)), game))
    return texts


def test_every_describer_agrees_for_every_kind_of_object():
    texts = _every_text()
    ids, names = {"a1", "a2", "t1", "p1", "o1", "o2"}, ["Vétérane", "Jeton Scarabée", "Tour"]
    wrong = {t: problems_of(t) + [f"identifiant interne seul : {i}" for i in bare_ids(t, ids, names)] for t in texts}
    assert len(texts) > 200
    assert not {t: w for t, w in wrong.items() if w}
