"""Export and import of every scenario with its history: a lossless round trip, all or nothing."""

import io
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from judge.scenarios.models import Scenario, ScenarioRevision
from tests.judge.test_scenarios_api import board, client_for


@pytest.fixture
def history(rules):
    User = get_user_model()
    alice = User.objects.create_user("alice", password="pw")
    bob = User.objects.create_user("bob", password="pw", is_staff=True)
    data = (
        client_for(alice)
        .post("/api/scenarios/", {"title": "v1", "document": board(), "tags": ["nuit"]}, format="json")
        .json()
    )
    client_for(bob).patch(
        f"/api/scenarios/{data['uuid']}/", {"title": "v2 par l'équipe", "visibility": "public"}, format="json"
    )
    copy = client_for(bob).post(f"/api/scenarios/{data['uuid']}/copy/").json()
    return data["uuid"], copy["uuid"]


def export() -> dict:
    out = io.StringIO()
    call_command("export_scenarios", stdout=out)
    return json.loads(out.getvalue())


def test_every_save_is_a_revision(history):
    original, _ = history
    revisions = ScenarioRevision.objects.filter(scenario__uuid=original).order_by("number")
    assert [(r.number, r.title, r.editor.username) for r in revisions] == [
        (1, "v1", "alice"),
        (2, "v2 par l'équipe", "bob"),
    ]


def test_round_trip_into_an_empty_database_loses_nothing(history, tmp_path):
    before = export()
    path = tmp_path / "export.json"
    call_command("export_scenarios", str(path))
    Scenario.objects.all().delete()
    get_user_model().objects.filter(username="alice").delete()
    call_command("import_scenarios", str(path))
    after = export()
    assert after == before
    assert get_user_model().objects.get(username="alice").has_usable_password() is False
    copy = Scenario.objects.get(uuid=history[1])
    assert str(copy.forked_from.uuid) == history[0]


def test_import_twice_changes_nothing(history, tmp_path):
    path = tmp_path / "export.json"
    call_command("export_scenarios", str(path))
    call_command("import_scenarios", str(path))
    first = export()
    call_command("import_scenarios", str(path))
    assert export() == first


@pytest.mark.parametrize(
    "mutate, where",
    [
        (lambda d: d.update(format="autre"), "$.format"),
        (lambda d: d["scenarios"][1].pop("author"), "$.scenarios[1].author"),
        (lambda d: d["scenarios"][1]["revisions"][0].update(saved_at="hier"), "$.scenarios[1].revisions[0].saved_at"),
        (lambda d: d["scenarios"][0].update(visibility="secret"), "$.scenarios[0].visibility"),
    ],
)
def test_bad_export_leaves_database_as_it_was(history, tmp_path, mutate, where):
    data = export()
    data["scenarios"][0]["title"] = "changé par l'import"
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = export()
    with pytest.raises(CommandError, match=re.escape(where) + ".*rien n'a été importé"):
        call_command("import_scenarios", str(path))
    assert export() == before


def test_malformed_json_names_line_and_column(db, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "arbitre-scenarios/1",\n "scenarios": [}', encoding="utf-8")
    with pytest.raises(CommandError, match=r"broken.json, ligne 2, colonne"):
        call_command("import_scenarios", str(path))
