"""The builder's check and the stepper's steps in the judge's browser (Pyodide), with no network.

The three engine endpoints of the site, ``/api/check/``, ``/api/run/`` and ``/api/step/``
(``judge.scenarios.api``), answered here by the same code: the engine package and the site's
``judge.scenarios.runner``, unchanged, whose only tie to the site, its budget, is the browser's
``judge.guard.budget`` (the engine's own budget, with the site's limits). Each call takes the JSON
body the page would have posted and gives back ``{"status", "data"}``: the status and the JSON the
site would have answered (200; 400 with ``problems`` or the field's error; 413; 422 past the budget).
"""

from __future__ import annotations

import json
import time

if not hasattr(time, "thread_time"):  # Pyodide's time module has none: one thread, its process time is it
    time.thread_time = getattr(time, "process_time", time.perf_counter)

import engine  # noqa: E402  (after the clock above: engine.errors reads time.thread_time at import)
from judge.guard import budget as guard  # noqa: E402
from judge.limits import MAX_DECISIONS, oversize  # noqa: E402
from judge.scenarios import runner  # noqa: E402

PHASES = ("setup", "morning", "noon", "afternoon", "dusk", "night")


class BadRequest(Exception):
    """A field the site's serializer refuses (400, ``{field: [message]}`` as Django REST framework)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.data = {field: [message]}


def configure(seconds: float, steps: int) -> None:
    """The site's limits per request (``ARBITRE_RUN_SECONDS``, ``ARBITRE_RUN_STEPS``)."""
    guard.configure(seconds, steps)


def _choice(body: dict, field: str, choices, default):
    value = body.get(field, default)
    if value is None and default is None:
        return None
    if value not in choices:
        raise BadRequest(field, f"« {value} » n'est pas un choix valide.")
    return value


def _integer(body: dict, field: str, default, low: int, high: int, null: bool = False):
    value = body.get(field, default)
    if value is None and null:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(field, "Un nombre entier valide est requis.")
    if not low <= value <= high:
        raise BadRequest(field, f"Assurez-vous que cette valeur est comprise entre {low} et {high}.")
    return value


def _decisions(body: dict, limit: int | None = None) -> list:
    value = body.get("decisions", [])
    if not isinstance(value, list) or not all(isinstance(d, dict) for d in value):
        raise BadRequest("decisions", "Une liste d'objets JSON (les décisions) est attendue.")
    if limit is not None and len(value) > limit:
        raise BadRequest("decisions", f"Assurez-vous que ce champ a au plus {limit} éléments.")
    return value


def _too_large(document) -> dict | None:
    reason = oversize(document)
    return {"status": 413, "data": {"detail": reason}} if reason else None


def _refused(exc: Exception) -> dict:
    if isinstance(exc, BadRequest):
        return {"status": 400, "data": exc.data}
    if isinstance(exc, guard.BudgetExceeded):
        return {"status": 422, "data": {"problems": exc.problems}}
    return {"status": 400, "data": {"problems": exc.problems}}  # ScenarioError, RunError


def check(body: dict) -> dict:
    """``POST /api/check/``: the document's problems ([] when it can be played)."""
    if "document" not in body:
        return {"status": 400, "data": {"document": ["Ce champ est obligatoire."]}}
    document = body["document"]
    if large := _too_large(document):
        return large
    try:
        with guard.Budget().hard_stop():
            return {"status": 200, "data": {"problems": engine.check(document)}}
    except guard.BudgetExceeded as exc:
        return _refused(exc)


def run(body: dict) -> dict:
    """``POST /api/run/``: the engine's output document after ``steps``, then ``until``."""
    try:
        if "document" not in body:
            raise BadRequest("document", "Ce champ est obligatoire.")
        document = body["document"]
        until = _choice(body, "until", runner.UNTIL, "end")
        decisions = _decisions(body)
        steps = _integer(body, "steps", None, 0, 5000, null=True)
        day = _integer(body, "at_day", None, 1, 1000, null=True)
        phase = _choice(body, "at_phase", PHASES, None)
        if large := _too_large(document) or _too_large({"decisions": decisions}):
            return large
        at = (day, phase) if day and phase else None
        output = runner.run(
            document, until, decisions, steps, budget=guard.Budget(), adapt=bool(body.get("adapt", False)), at=at
        )
    except (BadRequest, guard.BudgetExceeded, engine.ScenarioError, runner.RunError) as exc:
        return _refused(exc)
    return {"status": 200, "data": output}


def step(body: dict) -> dict:
    """``POST /api/step/``: from ``state`` by ``action``, or land at a position of ``document``.
    A saved scenario (``scenario``) is the site's to read: offline, the page sends its document."""
    try:
        sources = [k for k in ("state", "scenario", "document") if body.get(k) is not None]
        if len(sources) != 1:
            raise BadRequest(
                "non_field_errors",
                "Donnez exactement l'un de « state » (repartir d'un état), « scenario » ou « document » (aller à une étape).",
            )
        action = _choice(body, "action", runner.STEP_ACTIONS, "step")
        decision = body.get("decision")
        if decision is not None and not isinstance(decision, dict):
            raise BadRequest("decision", "Un objet JSON (la décision) est attendu.")
        decisions = _decisions(body, MAX_DECISIONS)
        steps = _integer(body, "steps", 0, 0, 1_000_000)
        seq = _integer(body, "seq", 0, 0, 100_000_000)
        if large := _too_large({"decisions": decisions}):
            return large
        if "scenario" in sources:
            return {"status": 404, "data": {"problems": [{"path": "scenario", "message": "Scénario introuvable."}]}}
        if "state" in sources:
            state = body["state"]
            if not isinstance(state, dict):
                raise BadRequest("state", "L'état doit être un objet JSON (format arbitre-scenario/1).")
            if large := _too_large(state):
                return large
            output = runner.step_from(state, action, decision, steps, seq, seconds=guard.LIMITS["seconds"])
        else:
            if large := _too_large(body["document"]):
                return large
            output = runner.position(body["document"], steps, decisions)
    except (BadRequest, guard.BudgetExceeded, engine.ScenarioError, runner.RunError) as exc:
        return _refused(exc)
    return {"status": 200, "data": output}


CALLS = {"check": check, "run": run, "step": step}


def call(name: str, body_json: str) -> str:
    """One endpoint's answer as JSON text (what the worker posts back to the page)."""
    try:
        body = json.loads(body_json)
    except ValueError as exc:
        return json.dumps({"status": 400, "data": {"detail": f"JSON illisible : {exc}"}}, ensure_ascii=False)
    if not isinstance(body, dict):
        return json.dumps({"status": 400, "data": {"detail": "Un objet JSON est attendu."}}, ensure_ascii=False)
    return json.dumps(CALLS[name](body), ensure_ascii=False)
