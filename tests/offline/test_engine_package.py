"""The engine sent to the browser answers as the site: the builder's check, the run API and the
stepper's steps of the scenario files, asked of the package (``arbitre_engine``, run here by a
Python with nothing but the package on its path, as Pyodide has) and of the site's API, compared
answer for answer. The browser itself is checked by tests/browser/test_offline_engine.py."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

ROOT = Path(settings.BASE_DIR)
#: A third of the scenario files (every kind of board is there: each phase, 2v2, both rule sets, refusals).
SCENARIOS = sorted((ROOT / "fixtures" / "scenarios").glob("*.json"))[::3]

#: The package's side: every call of the list on stdin, answered in order (isolated: no site-packages).
BROWSER_SIDE = """
import json, sys
sys.path.insert(0, sys.argv[1])
import arbitre_engine
arbitre_engine.configure(float(sys.argv[2]), int(sys.argv[3]))
calls = json.load(sys.stdin)
print(json.dumps([json.loads(arbitre_engine.call(name, json.dumps(body))) for name, body in calls]))
"""


def browser(tmp_path: Path, calls: list, seconds: float | None = None, steps: int | None = None) -> list[dict]:
    archive = zipfile.ZipFile(io.BytesIO(Client().get("/hors-ligne/arbitre.zip").content))
    archive.extractall(tmp_path / "pkg")
    seconds = settings.ARBITRE_RUN_SECONDS if seconds is None else seconds
    steps = settings.ARBITRE_RUN_STEPS if steps is None else steps
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", BROWSER_SIDE, str(tmp_path / "pkg"), str(seconds), str(steps)],
        input=json.dumps(calls),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def site(name: str, body: dict) -> dict:
    response = Client().post(f"/api/{name}/", body, content_type="application/json")
    return {"status": response.status_code, "data": response.json()}


def _calls(document: dict) -> list:
    return [
        ("check", {"document": document}),
        ("run", {"document": document}),
        ("run", {"document": document, "until": "step", "steps": 2}),
        ("step", {"document": document, "steps": 3}),
    ]


def test_every_scenario_file_is_checked_run_and_stepped_as_the_site_does(db, tmp_path):
    documents = [json.loads(p.read_text(encoding="utf-8")) for p in SCENARIOS]
    calls = [call for document in documents for call in _calls(document)]
    answers = browser(tmp_path, calls)
    assert len(answers) == len(calls) == 4 * len(SCENARIOS) > 200
    different = [(SCENARIOS[k // 4].name, calls[k][0]) for k, (c, a) in enumerate(zip(calls, answers)) if site(*c) != a]
    assert not different, different[:10]
    # the files hold both kinds of answer: boards played, boards refused with their problems
    assert {a["status"] for a in answers} == {200, 400}
    assert any(a["data"].get("winner") for a in answers if a["status"] == 200)


def test_the_stepper_goes_on_from_a_state_as_the_site_does(db, tmp_path):
    """A landing, then each stepper action from its state (the answer's changes and new entries)."""
    calls, chains = [], []
    for path in SCENARIOS[::2]:
        landing = site("step", {"document": json.loads(path.read_text(encoding="utf-8")), "steps": 1})
        if landing["status"] != 200:
            continue
        state = landing["data"]["state"]
        for action in ("step", "decision", "phase_end", "phase", "end"):
            calls.append(("step", {"state": state, "action": action, "steps": 1, "seq": len(landing["data"]["log"])}))
            chains.append(path.name)
        if landing["data"]["legal_decisions"]:
            calls.append(("step", {"state": state, "decision": landing["data"]["legal_decisions"][0], "steps": 1}))
            chains.append(path.name)
    answers = browser(tmp_path, calls)
    different = [(chains[k], c[1].get("action")) for k, (c, a) in enumerate(zip(calls, answers)) if site(*c) != a]
    assert not different, different[:10]
    assert len(calls) > 150


@pytest.mark.parametrize(
    ("body", "status", "where"),
    [
        ({"document": {"format": "arbitre-scenario/1", "players": []}}, 400, "problems"),
        ({"document": {}, "until": "tomorrow"}, 400, "until"),
        ({"document": {}, "steps": -1}, 400, "steps"),
        ({"until": "end"}, 400, "document"),
    ],
)
def test_bad_runs_are_refused_as_the_site_refuses_them(db, tmp_path, body, status, where):
    [answer] = browser(tmp_path, [("run", body)])
    assert answer["status"] == status == site("run", body)["status"]
    assert where in answer["data"]
    if where == "problems":
        assert answer == site("run", body)


def test_a_run_past_the_budget_is_refused_with_the_sites_message(db, tmp_path):
    document = json.loads((ROOT / "fixtures" / "scenarios" / "afternoon-pass-then-dusk.json").read_text("utf-8"))
    [answer] = browser(tmp_path, [("run", {"document": document, "steps": 5})], steps=2)
    assert answer["status"] == 422
    assert answer["data"]["problems"] == [
        {
            "path": "$",
            "message": "Budget dépassé : plus de 2 étapes de jeu pour cette requête (limite 2 étapes par requête).",
        }
    ]
