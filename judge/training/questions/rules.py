"""The rules a question is about: a rule's section, its text, the rules near it (a "which rule" question's
other options), and the events of a step in words of the question's own."""

from __future__ import annotations

from engine import text as engine_text

#: Names of the rule sections whose heading the seed text leaves implicit.
SECTION_FR = {
    "1.1": "Notions de base",
    "1.2": "Éléments du jeu",
    "1.3": "Déroulement d'une journée",
    "2.1": "Objets",
    "2.2": "Caractéristiques",
    "2.4": "Statuts",
    "2.5": "Jetons (compteurs)",
    "3.1": "Zones : propriétaires et visibilité",
    "3.2": "Les zones",
    "4.1": "Début de la partie",
    "4.2": "La journée",
    "4.3": "Fin de la partie",
    "5.2": "Jouer des cartes",
    "7.1": "Symboles de coût",
    "7.3": "Actions mots-clés",
}


def section_of(number: str) -> str:
    """``2.4.6.c`` → ``2.4``: the theme an exercise is filed under; an official rule keeps its rule set
    (``4.2.5.d (CR 5.0)`` → ``4.2 (CR 5.0)``): its numbers are not the French ones."""
    if not number:
        return ""
    head, official, _ = str(number).partition(" (CR 5.0)")
    return ".".join(head.split(".")[:2]) + (" (CR 5.0)" if official else "")


def neighbour_rules(number: str, ruleset: str, exclude: set[str], count: int) -> list[tuple[str, str]]:
    """Up to ``count`` rules a judge could take for ``number``, as ``(number, summary)`` pairs: the
    rules of its section and those elsewhere that speak of the same things (two of its key words or
    more: « Fugace », « Réserve », « Tumulte »…), the closest in words first, then its siblings, nearest
    in reading order; never one in ``exclude``.

    Without the rule set in the database, siblings are guessed from the letters (``2.4.6.b``,
    ``2.4.6.d``) and their summaries are empty.
    """
    from rules_ref.models import Rule

    rule = Rule.objects.filter(ruleset__slug=ruleset, number=number).first()
    found: list[tuple[str, str]] = []
    if rule is not None:
        ancestors = {".".join(number.split(".")[:i]) for i in range(1, number.count(".") + 1)}
        rules = [r for r in Rule.objects.filter(ruleset__slug=ruleset, implicit=False) if r.number]
        words = {r.pk: key_words(_whole(r)) for r in rules}
        # Telling words only: those of few rules (« Fugace », « Tumulte »), not those of every other
        # rule (« Réserve », « Expédition »), which would bring the list of zones for a Fleeting card.
        seen_in: dict[str, int] = {}
        for found_words in words.values():
            for w in found_words:
                seen_in[w] = seen_in.get(w, 0) + 1
        rare = max(3, len(rules) // 40)
        mine = {w for w in words.get(rule.pk, set()) if seen_in.get(w, 0) <= rare}
        section = section_of(number)
        pool = []
        for r in rules:
            if r.number == number or r.number in ancestors or r.number in exclude:
                continue
            if not (r.text or r.items):
                continue
            shared = len(mine & words[r.pk])
            if section_of(r.number) == section or shared >= 2:
                pool.append((r, shared))
        # Its siblings first (the rule a judge confuses is most often the next letter), then by shared
        # words: a rule of the same section, or one elsewhere on the same things.
        score = lambda r, shared: (
            min(shared, 4) + 3 * (r.parent_id == rule.parent_id) + (section_of(r.number) == section)
        )  # noqa: E731
        pool.sort(key=lambda p: (-score(*p), abs(p[0].order - rule.order)))
        found = [(r.number, rule_summary(r)) for r, _ in pool]
    if not found:
        head, _, last = number.rpartition(".")
        if head and len(last) == 1 and last.isalpha():
            for delta in (-1, 1, -2, 2, 3):
                letter = chr(ord(last) + delta)
                if "a" <= letter <= "z" and f"{head}.{letter}" not in exclude:
                    found.append((f"{head}.{letter}", ""))
    return found[:count]


#: Words too common in the rules to tell two of them apart.
_COMMON = frozenset(
    "cette leurs autre autres cartes carte joueur joueurs lorsque chaque toutes être avoir dans depuis "
    "peuvent peut place comme selon ainsi celle celui quand alors aussi entre après avant sont était".split()
)


def key_words(text: str) -> set[str]:
    """A rule's telling words: five letters or more, a crude stem (the last ``s`` and ``e`` dropped)."""
    import re

    return {w.rstrip("s").rstrip("e") for w in re.findall(r"[a-zà-ÿ]{5,}", text.lower()) if w not in _COMMON}


def _whole(rule) -> str:
    return " ".join(filter(None, [rule.title, rule.text, *(rule.items or [])]))


def rule_summary(rule, limit: int | None = None) -> str:
    """The rule's text in one line, whole: its paragraph and its list (« Lors de la phase de nuit » alone
    said nothing of the Rest and the Clean-up of 1.3.2.f), its title when it has no paragraph; cut at
    ``limit`` only when one is given."""
    text = " ".join(filter(None, [rule.text or (rule.title and f"{rule.title} :"), *(rule.items or [])])) or rule.title
    text = " ".join((text or "").split())
    return text if limit is None or len(text) <= limit else text[: limit - 1].rstrip() + "…"


def rule_text(number: str, ruleset: str) -> str:
    from rules_ref.models import Rule

    rule = Rule.objects.filter(ruleset__slug=ruleset, number=number).first()
    return rule_summary(rule) if rule else ""


def section_label(section: str, ruleset: str | None = None) -> str:
    from rules_ref.models import Rule

    qs = Rule.objects.filter(number=section)
    if ruleset:
        qs = qs.filter(ruleset__slug=ruleset)
    rule = qs.first()
    title = (rule.title if rule else "") or SECTION_FR.get(section, "")
    return f"{section} {title}".strip()


def event_words(event: dict, names: dict) -> str:
    """What an event did, in words of our own (a "which rule" question never quotes the engine's log)."""
    t = event.get("type")
    card = event.get("card")
    who = engine_text.card_label(card, names) if card else ""
    if t == "move":
        return f"{who} passe {_contract('de', _zone_words(event.get('from')))} {_contract('à', _zone_words(event.get('to')))}"
    if t == "cease":
        return f"{who} est retiré du jeu (il n'existe plus)"
    if t == "status":
        status = engine_text.STATUSES.get(event.get("status"), event.get("status"))
        return f"{who} {'reçoit' if event.get('value') else 'ne porte plus'} le statut {status}"
    if t == "counters":
        name = engine_text.capital(str(event.get("name", "")))
        return f"les jetons {name} {engine_text.of(who)} passent de {event.get('before')} à {event.get('after')}"
    if t == "marker":
        kind = {"hero": "Héros", "companion": "Compagnon"}.get(event.get("expedition"), event.get("expedition"))
        return f"le marqueur de l'Expédition du {kind} de {event.get('player')} va de la région {event.get('from')} à la région {event.get('to')}"
    if t == "progress":
        kind = {"hero": "Héros", "companion": "Compagnon"}.get(event.get("expedition"), event.get("expedition"))
        verdict = "avance" if event.get("advances") else "n'avance pas"
        return f"au Crépuscule, l'Expédition du {kind} de {event.get('player')} {verdict}"
    if t == "first_player":
        return f"{event.get('player')} devient premier joueur"
    if t == "shuffle":
        if event.get("from") == "adventure" or event.get("to") == "adventure":
            return "les cartes Tumulte sont mélangées et placées face cachée entre les régions de l'Aventure"
        into = _zone_words(event.get("to"))
        whose = f" de {event['player']}" if event.get("player") and "." not in str(event.get("to")) else ""
        under = " et placées sous les cartes qui y restent" if event.get("position") == "bottom" else ""
        return f"les cartes {_contract('de', _zone_words(event.get('from')))}{whose} sont mélangées dans {into}{under}"
    if t == "reveal":
        return f"la carte Tumulte {event.get('name') or ''} est retournée face visible".replace("  ", " ")
    if t == "win":
        return f"la partie s'arrête sur une victoire de {event.get('player')}"
    if t == "tiebreak":
        return "les départages sont appliqués"
    if t == "phase":
        return f"une nouvelle phase commence ({engine_text.PHASES.get(event.get('phase'), event.get('phase'))})"
    if t == "decision":
        return engine_text.decision_text(
            event.get("player", "?"), event.get("kind", ""), dict(event.get("decision") or []), names
        )
    if t == "effect" and event.get("stage") == "triggered":
        return f"une capacité déclenchée {engine_text.of(who)} se déclenche"
    if t == "effect" and event.get("stage") != "order":
        return f"{event.get('player')} résout l'effet {engine_text.of(who)}"
    if t == "declared":
        return f"{who} est déclaré"
    return ""


def _contract(word: str, place: str) -> str:
    """``de`` / ``à`` before a zone's name, French contractions included (du Deck, aux Repères)."""
    for article, (de, a) in (("le ", ("du ", "au ")), ("les ", ("des ", "aux "))):
        if place.startswith(article):
            return (de if word == "de" else a) + place[len(article) :]
    return f"{word} {place}"


def _zone_words(zone: str | None) -> str:
    if not zone or zone == "limbo":
        return "le Limbo"
    if "." not in zone:
        return zone
    pid, name = zone.split(".", 1)
    return f"{engine_text.article(engine_text.ZONES.get(name, name))} de {pid}"
