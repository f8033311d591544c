from django.apps import AppConfig


class OfflineConfig(AppConfig):
    name = "judge.offline"
    label = "offline"
    verbose_name = "Hors ligne"
