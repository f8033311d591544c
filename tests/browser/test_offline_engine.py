"""The engine in the judge's browser (Pyodide, the site's own runner): the same answers as the
site's API for the run and the stepper's steps on several scenario files, and the pages' requests
answered by it once the network is gone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.templatetags.static import static
from django.test import Client
from playwright.sync_api import Page

pytestmark = [
    pytest.mark.browser,
    pytest.mark.filterwarnings("ignore:Session-scoped fixtures defined as instance methods"),
]

#: Starting Pyodide takes seconds, many more on a loaded machine: a ceiling, not a measure.
RUNTIME_MS = 120_000
FIXTURES = Path(settings.BASE_DIR) / "fixtures" / "scenarios"
#: Boards of each kind: a win at the Arena, both rule sets, a 2v2, a refused board, a Dusk count.
NAMES = [
    "arena-tiebreak-win.json",
    "afternoon-pass-then-dusk.json",
    "cr5-fleeting-noon-reaction-returns-me.json",
    "2v2-clockwise-turns.json",
    "check-card-in-limbo-not-played.json",
    "dusk-asleep-not-counted.json",
]


def site_answer(name: str, body: dict) -> dict:
    response = Client().post(f"/api/{name}/", body, content_type="application/json")
    return {"status": response.status_code, "data": response.json()}


def browser_answers(page: Page, calls: list) -> list[dict]:
    return page.evaluate(
        """async ([module, calls]) => {
          const { runEngine } = await import(module);
          const out = [];
          for (const [name, body] of calls) out.push(await runEngine(name, body));
          return out;
        }""",
        [static("arbitre/offline/engine.js"), calls],
    )


def test_the_browser_runs_and_steps_the_scenarios_as_the_site(page: Page, site):
    page.set_default_timeout(RUNTIME_MS)
    page.goto(f"{site}/hors-ligne/")
    calls = []
    for name in NAMES:
        document = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
        calls += [
            ("check", {"document": document}),
            ("run", {"document": document}),
            ("run", {"document": document, "until": "dusk", "steps": 1}),
            ("step", {"document": document, "steps": 2}),
        ]
        landing = site_answer("step", {"document": document, "steps": 1})
        if landing["status"] == 200:
            for action in ("step", "decision", "end"):
                calls.append(("step", {"state": landing["data"]["state"], "action": action, "steps": 1, "seq": 3}))
    answers = browser_answers(page, calls)
    different = [
        (c[0], c[1].get("action") or c[1].get("until")) for c, a in zip(calls, answers) if site_answer(*c) != a
    ]
    assert not different, different
    statuses = [a["status"] for a in answers]
    assert 400 in statuses and statuses.count(200) > 20
    assert any(a["data"].get("winner") for a in answers if a["status"] == 200)
