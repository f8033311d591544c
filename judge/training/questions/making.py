"""Building a question, and refusing those a judge could not answer from what they are shown: an answer
that depends on chance (computed again with other seeds), or on a fact the trainee cannot see
(computed again at the other positions of the same phase and after the other choices a player could
have made: where the trainee's screen is the same and the answer is not, the question is refused)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from . import kinds
from .board import board_of, card_texts, screen, unseen
from .legal import legal
from .replay import REFUSALS, ExerciseError, StepRun, document_hash, load, reading_of, run_step
from .rules import section_of

#: The version of the stored question (``Exercise.question``): older ones are computed again when read.
QUESTION_FORMAT = 4
#: Kinds of question. ``legal`` has several right options; ``count`` is a number.
KINDS = ("card_zone", "expeditions", "winner", "rule", "legal", "night_zone", "count")
MULTIPLE = ("legal",)
CHANCE_SEEDS = 4  # the other seeds an answer is checked against when the step draws at random
#: The other positions an answer is checked against (before and after, in the same phase of the same day),
#: and the other choices (the last decisions made, a few other legal choices for each).
NEAR_POSITIONS = 3
OTHER_DECISIONS, OTHER_CHOICES = 4, 3
PHASES_ARTICLE = "Clarification des phases d'une journée"
#: Readings on the order of the moves inside one effect (engine.text.READINGS).
MOVE_BY_MOVE = ("end-check", "end-first-move")


@dataclass
class Question:
    prompt: str
    options: list[dict[str, str]]  # [{"key", "label"}], the right one(s) among them
    answer: str  # the key of the right option (several: sorted, joined by ",")
    rule: str  # the rule that decides the answer
    section: str  # the rule's first two levels ("2.4")
    difficulty: int  # 1–3, derived from the step
    seqs: list[int] = field(default_factory=list)  # the log entries of the step
    board: dict = field(default_factory=dict)  # the board at the position, nothing hidden in it
    cards: list[dict] = field(default_factory=list)  # the texts of the cards on that board
    stated: list[str] = field(default_factory=list)  # what the board does not show, and the choices made now
    reading: str = ""  # the engine's reading the answer rests on (not the rules' text)
    multiple: bool = False  # several options may be right
    articles: list[str] = field(default_factory=list)  # the articles (rules without numbers) the step cites
    position: dict = field(default_factory=dict)  # where in the game: day, phase, the engine's moment

    def as_json(self) -> dict[str, Any]:
        return {
            "format": QUESTION_FORMAT,
            "prompt": self.prompt,
            "options": self.options,
            "seqs": self.seqs,
            "board": self.board,
            "cards": self.cards,
            "stated": self.stated,
            "multiple": self.multiple,
            "articles": self.articles,
        }


def build(
    document: dict,
    steps: int,
    kind: str,
    focus: str = "",
    rule: str = "",
    ruleset: str = "fr-1",
    author_difficulty: int | None = None,
    checked: bool = True,
    distractors: tuple | list = (),
) -> Question:
    """The question ``kind`` about what happens next from position ``steps`` of ``document``.

    ``focus`` is the card a ``card_zone`` question (or a ``rule`` question) is about, or the zone
    (``A.reserve``) a ``count`` question counts; ``rule``, when given, must be one of the rules the
    engine cites at that step: the rule asked for (``rule``) or the theme. Raises
    :class:`ExerciseError` when the step does not make that question, when its answer depends on
    chance, or (``checked``) on a fact the trainee's screen does not show. ``distractors``: the wrong
    options chosen by the author, instead of the nearest rules (``rule``) or the counts around the answer
    (``count``).
    """
    distractors = tuple(distractors or ())
    question = _make(document, steps, kind, focus, rule, ruleset, author_difficulty, distractors=distractors)
    if checked:
        _check_unseen(question, document, steps, kind, focus, rule, ruleset, distractors)
    return question


def _make(
    document, steps, kind, focus, rule, ruleset, author_difficulty, strict: bool = True, distractors: tuple = ()
) -> Question:
    if kind not in KINDS:
        raise ExerciseError(f"type de question inconnu « {kind} » (attendu : {', '.join(KINDS)})")
    if kind == "legal":
        made = legal(document, steps, focus=focus, rule=rule)
        before = made.pop("before")
        return Question(
            **{k: made[k] for k in ("prompt", "options", "answer", "rule", "section", "cards", "stated", "reading")},
            difficulty=author_difficulty or made["difficulty"],
            board=board_of(before),
            multiple=made["multiple"],
            position=_position(before),
        )
    span = "night" if kind == "night_zone" else "step"
    run = run_step(document, steps, span=span)
    maker = {
        "card_zone": kinds.card_zone,
        "night_zone": kinds.card_zone,
        "expeditions": kinds.expeditions,
        "winner": kinds.winner,
        "rule": kinds.rule,
        "count": kinds.count,
    }[kind]
    prompt, options, answer, decisive = maker(
        run, focus=focus, rule=rule, ruleset=ruleset, kind=kind, strict=strict, distractors=distractors
    )
    cited = [n for e in run.entries for n in e.get("rules", [])]
    if rule and rule not in cited:
        raise ExerciseError(
            f"la règle {rule} n'est pas citée par le moteur à cette étape (il cite : "
            f"{', '.join(dict.fromkeys(cited)) or 'aucune'})"
        )
    if run.random_used:
        for n in range(1, CHANCE_SEEDS + 1):
            try:
                other = run_step({**document, "seed": (document.get("seed") or 0) + 1000 * n}, steps, span=span)
                same = (
                    maker(other, focus=focus, rule=rule, ruleset=ruleset, kind=kind, distractors=distractors)[2]
                    == answer
                )
            except ExerciseError:  # with another draw, the question cannot even be asked
                same = False
            if not same:
                raise ExerciseError(
                    "la réponse dépend du hasard à cette étape (mélange ou tirage au sort) : "
                    "un arbitre ne peut pas la déduire du plateau"
                )
    theme = rule or decisive
    # Options in an order fixed by the exercise itself, so the right one is not always first.
    rng = random.Random(f"{document_hash(document)}:{steps}:{kind}:{focus}:{rule}")
    if kind != "count":  # counts stay in increasing order (their place says nothing: see kinds.count)
        rng.shuffle(options)
    return Question(
        prompt=kinds.situation(run) + prompt,
        options=options,
        answer=answer,
        rule=theme,
        section=section_of(theme),
        difficulty=author_difficulty or _difficulty(kind, run, len(options)),
        seqs=[e["seq"] for e in run.entries],
        board=board_of(run.before),
        cards=card_texts(run.before),
        stated=[*unseen(run.before), *run.stated],
        reading=reading_of_answer(kind, run, focus, rule or decisive),
        articles=articles_of(run.entries),
        position=_position(run.before),
    )


def answer_entries(kind: str, run: StepRun, focus: str, decisive: str) -> list[dict]:
    """The log entries the answer is read from: the focus card's moves, the markers' moves, the end of
    the game, the entries that touch the zone counted, the entry whose rule is asked."""

    def of(*types: str) -> list[dict]:
        return [e for e in run.entries if (e.get("event") or {}).get("type") in types]

    if kind in ("card_zone", "night_zone"):
        return [e for e in run.entries if (e.get("event") or {}).get("card") == focus]
    if kind == "expeditions":
        return of("marker")
    if kind == "winner":
        return of("win", "tiebreak")
    if kind == "count":
        return [
            e for e in run.entries if focus in ((e.get("event") or {}).get("to"), (e.get("event") or {}).get("from"))
        ]
    if kind == "rule":
        return [e for e in run.entries if decisive in (e.get("rules") or [])][:1]
    return run.entries


def reading_of_answer(kind: str, run: StepRun, focus: str, decisive: str) -> str:
    """The engine's readings the answer rests on: those applied by an entry the answer is read from (a
    reading elsewhere in the step, e.g. how the Clean-up counts, does not make a question on another
    card rest on it)."""
    used = [e for e in answer_entries(kind, run, focus, decisive) if e.get("reading")]
    if not kinds.resolving(run.before, run.entries):
        # The end of the game checked at each move (4.3.a) matters only to the moves of one effect: the
        # Dusk's progression moves every Expedition at once, under any reading.
        used = [e for e in used if e["reading"] not in MOVE_BY_MOVE]
    return " ".join(dict.fromkeys(reading_of(e) for e in used))


def _position(state: dict) -> dict:
    progress = state.get("progress") or {}
    return {"day": state.get("day"), "phase": state.get("phase"), "step": progress.get("step")}


def articles_of(entries: list[dict]) -> list[str]:
    """The glossary articles the step cites, by their key."""
    return list(dict.fromkeys(a["title"] for e in entries for a in e.get("articles") or []))


def _difficulty(kind: str, run: StepRun, options: int) -> int:
    """1 for a step of one or two log entries, 2 up to five, 3 beyond; a rule to name is one harder.
    Only a first guess: the level is the author's, the complexity comes from the first answers."""
    n = len(run.entries)
    level = 1 if n <= 2 else 2 if n <= 5 else 3
    if kind == "rule" or options > kinds.OPTIONS:
        level += 1
    return min(level, 3)


# ---- what the trainee cannot see ---------------------------------------------------------------------


def alternatives(document: dict, steps: int, kind: str) -> list[tuple[str, dict, int]]:
    """The other games a trainee could be looking at: the other positions of the same phase (a few
    before and after), and the same position after another choice of one of the last decisions made.
    ``[(why, document, steps)]``."""
    out: list[tuple[str, dict, int]] = []
    for other in range(max(0, steps - NEAR_POSITIONS), steps + NEAR_POSITIONS + 1):
        if other != steps:
            out.append((f"la position {other}", document, other))
    if kind == "legal":
        return out  # a "may they play" question is asked without the scenario's decisions
    decisions = list(document.get("decisions") or [])
    try:
        game = load(document)
        for _ in range(steps):
            if not game.advance():
                break
        made = int(((game.to_doc().get("progress") or {}).get("decision_index")) or 0)
    except (ExerciseError, *REFUSALS):
        raise
    except Exception:
        return out
    for i in range(max(0, made - OTHER_DECISIONS), min(made, len(decisions))):
        try:
            probe = load({**document, "decisions": decisions[:i]})
            for _ in range(10_000):
                if not probe.advance():
                    break
            choices = probe.legal_decisions(limit=OTHER_CHOICES + 1)
        except REFUSALS:
            raise
        except Exception:
            continue
        for alt in [d for d in choices if d != decisions[i]][:OTHER_CHOICES]:
            changed = {**document, "decisions": [*decisions[:i], alt, *decisions[i + 1 :]]}
            out.append((f"le choix n°{i + 1} fait autrement ({alt})", changed, steps))
    return out


def _check_unseen(question: Question, document, steps, kind, focus, rule, ruleset, distractors=()) -> None:
    """Refuse a question whose answer changes with a fact its screen does not show."""
    mine = screen(question)
    for why, other_document, other_steps in alternatives(document, steps, kind):
        try:
            other = _make(
                other_document, other_steps, kind, focus, rule, ruleset, None, strict=False, distractors=distractors
            )
        except ExerciseError:
            continue
        if other.answer != question.answer and screen(other) == mine:
            raise ExerciseError(
                f"la réponse dépend d'un fait que la question ne montre pas : avec {why}, le plateau et la "
                f"question sont les mêmes, mais la réponse serait « {other.answer} » au lieu de « {question.answer} »"
            )
