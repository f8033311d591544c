"""The serve stack: nginx (Debian's) in front of gunicorn, one command (``make serve``).

    python -m judge.guard.serve [--listen 127.0.0.1:8000] [--workers 4] [--no-proxy]
    python -m judge.guard.serve --print-nginx-config --listen 0.0.0.0:80 --upstream 10.0.0.2:8000 ...

Gunicorn's sync workers each serve one connection at a time: a client that sends its request slowly
(or reads its answer slowly) would hold one for as long as it likes, and a handful of them the whole
site. nginx holds those connections instead (thousands per process, by events) and hands gunicorn
only complete requests, taking complete answers at once: measured with ``bench/hostile.py``, twelve
slow connections took judges' searches from 6 ms to 6 s without it, and change nothing with it.

Here gunicorn listens on a Unix socket of ``var/run/`` (only nginx reaches it) and nginx on
``--listen``, with the configuration ``deploy/nginx.conf`` filled in (its files under
``var/nginx/``); Django is told it is behind one proxy (``ARBITRE_PROXY_COUNT=1``). Both stop
together: SIGTERM or SIGINT to this process stops both, and either one dying stops the other.
``--no-proxy`` runs gunicorn alone on ``--listen`` (what ``make serve`` was before; the benches
compare both).
"""

from __future__ import annotations

import argparse
import getpass
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
TEMPLATE = ROOT / "deploy" / "nginx.conf"


def var_dir() -> Path:
    return Path(os.environ.get("ARBITRE_VAR_DIR", ROOT / "var"))


def nginx_config(listen: str, upstreams: list[str], prefix: Path, static_root: Path, access_log: str = "off") -> str:
    """``deploy/nginx.conf`` filled in: ``upstreams`` are ``host:port`` or ``unix:/path``."""
    servers = "\n".join(f"        server {u} max_fails=1 fail_timeout=5s;" for u in upstreams)
    # As root nginx would hand its workers to "nobody", who cannot read var/: the caller's own user.
    user_line = f"user {getpass.getuser()};" if os.geteuid() == 0 else ""
    fields = {
        "user_line": user_line,
        "prefix": prefix,
        "access_log": access_log,
        "upstreams": servers,
        "listen": listen,
        "static_root": static_root,
    }
    return re.sub(r"\{\{(\w+)\}\}", lambda m: str(fields[m[1]]), TEMPLATE.read_text(encoding="utf-8"))


def nginx_binary() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if not found:
        raise SystemExit("nginx is missing: apt-get install -y nginx-light (make serve installs it)")
    return found


def start_nginx(config: str, prefix: Path) -> subprocess.Popen:
    prefix.mkdir(parents=True, exist_ok=True)
    path = prefix / "nginx.conf"
    path.write_text(config, encoding="utf-8")
    binary = nginx_binary()
    command = [binary, "-p", str(prefix), "-e", str(prefix / "error.log"), "-c", str(path)]
    subprocess.run([*command, "-t", "-q"], check=True)
    return subprocess.Popen([*command, "-g", "daemon off;"])


def gunicorn_command(bind: str, workers: int, access_log: bool) -> list[str]:
    command = [sys.executable, "-m", "gunicorn", "judge.wsgi", "--workers", str(workers), "--bind", bind]
    command += ["--timeout", "30", "--graceful-timeout", "10"]
    if access_log:
        command += ["--access-logfile", "-"]
    return command


def wait_for_socket(path: Path, process: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not path.exists():
        if process.poll() is not None:
            raise SystemExit(f"gunicorn exited ({process.returncode}) before listening")
        time.sleep(0.05)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--listen", default=os.environ.get("HOST", "127.0.0.1:8000"))
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--no-proxy", action="store_true", help="gunicorn alone on --listen")
    parser.add_argument("--access-log", action="store_true", help="gunicorn's access log on stdout")
    parser.add_argument("--print-nginx-config", action="store_true", help="print the filled configuration, run nothing")
    parser.add_argument("--upstream", action="append", default=[], help="a node (host:port), with --print-nginx-config")
    args = parser.parse_args(argv)
    var = var_dir()
    static_root = Path(os.environ.get("ARBITRE_STATIC_ROOT", var / "static"))
    if args.print_nginx_config:
        upstreams = args.upstream or ["127.0.0.1:8001"]
        print(
            nginx_config(
                args.listen, upstreams, Path("/var/lib/arbitre-nginx"), static_root, "/var/log/nginx/arbitre.log"
            )
        )
        return 0
    if args.no_proxy:
        return subprocess.call(gunicorn_command(args.listen, args.workers, args.access_log))

    run = var / "run"
    run.mkdir(parents=True, exist_ok=True)
    sock = run / "gunicorn.sock"
    sock.unlink(missing_ok=True)
    env = {**os.environ, "ARBITRE_PROXY_COUNT": "1"}
    gunicorn = subprocess.Popen(gunicorn_command(f"unix:{sock}", args.workers, args.access_log), env=env)
    children = [gunicorn]
    stopping = False

    def stop(signum=None, frame=None):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        wait_for_socket(sock, gunicorn)
        nginx = start_nginx(nginx_config(args.listen, [f"unix:{sock}"], var / "nginx", static_root), var / "nginx")
        children.append(nginx)
        print(f"Arbitre: http://{args.listen}/ (nginx in front of {args.workers} gunicorn workers)", flush=True)
        while not stopping and all(child.poll() is None for child in children):
            time.sleep(0.2)
    finally:
        for child in reversed(children):
            if child.poll() is None:
                child.send_signal(signal.SIGQUIT if child is not gunicorn else signal.SIGTERM)
        for child in children:
            try:
                child.wait(timeout=15)
            except subprocess.TimeoutExpired:
                child.kill()
    return 0 if stopping else 1


if __name__ == "__main__":
    sys.exit(main())
