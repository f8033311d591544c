"""The project's Python for the browser, as one zip that Pyodide unpacks (``worker.js``).

It holds the server's own search code (``rules_ref.search`` and the modules it imports), the
glossary's data, the engine and the site's runner of it (``judge.scenarios.runner``), and the
browser-only modules of ``browser/``. The zip is made from
the files of this checkout when first asked for, byte for byte the same for the same files (fixed
timestamps, sorted names), so its hash names the code the browser runs.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from functools import lru_cache
from pathlib import Path

from django.conf import settings

BROWSER_DIR = Path(__file__).resolve().parent / "browser"

#: What the offline search and engine import of the project (``rules_ref/__init__.py`` is empty: no models).
PROJECT_FILES = (
    "rules_ref/__init__.py",
    "rules_ref/analysis.py",
    "rules_ref/parser.py",
    "rules_ref/glossary.py",
    "rules_ref/situations.py",  # the judge's situation index, read by search/circumstances.py
    "rules_ref/search/*.py",
    "fixtures/glossary/*.json",
    "engine/**/*.py",
    "engine/**/*.json",
    # the stepper's and the run API's code, unchanged (its budget is browser/judge/guard/budget.py)
    "judge/scenarios/__init__.py",
    "judge/scenarios/runner/*.py",
    "judge/limits.py",
    "judge/guard/steps.py",  # the budget's core, shared with the browser's judge/guard/budget.py
)


def _files() -> list[tuple[str, Path]]:
    base = Path(settings.BASE_DIR)
    found = {str(p.relative_to(base)): p for pattern in PROJECT_FILES for p in base.glob(pattern)}
    found |= {str(p.relative_to(BROWSER_DIR)): p for p in BROWSER_DIR.rglob("*.py") if "__pycache__" not in p.parts}
    return sorted(found.items())


@lru_cache(maxsize=1)
def browser_zip() -> tuple[bytes, str]:
    """(the zip's bytes, their SHA-256 in hex). Read once per process: a deploy restarts it."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, path in _files():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    data = buffer.getvalue()
    return data, hashlib.sha256(data).hexdigest()
