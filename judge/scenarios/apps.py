from django.apps import AppConfig


class ScenariosConfig(AppConfig):
    name = "judge.scenarios"
    label = "scenarios"
    verbose_name = "Scénarios"
