"""The runtime of the offline search, vendored at set-up (``manage.py vendor_offline``, run by
``make data``): Pyodide from the npm registry's ``pyodide`` package, and the pure-Python wheels the
search needs (``whoosh-reloaded``, ``cached-property``) from PyPI, each checked against its pinned
SHA-256. They land in ``var/offline/`` (``ARBITRE_VAR_DIR``), which the static files serve under
``offline/``: nothing is fetched from anywhere but the site at run time.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from django.conf import settings

PYODIDE = ("pyodide", "314.0.7", "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0")
#: The files of the npm package a browser loads (the rest are type declarations and demos).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: (project, version, file name, SHA-256): the server's own pins (pyproject.toml) for whoosh-reloaded.
WHEELS = (
    (
        "whoosh-reloaded",
        "2.7.5",
        "Whoosh_Reloaded-2.7.5-py2.py3-none-any.whl",
        "2ab6aeeafb359fbff4beb3c704b960fd88240354f3363f1c5bdb5c2325cae80e",
    ),
    (
        "cached-property",
        "2.0.1",
        "cached_property-2.0.1-py3-none-any.whl",
        "f617d70ab1100b7bcf6e42228f9ddcb78c676ffa167278d9f730d1c2fba69ccb",
    ),
)


class VendorError(RuntimeError):
    """A download failed or did not match its pinned hash (the message says which)."""


def vendor_dir() -> Path:
    return Path(settings.VAR_DIR) / "offline"


def wanted() -> dict:
    """What ``VERSION`` records once everything is in place."""
    return {"pyodide": PYODIDE[1], "wheels": [w[2] for w in WHEELS]}


def is_complete(root: Path | None = None) -> bool:
    root = root or vendor_dir()
    try:
        return json.loads((root / "VERSION").read_text()) == wanted()
    except (OSError, ValueError):
        return False


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _run(command: list[str], cwd: Path) -> None:
    try:
        subprocess.run(command, cwd=cwd, check=True, capture_output=True, text=True, timeout=600)
    except FileNotFoundError:
        raise VendorError(f"{command[0]} est introuvable (Debian : apt-get install -y npm)") from None
    except subprocess.CalledProcessError as exc:
        raise VendorError(f"{' '.join(command)} a échoué : {(exc.stderr or exc.stdout).strip()[-500:]}") from None


def vendor(root: Path | None = None) -> bool:
    """Put the runtime in ``root``; False when it already was there. Built aside and swapped in
    whole: an interrupted run leaves the previous copy (or none), never half of one."""
    root = root or vendor_dir()
    if is_complete(root):
        return False
    root.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=root.parent, prefix=".offline-") as tmp:
        work = Path(tmp)
        name, version, digest = PYODIDE
        _run(["npm", "pack", f"{name}@{version}", "--silent"], cwd=work)
        tarball = work / f"{name}-{version}.tgz"
        if not tarball.exists() or _sha256(tarball) != digest:
            raise VendorError(f"{tarball.name} : absent ou d'empreinte SHA-256 inattendue (attendue {digest})")
        build = work / "build"
        (build / "pyodide").mkdir(parents=True)
        with tarfile.open(tarball) as archive:
            for file in PYODIDE_FILES:
                source = archive.extractfile(f"package/{file}")
                if source is None:
                    raise VendorError(f"{tarball.name} ne contient pas package/{file}")
                (build / "pyodide" / file).write_bytes(source.read())
        wheels = build / "wheels"
        wheels.mkdir()
        pins = [f"{project}=={v}" for project, v, _, _ in WHEELS]
        _run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary=:all:",
                "-d",
                str(wheels),
                *pins,
            ],
            cwd=work,
        )
        for _, _, filename, sha in WHEELS:
            if not (wheels / filename).exists() or _sha256(wheels / filename) != sha:
                raise VendorError(f"{filename} : absent ou d'empreinte SHA-256 inattendue (attendue {sha})")
        (build / "VERSION").write_text(json.dumps(wanted()))
        old = work / "old"
        if root.exists():
            root.rename(old)
        build.rename(root)
    return True
