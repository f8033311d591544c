"""What the benches share: a temporary site (database, index) and a threaded test server.

``setup_django(workdir)`` points Django at a database and an index inside ``workdir`` (set before
``django.setup()``), so a bench never touches ``var/``; ``start_server(workdir)`` serves that site
from a child process (``python bench/common.py serve PORT_FILE WORKDIR``: a threaded WSGI server,
one thread per request like ``runserver``) on a free loopback port.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
RULE_FILES = sorted((ROOT / "fixtures" / "rules").glob("*.txt"))
RULESET = "fr-1"


def setup_django(workdir: Path) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "judge.settings"
    os.environ["ARBITRE_SQLITE_PATH"] = str(workdir / "db.sqlite3")
    os.environ["ARBITRE_INDEX_DIR"] = str(workdir / "index")
    os.environ["ARBITRE_VAR_DIR"] = str(workdir / "var")
    os.environ.pop("DATABASE_URL", None)
    os.environ.setdefault("ARBITRE_DEFAULT_RULESET", RULESET)
    import django

    django.setup()


def stop_server(child: subprocess.Popen | None) -> None:
    """Stop a child started by :func:`start_server` (or any server process), whatever its state."""
    if child is None or child.poll() is not None:
        return
    child.terminate()
    try:
        child.wait(timeout=10)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait(timeout=5)


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def p95_ms(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))] * 1000


def serve(port_file: str) -> None:
    """Child process: the site on a free loopback port, one thread per request."""
    from socketserver import ThreadingMixIn
    from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

    from django.core.wsgi import get_wsgi_application

    class Server(ThreadingMixIn, WSGIServer):
        daemon_threads = True

    class QuietHandler(WSGIRequestHandler):
        def log_message(self, *args):
            pass

    httpd = make_server("127.0.0.1", 0, get_wsgi_application(), server_class=Server, handler_class=QuietHandler)
    Path(port_file).write_text(str(httpd.server_port))
    httpd.serve_forever()


def start_server(workdir: Path) -> tuple[subprocess.Popen, int]:
    port_file = workdir / "port"
    child = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "serve", str(port_file), str(workdir)],
        env=os.environ.copy(),
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if port_file.exists() and port_file.read_text().strip():
            return child, int(port_file.read_text())
        if child.poll() is not None:
            raise RuntimeError("the bench server exited early")
        time.sleep(0.05)
    child.kill()
    raise RuntimeError("the bench server did not start")


if __name__ == "__main__" and sys.argv[1:2] == ["serve"]:
    setup_django(Path(sys.argv[3]))
    serve(sys.argv[2])
