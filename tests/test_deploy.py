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
        cwd=ROOT, env=env, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_refuses_to_start_without_a_secret_key(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SECRET_KEY"}
    env.update(DJANGO_DEBUG="0", ARBITRE_VAR_DIR=str(tmp_path))
    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode != 0 and "DJANGO_SECRET_KEY must be set" in result.stderr
