"""The models' move out of ``judge`` (into ``judge.scenarios`` and ``judge.training``) keeps every row.

A database made by the old migrations (``judge`` 0001-0003, the models still in ``judge``) must migrate
forward with its data: the new apps' 0001 and ``judge`` 0004 only move the models in Django's state, on
the same tables, and relabel their content types.
"""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

OLD = [("judge", "0003_training")]
#: The old layout in the database: judge 0003, and no migration of the training app applied (its later
#: migrations add columns the old models do not fill).
BEFORE = OLD + [("training", None)]


def migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor


def latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.mark.django_db(transaction=True)
def test_rows_saved_under_the_old_layout_are_read_back_by_the_new_models():
    # Back to the old layout: the new apps' migrations that change tables (scenarios 0002) undone too.
    executor = migrate([*BEFORE, ("scenarios", None)])
    try:
        old = executor.loader.project_state(OLD).apps
        assert {m.__name__ for m in old.get_app_config("judge").get_models()} >= {"Scenario", "Exercise", "Attempt"}
        User = old.get_model("auth", "User")
        anne = User.objects.create(username="anne")
        tag = old.get_model("judge", "Tag").objects.create(name="Nuit", slug="nuit")
        scenario = old.get_model("judge", "Scenario").objects.create(
            title="Fugace au Repos", author=anne, visibility="public", document={"format": "arbitre-scenario/1"}
        )
        scenario.tags.add(tag)
        fork = old.get_model("judge", "Scenario").objects.create(
            title="Copie", author=anne, document={}, forked_from=scenario
        )
        old.get_model("judge", "ScenarioCitation").objects.create(scenario=scenario, ruleset="fr-1", number="2.4.6.c")
        old.get_model("judge", "ScenarioRevision").objects.create(
            scenario=scenario,
            number=1,
            editor=anne,
            title="Fugace au Repos",
            tags=["Nuit"],
            visibility="public",
            document={"format": "arbitre-scenario/1"},
        )
        exercise = old.get_model("judge", "Exercise").objects.create(
            scenario=scenario,
            author=anne,
            steps=3,
            kind="card_zone",
            focus="a1",
            answer="discard",
            section="2.4",
            question={"prompt": "Où va a1 ?", "options": [{"key": "discard", "label": "la Défausse"}]},
        )
        old.get_model("judge", "Attempt").objects.create(exercise=exercise, user=anne, chosen="discard", correct=True)
        old.get_model("judge", "Attempt").objects.create(
            exercise=exercise, session_key="s" * 32, chosen="hand", correct=False
        )
        scenario_type = ContentType.objects.get_or_create(app_label="judge", model="scenario")[0].pk
        exercise_type = ContentType.objects.get_or_create(app_label="judge", model="exercise")[0].pk
    finally:
        migrate(latest())

    from judge.scenarios.models import Scenario, ScenarioRevision
    from judge.training.models import Attempt, Exercise

    ContentType.objects.clear_cache()
    moved = Scenario.objects.get(pk=scenario.pk)
    assert (moved.title, moved.author.username, moved.visibility) == ("Fugace au Repos", "anne", "public")
    assert moved.document == {"format": "arbitre-scenario/1"}
    assert [t.slug for t in moved.tags.all()] == ["nuit"]
    assert moved.search_text == "fugace au repos nuit"  # filled by scenarios 0002 for the library search
    assert list(moved.citations.values_list("ruleset", "number")) == [("fr-1", "2.4.6.c")]
    assert list(ScenarioRevision.objects.filter(scenario=moved).values_list("number", "tags")) == [(1, ["Nuit"])]
    assert Scenario.objects.get(pk=fork.pk).forked_from == moved
    assert list(moved.exercises.values_list("pk", flat=True)) == [exercise.pk]
    answers = Attempt.objects.filter(exercise__scenario=moved).order_by("correct")
    assert [(a.chosen, a.correct, a.user and a.user.username) for a in answers] == [
        ("hand", False, None),
        ("discard", True, "anne"),
    ]
    assert Exercise.objects.get(pk=exercise.pk).option_label("discard") == "la Défausse"
    # The content types followed the models (same rows, new app labels): permissions keep their ids.
    assert ContentType.objects.get_for_model(Scenario).pk == scenario_type
    assert ContentType.objects.get_for_model(Exercise).pk == exercise_type
    assert not ContentType.objects.filter(app_label="judge", model__in=["scenario", "exercise"]).exists()


@pytest.mark.django_db
def test_the_models_and_the_migrations_agree():
    """No model change is left without its migration (the moved models' state matches their tables)."""
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
