"""The log's sentences: what a step did, made from typed events in this one place (Forge's GameLogFormatter)."""

from __future__ import annotations

from collections.abc import Callable
from functools import singledispatch
from typing import TYPE_CHECKING

from .. import events as ev
from ..model import EXPEDITION_ZONES, split_zone
from ..versions import CR5
from .words import EXPEDITIONS as EXPEDITION_FR
from .words import PHASES as PHASE_FR
from .words import STATUSES as STATUS_FR
from .words import TERRAINS as TERRAIN_FR
from .words import ZONES as ZONE_FR
from .words import plural, trigger_text

if TYPE_CHECKING:
    from ..table import Table

#: readings of ambiguous seed rules; a log entry that applied one names it (see engine/README.md)
READINGS = {
    "hero-limits": "Nettoyage selon les limites du Héros (4.2.5.c), et non les « deux cartes » de 1.3.2.f",
    "no-hero-limits": "sans Héros, les limites valent 2 (4.2.5.d), ce qui rejoint les « deux cartes » de 1.3.2.f",
    "prepare-all": "Préparer redresse toutes les cartes épuisées du plateau (article « Clarification des phases »), "
    "pas seulement Personnages, Permanents et Orbes (1.3.2.b)",
    "day1-marker": "le premier jour, le marqueur Premier joueur ne passe pas (article « Clarification des phases »)",
    "setup-mana-ready": "les trois Orbes de la mise en place entrent prêts : la première Matinée, dont la "
    "préparation les redresserait, est remplacée par la mise en place (4.1.j)",
    "anchored-stays": "un Personnage Ancré reste dans l'Expédition au Repos et perd Ancré (1.3.2.f, remarque de 4.2.5.b)",
    "end-check": "la fin de partie est vérifiée à chaque déplacement d'un marqueur (4.3.a : un modificateur "
    "d'événement additif) ; la Progression du Crépuscule déplace toutes les Expéditions en même temps",
    "end-first-move": "dans un même effet, le premier déplacement qui fait se rencontrer ou se croiser les "
    "Expéditions décide (4.3.a) ; la suite de l'effet n'est pas jouée, ce n'est pas « en même "
    "temps » (4.3.c)",
    "dusk-once": "« Chaque Expédition ne peut avancer qu'une seule fois par phase Crépuscule » (article « Clarification "
    "des phases ») vaut pour tout avancement de la phase, celui d'une réaction « Au Crépuscule » compris",
    "tumult-controller": "l'effet d'une carte Tumulte révélée est résolu par le joueur dont l'Expédition l'a révélée",
    "tiebreak-mixed": "un joueur dont les Expéditions se rencontrent et l'autre dont elles se croisent "
    "en même temps : départages, comme 4.3.c",
    "first-player-given": "le premier joueur nommé par le scénario tient lieu du tirage au hasard de 4.1.g",
    "2v2-marker-clockwise": "en 2v2, le marqueur Premier joueur passe au joueur suivant dans le sens des "
    "aiguilles d'une montre (un adversaire), comme 1.3.2.b le donne à l'adversaire en 1v1",
    "2v2-further": "deux joueurs d'équipes différentes ont tous deux avancé plus loin que nécessaire : "
    "celui qui a le plus d'avance supplémentaire l'emporte ; à égalité, journée de départage",
    "cr5-morning-reshuffle": "au Matin, le choix de remélanger la Défausse quand le Deck s'épuise (7.3.9.c) est "
    "demandé au moment où le joueur pioche, avant ses cartes : les cartes piochées n'en dépendent pas",
    "cr5-shuffle-after-expand": "des moments où 4.2.1.f permet de remélanger sa Défausse dans un Deck vide (avant "
    "et après chaque effet du Matin), le moteur propose la fin du Matin, après Expand (la remarque de 4.2.1.f), "
    "en plus de la pioche (7.3.9.c)",
    "expedition-one-zone": "il n'y a qu'une zone d'Expédition (1.2.3.b–c) : passer de l'Expédition du Héros à celle "
    "du Compagnon n'est pas changer de zone ; la carte reste le même objet (2.1.c ne s'applique pas), garde ses "
    "statuts et ses jetons (2.5.i ne s'applique pas) et ne rejoint pas la zone d'Expédition (1.1.6.e)",
    "2v2-team-extra": "quatre joueurs : l'avance supplémentaire d'une équipe est la somme de celles de ses "
    "deux joueurs (position du Héros moins position du Compagnon)",
}


def _tumult_effect(game: Table, k: int) -> str:
    tumult = game.state.adventure.tumult
    if game.state.rules == CR5:
        return ""  # CR 5.0 gives Tumult cards no effect: a note says so when the scenario gives one
    if k < len(tumult) and tumult[k].extra.get("effect"):
        return " ; son effet est résolu (article « Clarification des phases »)"
    return " ; le scénario ne lui donne pas d'effet"


def _name(game: Table, card_id: str) -> str:
    """A card's name, or "la carte a1" for a card without one (never "None")."""
    name = game.names.get(card_id)
    return name if name and name != card_id else f"la carte {card_id}"


def _card(game: Table, card_id: str) -> str:
    """The object with a noun of known gender, for a sentence that agrees with it (a printed name says
    nothing of its gender): « la carte Vétérane (a1) », « la carte a1 », « le jeton Scarabée (t1) », an Orb
    as the board numbers it, « l'Orbe de Mana n°1 de A (ao0) »."""
    st = game.state
    zone = st.loc.get(card_id)
    player, kind = split_zone(zone) if zone else (None, "")
    if kind == "mana" and player:
        orb = st.cards.get(card_id)
        orbs = st.zones.get(zone or "", [])
        n = orbs.index(orb) if orb in orbs else 0  # by identity (Card: eq=False), at C speed
        return f"l'Orbe de Mana n°{n + 1} de {player} ({card_id})"
    name = game.names.get(card_id)
    card = st.cards.get(card_id)
    if card is not None and card.token:
        bare = name[len("jeton ") :] if name and name.lower().startswith("jeton ") else name
        return f"le jeton {bare} ({card_id})" if bare and name != card_id else f"le jeton {card_id}"
    return f"la carte {name} ({card_id})" if name and name != card_id else f"la carte {card_id}"


def _of(game: Table, card_id: str) -> str:
    """ "de la carte Vétérane (a1)", "du jeton Scarabée (t1)", "de l'Orbe …": :func:`_card` after "de"."""
    noun = _card(game, card_id)
    return "du" + noun[2:] if noun.startswith("le ") else f"de {noun}"


def _spell(game: Table, card_id: str) -> str:
    """ "Sort Rappel (s1)", or "Sort de la carte s1" for a spell without a name (masculine: « le Sort »)."""
    name = game.names.get(card_id)
    return f"Sort {name} ({card_id})" if name and name != card_id else f"Sort de la carte {card_id}"


def _target(game: Table, target: object) -> str:
    """A declared target: a card by its name (no agreement in a list), an Expedition (« l'Expédition du
    Héros de A »), a player, or none (an "up to" target left empty)."""
    if target is None:
        return "aucune"
    if target in game.state.players:  # a player
        return str(target)
    side, _, kind = str(target).partition(".")
    if kind in ("hero", "companion") and side in game.state.players:
        return f"l'{EXPEDITION_FR[kind]} de {side}"
    return _name(game, str(target))


def _frame(game: Table, frame_id: str) -> str:
    """A reaction waiting on the stack (« a1:0 »), named by its card and its number from 1, as on the board."""
    card, _, k = frame_id.partition(":")
    k = k.partition("/")[0]
    return f"la capacité n°{int(k) + 1} {_of(game, card)}" if k.isdigit() else frame_id


#: a zone with its article, for « quitte les Repères de A »
_ARTICLES = {"landmarks": "les", "deck": "le", "limbo": "le"}


def _the(key: str) -> str:
    article = _ARTICLES.get(split_zone(key)[1], "la")
    return f"l'{_zone(key)}" if "expedition" in key else f"{article} {_zone(key)}"


def _e(game: Table, card_id: str) -> str:
    """The ending that agrees with :func:`_card`'s noun: « la carte Vétérane (a1) est placée », « le jeton
    Scarabée (t1) est défaussé », « l'Orbe de Mana n°1 de A (ao0) est épuisé »."""
    st = game.state
    card = st.cards.get(card_id)
    zone = st.loc.get(card_id) or ""
    return "" if (card is not None and card.token) or zone.endswith(".mana") else "e"


def _il(game: Table, card_id: str) -> str:
    """ "elle" for "la carte a1", "il" for "le jeton t1" or an Orb (see :func:`_e`)."""
    return "elle" if _e(game, card_id) else "il"


_n = plural


def _zone(key: str) -> str:
    player, zone = split_zone(key)
    return f"{ZONE_FR.get(zone, zone)} de {player}" if player else ZONE_FR.get(zone, zone)


def _distance(game: Table, p: str) -> int:
    """cr-5.0 Check Victory (4.2.5.d): hero distance from region 0 plus companion distance from 7."""
    m = game.state.adventure.markers[p]
    return m["hero"] + 7 - m["companion"]


def _stats(t: tuple[int, int, int]) -> str:
    return ", ".join(f"{TERRAIN_FR[k]} {v}" for k, v in zip(("forest", "mountain", "water"), t))


def describe(e: ev.Event, game: Table, reading: str | None = None) -> str:
    """The French text of a log entry (singledispatch's registry looked up by exact type: events are
    leaf classes), with the reading it applied."""
    text = _describe.registry.get(type(e), _describe)(e, game)
    text = text[:1].upper() + text[1:]  # "La carte a1 …" when a sentence begins with an unnamed card
    if reading:
        text += f" (Lecture retenue : {READINGS[reading]}.)"
    return text


@singledispatch
def _describe(e: ev.Event, game: Table) -> str:
    """The French text of an event: one small describer per event type, registered below."""
    return repr(e)


@_describe.register(ev.Move)
def _move(e: ev.Move, game: Table) -> str:
    name, the = _name(game, e.card), _card(game, e.card)
    fe, il = _e(game, e.card), _il(game, e.card)
    p = split_zone(e.from_)[0]
    to_p = split_zone(e.to)[0]
    owner = f" (la carte appartient à {to_p})" if p and to_p and p != to_p else ""
    c = e.cause
    if c in ("draw", "draw_setup"):
        return f"{to_p} pioche {name}."
    if c == "mana_setup":
        return f"Mise en place : {to_p} place {name} dans sa Zone de Mana, face cachée."
    if c == "mana":
        return f"{to_p} place {name} dans sa Zone de Mana, face cachée et épuisée : cet Orbe ne servira pas ce jour."
    if e.instead:  # a replacement (2.4.6.c): where it would have gone, where it goes
        when = "Repos : " if c == "rest" else ""
        return (
            f"{when}{the} est Fugace : au lieu d'aller de l'{_zone(e.from_)} dans la {_zone(e.instead)}, "
            f"{il} va dans la {_zone(e.to)}{owner}."
        )
    if e.within:  # one Expedition to the other: no change of zone (1.2.3.c; CR 5.0 3.2.4.d)
        return (
            f"{the} passe de l'{_zone(e.from_)} à l'{_zone(e.to)} : {il} reste dans la zone d'Expédition, "
            "c'est le même objet (statuts et jetons gardés)."
        )
    if c == "rest":
        return f"Repos : {name} quitte l'{_zone(e.from_)} et va dans la {_zone(e.to)}{owner}."
    if c == "cleanup":
        return f"Nettoyage : {the} n'a pas été gardé{fe}, {il} quitte {_the(e.from_)} pour {_the(e.to)}."
    if c == "cleanup_sacrifice":  # cr-5.0 (4.2.5.c)
        return f"Nettoyage : {the} n'a pas été gardé{fe}, {il} est sacrifié{fe} ({_zone(e.from_)} → {_zone(e.to)})."
    if c == "mana_ready":  # cr-5.0 (4.2.1.e)
        return f"{to_p} place {name} dans sa Zone de Mana, face cachée et prête (Expand)."
    if c == "resupply":
        return f"Ravitailler : {to_p} place {name}, la carte du dessus de son Deck, dans sa Réserve."
    if c == "sabotage":
        return f"Sabotage : {the} est défaussé{fe} de la {_zone(e.from_)}{owner}."
    if c == "sacrifice":
        return f"Sacrifice : {p} défausse {name} ({_zone(e.from_)}){owner}."
    if c == "discard":
        return f"{the} est défaussé{fe} : {_zone(e.from_)} → {_zone(e.to)}{owner}."
    if c in ("play_hand", "play_reserve"):
        src = "sa Main" if c == "play_hand" else "sa Réserve"
        fl = ", elle gagne le statut Fugace" if "fleeting" in e.enters else ""  # elle: « la carte »
        return f"{p} joue {name} depuis {src} : la carte passe dans le Limbo{fl}."
    if c == "resolve":
        fl = " et gagne à nouveau le statut Fugace" if "fleeting" in e.enters else ""
        return (
            f"{the} se résout : {il} quitte le Limbo pour l'{_zone(e.to)}{fl}."
            if "expedition" in e.to
            else f"{the} se résout : {il} quitte le Limbo pour {_the(e.to)}."
        )
    if c == "spell_done":
        return f"Le {_spell(game, e.card)} a fini de se résoudre : il va du Limbo dans la {_zone(e.to)}."
    if c == "spell_fleeting":
        return (
            f"Le {_spell(game, e.card)} est Fugace : une fois résolu, il va dans la {_zone(e.to)} "
            "au lieu de la Réserve."
        )
    if c == "cost":
        return f"Coût « Défaussez-moi de la Réserve » : {name} va de la {_zone(e.from_)} à la {_zone(e.to)}."
    if c == "put":
        return f"{the} est placé{fe} : {_zone(e.from_)} → {_zone(e.to)}{owner}."
    return f"{name} : {_zone(e.from_)} → {_zone(e.to)}{owner}."


@_describe.register(ev.Cease)
def _cease(e: ev.Cease, game: Table) -> str:
    if split_zone(e.zone)[1] in EXPEDITION_ZONES:  # CR 5.0 2.1.e: it never joins the new zone
        return (
            f"{_card(game, e.card)} quitte la zone d'Expédition : un jeton n'arrive pas dans sa nouvelle zone, "
            "il cesse d'exister à la place."
        )
    return f"{_card(game, e.card)} a quitté la zone d'Expédition : un jeton qui la quitte cesse d'exister."


@_describe.register(ev.StatusChange)
def _status_change(e: ev.StatusChange, game: Table) -> str:
    name, st = _name(game, e.card), STATUS_FR.get(e.status, e.status)
    the, fe, il = _card(game, e.card), _e(game, e.card), _il(game, e.card)
    if e.cause == "prepare":
        return f"Préparer : {the} est redressé{fe}."
    if e.cause == "mana":
        return f"{the} est épuisé{fe} pour payer 1 mana."
    if e.cause == "cost":
        return f"Coût « Épuisez-moi » : {the} est épuisé{fe}."
    if e.cause == "swap":
        return (
            f"Orbes de Mana : {the} est épuisé{fe} pour préparer un autre Orbe."
            if e.value
            else f"Orbes de Mana : {the} est redressé{fe}."
        )
    if e.cause == "fleeting_again":
        return f"{the} avait le statut Fugace dans le Limbo : une fois dans l'Expédition, {il} le regagne."
    if e.cause == "rest" and e.status == "asleep":
        return f"Repos : {the} est Endormi{fe}, {il} n'est pas envoyé{fe} dans la Réserve et perd le statut Endormi."
    if e.cause == "rest_object":
        return f"Repos : {the} est un objet Endormi, {il} perd le statut Endormi (2.4.3)."
    if e.cause == "rest" and e.status == "anchored":
        return f"Repos : {the} est Ancré{fe}, {il} reste dans l'Expédition et perd le statut Ancré."
    return f"{name} {'gagne' if e.value else 'perd'} le statut {st}."


@_describe.register(ev.CountersChange)
def _counters_change(e: ev.CountersChange, game: Table) -> str:
    verb = {"gain": "gagne", "remove": "perd", "spend": "dépense"}.get(e.cause, "a désormais")
    n = abs(e.after - e.before)
    return f"{_name(game, e.card)} {verb} {_n(n, 'jeton', 'jetons')} « {e.name} » ({e.before} → {e.after})."


@_describe.register(ev.MarkerMove)
def _marker_move(e: ev.MarkerMove, game: Table) -> str:
    exp = EXPEDITION_FR[e.expedition]
    if e.cause == "setup":
        return f"Le marqueur de l'{exp} de {e.player} est placé dans sa région d'origine ({e.to})."
    forward = (e.to > e.from_) == (e.expedition == "hero")
    return f"L'{exp} de {e.player} {'avance' if forward else 'recule'} de la région {e.from_} à la région {e.to}."


@_describe.register(ev.Reveal)
def _reveal(e: ev.Reveal, game: Table) -> str:
    if not e.regions:
        turned = " ; elle est placée dans la direction opposée à la première" if e.turned else ""
        return (
            f"Carte Tumulte centrale {e.name} : un joueur atteint le centre, les deux cartes centrales sont "
            f"retournées face visible ensemble{turned}{_tumult_effect(game, e.tumult)}."
        )
    return (
        f"La carte Tumulte {e.name} (régions {e.regions[0]} et {e.regions[1]}) était face cachée : "
        f"elle est retournée face visible{_tumult_effect(game, e.tumult)}."
    )


@_describe.register(ev.Shuffle)
def _shuffle(e: ev.Shuffle, game: Table) -> str:
    if e.from_ == "adventure" and e.cause == "setup_2v2":
        names = [f"{n}{' (retournée)' if f else ''}" for n, f in zip(e.order, e.flipped)]
        return (
            f"2v2 : les trois paires de cartes Tumulte identiques sont mélangées ; à côté des régions du "
            f"Héros : {names[0]} et {names[1]} ; à côté des régions du Compagnon : {names[2]} et {names[3]} ; "
            f"au centre, côte à côte : {names[4]} et {names[5]} (face cachée)."
        )
    if e.from_ == "adventure":
        listed = ", ".join(f"{n}{' (retournée)' if f else ''}" for n, f in zip(e.order, e.flipped))
        return f"Les cartes Tumulte sont mélangées et placées face cachée entre les deux régions : {listed}."
    if e.from_ == e.to:
        return f"{e.player} mélange son Deck ({_n(len(e.order), 'carte', 'cartes')})."
    return (
        f"Le Deck de {e.player} est vide : sa Défausse ({_n(len(e.order), 'carte', 'cartes')}) est mélangée "
        f"et placée au bas du Deck."
    )


@_describe.register(ev.PhaseBegins)
def _phase_begins(e: ev.PhaseBegins, game: Table) -> str:
    return f"Jour {e.day} — début de la phase : {PHASE_FR[e.phase]}."


@_describe.register(ev.FirstPlayer)
def _first_player(e: ev.FirstPlayer, game: Table) -> str:
    if e.cause == "random":
        return f"Premier joueur tiré au hasard : {e.player}."
    return f"Le marqueur Premier joueur passe de {e.previous} à {e.player}."


@_describe.register(ev.Win)
def _win(e: ev.Win, game: Table) -> str:
    if game.state.mode == "2v2":
        who = ", ".join(e.players)
        how = {
            "meet": f"les Expéditions de {who} se rencontrent dans la même région",
            "cross": f"les Expéditions de {who} se sont rejointes (et croisées)",
            "further": f"{who} a avancé plus loin que nécessaire",
            "three": f"trois joueurs remplissent les conditions ({who}) : les deux alliés l'emportent",
            "team_extra": "les quatre joueurs remplissent les conditions et cette équipe a au moins une "
            "avance supplémentaire de plus",
            "arena": "elle l'emporte sur plus de types de région dans l'Arène",
        }[e.cause]
        members = " et ".join(p for p in game.state.players if p[0] == e.player)
        return f"L'équipe {e.player} ({members}) gagne la partie : {how}."
    how = {
        "meet": "ses Expéditions se rencontrent sur la même région",
        "cross": "ses Expéditions se croisent",
        "arena": "il l'emporte sur plus de statistiques dans l'Arène",
        # cr-5.0, Check Victory (4.2.5.d)
        "total_meet": "à la vérification de la victoire, ses Expéditions se sont rejointes et sa distance totale "
        "est strictement supérieure à celle de son adversaire",
        "total_cross": "à la vérification de la victoire, ses Expéditions se sont croisées et sa distance totale "
        "est strictement supérieure à celle de son adversaire",
    }[e.cause]
    return f"{e.player} gagne la partie : {how}."


@_describe.register(ev.Tiebreak)
def _tiebreak(e: ev.Tiebreak, game: Table) -> str:
    if game.state.mode == "2v2":
        if e.cause == "begin":
            names = ", ".join(e.players[:-1]) + " et " + e.players[-1]
            return (
                f"{names} remplissent les conditions de victoire en même temps sans qu'une équipe "
                "ait avancé plus loin : journée de départage dans l'Arène (région du Compagnon retournée, tous "
                "les marqueurs y sont placés, les autres régions sont défaussées)."
            )
        totals = " ; ".join(f"équipe {p} : {_stats(s)}" for p, s in e.totals)
        wins = ", ".join(f"l'équipe {p} l'emporte sur {_n(n, 'type', 'types')}" for p, n in e.wins)
        return f"Arène (départage par équipe) : {totals}. {wins[:1].upper()}{wins[1:]}."
    if e.cause == "begin" and game.state.rules == "cr-5.0":
        return (
            f"Vérification de la victoire : {' et '.join(e.players)} sont à égalité au total le plus haut : les "
            "départages commencent. La région du Compagnon, retournée face cachée, devient l'Arène (forêt, "
            "montagne, eau) ; tous les marqueurs y sont placés ; les autres régions sont retirées de la partie."
        )
    if e.cause == "begin":
        return (
            "Les Expéditions des deux joueurs se rencontrent ou se croisent en même temps : les "
            "départages commencent. La région du Compagnon, retournée face cachée, devient l'Arène "
            "(forêt, montagne, eau) ; tous les marqueurs y sont placés ; les autres régions sont défaussées."
        )
    totals = " ; ".join(f"{p} : {_stats(s)}" for p, s in e.totals)
    wins = ", ".join(f"{p} l'emporte sur {_n(n, 'statistique', 'statistiques')}" for p, n in e.wins)
    return f"Arène (départages) : {totals}. {wins}."


@_describe.register(ev.Progress)
def _progress(e: ev.Progress, game: Table) -> str:
    exp = EXPEDITION_FR[e.expedition]
    terr = ", ".join(TERRAIN_FR[x] for x in e.terrains) or "aucun type (région face cachée)"
    asleep = ""
    if e.asleep:
        asleep = f" Endormis non comptés : {', '.join(_name(game, c) for c in e.asleep)}."
    verdict = (
        "elle avance"
        if e.advances
        else "elle n'avance pas (aucune statistique de la région strictement supérieure et non nulle)"
    )
    against = f" (face à {e.against})" if e.against else ""
    return (
        f"Crépuscule : {exp} de {e.player}, région {e.region} ({terr}) : {_stats(e.mine)} contre "
        f"{_stats(e.theirs)}{against} : {verdict}.{asleep}"
    )


@_describe.register(ev.Declared)
def _declared(e: ev.Declared, game: Table) -> str:
    parts = []
    if e.mode is not None:
        parts.append(f"mode {e.mode} (seul ce mode compte pour les cibles)")
    if e.targets:
        parts.append("cibles " + ", ".join(_target(game, x) for x in e.targets))
    if e.support:
        parts.append("capacité de soutien, elle fonctionne dans la Réserve")
    return f"Déclaration {_of(game, e.card)} par {e.player} : {' ; '.join(parts)}."


KIND_FR = {
    "spell": "du Sort",
    "quick": "de l'action rapide",
    "reaction": "de la réaction",
    "internal": "de l'action interne",
    "tumult": "de l'effet de la carte Tumulte",
}


@_describe.register(ev.Effect)
def _effect(e: ev.Effect, game: Table) -> str:
    name = _name(game, e.card)
    trig = trigger_text(e.trigger, game.state.rules)  # CR 5.0: « Lorsque j'entre en jeu » (7.1.1.a, 7.3.10.a)
    if e.stage == "triggered":
        return f"{name} ({e.player}) : la réaction « {trig} » se déclenche."
    if e.stage == "order":
        players = list(dict.fromkeys(_owner_of(game, e, i) for i in e.group))
        if len(players) == 1:
            return f"Réactions déclenchées en même temps, toutes de {players[0]} : {players[0]} choisit leur ordre."
        return (
            f"Réactions déclenchées en même temps : {e.player} a le marqueur Premier joueur ; elles se résolvent "
            f"dans l'ordre d'initiative, chaque joueur ordonnant les siennes : {', '.join(players)}."
        )
    extra = f" « {trig} »" if e.trigger else ""
    if e.kind == "spell":  # « du Sort Rappel (s1) », « du Sort de la carte s1 »
        return f"{e.player} : résolution du {_spell(game, e.card)}{extra}."
    if e.kind == "tumult" or e.kind not in KIND_FR:
        return f"{e.player} : résolution {KIND_FR.get(e.kind, e.kind)} {name}{extra}."
    return f"{e.player} : résolution {KIND_FR[e.kind]}{extra} {_of(game, e.card)}."


def _owner_of(game: Table, e: ev.Effect, frame_id: str) -> str:
    card = frame_id.split(":")[0]
    for f in game.state.stack:
        if f["id"] == frame_id:
            return f["player"]
    zone = game.state.loc.get(card)
    return split_zone(zone)[0] or e.player if zone else e.player


@_describe.register(ev.Decision)
def _decision(e: ev.Decision, game: Table) -> str:
    d = dict(e.decision)
    auto = " (aucun autre choix possible)" if e.automatic else ""
    if e.kind == "turn":
        if "play" in d:
            kind = str(d.get("expedition", "")).rpartition(".")[2]
            where = f" dans son {EXPEDITION_FR.get(kind, kind)}" if d.get("expedition") else ""
            tg = f", cibles : {', '.join(_target(game, t) for t in d['targets'])}" if d.get("targets") else ""
            mode = f", mode {d['mode']}" if d.get("mode") is not None else ""
            return f"{e.player} déclare jouer {_name(game, d['play'])}{where}{mode}{tg}."
        if "quick" in d:
            tg = f", cibles : {', '.join(_target(game, t) for t in d['targets'])}" if d.get("targets") else ""
            n = int(d.get("ability", 0)) + 1  # numbered from 1, as on the board
            return f"{e.player} joue l'action rapide n°{n} {_of(game, d['quick'])}{tg}."
        if "swap" in d:
            return f"{e.player} épuise un Orbe de Mana pour en préparer un autre (3.2.9.e)."
        return f"{e.player} passe : il ne prendra plus de tour ce jour-là."
    if e.kind == "mode" and "modes" in d:
        return f"{e.player} choisit les modes {', '.join(map(str, d['modes']))}, résolus dans cet ordre."
    if e.kind == "mode":
        return f"{e.player} choisit le mode {d.get('mode')}."
    if e.kind == "targets":
        tg = ", ".join(_target(game, t) for t in d.get("targets", [])) or "aucune (aucune cible possible)"
        return f"{e.player} choisit les cibles : {tg}{auto}."
    if e.kind == "optional" and game.state.step == "morning.shuffle":  # cr-5.0, 4.2.1.f
        return (
            f"{e.player} choisit de remélanger sa Défausse dans son Deck vide."
            if d.get("optional")
            else f"{e.player} choisit de laisser son Deck vide (sa Défausse n'est pas remélangée)."
        )
    if e.kind == "optional" and game.state.phase == "morning":  # cr-5.0, 7.3.9.c
        return (
            f"{e.player} choisit de remélanger sa Défausse dans son Deck si celui-ci s'épuise."
            if d.get("optional")
            else f"{e.player} choisit de ne pas remélanger sa Défausse dans son Deck."
        )
    if e.kind == "optional":
        return (
            f"{e.player} choisit de le faire (« vous pouvez »)."
            if d.get("optional")
            else f"{e.player} choisit de ne pas le faire{auto}."
        )
    if e.kind == "order":
        return f"{e.player} ordonne ses réactions : {', puis '.join(_frame(game, f) for f in d.get('order', []))}."
    if e.kind == "swap":
        return (
            f"{e.player} épuise {_card(game, d['swap'][0])} pour préparer {_card(game, d['swap'][1])}, à tout moment "
            "(3.2.9.e), même si ce n'est pas son tour."
        )
    if e.kind == "mana":
        m = d.get("mana")
        if m is None:
            return f"{e.player} ne place aucune carte dans sa Zone de Mana{auto}."
        if isinstance(m, list):
            return f"{e.player} choisit pour sa Zone de Mana : {', '.join(_name(game, i) for i in m)}{auto}."
        return f"{e.player} choisit de placer {_name(game, m)} dans sa Zone de Mana."
    if e.kind == "keep":
        kept = ", ".join(_name(game, i) for i in d.get("keep", []))
        if not kept:
            return f"Nettoyage : {e.player} n'a aucun objet dans sa Réserve ni ses Repères."
        return f"Nettoyage : {e.player} garde {kept}{auto}."
    return f"{e.player} décide : {d}."


def _exp(e: ev.Note) -> str:
    return EXPEDITION_FR.get(e.expedition or "", "")


#: the text of each kind of Note, made only for the note at hand
NOTE_TEXTS: dict[str, Callable[[ev.Note, Table], str]] = {
    "noon_nothing": lambda e, game: "Midi : aucune réaction « À Midi », il ne se passe rien.",
    "draw_nothing": lambda e, game: (
        f"{e.player} devrait piocher mais son Deck et sa Défausse sont vides : la pioche ne fait rien."
    ),
    "resupply_nothing": lambda e, game: (
        f"Ravitailler : le Deck et la Défausse de {e.player} sont vides, rien ne se passe."
    ),
    "tumult_effect_v5": lambda e, game: (
        f"La carte Tumulte {game.state.adventure.tumult[e.count or 0].name} a un effet dans le scénario, mais les CR 5.0 "
        "ne donnent aucun effet aux cartes Tumulte (c'est l'article français des phases qui le fait) : cet effet "
        "n'est pas résolu."
    ),
    "no_counters_here": lambda e, game: (
        f"{_card(game, e.card or '')} est dans la Défausse : un objet de la Défausse ne peut pas gagner de jetons, "
        f"{_il(game, e.card or '')} n'en gagne pas."
    ),
    "no_status_here": lambda e, game: (
        f"{_card(game, e.card or '')} est dans la Défausse : un objet de la Défausse ne peut pas gagner de statut, "
        f"{_il(game, e.card or '')} n'en gagne pas."
    ),
    "no_fleeting_landmark": lambda e, game: (
        f"{_card(game, e.card or '')} est un Permanent de Repère, qui ne peut ni avoir ni gagner le statut Fugace, "
        f"dans aucune zone : {_il(game, e.card or '')} ne le gagne pas."
    ),
    "no_fleeting_landmark_played": lambda e, game: (
        f"{_card(game, e.card or '')} est joué{_e(game, e.card or '')} depuis la Réserve, mais c'est un Permanent de "
        f"Repère : {_il(game, e.card or '')} ne gagne pas le statut Fugace en entrant dans le Limbo (un Permanent de "
        "Repère ne peut ni avoir ni gagner Fugace, dans aucune zone)."
    ),
    "up_to_none": lambda e, game: (
        f"{_name(game, e.card or '')} : aucune cible n'est choisie (« jusqu'à »), cette étape ne fait rien."
    ),
    "sabotage_nothing": lambda e, game: (
        f"Sabotage : {_name(game, e.card or '')} n'est plus dans une Réserve, rien n'est défaussé."
    ),
    "prepare_nothing": lambda e, game: "Préparer : aucune carte n'est épuisée.",
    "rest_nothing": lambda e, game: "Repos : aucun Personnage dans les Expéditions.",
    "cleanup_nothing": lambda e, game: "Nettoyage : aucun objet en excès, rien n'est défaussé.",
    "all_passed": lambda e, game: (
        "Tous les joueurs ont passé : l'Après-midi se termine."
        if game.state.mode == "2v2"
        else "Les deux joueurs ont passé : l'Après-midi se termine."
    ),
    "each_opponent": lambda e, game: (
        f"« Votre adversaire » : l'effet de {e.player} s'applique à chacun de ses adversaires "
        f"({' et '.join(e.players)})."
    ),
    "first_player_team": lambda e, game: (
        f"Effet du premier joueur : {', '.join(e.players)}, coéquipier de {e.player}, a le marqueur "
        "Premier joueur : l'effet s'active."
    ),
    "tiebreak_again": lambda e, game: "Nouvelle égalité : une nouvelle journée de départage sera jouée.",
    "condition_true": lambda e, game: (
        f"{_name(game, e.card or '')} : la condition de l'étape est évaluée à la résolution "
        "et elle est remplie : l'étape se fait."
    ),
    "found_again": lambda e, game: (
        f"{_card(game, e.card or '')} a été déplacé{_e(game, e.card or '')} par la capacité elle-même : celle-ci "
        f"retrouve le nouvel objet dans sa zone de destination ({_n(e.count or 0, 'déplacement', 'déplacements')})."
    ),
    "dusk_once": lambda e, game: (
        f"L'{_exp(e)} de {e.player} a déjà avancé pendant ce Crépuscule : elle ne peut avancer qu'une "
        "seule fois par phase Crépuscule."
    ),
    "first_morning": lambda e, game: (
        f"Premier Matin : au lieu des effets quotidiens normaux, chaque joueur pioche six cartes "
        f"et en place trois dans sa Zone de Mana ; le marqueur Premier joueur reste à {e.player}."
    ),
    "condition_false": lambda e, game: (
        f"{_name(game, e.card or '')} : la condition de l'étape n'est pas remplie à la "
        "résolution, l'étape ne se fait pas."
    ),
    "optional_declined": lambda e, game: f"{_name(game, e.card or '')} : {e.player} ne fait pas l'étape facultative.",
    "no_join": lambda e, game: (
        f"{_card(game, e.card or '')} ne rejoint pas l'Expédition ({_il(game, e.card or '')} y était déjà, ou va "
        "dans les Repères) : sa réaction « Lorsque je rejoins la zone d'Expédition » ne se déclenche pas."
    ),
    "switches_expedition": lambda e, game: (
        f"{_card(game, e.card or '')} change d'Expédition : {_il(game, e.card or '')} rejoint sa nouvelle Expédition, "
        f"pas la zone d'Expédition, {_il(game, e.card or '')} n'entre pas en jeu ; sa réaction « Lorsque j'entre en "
        "jeu » ne se déclenche pas."
    ),
    "stays_in_play": lambda e, game: (
        f"{_card(game, e.card or '')} passe de l'Expédition aux Repères ou l'inverse : {_il(game, e.card or '')} ne "
        "quitte pas le jeu et n'y entre pas, sa réaction « Lorsque j'entre en jeu » ne se déclenche pas."
    ),
    "target_gone": lambda e, game: (
        f"La cible {_name(game, e.card or '')} n'est plus l'objet choisi (elle a changé de zone, "
        "c'est un nouvel objet) : l'étape ne lui fait rien."
    ),
    "sacrifice_nothing": lambda e, game: (
        f"{e.player} ne contrôle pas {_name(game, e.card or '')} en jeu : rien n'est sacrifié."
    ),
    "forward_arena": lambda e, game: f"L'{_exp(e)} de {e.player} est dans l'Arène : elle ne peut pas avancer.",
    "forward_opposite": lambda e, game: (
        f"L'{_exp(e)} de {e.player} est dans la région opposée à son origine : avancer ne fait rien."
    ),
    "backward_arena": lambda e, game: f"L'{_exp(e)} de {e.player} est dans l'Arène : elle ne peut pas reculer.",
    "backward_home": lambda e, game: f"L'{_exp(e)} de {e.player} est dans sa région d'origine : reculer ne fait rien.",
    "first_player_stays": lambda e, game: f"Premier jour : le marqueur Premier joueur reste à {e.player}.",
    "first_player_given": lambda e, game: f"Premier joueur : {e.player}.",
    "hero_revealed": lambda e, game: f"{e.player} révèle son Héros et le place dans sa Zone du Héros.",
    "no_hero": lambda e, game: f"{e.player} n'a pas de Héros : ses limites de Réserve et de Repères valent 2.",
    "tumult_kept": lambda e, game: (
        "L'Aventure du scénario est gardée telle quelle (une carte Tumulte est déjà face visible)."
    ),
    "markers_home": lambda e, game: (
        "Les marqueurs d'Expédition sont dans leurs régions d'origine : Héros en 0, Compagnon en 7."
    ),
    "hero_face_up": lambda e, game: f"{e.player} présente son Héros face visible dans sa Zone du Héros.",
    "draw_nothing_v5": lambda e, game: (
        f"{e.player} devrait piocher {_n(e.count or 0, 'carte', 'cartes')} mais son Deck est vide : "
        "la pioche ne fait rien (la Défausse n'est pas remélangée)."
    ),
    "victory_check": lambda e, game: (
        "Vérification de la victoire : distance totale des Expéditions "
        + " ; ".join(f"{p} {_distance(game, p)}" for p in e.players)
        + "."
    ),
    "victory_none": lambda e, game: (
        "Personne n'a atteint 7 (Expéditions ni rejointes ni croisées) : la partie continue."
    ),
    "victory_tiebreak": lambda e, game: (
        "Départages en cours : la vérification de la victoire de la Nuit n'a aucun effet."
    ),
}


@_describe.register(ev.Note)
def _note(e: ev.Note, game: Table) -> str:
    text = NOTE_TEXTS.get(e.key)
    return text(e, game) if text else e.key
