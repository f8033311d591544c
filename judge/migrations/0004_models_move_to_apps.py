"""The scenario models moved to ``judge.scenarios`` and the training models to ``judge.training``.

Their migrations 0001 took them into those apps' state on the same tables; this one removes them from
``judge``'s state (no database operation: the tables and their rows stay) and relabels their content
types, so that permissions and admin history follow the models instead of being left behind.
"""
from django.db import migrations

MOVED = {"scenarios": ["tag", "scenario", "scenariocitation", "scenariorevision"], "training": ["exercise", "attempt"]}


def relabel(apps, schema_editor, old_of=lambda app: "judge", new_of=lambda app: app):
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    types = ContentType.objects.using(db)
    for app, models in MOVED.items():
        for model in models:
            # A type already made under the new label (a post_migrate run in between) is kept as it is.
            if not types.filter(app_label=new_of(app), model=model).exists():
                types.filter(app_label=old_of(app), model=model).update(app_label=new_of(app))


def unrelabel(apps, schema_editor):
    relabel(apps, schema_editor, old_of=lambda app: app, new_of=lambda app: "judge")


class Migration(migrations.Migration):

    dependencies = [
        ("judge", "0003_training"),
        ("scenarios", "0001_initial"),
        ("training", "0001_initial"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name="Attempt"),
                migrations.DeleteModel(name="Exercise"),
                migrations.DeleteModel(name="ScenarioRevision"),
                migrations.DeleteModel(name="ScenarioCitation"),
                migrations.DeleteModel(name="Scenario"),
                migrations.DeleteModel(name="Tag"),
            ],
        ),
        migrations.RunPython(relabel, unrelabel),
    ]
