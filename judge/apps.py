from django.apps import AppConfig


class JudgeConfig(AppConfig):
    """The configuration package as an app: its ``demo_account`` command and the migrations 0001-0004 that
    made the scenario and training tables before those models moved to ``judge.scenarios`` and
    ``judge.training`` (the tables keep their ``judge_`` names)."""

    name = "judge"
    verbose_name = "Arbitre"
