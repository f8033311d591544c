"""The site's version as the offline copy sees it: a hash of what the kept pages and the browser's
code are made of (templates, the site's static files, the Python sent to the browser, the vendored
runtime). A deploy that changes any of them makes a new version, and the service worker updates.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from django.conf import settings

from .package import browser_zip
from .vendor import vendor_dir


@lru_cache(maxsize=1)
def site_version() -> str:
    """Twelve hex digits, computed once per process (a deploy restarts the workers)."""
    base = Path(settings.BASE_DIR)
    digest = hashlib.sha256()
    sources = [*sorted((base / "templates").rglob("*")), *sorted((base / "static" / "arbitre").rglob("*"))]
    for path in sources:
        if path.is_file():
            digest.update(str(path.relative_to(base)).encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(browser_zip()[1].encode())
    lock = vendor_dir() / "VERSION"
    digest.update(lock.read_bytes() if lock.exists() else b"no runtime")
    return digest.hexdigest()[:12]


def offline_version() -> str:
    """The version of the offline copy: the rules' content hash and the site's version."""
    from .export import export

    return export()["version"]
