from django.apps import AppConfig

#: Starting an exam, per judge and per address (judge/guard/throttles.py): the site's settings or the
#: ARBITRE_THROTTLE_RATES environment variable set them; these apply where they say nothing.
EXAM_START_RATES = {"exam-start": "6/h", "exam-start-ip": "30/h"}


class TrainingConfig(AppConfig):
    name = "judge.training"
    label = "training"
    verbose_name = "Entraînement"

    def ready(self) -> None:
        from django.conf import settings
        from django.contrib.auth.signals import user_logged_in

        rates = getattr(settings, "ARBITRE_THROTTLE_RATES", None)
        if isinstance(rates, dict):
            for scope, rate in EXAM_START_RATES.items():
                rates.setdefault(scope, rate)

        def join(sender, request, user, **kwargs):
            """The answers given before signing in join the account."""
            if request is not None and hasattr(request, "session"):
                from .series import join_account

                join_account(request, user)

        user_logged_in.connect(join, dispatch_uid="training-join-account", weak=False)
