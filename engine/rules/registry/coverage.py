"""What the engine says of the rules it does not play, in prose: the section headings, the numbered
rules not implemented (with the reason), under cr-5.0 the changed French rules played as v5.0 says
or not (with the reason), and the paragraphs of the glossary articles that do not apply."""

from __future__ import annotations

from .declare import INTRO

#: bullets of the phases article the engine does not play, with the reason
PHASES_NOT_APPLICABLE: dict[str, str] = {}


#: paragraphs of the 2v2 article the engine does not play, with the reason
ARTICLE_NOT_APPLICABLE: dict[tuple[str, int], str] = {
    (INTRO, 1): "présentation ; format construit : les decks sont fournis par le scénario",
    (INTRO, 2): "présentation des modes multijoueurs",
    (INTRO, 4): "mode Chacun pour soi (Free for All) : hors du mode 2v2 du format (non modélisé)",
    (INTRO, 5): "condition de victoire du Chacun pour soi : non modélisé",
    ("Règles de construction de deck en mode multijoueur", 1): "construction de deck : hors du moteur ; deux "
    "joueurs peuvent avoir le même Héros (rien ne l'interdit au chargement)",
    **{
        ("Règles de construction de deck en mode multijoueur", n): "construction de deck : hors du moteur "
        "(le scénario fournit les decks)"
        for n in range(2, 8)
    },
    ("Interactions avec votre coéquipier", 1): "montrer sa main : information des joueurs, hors du moteur "
    "(le scénario voit tout)",
    ("Interactions avec votre coéquipier", 2): "communication entre joueurs : accord de table, hors du moteur",
}


HEADINGS: dict[str, str] = {
    n: t
    for n, t in [
        ("1.1.6", "Nombres et symboles"),
        ("1.2.1", "Joueurs"),
        ("1.2.2", "Objets"),
        ("1.2.3", "Zones"),
        ("1.2.4", "Capacités"),
        ("1.3.1", "Commencer la partie"),
        ("1.3.2", "Progression de la journée"),
        ("2.1", "Objets"),
        ("2.2.2", "Sous-types"),
        ("2.2.7", "Coût de Réserve"),
        ("2.2.8", "Faction"),
        ("2.2.13", "Durée"),
        ("2.4.6", "Fugace"),
        ("2.5", "Jetons"),
        ("3.1.1", "Propriétés des zones"),
        ("3.1.2", "Zones partagées ou privées"),
        ("3.1.3", "Zones visibles ou cachées"),
        ("3.2.1", "Zone Aventure"),
        ("3.2.2", "Deck"),
        ("3.2.3", "Pile de défausse"),
        ("3.2.5", "Main"),
        ("3.2.6", "Zone du Héros"),
        ("3.2.7", "Zone du Repère"),
        ("3.2.8", "Limbo"),
        ("3.2.9", "Zone de Mana"),
        ("3.2.10", "Réserve"),
        ("4.1", "Début de la partie"),
        ("4.2.5", "Nuit"),
        ("4.3", "Fin de la partie"),
        ("5.2.3", "Jouer un Sort"),
        ("7.1.4", "Symboles de coût"),
        ("7.3.4", "Défausser"),
        ("7.3.10", "Reculer"),
        ("7.3.11", "Avancer"),
        ("7.3.16", "Ravitailler"),
        ("7.3.18", "Sabotage"),
        ("7.3.19", "Sacrifier"),
    ]
}

#: rule number -> why the engine does not implement it (yet)
NOT_IMPLEMENTED: dict[str, str] = {
    "1.1.6.a": "vrai par construction : toutes les valeurs sont des entiers (vérifié au chargement)",
    "1.1.6.b": "aucune division dans les règles jouées ni dans les verbes du format",
    "1.1.6.c": "aucune division dans les règles jouées ni dans les verbes du format",
    "1.2.1.a": "définition ; le format nomme les joueurs A et B",
    "1.2.1.c": "construction de deck : hors du moteur (le scénario fournit les decks)",
    "1.2.1.d": "définition ; les zones privées sont les listes de PLAYER du format",
    "1.2.2.a": "définition",
    "1.2.2.b": "définition",
    "1.2.2.c": "caractéristiques : seules celles du format (nom, type, coûts, statistiques, capacités, limites) sont modélisées ; sous-type, rareté, version, faction ne changent rien aux phases",
    "1.2.3.a": "définition",
    "1.2.3.b": "définition ; les dix zones sont les clés du format (une seule zone d'Expédition : voir 1.2.3.c)",
    "1.2.3.d": "définition",
    "1.2.3.e": "définition (voir 2.1.c pour les objets)",
    "1.2.3.f": "lecture : la Zone de Mana est traitée comme visible selon 3.2.9.a (voir README)",
    "1.2.4.a": "définition ; le format écrit une capacité par entrée de `abilities` (une ligne de la boîte de texte)",
    "1.2.4.b": "mots-clés : seul Fugace sur un Sort (`keywords`, 2.4.6.e) change le jeu ; les autres mots-clés ne sont pas modélisés",
    "2.1.a": "vrai par construction : chaque id est dans une seule zone (vérifié au chargement)",
    "2.1.b": "définition",
    "2.1.h": "définition",
    "2.1.i": "définition (les compteurs sont `counters`)",
    "2.2.2.a": "les sous-types ne sont pas modélisés (aucune règle jouée ne les lit)",
    "2.2.2.b": "les sous-types ne sont pas modélisés",
    "2.2.2.c": "les sous-types ne sont pas modélisés",
    "2.2.7.d": "les Emblèmes ne sont pas modélisés",
    "2.2.8.a": "les factions ne sont pas modélisées (construction de deck)",
    "2.2.8.b": "factions non modélisées",
    "2.2.8.c": "factions non modélisées",
    "2.2.8.d": "factions non modélisées",
    "2.2.13.a": "les Emblèmes ne sont pas modélisés",
    "2.2.13.b": "Emblèmes non modélisés",
    "2.2.13.c": "Emblèmes non modélisés",
    "2.5.a": "aucun compteur dans la Défausse, le Deck ou la Main (2.5.b)",
    "2.5.b": "définition",
    "2.5.c": "vrai par construction : un nombre par nom",
    "2.5.d": "le scénario place les jetons de départ du Héros lui-même",
    "2.5.h": "aucun jeton n'a d'effet intrinsèque : les verbes du format les gagnent, retirent et dépensent seulement",
    "3.1.1.a": "définition",
    "3.1.1.b": "vrai par construction : les zones vides existent",
    "3.1.1.c": "définition",
    "3.1.2.a": "définition",
    "3.1.2.b": "définition",
    "3.1.3.a": "définition (zones visibles : horodatage 2.1.c)",
    "3.1.3.b": "information des joueurs : hors du moteur",
    "3.1.3.c": "objets face cachée hors de la Zone de Mana non modélisés (aucun verbe n'en crée)",
    "3.1.3.d": "définition",
    "3.1.3.e": "information des joueurs : hors du moteur",
    "3.1.3.f": "information des joueurs : hors du moteur",
    "3.2.1.a": "définition",
    "3.2.2.a": "définition",
    "3.2.2.c": "aucun verbe du format ne vise une position du Deck autre que le dessus (pioche, ravitaillement)",
    "3.2.2.f": "aucun verbe du format ne place une carte à une position du Deck",
    "3.2.3.a": "définition",
    "3.2.5.a": "définition",
    "3.2.5.b": "information du joueur : hors du moteur",
    "3.2.5.c": "aucun verbe du format n'agit sur une carte de la Main (défausser vise un objet en jeu ou en Réserve)",
    "3.2.6.a": "définition",
    "3.2.9.a": "définition ; lecture : zone visible (voir 1.2.3.f)",
    "3.2.9.c": "définition",
    "3.2.9.d": "information du joueur : hors du moteur",
    "4.1.a": "vérifié au chargement : un scénario `setup` n'a de cartes que dans les Decks",
    "4.1.e": "présentation physique des decks : hors du moteur",
    "4.1.f": "présentation physique : hors du moteur",
    "4.2.5.a": "définition (les deux effets sont 4.2.5.b et 4.2.5.c)",
}

#: Under cr-5.0 (issue 12), the French rules whose v5.0 verdict is `changed` or `absent` that the engine
#: plays as v5.0 says: on the cr-5.0 path the code cites the v5.0 numbers (``versions.cr5``) or a French number
#: whose translation is exact for what the format models. rule -> what cr-5.0 plays (the functions are those
#: declaring its v5.0 numbers). One line per rule.
CR5_PLAYED: dict[str, str] = {
    "1.2.3.c": "d'une Expédition à l'autre : pas de changement de zone (3.2.4.d), le même objet, qui change d'Expédition (7.3.39.a) ; il rejoint sa nouvelle Expédition, pas la zone d'Expédition (7.5.10.c)",
    "1.1.6.e": "« quand je rejoins l'Expédition » est « quand j'entre en jeu » : l'Expédition ou les Repères en venant d'ailleurs (7.3.10.a) ; un Permanent qui entre dans les Repères la déclenche, passer des Repères à l'Expédition non (7.3.20.a)",
    "1.2.4.d": "capacités de soutien seulement si la carte est prête dans la Réserve (2.4.6.e) ; le format n'a pas d'objet avec des capacités dans la zone du Héros",
    "1.3.1.d": "les trois cartes du premier Matin entrent prêtes dans la Zone de Mana (1.3.1.e)",
    "1.3.2.b": "Matin : Succeed, Prepare (Réserve comprise, pas le Limbo), Draw, Expand avec un Orbe prêt (4.2.1.b–e) ; le Héros n'a pas de statut dans le format",
    "1.3.2.f": "Nuit : Repos, Nettoyage (Repères sacrifiés) puis vérification de la victoire (1.3.3, 4.2.5.d) ; Gears non modélisés",
    "2.1.d": "un jeton qui quitte l'Expédition n'arrive pas dans sa nouvelle zone : il cesse d'exister (2.1.e)",
    "2.4.6.b": "le Personnage entre dans l'Expédition puis, dans une autre étape, regagne Fugace (5.2.1.c, 2.4.7.c) ; Permanents d'Expédition non modélisés",
    "2.4.6.e": "un Permanent de Repère n'a ni ne gagne jamais Fugace, dans aucune zone (remarque de 2.4.7.b) : l'effet qui le lui donnerait est sans effet, dit ; joué depuis la Réserve, il reste sans Fugace (2.4.7.a–b)",
    "2.4.6.c": "Repos : un Personnage Fugace va dans la Défausse (2.4.7.d) ; Permanents d'Expédition non modélisés",
    "2.5.a": "aucun compteur dans la Défausse, le Deck ou la Main (2.5.b)",
    "2.5.i": "compteurs perdus en quittant le jeu (2.5.j), gardés entre l'Expédition et les Repères (2.5.k)",
    "2.5.j": "compteurs gardés de la Réserve ou de Limbo vers une autre zone visible, sauf la Défausse (2.5.l)",
    "3.2.2.d": "piocher ne remélange jamais la Défausse (3.2.2.d–e) ; au Matin, le joueur choisit de la remélanger quand son Deck s'épuise (7.3.9.c) ; un Deck vide après Expand peut aussi être remélangé (4.2.1.f, lecture `cr5-shuffle-after-expand`)",
    "3.2.7.a": "Repères en trop sacrifiés au Nettoyage (remarque de 3.2.7.c)",
    "3.2.9.e": "échange d'Orbes seulement pendant son tour, juste avant de payer ; refusé « à tout moment » par `Game._swap_problem` (game.py)",
    "4.1.e": "le Héros est présenté face visible (4.1.e, entrée du journal à la mise en place) ; la présentation des decks reste hors du moteur",
    "4.1.h": "le Héros est présenté face visible à la mise en place (4.1.e), sans étape de révélation",
    "4.1.j": "mise en place : piocher six (4.1.h), trois Orbes prêts (4.1.i), premier Matin sauté (4.1.j)",
    "4.2.5.a": "trois effets quotidiens de la Nuit : Repos, Nettoyage, vérification de la victoire",
    "4.2.5.b": "Repos (Gears et statut Ascended : non modélisés, aucun objet du format ne les a)",
    "4.2.5.c": "Nettoyage : Réserve défaussée, Repères sacrifiés, simultanément ; une limite négative vaut 0",
    "4.3.a": "pas de victoire quand les Expéditions se rencontrent : vérification à la Nuit par distance totale (4.2.5.d)",
    "4.3.b": "se croiser donne un total plus grand ; victoire à la Nuit avec un total strictement supérieur (4.2.5.d)",
    "4.3.c": "départages seulement à égalité au total le plus haut, à la Nuit (4.2.5.d)",
    "4.3.d": "départages : marqueurs sur la région du Compagnon retournée, autres régions retirées de la partie (4.3.a)",
    "4.3.h": "Arène : on ne compte que les terrains où un total est supérieur et positif (4.3.e) ; pas de vérification de la victoire la Nuit (4.3.f)",
    "5.2.3.b": "cibles choisies juste avant chaque étape, chaque objet une fois par étape (6.5.b) ; sans cible possible la carte se joue et l'étape ne fait rien",
    "5.2.3.c": "« Choisissez X » pendant la résolution : X modes dans l'ordre choisi, résolus dans cet ordre (6.5.g)",
    "5.2.3.d": "les modes non choisis sont ignorés ; les cibles du mode choisi se choisissent à leurs étapes (6.5.g, 6.5.b)",
    "5.2.3.e": "étape facultative : le choix juste avant l'étape, sa cible ensuite (6.5.c)",
    "5.2.3.f": "condition vérifiée juste avant l'étape, sa cible ensuite (6.5.d)",
    "5.2.3.g": "pas d'action interne : une étape facultative dont le coût se paie en entier (6.5.c, 6.4.c), puis « si vous l'avez fait » ses étapes dans le même effet (6.5.f)",
    "5.2.3.j": "le Sort résolu va dans la Réserve ou la Défausse de son propriétaire (5.2.4.b) ; Cooldown absent du format",
    "7.3.19": "sacrifier : défausser un objet en jeu que l'on contrôle (7.3.36.a)",
    "7.3.11.b": "la carte Tumulte face cachée est retournée quand l'Expédition y entre (7.3.25.b ; le format n'avance que d'une région à la fois) ; les CR 5.0 ne donnent pas d'effet aux cartes Tumulte : l'`effect` du scénario n'est pas résolu, une note le dit",
}
#: the played rules whose French number the cr-5.0 path still cites, translated (exact for what the format
#: models); any other played rule's French number cited under cr-5.0 is a forgotten branch (tests)
CR5_TRANSLATED = frozenset({"1.3.2.f", "2.4.6.c", "3.2.9.e", "4.2.5.b", "7.3.11.b"})
#: ... that cr-5.0 does not play yet: still cited under cr-5.0 as "N (FR 1)", the entry marked `not_v5` with
#: the reason. rule -> reason.
CR5_NOT_PLAYED: dict[str, str] = {
    "2.2.7.b": "coût de Réserve : règle française (5.1.2.e en v5.0)",
}
