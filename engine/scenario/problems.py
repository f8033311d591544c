"""The checker's problems: each has a `code`, its JSON `path`, the `rules` that decide (as numbered
in the document's rule set) and its French `message`, written here and nowhere else. The builder
(static/arbitre/builder/problems.js) shows the message beside the field named by the path, and
reads the code and the rules as data, never the French.

    >>> problem("players.B.reserve[0].owner", "owner_zone", ("3.1.2.c",), owner="A", zone="la Réserve de B")["code"]
    'owner_zone'
"""

from __future__ import annotations

from typing import Any

#: code -> French template (str.format fields named by the caller)
MESSAGES: dict[str, str] = {
    # the shape of the document (JSON Schema keywords, engine/scenario/schema.json)
    "json": "JSON mal formé : {detail} (ligne {line}, colonne {column})",
    "type": "{expected} attendu, reçu {value}",
    "enum": "valeur inconnue {value} (attendu : {allowed})",
    "const": "{allowed} attendu, reçu {value}",
    "required": "champ obligatoire manquant : {key}",
    "additional": "champ inconnu {key}",
    "negative": "ne peut pas être négatif (hors limites : {value})",
    "minimum": "doit valoir au moins {limit} (hors limites : {value})",
    "range": "hors limites : {value} (attendu entre {low} et {high})",
    "maximum": "trop grand (hors limites : {value}, au plus {limit})",
    "min_items": "au moins {limit} élément(s) attendu(s), reçu {count}",
    "max_items": "au plus {limit} élément(s) attendu(s), reçu {count}",
    "unique": "élément en double : {value}",
    "min_length": "{what} obligatoire : un texte non vide",
    "too_deep": "document trop imbriqué (plus de {limit} niveaux)",
    # what a schema cannot say: identifiers, references, what each verb needs, the players of a mode
    "duplicate_id": "identifiant « {id} » en double : déjà utilisé par {other} (une carte n'est que dans une zone, "
    "{rules})",
    "unknown_player": "joueur inconnu : « {value} »",
    "unknown_team": "équipe inconnue : « {value} » (attendu : A ou B)",
    "unknown_card": "aucune carte n'a l'identifiant « {value} »",
    "players_mode": "en {mode}, les joueurs sont {want} ; reçu : {value}",
    "first_player_missing": "premier joueur à choisir (il n'est tiré au sort qu'à la mise en place)",
    "rules_2v2": "le mode 2v2 n'est pas joué selon les CR 5.0 (elles n'ont pas de règles 2v2 ; l'article français "
    'fait gagner quand les Expéditions se rejoignent) : choisissez "fr-1" pour une partie 2v2',
    "setup_day": "la mise en place (setup) n'existe qu'au jour 1",
    "setup_deck": "à la mise en place, toutes les cartes sont dans le Deck ({rules})",
    "setup_drawn": "à la mise en place, toutes les cartes sont dans le Deck ; après la pioche de six cartes, "
    "dans le Deck, la Main et la Zone de Mana ({rules})",
    "side": "joueur à choisir : self (moi), opponent (l'adversaire), teammate (le coéquipier) ou un joueur ; "
    "reçu « {value} »",
    "condition_zone": "zone à choisir : chez qui, et laquelle (CÔTÉ.ZONE, par exemple self.hand) ; reçu « {value} »",
    "expedition_form": "expédition à choisir : choose, ou CÔTÉ.hero / CÔTÉ.companion (par exemple self.hero) ; "
    "reçu « {value} »",
    "modes_missing": "modes à écrire : une liste de modes, chacun une liste d'étapes ({rules})",
    "effect_missing": "effet de l'action interne à écrire : une liste d'étapes ({rules})",
    "zone_missing": "zone à choisir : où l'objet est mis",
    "status_missing": "statut à choisir : celui qui est gagné ou perdu",
    "layout_mode": "disposition « {value} » : en mode {mode}, {mode} attendu",
    "tumult_count": "trois cartes Tumulte attendues ({rules}), reçu {count}",
    "tumult_count_2v2": "six cartes Tumulte attendues en 2v2 (trois paires de cartes identiques, article "
    "« Multijoueur 2v2 », Mise en place), reçu {count}",
    "tumult_name": "nom de carte Tumulte en double : « {name} »",
    "tumult_pair": "les cartes {first} et {second} forment une paire : elles doivent être identiques "
    "(article « Multijoueur 2v2 », Mise en place)",
    "tumult_centre_face": "les deux cartes Tumulte centrales sont retournées ensemble (article « Multijoueur 2v2 », "
    "Mise en place)",
    "tumult_centre_direction": "la deuxième carte centrale est placée dans la direction opposée à la première "
    "(article « Multijoueur 2v2 », Mise en place)",
    "expedition_type": "le moteur ne met dans la zone d'Expédition que des Personnages (les Permanents "
    "d'Expédition des CR 5.0 ne sont pas joués)",
    "decision_kind": "une décision a exactement une clé parmi {keys} ; reçu : {value}",
    # the cursor of a dumped game
    "progress_step": "étape « {value} » inconnue ou hors de la phase {phase}",
    "declaration_kind": 'déclaration attendue : {{"player", "play": …}} ou {{"player", "quick": …}}',
    "no_quick": "{card} n'a pas d'action rapide n°{n} ({rules})",
    "mode_range": "mode attendu entre 0 et {high} ({rules})",
    "target_missing": "cible manquante pour « {verb} » ({rules})",
    "target_impossible": "cible « {value} » impossible pour « {verb} » ({rules})",
    # the game's own rules on a board: "X can only / never be in Y"
    "owner_zone": "cette carte appartient à {owner} : elle ne peut pas être dans {zone}, une zone privée d'un autre "
    "joueur ; elle irait dans la zone correspondante de son propriétaire ({rules})",
    "counters_hidden": "une carte dans {zone} (zone cachée) n'est pas un objet et ne porte pas de jetons ({rules})",
    "counters_zone": "une carte dans {zone} ne peut ni avoir ni gagner de jetons ({rules})",
    "statuses_zone": "une carte dans {zone} ne peut ni avoir ni gagner de statut ({rules})",
    "timestamp_hidden": "une carte dans {zone} (zone cachée) n'est pas un objet : elle n'a pas d'horodatage ({rules})",
    "token_zone": "un jeton n'existe que dans la zone d'Expédition : il ne peut pas être dans {zone} ({rules})",
    "limbo_not_played": "le Limbo ne contient des cartes que lorsqu'elles sont jouées : aucun effet de cette carte "
    "n'est en cours de résolution ({rules})",
    "fleeting_landmark": "un Permanent dans {zone} ne peut ni avoir ni gagner le statut Fugace, dans aucune zone "
    "({rules})",
    "timestamp_duplicate": "horodatage {timestamp} déjà porté par {other} : chaque objet reçoit un horodatage "
    "nouveau, plus grand que tous les précédents, quand il entre dans une zone ({rules})",
    "tumult_identical": "la carte Tumulte {name} a les mêmes terrains que {other} : l'Aventure a trois cartes Tumulte "
    "différentes ({rules})",
}


def problem(path: str, code: str, rules: tuple[str, ...] = (), **fields: Any) -> dict[str, Any]:
    """One problem: its path, code, rules and the French message of its code."""
    message = MESSAGES[code].format(rules=", ".join(rules), **fields)
    return {"path": path, "code": code, "rules": list(rules), "message": message}
