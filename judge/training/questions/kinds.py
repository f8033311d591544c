"""The kinds of question: from a step the engine performed, the prompt, the options, the answer and the
rule that decides it. Each states where the game is in game terms (the day, the phase, the moment in
it) and what happens next (the choice made, the effect resolved), never a count of engine steps."""

from __future__ import annotations

import random
import re

from engine import text as engine_text

from .board import card_in, expedition_label, unseen, zone_label, zone_of
from .replay import ExerciseError, StepRun, document_hash
from .rules import event_words, neighbour_rules, rule_text

OPTIONS = 4  # options shown, the right one included (fewer when the rules offer fewer)

#: What the next moment of the game does, by the position it starts from (engine's ``progress.step``).
MOMENTS = {
    "night.rest": "Une fois le Repos fait",
    "night.cleanup": "Une fois ce choix du Nettoyage fait",
    "night.discard": "Une fois les objets en excès défaussés",
    "morning.first_player": "Une fois le marqueur Premier joueur passé",
    "morning.prepare": "Une fois l'étape Préparer faite",
    "morning.draw": "Une fois la pioche du Matin faite",
    "morning.first_draw": "Une fois la pioche du premier Matin faite",
    "morning.shuffle": "Une fois le Deck reformé",
    "morning.mana": "Une fois ce choix de Mana fait",
    "morning.first_mana": "Une fois ce choix de Mana fait",
    "setup.adventure": "Une fois l'Aventure préparée",
    "setup.first_player": "Une fois le premier joueur désigné",
    "setup.shuffle": "Une fois les Decks mélangés",
    "setup.draw": "Une fois les mains de départ piochées",
    "setup.mana": "Une fois les cartes mises en Mana",
    "noon.reactions": "Une fois les capacités « À Midi » déclenchées",
    "noon.end": "Une fois Midi terminé",
    "dusk.reactions": "Une fois les capacités « Au Crépuscule » déclenchées",
    "dusk.progress": "Une fois la progression des Expéditions faite",
    "dusk.end": "Une fois le Crépuscule terminé",
    "afternoon.turn": "Une fois ce tour joué",
}


def chooser(run: StepRun) -> str | None:
    """The player whose choice the step consumes (for the position's words: « quand B choisit »)."""
    return next((e.get("player") for e in run.consumed), None)


def resolving(state: dict, entries: list[dict]) -> dict | None:
    """The effect on the stack that the step resolves: the one whose resolution it logs (else the last)."""
    stack = (state.get("progress") or {}).get("stack") or []
    if not stack:
        return None
    cards = [(e.get("event") or {}).get("card") for e in entries if (e.get("event") or {}).get("type") == "effect"]
    return next((f for c in cards for f in stack if f.get("card") == c), stack[-1])


def moment(run: StepRun) -> str:
    """What the question asks about, in game terms: the choice made now, the effect resolved whole, or
    the end of the moment of the day the position is at."""
    names = engine_text.names_of(run.before)
    frame = resolving(run.before, run.entries)
    if run.consumed:
        made = f"{'. '.join(engine_text.capital(s) for s in run.stated)}. Une fois ce choix fait"
        after = {f.get("card") for f in (run.after.get("progress") or {}).get("stack") or []}
        if frame is not None and frame.get("card") not in after:
            # The choice is made inside a resolution that the same move completes: say so, or « once
            # this choice is made » would ask about the moment before the effect applies.
            done = "résolu" if frame.get("kind") in ("spell", "tumult") else "résolue"
            what = engine_text.framed(frame.get("kind", ""), engine_text.card_label(frame.get("card"), names))
            made += f" et {what} entièrement {done}"
        return made
    if frame is not None:
        done = "résolu" if frame.get("kind") in ("spell", "tumult") else "résolue"
        what = engine_text.framed(frame.get("kind", ""), engine_text.card_label(frame.get("card"), names))
        return f"Une fois {what} entièrement {done}"
    step = (run.before.get("progress") or {}).get("step", "")
    types = {(e.get("event") or {}).get("type") for e in run.entries}
    triggered = any((e.get("event") or {}).get("stage") == "triggered" for e in run.entries)
    if step in ("dusk.reactions", "dusk.progress") and ("progress" in types or not triggered):
        return "Une fois la progression des Expéditions du Crépuscule faite"
    if step == "night.discard" and run.before.get("rules") == "cr-5.0":
        # CR 5.0 4.2.5.a, d: the Night's third daily effect, Check Victory, follows the Clean-up in the
        # same move of the engine; « once the excess objects are discarded » alone would ask before it.
        return "Une fois le Nettoyage terminé et la Vérification de la victoire faite"
    return MOMENTS.get(step, "Au moment suivant du jeu")


def situation(run: StepRun) -> str:
    """The position in game terms, then what the board does not show."""
    facts = [engine_text.position_text(run.before, player=chooser(run)), *unseen(run.before)]
    return "".join(f"{engine_text.capital(f)}. " for f in facts)


def _first_rule(entries: list[dict]) -> str:
    return next((e["rules"][0] for e in entries if e.get("rules")), "")


def card_zone(
    run: StepRun, focus: str, kind: str = "card_zone", strict: bool = True, **_
) -> tuple[str, list, str, str]:
    if not focus:
        raise ExerciseError("une question « où va cette carte ? » doit nommer la carte (focus)")
    before = zone_of(run.before, focus)
    if before is None:
        raise ExerciseError(f"la carte « {focus} » n'est pas sur le plateau à cette étape")
    if before.endswith(".deck"):
        raise ExerciseError(f"la carte « {focus} » est dans un Deck, face cachée : l'ordre du Deck ne se voit pas")
    about = [e for e in run.entries if (e.get("event") or {}).get("card") == focus]
    if not about and strict:  # an author's question on a card the step leaves alone; another game's may
        raise ExerciseError(f"l'étape suivante ne concerne pas la carte « {focus} »")
    after = zone_of(run.after, focus) or "gone"
    card = card_in(run.before, focus)
    controller = before.split(".")[0] if "." in before else card.get("owner", "A")
    owner = card.get("owner") or controller
    keys = [after] + [k for k in zone_candidates(run, card, before, owner, controller) if k != after][: OPTIONS - 1]

    def label(key: str) -> str:
        if key == "gone":
            return f"Nulle part : {'il' if card.get('token') else 'elle'} cesse d'exister"
        # 2.1.b: a token is not a card; the option names what stays by its own noun.
        stays = " (le jeton y reste)" if card.get("token") else " (la carte y reste)"
        return f"{engine_text.capital(zone_label(key))}{stays if key == before else ''}"

    name = engine_text.card_label(focus, engine_text.names_of(run.before))
    if kind == "night_zone":
        made = "".join(f"{engine_text.capital(s)}. " for s in run.stated)  # the choices the Night consumes
        prompt = f"{made}À la fin de toute la Nuit, où se trouve {name}, actuellement dans {zone_label(before)} ?"
    else:
        prompt = f"{moment(run)}, où se trouve {name}, actuellement dans {zone_label(before)} ?"
    decisive = next((e["rules"][0] for e in reversed(about) if e.get("rules")), "") or _first_rule(run.entries)
    return prompt, [{"key": k, "label": label(k)} for k in keys], after, decisive


def zone_candidates(run: StepRun, card: dict, before: str, owner: str, controller: str) -> list[str]:
    """The zones a judge could believe the card goes to, most believable first, by where it is now:
    where it is (nothing happens), where another rule would send it (Reserve or Discard, its owner's
    or its controller's, Hand, Mana for a card in Hand, an Expedition for what is played, Limbo for a
    spell), and ceasing to exist for a token (2.1.d) and for a Fleeting card (a common misreading of
    2.4.6: a Fleeting card is discarded, it does not leave the game)."""
    opponent = next((p for p in (run.before.get("players") or {}) if p != owner), owner)
    zone = before.split(".", 1)[1] if "." in before else before
    fleeting = "fleeting" in (card.get("statuses") or []) or "fleeting" in (card.get("keywords") or [])
    gone = ["gone"] if card.get("token") or fleeting else []
    by_zone = {
        "hand": [before, f"{owner}.mana", f"{owner}.discard", f"{controller}.hero_expedition", f"{owner}.reserve"],
        "reserve": [before, f"{owner}.discard", f"{controller}.hero_expedition", f"{owner}.hand"],
        "landmarks": [before, f"{owner}.discard", f"{owner}.reserve", f"{owner}.hand"],
        "limbo": [f"{controller}.reserve", f"{owner}.discard", before, f"{owner}.hand"],
        "mana": [before, f"{owner}.discard", f"{owner}.reserve", f"{owner}.hand"],
        "discard": [before, f"{owner}.reserve", f"{owner}.hand", f"{owner}.deck"],
    }
    expedition = [before, f"{controller}.reserve", f"{owner}.reserve", f"{owner}.discard", f"{owner}.hand"]
    candidates = [*gone, *by_zone.get(zone, expedition)]
    candidates += [f"{controller}.discard", f"{opponent}.reserve", f"{owner}.deck", f"{owner}.landmarks"]
    return list(dict.fromkeys(candidates))


def expeditions(run: StepRun, distractors: tuple = (), **_) -> tuple[str, list, str, str]:
    markers = lambda doc: {  # noqa: E731
        f"{pid}.{kind}": m.get(kind)
        for pid, m in (((doc.get("adventure") or {}).get("markers")) or {}).items()
        for kind in ("hero", "companion")
        if m
    }
    before, after = markers(run.before), markers(run.after)
    moved = sorted(k for k in before if after.get(k) != before[k])
    answer = "+".join(moved) or "none"
    still = [k for k in before if k not in moved]
    # Wrong options of the same shape as the answer: the other single Expeditions, the answer with one
    # more or one fewer, none; so that neither "none" nor a pair is offered only when it is right.
    candidates = [*before]
    if moved and still:
        candidates.append("+".join(sorted(moved + still[:1])))
    if len(moved) > 1:
        candidates.append(moved[0])
    if not moved and len(still) > 1:
        candidates.append("+".join(sorted(still[:2])))
    if distractors:  # the author's: the Expeditions a judge would believe move (the biggest statistic…)
        unknown = [k for k in distractors if k == answer or not set(k.split("+")) <= set(before)]
        if unknown:
            raise ExerciseError(
                f"les autres réponses d'une question « quelles Expéditions » sont des Expéditions du plateau"
                f" autres que la réponse (pas {', '.join(unknown)})"
            )
        wrong = [k for k in dict.fromkeys(distractors) if k != "none"]
    else:
        wrong = [k for k in dict.fromkeys(candidates) if k not in (answer, "none")]
        random.Random(document_hash(run.before)).shuffle(wrong)
    # "None" is always offered (a judge may believe nothing moves), so it is not the answer whenever it shows.
    keys = [answer, *(["none"] if answer != "none" else []), *wrong][:OPTIONS]
    prompt = f"{moment(run)}, quelles Expéditions ont changé de région ?"
    decisive = next((e["rules"][0] for e in run.entries if (e.get("event") or {}).get("type") == "marker"), "")
    return (
        prompt,
        [{"key": k, "label": expedition_label(k)} for k in keys],
        answer,
        decisive or _first_rule(run.entries),
    )


WINNER_LABELS = {
    "tiebreak": "Personne pour l'instant : les départages commencent (Arène)",
    "none": "Personne : la partie continue",
}


def winner(run: StepRun, **_) -> tuple[str, list, str, str]:
    arena_before = bool((run.before.get("adventure") or {}).get("arena"))
    arena_after = bool((run.after.get("adventure") or {}).get("arena"))
    if run.winner:
        answer = run.winner
    elif arena_after and not arena_before:
        answer = "tiebreak"
    else:
        answer = "none"
    teams = run.before.get("mode") == "2v2"
    players = ["A", "B"] if teams else sorted(run.before.get("players") or {})
    keys = [answer] + [k for k in [*players, "tiebreak", "none"] if k != answer]
    if arena_before:  # the tiebreakers have begun: they cannot begin again
        keys = [k for k in keys if k != "tiebreak"]
    labels = {
        **WINNER_LABELS,
        **{p: (f"L'équipe {p} gagne la partie" if teams else f"{p} gagne la partie") for p in players},
    }
    prompt = f"{moment(run)}, qui a gagné la partie ?"
    decisive = next(
        (
            e["rules"][0]
            for e in run.entries
            if (e.get("event") or {}).get("type") in ("win", "tiebreak") and e.get("rules")
        ),
        "",
    )
    return (
        prompt,
        [{"key": k, "label": labels[k]} for k in keys[:OPTIONS]],
        answer,
        decisive or _first_rule(run.entries),
    )


def rule(
    run: StepRun, focus: str = "", rule: str = "", ruleset: str = "fr-1", distractors: tuple = (), **_
) -> tuple[str, list, str, str]:
    entries = [e for e in run.entries if e.get("rules")]
    if focus:
        entries = [e for e in entries if (e.get("event") or {}).get("card") == focus] or entries
    if rule:  # the entries the rule decides first, before those that cite it among others
        entries = sorted((e for e in entries if rule in e["rules"]), key=lambda e: e["rules"].index(rule))
    names = engine_text.names_of(run.before)
    entries = [e for e in entries if event_words(e.get("event") or {}, names)]
    if not entries:
        raise ExerciseError("l'étape suivante ne cite aucune règle numérotée pour un événement que l'on peut décrire")
    entry = entries[0]
    answer = rule or entry["rules"][0]
    cited = {n for e in run.entries for n in e.get("rules", [])}
    what = event_words(entry.get("event") or {}, names)
    # Among the nearest rules, those sharing the most words with the question: the right one must not
    # be the only option that speaks of what the question speaks of.
    if distractors:  # the author's: the rules a judge confuses with this one (same phase, the rule replaced)
        wrong = []
        for number in distractors:
            text = rule_text(number, ruleset)
            if number == answer or not text:
                raise ExerciseError(f"« {number} » n'est pas une autre règle de {ruleset} à proposer")
            if number in cited:  # a rule the step applies would be right too: never a wrong option
                raise ExerciseError(
                    f"la règle {number} est citée par le moteur à cette étape : pas une mauvaise réponse"
                )
            wrong.append((number, text))
    else:
        near = neighbour_rules(answer, ruleset, exclude=cited, count=2 * OPTIONS)
        if not near:
            raise ExerciseError(f"aucune règle voisine de {answer} pour proposer d'autres réponses")
        asked = _words(what)
        wrong = sorted(near, key=lambda r: (-len(asked & _words(r[1])), near.index(r)))[: OPTIONS - 1]

    def label(number: str, text: str) -> str:
        return f"{number} — {text}" if text else number

    options = [{"key": answer, "label": label(answer, rule_text(answer, ruleset))}]
    options += [{"key": n, "label": label(n, t)} for n, t in wrong]
    prompt = f"{moment(run)} : {what}. Quelle règle en décide ?"
    return prompt, options, answer, answer


_WORD = re.compile(r"[a-zà-ÿ]{4,}")


def _words(text: str) -> set[str]:
    """The words of four letters or more (lower case, a crude stem: the last ``s`` dropped)."""
    return {w.rstrip("s") for w in _WORD.findall(text.lower())}


def count(run: StepRun, focus: str = "", distractors: tuple = (), **_) -> tuple[str, list, str, str]:
    pid, _, zone = focus.partition(".")
    if zone not in engine_text.ZONES or zone == "limbo" or pid not in (run.before.get("players") or {}):
        raise ExerciseError("une question « combien ? » nomme une zone d'un joueur (focus, par ex. A.reserve)")
    after = len((run.after.get("players") or {}).get(pid, {}).get(zone) or [])
    now = len(run.before["players"][pid].get(zone) or [])
    # Four counts in a row around the answer, the answer at a place drawn for the question (the lowest
    # counts have fewer places below them: an answer of 0 is always the lowest, which the bank's
    # guessability test measures). Keeping the count now among them as well put the answer second in
    # 12 questions of 20: its place gave it away.
    rng = random.Random(f"{document_hash(run.before)}:{focus}")
    low = after - rng.randint(0, min(OPTIONS - 1, after))
    keys = list(range(low, low + OPTIONS))
    if distractors:  # the author's: the counts of plausible misreadings (six drawn minus three in Mana…)
        wrong = sorted({int(n) for n in distractors if str(n).isdigit()} - {after})
        if len(wrong) != len(distractors):
            raise ExerciseError(f"les autres réponses d'une question « combien » sont des nombres autres que {after}")
        keys = sorted([after, *wrong])
    prompt = f"{moment(run)}, combien de cartes y a-t-il dans {zone_label(focus)} (actuellement {now}) ?"
    touching = [
        e for e in run.entries if focus in ((e.get("event") or {}).get("to"), (e.get("event") or {}).get("from"))
    ]
    decisive = next((e["rules"][0] for e in touching if e.get("rules")), "") or _first_rule(run.entries)
    return prompt, [{"key": str(n), "label": str(n)} for n in keys], str(after), decisive


_NUMBER = re.compile(r"\b\d+\.\d+(?:\.\d+)*(?:\.[a-z])?\b")
