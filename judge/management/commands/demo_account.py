"""``manage.py demo_account``: the account for trying the site (``demo`` / ``demo-arbitre``).

Made by ``make serve`` only; never in production settings.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

USERNAME = "demo"
PASSWORD = "demo-arbitre"


class Command(BaseCommand):
    help = "Crée (ou remet à zéro) le compte de démonstration demo / demo-arbitre."

    def handle(self, *args, **options):
        if not settings.DEBUG:
            raise CommandError("Le compte de démonstration n'est créé qu'en développement (DJANGO_DEBUG=1).")
        user, _ = get_user_model().objects.get_or_create(username=USERNAME, defaults={"first_name": "Démo"})
        user.set_password(PASSWORD)
        user.is_active = True
        user.save()
        self.stdout.write(f"Compte de démonstration : {USERNAME} / {PASSWORD}")
