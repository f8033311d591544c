"""The judge's situation index (fixtures/glossary/situations.json): circumstances told in a judge's
words point to the rule that decides them, in any order and inflection; the index is well formed,
shown on the rule pages, in the lexicon and with the results."""

from __future__ import annotations

import json

import pytest

from rules_ref import glossary, search, situations
from rules_ref.glossary import GlossaryError
from rules_ref.search import memory as memory_module
from rules_ref.search.circumstances import read_cues
from rules_ref.search.query import read_words


def numbers(results, n=5):
    return [h.number or h.slug for h in results.hits[:n]]


def called(q: str) -> tuple[str, ...]:
    return read_words(q, memory_module.memory()).cases.rules


def test_the_index_is_well_formed_and_names_existing_rules(rules):
    from rules_ref.models import Rule

    known = {r.number for r in Rule.objects.filter(ruleset__slug="fr-1", implicit=False) if r.number}
    entries = situations.situations()
    assert len(entries) >= 60
    assert {s.rule for s in entries} <= known
    assert all(s.case.strip() and s.when for s in entries)
    used = {c.removeprefix("non:") for s in entries for combination in (*s.when, s.unless) for c in combination}
    assert used == set(situations.cues()), "every cue is used, every cue used is defined"


@pytest.mark.parametrize(
    "entry, message",
    [
        ({"rule": "3.2.2.d", "case": "x", "when": [["deck", "nowhere"]]}, r"entries\[0\]\.when\[0\]: 'nowhere'"),
        ({"rule": "3.2.2.d", "case": "x", "when": [["deck"]], "unless": ["nowhere"]}, r"entries\[0\]\.unless"),
        ({"rule": "3.2.2.d", "when": [["deck"]]}, r"entries\[0\] lacks 'case'"),
        ({"rule": "3.2.2.d", "case": "x", "when": []}, r"entries\[0\]\.when: a list"),
    ],
)
def test_a_malformed_index_is_a_clear_error_naming_the_entry(settings, tmp_path, entry, message):
    (tmp_path / "fixtures" / "glossary").mkdir(parents=True)
    doc = {"cues": {"deck": ["deck", "pioche"]}, "entries": [entry]}
    (tmp_path / "fixtures" / "glossary" / "situations.json").write_text(json.dumps(doc), encoding="utf-8")
    settings.BASE_DIR = tmp_path
    for cached in (situations._file, situations.cues, situations.situations):
        cached.cache_clear()
    try:
        with pytest.raises(GlossaryError, match=message):
            situations.situations()
    finally:
        for cached in (situations._file, situations.cues, situations.situations):
            cached.cache_clear()


def test_an_unknown_read_cue_is_a_clear_error(settings, tmp_path):
    (tmp_path / "fixtures" / "glossary").mkdir(parents=True)
    doc = {"cues": {"deck": ["deck", "#nowhere"]}, "entries": []}
    (tmp_path / "fixtures" / "glossary" / "situations.json").write_text(json.dumps(doc), encoding="utf-8")
    settings.BASE_DIR = tmp_path
    situations._file.cache_clear()
    situations.cues.cache_clear()
    try:
        with pytest.raises(GlossaryError, match=r"cues\.deck: '#nowhere'"):
            situations.cues()
    finally:
        situations._file.cache_clear()
        situations.cues.cache_clear()


@pytest.mark.parametrize(
    "q, read",
    [
        ("la 5e carte d'un deck de 3", {"#excess"}),
        ("placer une carte à dix cartes du dessus d'un deck de cinq", {"#excess"}),
        ("retirer 4 jetons d'un objet qui en porte deux", {"#excess"}),
        ("il reste 2 cartes et je dois en piocher trois", {"#excess"}),
        # the number asked for is not larger than what there is
        ("la 2e carte d'un deck de 5", set()),
        ("piocher une carte d'un deck de 3", set()),
        ("un deck de 40 cartes", set()),
        # « à » is not « a » (has): « à dix cartes » is the number asked for
        ("à dix cartes du dessus", set()),
        ("un joueur sans héros", {"#absence"}),
        ("aucun jeton", {"#absence"}),
    ],
)
def test_a_number_asked_for_past_what_there_is_and_a_negation_are_read(q, read):
    assert read_cues(q) == read


@pytest.mark.parametrize(
    "q, rule",
    [
        # the cues in another order and other inflections than the index writes them
        ("je dois piocher mais mon deck est vide", "3.2.2.d"),
        ("deck vide, on pioche", "3.2.2.d"),
        ("piocher 3 cartes avec seulement 2 cartes dans le deck", "3.2.2.d"),
        ("remettre une carte à 6 cartes du dessus d'un deck de 4", "3.2.2.f"),
        ("retirer 3 compteurs d'un perso qui n'en a que 2", "2.5.f"),
        ("une carte adverse devrait finir dans ma défausse", "3.1.2.c"),
        ("où va un sort après sa résolution", "5.2.3.j"),
        ("l'expédition recule alors qu'elle est sur sa région de départ", "7.3.10.b"),
        # rules read for their cases from the rule text (setup, symbols, zones, Noon, tokens)
        ("combien de régions dans l'aventure", "3.2.1.b"),
        ("une capacité qui se déclenche à midi", "1.3.2.c"),
        ("le marqueur avance vers quelle région", "7.3.11.a"),
        ("reculer dans quel sens", "7.3.10.a"),
        ("un personnage en mana a-t-il encore son type", "3.2.9.c"),
        ("plusieurs mots-clés sur une ligne", "1.2.4.b"),
        ("le symbole joué depuis la réserve", "1.1.6.g"),
        ("combien de phases dans un jour", "1.3.2.a"),
        ("limbo est-il partagé", "3.1.2.a"),
        ("combien de factions", "2.2.8.a"),
    ],
)
def test_circumstances_told_in_a_judges_words_find_the_rule_deciding_them(rules, q, rule):
    assert rule in called(q)
    results = search.search(q)
    assert numbers(results, 1) == [rule]
    assert (rule, next(s.case for s in situations.for_rule(rule))) in results.situations


def test_the_setup_of_the_markers_calls_both_rules_that_say_it(rules):
    # 1.3.1.b and 4.1.d say the same start (the second says « compteur d'expédition »): both decide
    assert set(called("où placer les pions au début de la partie")) == {"1.3.1.b", "4.1.d"}
    assert set(numbers(search.search("où placer les pions au début de la partie"), 2)) == {"1.3.1.b", "4.1.d"}


def test_cues_pointing_to_another_rule_keep_an_entry_out():
    # moving a card to a position the deck lacks is 3.2.2.f, not the atomic action of 3.2.2.d
    assert "3.2.2.f" in called("mettre une carte sous un deck trop petit")
    assert "3.2.2.d" not in called("mettre une carte sous un deck trop petit")
    # a token (the object) leaving play is 2.1.d; counters on a character leaving it, 2.5.i
    assert "2.1.d" in called("un jeton quitte l'expédition")
    # a token character with boosts is both: it ceases to exist (2.1.d) and loses its counters (2.5.i)
    assert {"2.1.d", "2.5.i"} <= set(called("mon jeton perso boosté retourne en main"))
    # « qui est » asks of anything: only a definition's words call for who the opponent is (1.2.1.b)
    assert "1.2.1.b" not in called("qui est le propriétaire d'une carte que mon adversaire contrôle")
    assert "1.2.1.b" in called("que signifie « adversaire » sur une carte")
    # a count per player is no question of whose zone it is (3.1.2.b, 3.2.10.a)
    assert not {"3.1.2.b", "3.2.10.a"} & set(called("combien de cartes par joueur en réserve"))
    # counters left on a character are no empty zone (3.1.1.b), though « restent » shares « restant »'s stem
    assert "3.1.1.b" not in called("les marqueurs restent quand le perso est bounce")
    assert "2.5.i" in called("un personnage avec des jetons quitte l'expédition")
    assert "2.1.d" not in called("un personnage avec des jetons quitte l'expédition")


def test_markers_on_a_character_are_counters_the_expedition_marker_is_not():
    # « marqueur » is the expedition marker (7.3.11.a), but « 3 marqueurs sur mon perso » are counters (2.5)
    assert called("3 marqueurs sur mon perso qui retourne en main") == ("2.5.i",)
    assert called("retirer 3 marqueurs d'un perso qui n'en a que 2") == ("2.5.f",)
    assert called("le marqueur d'expédition avance vers quelle région") == ("7.3.11.a",)
    # the first player's marker is not an expedition marker placed at the start (1.3.1.b, 4.1.d)
    assert not {"1.3.1.b", "4.1.d"} & set(called("le marqueur premier joueur au début de la partie"))
    assert set(called("où placer les pions au début de la partie")) == {"1.3.1.b", "4.1.d"}


def test_words_with_two_senses_call_the_rule_of_the_sense_told():
    # « la même région » is a meeting (4.3.a), not a tie; a tie says what is equal (1.3.2.e)
    assert called("mon héros et mon compagnon sur la même région") == ("4.3.a",)
    assert called("les deux joueurs ont la même force au crépuscule") == ("1.3.2.e",)
    # « capacité » is an ability, not the Reserve's limit of the Night's Cleanup (4.2.5.c)
    assert called("une capacité de soutien en réserve") == ("1.2.4.d",)
    # « en main » reads as « main|cachées »: a hand is told hidden only when the query says it
    assert "3.2.5.a" not in called("une carte en main peut-elle porter des jetons")
    assert {"1.2.3.f", "3.1.3.d"} <= set(called("la zone de mana est-elle cachée"))
    # « sa propre Réserve » is Sabotage's remark (7.3.18.a), not the Reserve being a private zone
    assert called("saboter une carte de sa propre réserve") == ("7.3.18.a",)


@pytest.mark.parametrize(
    "q, rule",
    [
        ("combien de zones y a-t-il", "1.2.3.b"),
        ("chaque joueur a-t-il sa propre réserve", "3.1.2.b"),
        ("une carte en main peut-elle porter des jetons", "2.5.a"),
        ("expé du compagnon arrivée à la région du héros doit avancer", "7.3.11.c"),
        ("les deux joueurs gagnent la partie en même temps", "4.3.c"),
        ("jouer deux cartes pendant mon tour", "1.3.2.d"),
        ("la carte mise en mana arrive redressée", "3.2.9.b"),
    ],
)
def test_rules_read_for_their_cases_in_this_round_are_called(q, rule):
    # zones and objects (1.2.3, 2.5.a), an expedition already at the far end, a win for both at
    # once, one card a turn, the opposite of the rule's word (« redressée » for « Épuisée »)
    assert rule in called(q)


@pytest.mark.parametrize(
    "q, rule",
    [
        ("je rejoue un perso depuis ma réserve, il a fugace ?", "2.4.6.a"),
        ("les deux joueurs arrivent en même temps", "4.3.c"),
        ("combien de cartes il a dans sa main", "3.1.3.e"),
        ("je peux compter les cartes de sa défausse", "3.1.3.b"),
        ("les boosts restent quand le perso va en réserve", "2.5.i"),
        ("on joue une seule carte par tour", "1.3.2.d"),
        ("les statistiques d'un sort dans un calcul", "1.1.6.d"),
        ("combien de cartes je garde en réserve la nuit", "4.2.5.c"),
        ("ma carte revient dans la main de mon adversaire", "3.1.2.c"),
        ("il vole une carte de ma réserve, elle va où", "3.1.2.c"),
        ("je peux regarder la carte du dessus de mon deck", "3.2.2.a"),
        ("la carte arrive en mana préparée", "3.2.9.b"),
        ("à midi il se passe quoi", "1.3.2.c"),
        ("la condition est évaluée quand", "5.2.3.f"),
        ("la nuit mes persos vont où", "4.2.5.b"),
        ("endormi, il se réveille quand", "2.4.3"),
        ("combien de repères je garde", "4.2.5.c"),
        ("mon héros rejoint mon compagnon", "4.3.a"),
        ("dans l'arène on compare quoi", "4.3.h"),
        ("un jeton qui va dans la défausse", "2.1.d"),
        ("je mets un perso en mana, c'est toujours un perso", "3.2.9.c"),
        ("les étapes de la nuit", "4.2.5.a"),
        ("mélanger le deck au début", "4.1.i"),
        ("où on place les marqueurs au début", "1.3.1.b"),
        ("payer avec le coût de réserve", "2.2.7.a"),
        ("perso fugace sacrifié", "7.3.19.a"),
        ("mon deck est fini, je pioche", "3.2.2.d"),
        ("je dois tirer une carte et j'en ai plus", "3.2.2.d"),
        ("enlever plus de boosts qu'il n'en a", "2.5.f"),
        ("la capacité de soutien en jeu", "1.2.4.d"),
        ("on répartit les dégâts entre deux persos", "1.1.6.b"),
        ("combien de types de capacités", "1.2.4.c"),
        ("une capacité passive modifie les règles", "1.2.4.c"),
        ("la capacité de mon héros fonctionne", "1.2.4.d"),
        ("capacité d'un emblème dans limbo", "1.2.4.d"),
        ("une zone peut être vide", "3.1.1.b"),
        ("un sort a une force", "1.1.6.d"),
        ("un jeton coûte combien en réserve", "2.2.7.c"),
        ("une carte neutre", "2.2.8.b"),
        ("un perso a une durée", "2.2.13.b"),
        ("le coût épuisez-moi", "7.1.4.a"),
        ("payer le chiffre dans le cercle", "7.1.4.c"),
        ("le land arrive tapé", "3.2.9.b"),
        ("le type de la région compte pour avancer", "1.3.2.e"),
        ("l'effet retrouve la carte en réserve", "2.1.e"),
        ("défausser un repère", "7.3.4.a"),
        ("défausser une carte de la réserve", "7.3.4.a"),
        ("jouer avec le deck d'un ami", "1.2.1.c"),
        ("mon perso a trois sous-types", "2.2.2.c"),
        ("la cible d'un sort change à la résolution", "5.2.3.b"),
        ("si la condition n'est plus vraie à la résolution", "5.2.3.f"),
        ("vous pouvez payer 1 pour piocher, je choisis quand", "5.2.3.g"),
        ("les marqueurs vont où au départage", "4.3.d"),
        ("les régions sont placées comment au début", "1.3.1.a"),
    ],
)
def test_circumstances_of_the_second_round_are_called(rules, q, rule):
    # each told as a table tells it: a verb the rule does not use (« rejoue », « vole », « garde »),
    # the opposite word (« préparée » for « épuisée »), a count without the rule's nouns
    assert rule in called(q)


def test_the_second_round_tells_neighbouring_rules_apart(rules):
    # the count of a hidden zone (3.1.3.e) is not the one of a visible zone (3.1.3.b)
    assert "3.1.3.e" not in called("je peux compter les cartes de sa défausse")
    assert "3.1.3.b" not in called("combien de cartes il a dans sa main")
    # a counter still on an object is no counter kept through a change of zone (2.5.i)
    assert "2.5.i" not in called("il reste un jeton sur mon perso")
    # one card a turn (1.3.2.d) is not the Morning's one card put in Mana (1.3.2.b)
    assert "1.3.2.d" not in called("je pose combien de cartes en mana par tour")
    # a token character that leaves is not a character carrying boosts (2.1.c, 2.5.i)
    assert "2.1.d" not in called("mon perso boosté va en réserve, le bonus reste")
    # « repart » (goes back) and « répartir » (divide) fold to one stem: a card going back is no division
    assert "1.1.6.b" not in called("le sort de la réserve repart en réserve")
    # a token character has statistics: only a card without any counts them as zero (1.1.6.d)
    assert "1.1.6.d" not in called("les stats d'un jeton perso")
    # a Spell's cost is one of its characteristics, no missing number
    assert "1.1.6.d" not in called("un sort a un coût")
    # a character played from the hand is not Fleeting: at the Rest it goes to the Reserve (4.2.5.b)
    assert "2.4.6.c" not in called("le perso joué de la main va en réserve la nuit")
    assert "4.2.5.b" in called("le perso joué de la main va en réserve la nuit")
    # « défausse » the pile is no act of discarding (7.3.4.a): the verb is told by its phrases
    assert "7.3.4.a" not in called("la défausse et les repères sont visibles")
    # a target chosen for a Spell is no question of where the Spell goes after (5.2.3.j)
    assert "5.2.3.j" not in called("la cible d'un sort change à la résolution")
    # where the markers go when the tiebreakers start (4.3.d) is not whether they move after (4.3.g)
    assert "4.3.d" not in called("le marqueur avance pendant le départage")


@pytest.mark.parametrize(
    "q, rule",
    [
        ("est-ce que la défausse est face cachée", "3.2.3.a"),
        ("un demi point de force", "1.1.6.a"),
        ("compter la puissance d'une carte qui n'a pas de stats", "1.1.6.d"),
        ("qui est mon adversaire dans une partie à deux", "1.2.1.b"),
        ("un seul deck pour deux joueurs", "1.2.1.c"),
        ("chaque joueur doit avoir son propre deck", "1.2.1.c"),
        ("il y a une seule aventure pour les deux", "3.1.2.a"),
        ("y a-t-il une zone d'expédition par joueur", "3.1.2.a"),
        ("voir les stats des persos adverses", "3.1.3.b"),
        ("il doit me dire ce qu'il y a dans sa réserve", "3.1.3.b"),
        ("je peux demander la taille de son deck", "3.1.3.e"),
        ("il a combien de cartes en main", "3.1.3.e"),
        ("je prends le contrôle d'un perso puis il retourne en main", "3.1.2.c"),
        ("dans la réserve de qui va le personnage", "3.1.2.c"),
        ("il a vu ma main", "3.1.3.f"),
        ("un effet utilise le coût d'une carte de ma main, il faut la révéler", "3.1.3.f"),
        ("ma réserve est vide, elle existe encore", "3.1.1.b"),
        ("la journée se découpe comment", "1.3.2.a"),
        ("dans quel ordre se passe le matin", "1.3.2.b"),
        ("que se passe-t-il à midi", "1.3.2.c"),
        ("qui commence l'après-midi", "1.3.2.d"),
        ("quand l'après-midi se termine", "1.3.2.d"),
        ("on additionne les stats de tous les persos", "1.3.2.e"),
        ("pourquoi mon perso devient fugace", "2.4.6.a"),
        ("le fugace est-il perdu en passant par limbo", "2.4.6.b"),
        ("un sort avec le mot-clé fugace", "2.4.6.e"),
        ("je n'ai plus de cartes dans ma pioche au matin", "3.2.2.d"),
        ("même après avoir mélangé la défausse il manque des cartes", "3.2.2.e"),
        ("je pose un troisième repère", "3.2.7.a"),
        ("troisième carte en réserve, on défausse tout de suite", "3.2.10.a"),
        ("personne ne gagne la forêt", "1.3.2.e"),
        ("une expédition vide avance-t-elle", "1.3.2.e"),
        ("deux jetons pareils", "2.5.c"),
        ("les boosts s'additionnent", "2.5.e"),
        ("les boosts disparaissent quand le perso quitte le jeu", "2.5.i"),
        ("je peux regarder les cartes qu'il a piochées", "3.1.3.f"),
        ("je dois révéler 3 cartes mais il m'en reste 1", "3.2.2.d"),
        ("la défausse est vide aussi", "3.2.2.e"),
        ("deux joueurs avec le même paquet", "1.2.1.c"),
        ("l'icône main, ça veut dire quoi", "1.1.6.f"),
        ("on pioche avant ou après avoir mis un mana", "1.3.2.b"),
        ("la réserve a une limite pendant le tour", "3.2.10.a"),
        ("ma zone de repères a une limite pendant la journée", "3.2.7.a"),
    ],
)
def test_circumstances_of_the_fourth_round_are_called(rules, q, rule):
    # sections 1 to 3 read rule by rule: a table's words (« taille », « pour les deux », « il a vu »),
    # a negation turned from « ne … plus » (« je n'ai plus de cartes »), a count (« troisième repère »)
    assert rule in called(q)


def test_the_fourth_round_tells_neighbouring_rules_apart(rules):
    # the Afternoon holds « midi »: Noon's rule (1.3.2.c) is not called for it
    assert "1.3.2.c" not in called("une réaction pendant l'après-midi")
    assert "1.3.2.c" in called("une réaction à midi")
    # a card in a hand is hidden, not a face-down object of a visible zone (3.1.3.c)
    assert "3.1.3.c" not in called("une carte révèle la carte de sa main pour son coût")
    assert "3.1.3.c" in called("une carte face cachée en expédition a quelle force")
    # a day's phases are no division of a number (1.1.6.b)
    assert "1.1.6.b" not in called("la journée est divisée en combien de phases")
    # the other player's hand is hidden (3.1.3.f): its characteristics are no visible zone's (3.1.3.b)
    assert "3.1.3.b" not in called("regarder la force des cartes en main de l'adversaire")
    # a limit passed at Night is the Cleanup (4.2.5.c), not the day's remark (3.2.10.a)
    assert "3.2.10.a" not in called("troisième carte en réserve à la nuit")
    assert "4.2.5.c" in called("trop de cartes en réserve à la nuit")
    # boosts are counters on a character (2.5.i), never a token character that ceases to exist (2.1.d)
    assert "2.1.d" not in called("les boosts disparaissent quand le perso quitte le jeu")
    assert "2.1.d" in called("un jeton quitte l'expédition")


def test_a_negation_governs_the_words_just_after_it(rules):
    # « sans héros » is a player without a Hero (4.2.5.d); « les héros n'ont pas de sous-type » is not
    assert "4.2.5.d" in called("un joueur sans héros")
    assert "4.2.5.d" not in called("les héros n'ont pas de sous-type")
    assert "2.2.2.b" in called("les héros n'ont pas de sous-type")
    # « ne peut plus reculer » negates the retreat: its home region, 7.3.10.b
    assert "7.3.10.b" in called("une expédition qui ne peut plus reculer")


def test_a_word_after_non_is_denied_not_told(rules):
    # a spell that is not Fleeting goes to the Reserve (5.2.3.j), not the discard of 2.4.6.f
    assert called("un sort non fugace finit sa résolution") == ("5.2.3.j",)
    assert "2.4.6.f" in called("un sort fugace finit sa résolution")


def test_a_hyphenated_cue_is_read_typed_either_way(rules):
    assert "2.2.2.b" in called("un héros a-t-il un sous-type")
    assert "2.2.2.b" in called("un héros a-t-il un sous type")


def test_a_topic_or_a_definition_calls_for_no_situation(rules):
    for q in ("fugace", "coût de réserve", "zone de mana", "premier joueur", "2.4.6.c"):
        assert called(q) == (), q


def test_a_rule_the_words_alone_miss_joins_the_results_when_the_circumstances_call_for_it(rules):
    # 3.2.2.f says « Deck » and « cartes », not « glisser »: the index's words for it do
    plain = search.search("glisser une carte sous le paquet")
    assert "3.2.2.f" in numbers(plain, 5)


def test_rule_pages_list_the_situations_they_decide(client, rules):
    html = client.get("/regles/fr-1/3.2.2.d/").content.decode()
    assert "Situations qu'elle tranche" in html
    assert situations.for_rule("3.2.2.d")[0].case.split(" (")[0].replace("'", "&#x27;") in html
    assert 'href="/regles/lexique/#situations"' in html
    assert "Situations qu'elle tranche" not in client.get("/regles/fr-1/1.2.1.a/").content.decode()


def test_the_lexicon_lists_the_index_and_filters_it(client, rules):
    html = client.get("/regles/lexique/").content.decode()
    assert 'id="situations"' in html and 'href="/regles/fr-1/7.3.11.c/"' in html
    html = client.get("/regles/lexique/", {"filtre": "Ravitailler"}).content.decode()
    assert 'href="/regles/fr-1/7.3.16.b/"' in html and 'href="/regles/fr-1/7.3.11.c/">7.3.11.c</a></td>' not in html


def test_the_results_say_which_situation_was_read(client, rules):
    html = client.get("/recherche/", {"q": "je dois piocher mais mon deck est vide"}).content.decode()
    assert 'class="notice situations"' in html and 'href="/regles/fr-1/3.2.2.d/"' in html
    data = client.get("/api/search/", {"q": "je dois piocher mais mon deck est vide"}).json()
    assert {"rule": "3.2.2.d", "case": situations.for_rule("3.2.2.d")[0].case} in data["situations"]
    assert client.get("/api/search/", {"q": "fugace"}).json()["situations"] == []


def test_an_edited_index_shows_on_the_rule_page_without_a_re_import(client, rules, settings, tmp_path):
    """A rule page is cached per import; the glossary files it shows are part of its key, so an
    index edited (and read again, as at a restart) shows at once, the rules not re-imported."""
    from django.conf import settings as live

    source = live.BASE_DIR / "fixtures" / "glossary"
    (tmp_path / "fixtures" / "glossary").mkdir(parents=True)
    for name in ("terms.json", "synonyms.json", "vocabulary.json", "situations.json"):
        (tmp_path / "fixtures" / "glossary" / name).write_bytes((source / name).read_bytes())
    readers = (situations._file, situations.cues, situations.situations, glossary.stamp)

    def restart():
        for reader in readers:
            reader.cache_clear()

    settings.BASE_DIR = tmp_path
    restart()
    try:
        assert "Un cas écrit pour ce test" not in client.get("/regles/fr-1/3.2.2.d/").content.decode()
        doc = json.loads((tmp_path / "fixtures" / "glossary" / "situations.json").read_text(encoding="utf-8"))
        doc["entries"][0]["case"] = "Un cas écrit pour ce test."
        (tmp_path / "fixtures" / "glossary" / "situations.json").write_text(json.dumps(doc), encoding="utf-8")
        restart()
        assert "Un cas écrit pour ce test" in client.get("/regles/fr-1/3.2.2.d/").content.decode()
    finally:
        restart()


def test_phrases_that_overlap_are_all_read(rules):
    # « ma défausse » (whose zone) and « défausse est vide » (an empty pile) share « défausse »
    from rules_ref.search.circumstances import present_cues, text_forms

    q = "ma defausse est vide"
    cues = present_cues((q,), text_forms(q), q)
    assert {"zone_mienne", "defausse_vide"} <= cues
