from django.apps import AppConfig


class TrainingConfig(AppConfig):
    name = "judge.training"
    label = "training"
    verbose_name = "Entraînement"
