"""``make serve`` itself, from an empty var/ directory: it sets everything up (database, rules, index,
library, exercises, demo account, static files) and serves the production stack on loopback:
nginx in front of gunicorn (holding slow clients, serving the static files), DEBUG off (French error pages, never Django's debug page), plain HTTP without
an HTTPS redirect, the secret key generated once into var/secret_key (mode 0600), SQLite in WAL mode,
the demo password on the login page, 4xx answers logged to stderr.

The shared virtualenv stands in for ``.venv`` (``VENV=``; ``-o`` keeps make from reinstalling it).
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VENV = Path(sys.executable).parent.parent
#: Variables of the developer's shell that would change what `make serve` does.
CLEARED = ("DJANGO_", "DATABASE_URL", "ARBITRE_")

# The embedded default is SQLite: the same test again in the PostgreSQL run would test nothing new.
pytestmark = [
    pytest.mark.system,
    pytest.mark.skipif(bool(os.environ.get("DATABASE_URL")), reason="make serve runs on SQLite"),
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port: int, path: str, method: str = "GET", body: str | None = None, headers: dict | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response, response.read().decode("utf-8", errors="replace")
    finally:
        connection.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """``make serve`` on a free port with an empty var/ directory; yields (port, var dir, stderr file)."""
    var = tmp_path_factory.mktemp("var")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(CLEARED)}
    env["ARBITRE_VAR_DIR"] = str(var)
    log = var.parent / "serve.log"
    command = [
        "make",
        "--no-print-directory",
        "-o",
        f"{VENV}/.installed",
        "serve",
        f"VENV={VENV}",
        f"HOST=127.0.0.1:{port}",
        "WORKERS=2",
    ]
    with open(log, "wb") as output:  # the child keeps its own copy of the descriptor
        server = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + 300
        while True:
            if server.poll() is not None:
                pytest.fail(f"make serve stopped ({server.returncode}):\n{log.read_text()[-4000:]}")
            try:
                if request(port, "/ping/")[0].status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("make serve did not answer within 300 s")
            time.sleep(0.5)
        yield port, var, log
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)  # make, gunicorn's master and its workers: our group
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait(timeout=5)


def test_serves_pages_over_plain_http_with_the_production_settings(served):
    port, _, _ = served
    response, html = request(port, "/regles/fr-1/2.4.6.c/")
    assert response.status == 200  # no redirect to https
    assert "2.4.6.c" in html
    assert response.getheader("Strict-Transport-Security") is None
    assert "script-src 'self'" in response.getheader("Content-Security-Policy")
    # nginx serves the hashed static files the page links to, cached for good.
    css = re.search(r'href="(/static/arbitre/site\.[0-9a-f]{12}\.css)"', html)
    assert css, "the page links the hashed stylesheet (ManifestStaticFilesStorage, DEBUG off)"
    static, _ = request(port, css.group(1))
    assert static.status == 200 and "max-age=315360000" in static.getheader("Cache-Control")


def test_each_worker_is_warmed_before_it_serves(served):
    # judge/wsgi.py warms each gunicorn worker as it loads the site: both workers say so in the log,
    # and none was left cold (no index, a page failing).
    _, _, log = served
    warmed = set()
    deadline = time.monotonic() + 60
    while len(warmed) < 2 and time.monotonic() < deadline:
        warmed = set(re.findall(r"INFO judge\.warm (\d+) worker warmed in \d+ ms", log.read_text()))
        time.sleep(0.2)
    assert len(warmed) == 2, log.read_text()[-4000:]
    assert "worker not warmed" not in log.read_text()


def test_a_missing_rule_is_the_french_404_not_the_debug_page(served):
    port, _, log = served
    response, html = request(port, "/regles/fr-1/99.99/")
    assert response.status == 404
    assert "Page introuvable" in html and "DEBUG = True" not in html and "Traceback" not in html
    deadline = time.monotonic() + 5
    while "Not Found: /regles/fr-1/99.99/" not in log.read_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert re.search(r"WARNING django\.request \d+ Not Found: /regles/fr-1/99\.99/", log.read_text())


def test_only_loopback_host_names_are_served(served):
    port, _, _ = served
    response, html = request(port, "/", headers={"Host": "arbitre.example"})
    assert response.status == 400 and "Requête invalide" in html


def test_the_demo_account_is_shown_and_signs_in_without_secure_cookies(served):
    port, _, _ = served
    response, html = request(port, "/comptes/login/")
    assert "Instance de démonstration" in html and "<code>demo-arbitre</code>" in html
    cookie = response.getheader("Set-Cookie")
    assert "Secure" not in cookie  # plain HTTP on loopback: a Secure cookie would never come back
    csrftoken = re.search(r"csrftoken=([^;]+)", cookie).group(1)
    form = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    body = f"username=demo&password=demo-arbitre&csrfmiddlewaretoken={form}&next=/scenarios/"
    response, _ = request(
        port,
        "/comptes/login/",
        "POST",
        body,
        {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={csrftoken}",
            "Referer": f"http://127.0.0.1:{port}/comptes/login/",
        },
    )
    assert response.status == 302 and response.getheader("Location") == "/scenarios/"
    assert "sessionid=" in " ".join(v for k, v in response.getheaders() if k.lower() == "set-cookie")


def test_the_secret_key_is_generated_once_into_var_and_reused(served):
    _, var, _ = served
    key_file = var / "secret_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    key = key_file.read_text().strip()
    assert len(key) >= 50
    env = {k: v for k, v in os.environ.items() if not k.startswith(CLEARED)}
    env.update(ARBITRE_VAR_DIR=str(var), DJANGO_DEBUG="0", ARBITRE_LOOPBACK="1")
    again = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", "from django.conf import settings; print(settings.SECRET_KEY)"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert again.stdout.strip().splitlines()[-1] == key


def test_the_database_is_in_wal_mode(served):
    _, var, _ = served
    with sqlite3.connect(var / "db.sqlite3") as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_slow_clients_do_not_hold_the_workers(served):
    """Eight clients sending their header lines one at a time (four times the two workers) while a
    ninth asks for /ping/: it is answered while every slow one is still sending (nginx holds them;
    gunicorn's sync workers would each wait on one until it finished or timed out)."""
    port, _, _ = served
    slow = []
    for k in range(8):
        s = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(f"127.0.0.{100 + k}", 0))
        s.sendall(b"GET /ping/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        slow.append(s)
    try:
        answered: list[int] = []
        ping = threading.Thread(target=lambda: answered.append(request(port, "/ping/")[0].status), daemon=True)
        ping.start()
        for line in range(40):  # the slow clients go on sending, one header line each per half-second
            ping.join(timeout=0.5)
            if not ping.is_alive():
                break
            for s in slow:
                s.sendall(f"X-Slow-{line}: 1\r\n".encode())
        assert answered == [200], "a complete request waited behind slow clients"
        for s in slow:  # still unanswered and open: nobody stopped them
            s.setblocking(False)
            with pytest.raises(BlockingIOError):
                s.recv(1)
    finally:
        for s in slow:
            s.close()


def test_the_front_proxys_own_refusals_are_french_json(served):
    """An address past 8 KB (nginx's 414, gunicorn's before) and a body past 1 MB (nginx's 413)."""
    port, _, _ = served
    response, text = request(port, "/api/search/?q=" + "a" * 9000)
    assert response.status == 414 and response.getheader("Content-Type") == "application/json"
    assert "Adresse trop longue" in text
    response, text = request(port, "/api/run/", "POST", "x" * 1_100_000, {"Content-Type": "application/json"})
    assert response.status == 413 and "trop volumineux" in text
