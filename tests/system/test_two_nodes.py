"""Two nodes behind the front proxy, as the README's Production section deploys them: two gunicorn
processes, each with its own var/ (index, static files, file cache unused), on one PostgreSQL and one
Redis (REDIS_URL: the shared counters), behind nginx with deploy/nginx.conf (judge/guard/serve.py).

* a client's request rates and engine time are counted once across both nodes;
* a save on one node is seen on the other;
* killing one node (kill -9, its workers with it) loses no save that was acknowledged: the proxy
  sends the next requests to the other node.
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

import pytest

from judge.guard import serve
from tests.security.conftest import small_board
from tests.security.hostile_boards import long_game

pytestmark = pytest.mark.system

ROOT = Path(__file__).resolve().parents[2]
CLEARED = ("DJANGO_", "DATABASE_URL", "ARBITRE_", "REDIS_URL")
PASSWORD = "Tumulte-au-crépuscule-7"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port, method, path, body=None, headers=None, timeout=30):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        all_headers = {"Content-Type": "application/json", **(headers or {})} if body is not None else headers or {}
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=all_headers)
        response = connection.getresponse()
        return response.status, response.read(), response
    except OSError:
        return 0, b"", None
    finally:
        connection.close()


_SESSION: dict = {}


def judge() -> dict:
    """The signed-in judge's headers: her session (signed in once through the form: HTTP Basic would
    hash the password at every request) and its CSRF token."""
    return dict(_SESSION)


def sign_in(port: int) -> None:
    status, page, response = request(port, "GET", "/comptes/login/")
    cookies = dict(c.split(";", 1)[0].split("=", 1) for k, c in response.getheaders() if k.lower() == "set-cookie")
    token = page.decode().split('name="csrfmiddlewaretoken" value="', 1)[1].split('"', 1)[0]
    form = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "username": "juge", "password": PASSWORD})
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request(
        "POST",
        "/comptes/login/",
        body=form,
        headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={cookies['csrftoken']}"},
    )
    answer = connection.getresponse()
    answer.read()
    for k, c in answer.getheaders():
        if k.lower() == "set-cookie":
            name, value = c.split(";", 1)[0].split("=", 1)
            cookies[name] = value
    connection.close()
    assert answer.status == 302 and "sessionid" in cookies, answer.status
    _SESSION.update(Cookie="; ".join(f"{k}={v}" for k, v in cookies.items()), **{"X-CSRFToken": cookies["csrftoken"]})


def manage(env, *args):
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True)


@pytest.fixture(scope="module")
def nodes(tmp_path_factory, postgres_url, redis_url):
    import psycopg

    name = f"arbitre_nodes_{secrets.token_hex(4)}"
    admin = postgres_url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    base = tmp_path_factory.mktemp("nodes")
    env = {k: v for k, v in os.environ.items() if not k.startswith(CLEARED)}
    env.update(
        DJANGO_DEBUG="0",
        ARBITRE_LOOPBACK="1",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),  # one key for both: a session works on either
        DATABASE_URL=postgres_url.rsplit("/", 1)[0] + "/" + name,
        REDIS_URL=redis_url.rsplit("/", 1)[0] + "/1",
        ARBITRE_PROXY_COUNT="1",
        ARBITRE_STATIC_ROOT=str(base / "static"),
        ARBITRE_ENGINE_SLOTS="0",
        ARBITRE_RUN_SECONDS="30",
        ARBITRE_THROTTLE_RATES="search=6/min,search-ip=1000/min,engine=1000/d,engine-net=1000/d,engine-anon=1/d,"
        "save=1000/min,save-ip=1000/min",
    )
    subprocess.run(["redis-cli", "-u", env["REDIS_URL"], "flushdb"], check=True, capture_output=True)
    manage(env, "migrate", "--noinput")
    manage(env, "import_rules", *map(str, sorted((ROOT / "fixtures/rules").glob("*.txt"))), "--ruleset", "fr-1")
    manage(env, "collectstatic", "--noinput", "-v0")
    manage(
        env,
        "shell",
        "-c",
        f"from django.contrib.auth.models import User; User.objects.create_user('juge', password={PASSWORD!r})",
    )
    ports, processes, logs = [], [], []
    for k in (1, 2):
        node_env = {**env, "ARBITRE_VAR_DIR": str(base / f"var{k}")}
        manage(node_env, "rebuild_index")
        port = free_port()
        log = open(base / f"node{k}.log", "wb")
        command = [*serve.gunicorn_command(f"127.0.0.1:{port}", 2, access_log=False)]
        processes.append(
            subprocess.Popen(
                command, cwd=ROOT, env=node_env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        )
        ports.append(port)
        logs.append(base / f"node{k}.log")
    proxy_port = free_port()
    prefix = base / "nginx"
    config = serve.nginx_config(f"127.0.0.1:{proxy_port}", [f"127.0.0.1:{p}" for p in ports], prefix, base / "static")
    proxy = serve.start_nginx(config, prefix)
    try:
        deadline = time.monotonic() + 120
        for port in [*ports, proxy_port]:
            while request(port, "GET", "/ping/", timeout=2)[0] != 200:
                assert time.monotonic() < deadline, "a node did not start:\n" + "\n".join(
                    p.read_text()[-2000:] for p in logs
                )
                time.sleep(0.2)
        sign_in(proxy_port)
        yield {"proxy": proxy_port, "nodes": ports, "processes": processes, "env": env}
    finally:
        proxy.send_signal(signal.SIGQUIT)
        for process in processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in [proxy, *processes]:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def via(node_port, ip):
    """Headers of a request a proxy would pass to a node for the client ``ip``."""
    return {"X-Forwarded-For": ip}


def test_request_rates_are_counted_once_across_the_nodes(nodes):
    one, two = nodes["nodes"]
    statuses = [
        request(port, "GET", "/api/search/?q=fugace", headers=via(port, "203.0.113.50"))[0]
        for port in (one, two, one, two, one, two, one, two)
    ]
    assert statuses == [200] * 6 + [429, 429], statuses  # 6 a minute for the client, whichever node


def test_engine_time_is_counted_once_across_the_nodes(nodes):
    one, two = nodes["nodes"]
    body = {"document": long_game(400), "until": "end"}
    statuses = []
    for k in range(40):  # 1 s a day of engine time for anonymous clients: a few runs, alternating nodes
        port = (one, two)[k % 2]
        status, text, _ = request(port, "POST", "/api/run/", body, headers=via(port, "203.0.113.60"))
        statuses.append(status)
        if status == 429:
            assert "Trop de calcul" in text.decode()
            break
    assert statuses[-1] == 429 and set(statuses[:-1]) == {200} and len(statuses) >= 3, statuses
    other = (one, two)[len(statuses) % 2]  # the node that did not refuse yet refuses the client too
    status, text, _ = request(other, "POST", "/api/run/", body, headers=via(other, "203.0.113.60"))
    assert status == 429 and "Trop de calcul" in text.decode()
    # every anonymous client shares it, on every node; the signed-in judge has her own
    assert request(other, "POST", "/api/run/", body, headers=via(other, "198.51.100.61"))[0] == 429
    assert request(other, "POST", "/api/run/", body, headers={**via(other, "198.51.100.61"), **judge()})[0] == 200


def test_a_save_on_one_node_is_seen_on_the_other(nodes):
    one, two = nodes["nodes"]
    status, text, _ = request(
        one, "POST", "/api/scenarios/", {"title": "Vu partout", "document": small_board()}, judge()
    )
    assert status == 201, text[:300]
    uuid = json.loads(text)["uuid"]
    status, text, _ = request(two, "GET", f"/api/scenarios/{uuid}/", headers=judge())
    assert status == 200 and json.loads(text)["title"] == "Vu partout"
    status, _, _ = request(two, "PATCH", f"/api/scenarios/{uuid}/", {"title": "Renommé"}, judge())
    assert status == 200
    status, text, _ = request(one, "GET", f"/api/scenarios/{uuid}/", headers=judge())
    assert json.loads(text)["title"] == "Renommé" and json.loads(text)["version"] == 2


def test_killing_a_node_loses_no_acknowledged_save(nodes):
    proxy = nodes["proxy"]
    acknowledged: dict[str, str] = {}
    refused: list[int] = []
    stop = threading.Event()

    def saving(worker: int):
        n = 0
        while not stop.is_set() and n < 400:
            n += 1
            title = f"Sauvegarde {worker}-{n}"
            status, text, _ = request(
                proxy, "POST", "/api/scenarios/", {"title": title, "document": small_board()}, judge()
            )
            if status == 201:
                acknowledged[json.loads(text)["uuid"]] = title
            else:
                refused.append(status)

    threads = [threading.Thread(target=saving, args=(k,)) for k in range(3)]
    for thread in threads:
        thread.start()
    while len(acknowledged) < 10 and all(t.is_alive() for t in threads):
        time.sleep(0.05)
    victim = nodes["processes"][0]
    os.killpg(victim.pid, signal.SIGKILL)  # the node's master and its workers, mid-save
    victim.wait(timeout=10)
    before = len(acknowledged)
    deadline = time.monotonic() + 60
    while len(acknowledged) < before + 20 and time.monotonic() < deadline:
        time.sleep(0.05)
    stop.set()
    for thread in threads:
        thread.join(timeout=60)
    assert len(acknowledged) >= before + 20, "the proxy did not send the saves to the other node"
    for uuid, title in acknowledged.items():
        status, text, _ = request(proxy, "GET", f"/api/scenarios/{uuid}/", headers=judge())
        assert status == 200 and json.loads(text)["title"] == title, (uuid, status)
    assert all(status in (502, 503, 0) for status in refused), refused  # only those cut by the kill
