"""Replaying a scenario to a position and performing what comes next: the engine's answer, read as data
(its events and states), never from its French."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

import engine
from engine import text as engine_text
from judge.guard import budget as request_budget

#: The request's budget refusals (the engine's own, the site's timer, the engine guard's): never turned into
#: "this scenario cannot make the question", nor swallowed where another draw is tried.
REFUSALS = (engine.BudgetExceeded, request_budget.BudgetExceeded)


class ExerciseError(ValueError):
    """The scenario cannot make this question (the message, in French, says why)."""


@dataclass
class StepRun:
    """The board before and after the step (or the Night) the question is about, and what it logged."""

    before: dict
    after: dict
    entries: list[dict]
    winner: str | None
    random_used: bool = False  # the step drew at random (shuffle, random draw)
    consumed: list[dict] = field(default_factory=list)  # the players' decisions the step consumed (events)
    reading: str = ""
    readings: list[str] = field(default_factory=list)  # the engine's reading keys the step applied

    @property
    def stated(self) -> list[str]:
        """The choices the step consumes, in words (present tense: they are made now)."""
        names = engine_text.names_of(self.before)
        return [
            engine_text.decision_text(
                e.get("player", "?"), e.get("kind", ""), dict(e.get("decision") or []), names, now=True
            )
            for e in self.consumed
        ]


def document_hash(document: Any) -> str:
    return hashlib.sha256(json.dumps(document, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def load(document: dict):
    try:
        return request_budget.load(document)
    except engine.ScenarioError as exc:
        first = exc.problems[0] if exc.problems else {"path": "$", "message": "document refusé"}
        raise ExerciseError(f"le moteur refuse ce scénario ({first['path']} : {first['message']})") from None


def run_step(document: dict, steps: int, span: str = "step") -> StepRun:
    """Replay ``steps`` steps of ``document`` (no extra decisions), then perform one more
    (``span="step"``), or every step up to the end of the Night (``span="night"``)."""
    game = load(document)
    try:
        for done in range(steps):
            if not game.advance():
                raise ExerciseError(f"le déroulé s'arrête après {done} étape(s), avant l'étape {steps}")
        before = game.to_doc()
        if span == "night" and before.get("phase") != "night":
            raise ExerciseError("une question « après toute la Nuit » part d'une position pendant la Nuit")
        entries = game.advance()
        if span == "night":
            for _ in range(500):
                if game.over or game.to_doc().get("phase") != "night":
                    break
                more = game.advance()
                if not more:
                    raise ExerciseError("la Nuit attend une décision d'un joueur que le scénario ne donne pas")
                entries += more
        after = game.to_doc()
    except (ExerciseError, *REFUSALS):
        raise
    except Exception as exc:  # an engine failure refuses the question instead of failing the page
        raise ExerciseError(f"le moteur a échoué en déroulant ce scénario ({type(exc).__name__} : {exc})") from exc
    if not entries:
        why = "la partie est finie" if game.over else "le moteur attend une décision d'un joueur"
        raise ExerciseError(f"à l'étape {steps}, {why} : il n'y a pas d'étape suivante à deviner")
    logged = [e.to_json() for e in entries]
    count = lambda doc: (doc.get("progress") or {}).get("random_count", 0)  # noqa: E731
    readings = list(dict.fromkeys(e["reading"] for e in logged if e.get("reading")))
    return StepRun(
        before,
        after,
        logged,
        game.winner,
        random_used=count(after) != count(before),
        consumed=[
            e["event"] for e in logged if e["event"].get("type") == "decision" and not e["event"].get("automatic")
        ],
        reading=" ".join(dict.fromkeys(reading_of(e) for e in logged if e.get("reading"))),
        readings=readings,
    )


def reading_of(entry: dict) -> str:
    """The reading an entry applied, from its key (the engine's table of readings, not its log line)."""
    key = entry.get("reading") or ""
    return engine_text.READINGS.get(key, f"lecture « {key} »")


def replay(document: dict, steps: int, decisions: bool = True):
    """The game at position ``steps`` (with the scenario's decisions, or none), and the board there."""
    game = load(document if decisions else {**document, "decisions": []})
    try:
        for done in range(steps):
            if not game.advance():
                raise ExerciseError(
                    f"le déroulé{'' if decisions else ' (sans décisions)'} s'arrête après {done} étape(s), "
                    f"avant l'étape {steps}"
                )
    except (ExerciseError, *REFUSALS):
        raise
    except Exception as exc:
        raise ExerciseError(f"le moteur a échoué en déroulant ce scénario ({type(exc).__name__} : {exc})") from exc
    return game
