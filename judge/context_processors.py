"""Template context shared by every page."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

from judge.vocabulary import embedded


def demo(request: HttpRequest) -> dict:
    """``demo_account`` (username, password) on a demo instance (``ARBITRE_DEMO=1``), else None."""
    if not settings.ARBITRE_DEMO:
        return {"demo_account": None}
    from judge.management.commands.demo_account import PASSWORD, USERNAME

    return {"demo_account": {"username": USERNAME, "password": PASSWORD}}


def vocabulary(request: HttpRequest) -> dict:
    """The engine's vocabulary, embedded once by base.html for the board and the builder's scripts."""
    return {"engine_vocabulary": embedded()}
