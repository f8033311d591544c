from django.apps import AppConfig


class RulesRefConfig(AppConfig):
    name = "rules_ref"
    verbose_name = "Règles"
