"""Services the system tests start themselves, on loopback, from Debian's packages (as .ci/postgres):
a Redis server and a PostgreSQL server of their own (their own ports and folders, so they never meet
the suite's PostgreSQL pass running beside them), stopped at the end."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _service(script: str, port: int, folder: str) -> tuple[str, dict]:
    prefix = "ARBITRE_REDIS" if script == "redis" else "ARBITRE_PG"
    env = {**os.environ, f"{prefix}_PORT": str(port), f"{prefix}_DIR": folder}
    url = subprocess.run([ROOT / ".ci" / script, "start"], env=env, check=True, capture_output=True, text=True)
    return url.stdout.strip().splitlines()[-1], env


@pytest.fixture(scope="session")
def redis_url():
    url, env = _service("redis", 63795, "/tmp/arbitre-redis-system")
    yield url
    subprocess.run([ROOT / ".ci" / "redis", "stop"], env=env, check=False)


@pytest.fixture(scope="session")
def postgres_url():
    url, env = _service("postgres", 54335, "/tmp/arbitre-pg-system")
    yield url
    subprocess.run([ROOT / ".ci" / "postgres", "stop"], env=env, check=False, capture_output=True)
