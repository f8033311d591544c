"""Behaviours the official Comprehensive Rules 5.0 changed in effects, objects and abilities, played
when a scenario's ``rules`` is ``"cr-5.0"`` (issue 12). The branches themselves live where the
behaviour is played (rules/effects.py, rules/play.py, rules/actions.py, apply.py); this module holds
what they share and :data:`CR5_PLAYED_EFFECTS`, the list of French rules now played as v5.0 says, for
RULES.md (the table's generator belongs to rules/registry.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .. import events as ev
from ..versions import cr5
from .registry import implements

if TYPE_CHECKING:
    from ..table import Table

#: French rule -> what cr-5.0 plays instead (the functions are those declaring its v5.0 numbers), in the
#: shape of rules/registry.py's CR5_PLAYED, which RULES.md reads: merge this into it (and take these rules
#: out of its CR5_NOT_PLAYED). Under cr-5.0 the code of these rules cites only v5.0 numbers.
CR5_PLAYED_EFFECTS: dict[str, str] = {
    "1.1.6.e": "« quand je rejoins l'Expédition » est « quand j'entre en jeu » : l'Expédition ou les Repères en "
    "venant d'ailleurs (7.3.10.a) ; un Permanent qui entre dans les Repères la déclenche, passer des Repères à "
    "l'Expédition non (7.3.20.a)",
    "1.2.4.d": "capacités de soutien seulement si la carte est prête dans la Réserve (2.4.6.e) ; le format n'a pas "
    "d'objet avec des capacités dans la zone du Héros",
    "2.1.d": "un jeton qui quitte l'Expédition n'arrive pas dans sa nouvelle zone : il cesse d'exister (2.1.e)",
    "2.4.6.b": "le Personnage entre dans l'Expédition puis, dans une autre étape, regagne Fugace (5.2.1.c, 2.4.7.c) ; "
    "Permanents d'Expédition non modélisés",
    "2.5.a": "aucun compteur dans la Défausse, le Deck ou la Main (2.5.b)",
    "2.5.i": "compteurs perdus en quittant le jeu (2.5.j), gardés entre l'Expédition et les Repères (2.5.k)",
    "2.5.j": "compteurs gardés de la Réserve ou de Limbo vers une autre zone visible, sauf la Défausse (2.5.l)",
    "5.2.3.b": "cibles choisies juste avant chaque étape, chaque objet une fois par étape (6.5.b) ; sans cible "
    "possible la carte se joue et l'étape ne fait rien",
    "5.2.3.c": "« Choisissez X » pendant la résolution : X modes dans l'ordre choisi, résolus dans cet ordre (6.5.g)",
    "5.2.3.d": "les modes non choisis sont ignorés ; les cibles du mode choisi se choisissent à leurs étapes "
    "(6.5.g, 6.5.b)",
    "5.2.3.e": "étape facultative : le choix juste avant l'étape, sa cible ensuite (6.5.c)",
    "5.2.3.f": "condition vérifiée juste avant l'étape, sa cible ensuite (6.5.d)",
    "5.2.3.g": "pas d'action interne : une étape facultative dont le coût se paie en entier (6.5.c, 6.4.c), puis "
    "« si vous l'avez fait » ses étapes dans le même effet (6.5.f)",
    "5.2.3.j": "le Sort résolu va dans la Réserve ou la Défausse de son propriétaire (5.2.4.b) ; Cooldown absent du "
    "format",
}


@implements(*cr5("2.1.e"))
def token_leaves(
    game: Table,
    card_id: str,
    zone: str,
    rules: tuple[str, ...],
    reading: str | None = None,
    articles: Iterable[tuple[str, str]] = (),
) -> str:
    """v5.0 2.1.e: a token that would leave the Expedition zone and join another zone does not join
    it: it ceases to exist instead (it still leaves the Expedition). Returns the zone it left."""
    game.emit(ev.Cease(card_id, zone), cr5("2.1.e") + rules, reading, articles)
    return zone
