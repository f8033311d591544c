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
    "shape": "{detail}",
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
    "min_length": "{what} obligatoire : un texte non vide (par exemple a1 pour une carte)",
    # the game's own rules on a board: "X can only / never be in Y"
    "owner_zone": "cette carte appartient à {owner} : elle ne peut pas être dans {zone}, une zone privée d'un autre "
    "joueur ; elle irait dans la zone correspondante de son propriétaire ({rules})",
    "counters_hidden": "une carte dans {zone} (zone cachée) n'est pas un objet et ne porte pas de jetons ({rules})",
    "counters_zone": "une carte dans {zone} ne peut ni avoir ni gagner de jetons ({rules})",
    "statuses_zone": "une carte dans {zone} ne peut ni avoir ni gagner de statut ({rules})",
    "timestamp_hidden": "une carte dans {zone} (zone cachée) n'est pas un objet : elle n'a pas d'horodatage ({rules})",
    "token_zone": "un jeton n'existe que dans la zone d'Expédition : il ne peut pas être dans {zone} ({rules})",
    "tumult_identical": "la carte Tumulte {name} a les mêmes terrains que {other} : l'Aventure a trois cartes Tumulte "
    "différentes ({rules})",
}


def problem(path: str, code: str, rules: tuple[str, ...] = (), **fields: Any) -> dict[str, Any]:
    """One problem: its path, code, rules and the French message of its code."""
    message = MESSAGES[code].format(rules=", ".join(rules), **fields)
    return {"path": path, "code": code, "rules": list(rules), "message": message}
