"""Offline bench: the site kept on a "mid-range phone" (Chromium, CPU throttled ×4 through the
DevTools protocol's Emulation.setCPUThrottlingRate), served by ``make serve``'s stack (gunicorn,
production settings on loopback, whitenoise's compressed static files) from a temporary site.

    .venv/bin/python bench/offline_bench.py [--rate 4] [--opens 10] [--colds 3]

Printed: the bytes fetched to become offline-ready (as stored and as transferred); one engine step
in the browser (the stepper's request answered by the site's runner under Pyodide) against
``/api/step/`` online; with the network
off, from opening a rule number in the search box (``/recherche/?q=4.2.5.c``) to the rule's page
loaded, against the same online (the floor: the server renders it); from opening a keyword search
offline to its first result, cold (a fresh page: the interpreter is put back from the memory snapshot
made at install, the index's files written back), split into its phases, against the same with the
snapshot set aside (the runtime starts, the index and its reading prepared at install are put back:
the start before the snapshot, measured in the same run); each relevance query warm in the browser, against the server's API online. Medians and
p95. Targets: rule by number < 1 s, first keyword result < 5 s cold, < 50 ms warm (median per
query), one engine step < 20 ms (median); the exit code is 1 if one is missed.

The throttling is set on each page; it holds for the page's worker (see :func:`throttle`).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT, RULE_FILES, RULESET, median_ms, p95_ms, stop_server
from load_bench import free_port
from serve_bench import SERVE_ENV, base_env, manage, wait_until_up

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-quic",
    "--disable-sync",
]
TARGETS = {"number": 1.0, "cold": 5.0, "warm": 0.050, "engine": 0.020}  # seconds
#: The board one engine step is measured on: a 1v1 Afternoon, each step from the same position.
ENGINE_BOARD = json.loads((ROOT / "fixtures" / "scenarios" / "afternoon-pass-then-dusk.json").read_text("utf-8"))
ENGINE_STEPS = 40
QUERIES = [q["q"] for q in json.loads((ROOT / "fixtures" / "relevance" / "queries.json").read_text("utf-8"))]


def throttle(context, page, rate: float):
    """CPU throttling on the page. It holds for the page's workers too (the search's Pyodide): the
    protocol refuses the setting on a worker's own session ("only supported for pages"), and 20
    queries in the worker took 97 ms unthrottled against 394 ms at ×4 in one run here."""
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return cdp


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=float, default=4.0, help="CPU throttling rate")
    parser.add_argument("--opens", type=int, default=10, help="rule-by-number opens, offline and online")
    parser.add_argument("--colds", type=int, default=3, help="cold starts of the offline search")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    workdir = Path(tempfile.mkdtemp(prefix="arbitre-offline-bench-"))
    server = None
    figures: dict = {}
    try:
        var = workdir / "var"
        var.mkdir()
        runtime = ROOT / "var" / "offline"
        if not (runtime / "VERSION").exists():
            print("offline bench: the runtime is not vendored: run `make setup`", file=sys.stderr)
            return 1
        (var / "offline").symlink_to(runtime)
        env = base_env(var)
        manage(env, "migrate", "--noinput")
        manage(env, "import_rules", *map(str, RULE_FILES), "--ruleset", RULESET)
        manage(env, "rebuild_index")
        serve_env = {**env, **SERVE_ENV, "ARBITRE_SEARCH_CACHE": "0"}
        manage(serve_env, "collectstatic", "--noinput", "-v0")
        port = free_port()
        log = workdir / "gunicorn.log"
        with open(log, "wb") as output:
            server = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    "judge.wsgi",
                    "--workers",
                    str(args.workers),
                    "--bind",
                    f"127.0.0.1:{port}",
                    "--timeout",
                    "60",
                ],
                cwd=ROOT,
                env=serve_env,
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        wait_until_up(server, port, log)
        site = f"http://127.0.0.1:{port}"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
            figures = measure(browser, site, args)
            figures["load_before"] = load_before
            figures["load_after"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
            browser.close()
    finally:
        stop_server(server)
        shutil.rmtree(workdir, ignore_errors=True)
    return report(figures, args)


def measure(browser, site: str, args) -> dict:
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    page.set_default_timeout(180_000)
    throttle(context, page, args.rate)
    page.goto(f"{site}/")
    started = time.perf_counter()
    page.get_by_role("button", name="Disponible hors ligne").click()
    page.wait_for_selector("#offline-status[data-ready='1']", timeout=600_000)
    install_s = time.perf_counter() - started
    page.wait_for_selector("#offline-status[data-prepared='1']", timeout=600_000)
    prepare_s = time.perf_counter() - started - install_s
    state = page.evaluate(
        "caches.open('arbitre-state').then(c => c.match('/__arbitre/offline-state.json')).then(r => r.json())"
    )
    kept = page.evaluate(
        """caches.open('arbitre-index').then(async (c) => {
          const out = {};
          for (const request of await c.keys()) out[new URL(request.url).pathname] = (await (await c.match(request)).arrayBuffer()).byteLength;
          return out;
        })"""
    )
    out = {
        "install_s": install_s,
        "prepare_s": prepare_s,
        "filled": state["filled"],
        "version": state["version"],
        "kept": kept,
    }

    def open_number(online: bool) -> list[float]:
        context.set_offline(not online)
        samples = []
        for _ in range(args.opens):
            tab = context.new_page()
            throttle(context, tab, args.rate)
            t0 = time.perf_counter()
            tab.goto(f"{site}/recherche/?q=4.2.5.c&go=1", wait_until="load")
            samples.append(time.perf_counter() - t0)
            assert tab.url.endswith("/regles/fr-1/4.2.5.c/"), tab.url
            tab.close()
        return samples

    out["number_offline"] = open_number(online=False)
    out["number_online"] = open_number(online=True)

    def cold_starts() -> tuple[list[float], list[dict], object]:
        colds, phases = [], []
        for _ in range(args.colds):
            tab = context.new_page()
            tab.set_default_timeout(180_000)
            throttle(context, tab, args.rate)
            t0 = time.perf_counter()
            tab.goto(f"{site}/recherche/?q=fugace")
            tab.wait_for_selector("#offline-results li", timeout=180_000)
            colds.append(time.perf_counter() - t0)
            phases.append(tab.evaluate("window.arbitreOfflineStart()"))
            if colds[1:]:
                tab.close()
            else:
                first = tab
        return colds, phases, first

    context.set_offline(True)
    # the baseline, measured in this run: the start without the memory snapshot (the index, its
    # reading and the compiled code put back), the snapshot set aside meanwhile, then put back
    page.evaluate(
        """caches.open('arbitre-index').then(async (c) => {
          for (const request of await c.keys()) if (request.url.includes('/__arbitre/snapshot/')) {
            const aside = await caches.open('arbitre-aside');
            await aside.put(request, await c.match(request));
            await c.delete(request);
          }
        })"""
    )
    out["cold_plain"], out["phases_plain"], plain = cold_starts()
    plain.close()
    page.evaluate(
        """caches.open('arbitre-aside').then(async (aside) => {
          const c = await caches.open('arbitre-index');
          for (const request of await aside.keys()) await c.put(request, await aside.match(request));
          await caches.delete('arbitre-aside');
        })"""
    )
    colds, phases, last = cold_starts()
    warm = last.evaluate(
        """async (queries) => {
          const out = [];
          for (const q of queries) { const t0 = performance.now(); await window.arbitreOfflineSearch(q); out.push((performance.now() - t0) / 1000); }
          return out;
        }""",
        QUERIES,
    )
    out.update(cold=colds, phases=phases, warm=warm)
    # one engine step in the browser (the stepper's request answered by the worker), offline
    module = last.evaluate("fetch('/hors-ligne/runtime.json').then((r) => r.json()).then((r) => r.engineModule)")
    out["engine"] = last.evaluate(
        """async ([module, doc, n]) => {
          const { runEngine } = await import(module);
          let t = performance.now();
          const landing = await runEngine("step", { document: doc, steps: 0 });
          const first = (performance.now() - t) / 1000;
          const rounds = [], inside = [];
          for (let k = 0; k < n; k++) {
            t = performance.now();
            await runEngine("step", { state: landing.data.state, action: "step" });
            rounds.push((performance.now() - t) / 1000);
            inside.push(runEngine.last.ms / 1000);
          }
          return { first, rounds, inside, state: landing.data.state };
        }""",
        [module, ENGINE_BOARD, ENGINE_STEPS],
    )
    context.set_offline(False)
    out["engine_server"] = last.evaluate(
        """async ([state, n]) => {
          const out = [];
          for (let k = 0; k < n; k++) {
            const t0 = performance.now();
            const r = await fetch('/api/step/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ state, action: 'step' }) });
            await r.json();
            out.push((performance.now() - t0) / 1000);
          }
          return out;
        }""",
        [out["engine"]["state"], ENGINE_STEPS],
    )
    out["server"] = last.evaluate(
        """async (queries) => {
          const out = [];
          for (const q of queries) { const t0 = performance.now(); const r = await fetch('/api/search/?q=' + encodeURIComponent(q)); await r.json(); out.push((performance.now() - t0) / 1000); }
          return out;
        }""",
        QUERIES,
    )
    context.close()
    return out


def report(f: dict, args) -> int:
    filled = f["filled"]
    print(
        f"Offline bench: Chromium, CPU throttled ×{args.rate:g}, gunicorn {args.workers} workers on "
        f"127.0.0.1 (make serve's settings); {os.cpu_count()} CPUs; offline version {f['version']}"
    )
    print(
        f"  offline-ready: {filled['count']} addresses, {filled['bytes'] / 1e6:.1f} MB stored, "
        f"{filled['transferred'] / 1e6:.1f} MB transferred (whitenoise's compression), in {f['install_s']:.1f} s; "
        f"then the search's index prepared and kept in {f['prepare_s']:.1f} s"
    )
    snapshot = sum(size for path, size in f["kept"].items() if path.startswith("/__arbitre/snapshot/"))
    prepared = sum(f["kept"].values())
    print(
        f"  kept at install for the search: {prepared / 1e6:.1f} MB, of which the interpreter's memory snapshot "
        f"{snapshot / 1e6:.1f} MB" + ("" if snapshot else " (none kept: cold pages start Pyodide)")
    )
    print(f"  load average: {f['load_before']} before the run, {f['load_after']} after")
    rows = [
        ("rule by number, offline (/recherche/?q=4.2.5.c → page)", f["number_offline"], "number"),
        ("rule by number, online (the server answers)", f["number_online"], None),
        ("first keyword result offline, cold (fresh page)", f["cold"], "cold"),
        ("  the same, the memory snapshot set aside (baseline)", f["cold_plain"], None),
        (f"keyword query offline, warm ({len(f['warm'])} relevance queries)", f["warm"], "warm"),
        ("keyword query online, /api/search/ (server, uncached)", f["server"], None),
        ("one engine step offline, page → worker → page", f["engine"]["rounds"], "engine"),
        ("one engine step offline, in the worker (Python)", f["engine"]["inside"], None),
        ("one engine step online, /api/step/ (server)", f["engine_server"], None),
    ]
    print(f"\n  {'measure':<60} {'n':>4} {'median ms':>10} {'p95 ms':>9} {'target':>8}")
    missed = []
    for label, samples, target in rows:
        goal = TARGETS.get(target)
        med = median_ms(samples)
        print(
            f"  {label:<60} {len(samples):>4} {med:>10.1f} {p95_ms(samples):>9.1f} "
            f"{(f'< {goal * 1000:g}' if goal else ''):>8}"
        )
        if goal and med / 1000 >= goal:
            missed.append(label)
    cold_first = f["cold"][0]
    ready = ", ".join("%.2f" % phase["seconds"] for phase in f["phases"])
    plain = ", ".join("%.2f" % phase["seconds"] for phase in f["phases_plain"])
    print(
        f"\n  coldest start (the first page): {cold_first:.2f} s; runtime and index ready in {ready} s (worker's own clock; "
        f"{plain} s without the snapshot)"
    )
    for n, phase in enumerate(f["phases_plain"] + f["phases"], start=1):
        steps = ", ".join(f"{name} {seconds:.2f} s" for name, seconds in phase["phases"].items())
        how = "memory snapshot" if phase.get("snapshot") else f"index {phase['index']}"
        print(f"    page {n}, {how}: {steps}")
    print(f"  engine offline, first answer (its runtime started on this page): {f['engine']['first']:.2f} s")
    print(
        f"  offline/online: by number ×{median_ms(f['number_offline']) / median_ms(f['number_online']):.2f}, "
        f"cold first result with/without the snapshot ×{median_ms(f['cold']) / median_ms(f['cold_plain']):.2f}, "
        f"warm query ×{median_ms(f['warm']) / median_ms(f['server']):.2f}, "
        f"engine step ×{median_ms(f['engine']['rounds']) / median_ms(f['engine_server']):.2f}"
    )
    if missed:
        print(f"\nMISSED: {'; '.join(missed)}")
        return 1
    print("\nAll targets met.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
