"""WSGI entry point (``gunicorn judge.wsgi``).

Each gunicorn worker imports this module once, before it accepts a request: the worker is warmed
here (``judge/warm.py``), so that no judge's first search or page pays for building its tables.
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "judge.settings")
application = get_wsgi_application()

from judge.warm import warm_at_start  # noqa: E402 (after Django is set up)

warm_at_start()
