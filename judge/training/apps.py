from django.apps import AppConfig


class TrainingConfig(AppConfig):
    name = "judge.training"
    label = "training"
    verbose_name = "Entraînement"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        def join(sender, request, user, **kwargs):
            """The answers given before signing in join the account."""
            if request is not None and hasattr(request, "session"):
                from .series import join_account

                join_account(request, user)

        user_logged_in.connect(join, dispatch_uid="training-join-account", weak=False)
