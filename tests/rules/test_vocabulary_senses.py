"""Players' words with two senses, read from the query's other words (vocabulary.json's ``with`` and
``not_with``), and other card games' words sent to the rule that decides the dispute they raise."""

from __future__ import annotations

import pytest

from rules_ref import search
from rules_ref.search import memory as memory_module
from rules_ref.search.query import read_words


def numbers(results, n=5):
    return [h.number or h.slug for h in results.hits[:n]]


def read_as(q):
    """What the vocabulary read in ``q``: (typed form, the rules' words searched in its place)."""
    return dict(read_words(q, memory_module.memory()).usages)


@pytest.mark.parametrize(
    "q, typed, means, first",
    [
        # Hearthstone's fatigue: drawing from an empty deck (3.2.2.d)
        ("fatigue quand le deck est vide", "fatigue", "deck vide", "3.2.2.d"),
        # « encrée » beside a status is Anchored mistyped, which the Rest removes (1.3.2.f)
        ("perso encrée au repos", "encree", "ancre", "1.3.2.f"),
        # an expedition that « bouge » advances or goes back (7.3.11.a, 7.3.10.a)
        ("bouger l'expédition", "bouger", "avancer ou reculer", "7.3.11.a"),
        # no life points: the expeditions meeting win (4.3.a)
        ("vie du héros", "vie", "gagne", "4.3.a"),
        # a card « jetée » is discarded (7.3.4.a); beside « sort » the verb casts it (see below)
        ("jeter une carte de la réserve", "jeter", "defausser", "7.3.4.a"),
        # an expedition « bloquée » no longer advances: in the Arena, nothing happens (7.3.11.d)
        ("mon expé est bloquée dans l'arène", "bloquee", "avancer", "7.3.11.d"),
        # talking to one's teammate: the 2v2 mode's communication
        ("parler à son coéquipier", "parler", "communication", "multijoueur-2v2-mode-de-jeu"),
        # an expedition's « base » is its home region, where going back does nothing (7.3.10.b)
        ("l'expé revient à la base", "base", "region d origine", "7.3.10.b"),
        # counters that « stack » are gained on the same object (2.5.e); « stack » alone is the Limbo
        ("les boosts se stackent", "se stackent", "gagne jetons", "2.5.e"),
        ("le stack", "stack", "limbo", "3.2.8.a"),
        # « reroll » a hand: no mulligan, the setup's six cards (4.1.j); a die rerolled is chance (4.1.g)
        ("reroll sa main", "reroll sa main", "piochent six cartes", "4.1.j"),
        ("reroll le dé pour commencer", "reroll le de", "premier joueur au hasard", "4.1.g"),
        # « switcher » orbs: exhausting one to ready another (3.2.9.e)
        ("switcher deux orbes de mana", "switcher", "epuiser orbe de mana", "3.2.9.e"),
        # a character that just arrived: its abilities work once in play (1.2.4.d)
        ("perso qui vient d'arriver il peut activer sa capa ?", "vient d arriver", "capacites fonctionnent", "1.2.4.d"),
        # the « tour » one draws at is a day's Morning (1.3.2.b), not the Afternoon's turn
        ("au prochain tour je pioche combien", "au prochain tour", "jour matin", "1.3.2.b"),
        # a « pion » put on a character is a counter it gains (2.5.e), not an expedition's marker
        ("poser un pion sur mon perso", "pion sur mon perso", "jetons", "2.5.e"),
    ],
)
def test_a_word_reads_in_the_sense_its_neighbours_give_it(rules, q, typed, means, first):
    assert read_as(q)[typed].startswith(means)
    assert numbers(search.search(q), 1) == [first]


@pytest.mark.parametrize(
    "q, typed",
    [
        ("durée de vie d'un emblème", "vie"),  # an Emblem's Duration (2.2.13), not life points
        ("carte encrée en mana", "encree"),  # Lorcana's ink, not the Anchored status
        ("personnage fatigué", "fatigue"),  # tired, not Hearthstone's fatigue
        ("bouger une carte de la main", "bouger"),  # a card moved, not an expedition
        ("jeter un sort", "jeter"),  # the phrase « jeter un sort » (playing a Spell), not discarding
        ("jeter un œil à sa main", "jeter"),  # looking, not discarding
        ("bloquée", "bloquee"),  # no expedition beside it
        ("parler", "parler"),  # no teammate beside it
        ("caractéristiques de base", "base"),  # an object's base characteristics (3.1.3.c)
    ],
)
def test_without_its_neighbours_the_word_is_read_as_typed(rules, q, typed):
    assert typed not in read_as(q)


def test_an_emblem_lifetime_stays_its_duration(rules):
    assert numbers(search.search("durée de vie d'un emblème"), 3)[0].startswith("2.2.13")


@pytest.mark.parametrize(
    "q, first",
    [
        ("counter un sort", "5.2.3.j"),  # no counterspell: a Spell in Limbo resolves
        ("summoning sickness", "1.2.4.d"),  # abilities work once the object is in play
        ("tutor une carte", "3.2.2.c"),  # an effect on the Deck names its position
        ("le sort fizzle sans cible", "5.2.3.b"),  # targets are chosen at the declaration of intent
        ("mettre en mana", "3.2.9.b"),
        ("les limbes", "3.2.8.a"),
        ("zone de repaire", "3.2.7"),
    ],
)
def test_other_games_and_table_words_find_the_rule_that_decides_them(rules, q, first):
    assert numbers(search.search(q), 1) == [first]
    assert read_as(q), "read through the vocabulary"


def test_every_word_an_entry_means_is_a_word_of_the_rules(rules):
    """The rules' words an entry is read as (``means``) are searched in the index: one the rules do
    not use, or not with these accents, would be dropped and the entry would mean nothing."""
    from rules_ref import glossary
    from rules_ref.analysis import STOPWORDS, fold, stem_forms

    mem = memory_module.memory()
    missing = []
    for usage in glossary.vocabulary():
        for word in fold(usage.means).replace("|", " ").replace("-", " ").replace("'", " ").split():
            if word in STOPWORDS:
                continue
            if not any(mem.known(f, form) for form in stem_forms(word) for f in ("text", "title", "remarks")):
                missing.append((usage.words[0], word))
    assert missing == []


@pytest.mark.parametrize(
    "q, first",
    [
        ("jeter un sort depuis la réserve", "5.2.3.h"),  # a Spell played from the Reserve is Fleeting
        ("mon perso boosté retourne en réserve il garde ses boosts ?", "2.5.i"),  # counters lost
        ("battre son deck au début de la partie", "4.1.i"),  # « battre » the cards: shuffling
        ("personnage éphémère au repos", "2.4.6.c"),  # Legends of Runeterra's Ephemeral: Fleeting
        ("la pièce pour le second joueur", "4.1.g"),  # no coin: the first player at random
        ("piétinement", "1.3.2.e"),  # no combat: the Dusk compares statistics
        ("type de terrain de l'arène", "4.3.f"),  # region types, not Magic's lands
        ("perdre du terrain", "7.3.10.a"),  # going back
        ("proprio d'une carte qui va dans ma défausse", "3.1.2.c"),
        ("jpeux regarder ma zone de mana", "3.2.9.d"),  # « jpeux » is « je peux », not « jeux »
        ("faire le ménage le soir", "4.2.5.c"),  # the Cleaning
        ("carte sans stats", "1.1.6.d"),  # a missing number counts as zero
    ],
)
def test_second_round_words_find_the_rule_that_decides_them(rules, q, first):
    assert numbers(search.search(q), 1) == [first]
    assert read_as(q), "read through the vocabulary"


@pytest.mark.parametrize(
    "q, typed",
    [
        ("stack de jetons", "stack"),  # counters piled up, not Magic's stack
        ("switch de perso", "switch"),  # no orb beside it
        ("focus le héros", "focus"),  # no spell beside it
        ("une fois passé je rejoue au tour suivant ?", "tour suivant"),  # the Afternoon's turns (1.3.2.d)
        ("l'expé vient d'arriver sur la tumulte", "vient d arriver"),  # an expedition, not a character
    ],
)
def test_seventh_round_words_without_their_neighbours_are_read_as_typed(rules, q, typed):
    assert typed not in read_as(q)
