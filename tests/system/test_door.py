"""The front proxy's door (deploy/nginx.conf) on what hashes a password: sign-ins (the form's POST)
and requests with an Authorization header are held to a few a second per address and per network,
while the same pages asked otherwise pass. nginx runs with the shipped configuration in front of a
stub upstream that answers 200 and counts what reached it."""

from __future__ import annotations

import http.client
import http.server
import socket
import threading
import time

import pytest

from judge.guard import serve

pytestmark = pytest.mark.system
# deploy/nginx.conf: zones passwords and password_networks (burst, requests a second)
BURST, RATE, NETWORK_BURST, NETWORK_RATE = 20, 2, 40, 4


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Upstream(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        self.reached = 0
        self.lock = threading.Lock()

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _answer(handler) -> None:
                length = int(handler.headers.get("Content-Length") or 0)
                handler.rfile.read(length)
                with self.lock:
                    self.reached += 1
                handler.send_response(200)
                handler.send_header("Content-Length", "2")
                handler.end_headers()
                handler.wfile.write(b"ok")

            do_GET = do_POST = _answer

            def log_message(handler, *args) -> None:
                pass

        super().__init__(("127.0.0.1", 0), Handler)


@pytest.fixture(scope="module")
def door(tmp_path_factory):
    upstream = Upstream()
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    prefix = tmp_path_factory.mktemp("door")
    port = free_port()
    config = serve.nginx_config(f"127.0.0.1:{port}", [f"127.0.0.1:{upstream.server_port}"], prefix, prefix)
    proxy = serve.start_nginx(config, prefix)
    try:
        for _ in range(100):  # nginx listening
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                threading.Event().wait(0.05)
        yield port, upstream
    finally:
        proxy.terminate()
        proxy.wait(timeout=10)
        upstream.shutdown()


def ask(port: int, ip: str, method: str, path: str, headers: dict | None = None) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(ip, 0))
    try:
        body = "username=juge&password=x" if method == "POST" else None
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def statuses(port: int, ips: list[str], n: int, method: str, path: str, headers: dict | None = None) -> list[int]:
    return [ask(port, ips[k % len(ips)], method, path, headers) for k in range(n)]


def until_refused(port: int, ips: list[str], method: str, path: str, headers: dict | None = None):
    """Requests one after the other until the door refuses one (at most 600): (statuses, seconds)."""
    answers, started = [], time.monotonic()
    while 429 not in answers and len(answers) < 600:
        answers.append(ask(port, ips[len(answers) % len(ips)], method, path, headers))
    return answers, time.monotonic() - started


def assert_held(answers: list[int], seconds: float, burst: int, rate: int) -> None:
    """Refused once past the burst and what the rate let in meanwhile, however fast this machine sent them."""
    passed = answers.count(200)
    assert answers[-1] == 429 and set(answers) == {200, 429}, answers
    assert burst <= passed <= burst + rate * seconds + 1, (passed, seconds)


def test_sign_ins_from_one_address_are_held_at_the_door(door):
    port, upstream = door
    before = upstream.reached
    answers, seconds = until_refused(port, ["127.41.0.1"], "POST", "/comptes/login/")
    assert_held(answers, seconds, BURST, RATE)
    assert upstream.reached - before == answers.count(200)
    # the login page itself, from that address, and a sign-in from another address still pass
    assert ask(port, "127.41.0.1", "GET", "/comptes/login/") == 200
    assert ask(port, "127.41.1.1", "POST", "/comptes/login/") == 200


def test_basic_auth_requests_are_held_at_the_door_but_other_api_calls_are_not(door):
    port, _ = door
    basic = {"Authorization": "Basic anVnZTp4"}
    answers, seconds = until_refused(port, ["127.42.0.1"], "GET", "/api/scenarios/", basic)
    assert_held(answers, seconds, BURST, RATE)
    without = statuses(port, ["127.42.0.2"], 60, "GET", "/api/scenarios/")
    assert without == [200] * 60


def test_sign_ins_from_rotating_addresses_of_one_network_are_held(door):
    port, _ = door
    ips = [f"127.43.0.{1 + k}" for k in range(200)]  # one address each time: never past its own burst
    answers, seconds = until_refused(port, ips, "POST", "/comptes/login/")
    assert_held(answers, seconds, NETWORK_BURST, NETWORK_RATE)
