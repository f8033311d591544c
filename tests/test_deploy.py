"""Production settings pass Django's deploy checks."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_check_deploy_passes_with_production_settings(tmp_path):
    # The browser tests' conftest sets DJANGO_ALLOW_ASYNC_UNSAFE for Playwright; production never does.
    env = dict(
        {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="arbitre.example",
        ARBITRE_VAR_DIR=str(tmp_path),
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_refuses_to_start_without_a_secret_key(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SECRET_KEY"}
    env.update(DJANGO_DEBUG="0", ARBITRE_VAR_DIR=str(tmp_path))
    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode != 0 and "DJANGO_SECRET_KEY must be set" in result.stderr


def test_the_loopback_serve_refuses_other_host_names(tmp_path):
    """ARBITRE_LOOPBACK=1 (make serve) is plain HTTP: it must not be pointed at a public name."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SECRET_KEY"}
    env.update(
        DJANGO_DEBUG="0", ARBITRE_LOOPBACK="1", DJANGO_ALLOWED_HOSTS="arbitre.example", ARBITRE_VAR_DIR=str(tmp_path)
    )
    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode != 0 and "ARBITRE_LOOPBACK=1 serves plain HTTP on loopback only" in result.stderr


def test_the_loopback_serve_keeps_its_secret_key_private(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS")}
    env.update(DJANGO_DEBUG="0", ARBITRE_LOOPBACK="1", ARBITRE_VAR_DIR=str(tmp_path))
    code = "from django.conf import settings; print(settings.SECRET_KEY, settings.SECURE_SSL_REDIRECT, settings.SESSION_COOKIE_SECURE)"
    first = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    second = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert first.returncode == 0, first.stderr
    key, redirect, secure_cookie = first.stdout.split()[-3:]
    assert (redirect, secure_cookie) == ("False", "False")
    assert second.stdout.split()[-3] == key == (tmp_path / "secret_key").read_text().strip()
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".secret_key")]  # nothing left aside


def test_every_settings_variable_is_in_the_readmes_production_table():
    import re

    source = (ROOT / "judge" / "settings.py").read_text(encoding="utf-8")
    names = set(re.findall(r'(?:os\.environ\.get|env_bool)\(\s*"([A-Z_]+)"', source)) | {"DATABASE_URL"}
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Production") :]
    documented = set(re.findall(r"^\| `([A-Z_]+)` \|", table, flags=re.MULTILINE))
    assert len(names) >= 20
    assert names - documented == set()
