from django.apps import AppConfig


class CardsConfig(AppConfig):
    name = "judge.cards"
    label = "cards"
    verbose_name = "Cartes"

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from judge.scenarios.models import Scenario

        from .models import link_scenario

        # A saved scenario lists the imported cards it uses (card page, scenario page).
        post_save.connect(lambda sender, instance, **kw: link_scenario(instance), sender=Scenario, weak=False)
