"""Search bench: relevance and speed of our Whoosh search against a plain SQLite FTS5 baseline.

    .venv/bin/python bench/search_bench.py [--rounds N] [--http-rounds N]

Works on a fresh clone: it makes its own temporary SQLite database and index directory (set in
``ARBITRE_SQLITE_PATH`` / ``ARBITRE_INDEX_DIR`` before ``django.setup()``), runs ``migrate`` and
``import_rules fixtures/rules/*.txt``, and removes them at the end. Nothing leaves the loopback.

What it prints, ours and the baseline side by side, from the same run:

* relevance over ``fixtures/relevance/queries.json``: mean reciprocal rank (first relevant hit in
  the top 20, 0 if none) and recall@5 (share of a query's relevant rules in its top 5), overall
  and per kind of query, the held-out queries (``"heldout": true``, written before the ranking was
  tuned and never tuned on) apart;
* index build time (read the rules from the database and build the index);
* in-process latency, result cache off, of every query of the file in one run (median, p95, the
  slowest query), ours and FTS5 interleaved query by query, with the ratio; and of suggestions as
  you type (``suggest``, on the first two thirds of each query);
* HTTP latency (median, p95) of the search page ``/recherche/?q=…`` and of ``/api/search/?q=…``,
  served by a threaded WSGI server (one thread per request, like ``runserver``) in a child process
  on a free loopback port.

Exit status 0 when ours beats the baseline on both relevance figures, the median query costs at
most 3× FTS5's, every query's median is under 10 ms, the median suggestion under 1 ms (issue 15)
and the search page's median is under 50 ms. The verdicts use CPU time (this thread's), ratios
taken within the same interleaved run; wall clock is printed beside: on a machine busy with other
work it says more about the load (printed first) than about the search.

The baseline: an FTS5 table over the same documents (number, title, text, remarks), tokenizer
``unicode61 remove_diacritics 2``, default ``bm25()`` ranking, each whitespace-separated query word
quoted and the words OR-ed; no stemming, no stop words, no typo tolerance. It also returns a
``snippet()`` so that both sides do comparable work per query.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

from common import (
    ROOT,
    RULE_FILES,
    RULESET,
    median_ms,
    p95_ms,
    start_server,
    stop_server,
)
from common import setup_django as _setup_django

QUERIES = ROOT / "fixtures" / "relevance" / "queries.json"
TOP = 20  # results asked for, as the search page does

# Targets of issues 2 and 15 (2-core machine).
TARGET_QUERY_MS = 10.0
TARGET_PAGE_MS = 50.0
TARGET_RATIO = 3.0
TARGET_SUGGEST_MS = 1.0
KINDS = ["keyword", "question", "accent", "typo", "number", "english", "loose"]


# ---------------------------------------------------------------- measures


def relevance(run, rows: list[dict]) -> dict:
    """MRR (top ``TOP``) and recall@5 of ``run(q) -> [number or slug, …]``, overall and per kind."""
    per_kind: dict[str, list[tuple[float, float]]] = {}
    for row in rows:
        keys = run(row["q"])[:TOP]
        relevant = set(row["relevant"])
        rr = next((1.0 / rank for rank, key in enumerate(keys, 1) if key in relevant), 0.0)
        recall = len(relevant & set(keys[:5])) / len(relevant)
        group = "held-out " + row["kind"] if row.get("heldout") else row["kind"]
        per_kind.setdefault(group, []).append((rr, recall))
        per_kind.setdefault("held-out all" if row.get("heldout") else "tuned all", []).append((rr, recall))
        per_kind.setdefault("all", []).append((rr, recall))
    return {
        kind: {
            "mrr": statistics.fmean(r for r, _ in pairs),
            "r5": statistics.fmean(c for _, c in pairs),
            "n": len(pairs),
        }
        for kind, pairs in per_kind.items()
    }


def time_queries(runs: list, queries: list[str], rounds: int) -> tuple[list[list[float]], list[list[float]]]:
    """Wall-clock and CPU (this thread) latency samples of each engine in ``runs``, interleaved
    query by query so that both engines see the same machine load."""
    for q in queries:  # warm-up: caches, first-query costs
        for run in runs:
            run(q)
    wall: list[list[float]] = [[] for _ in runs]
    cpu: list[list[float]] = [[] for _ in runs]
    for _ in range(rounds):
        for q in queries:
            for i, run in enumerate(runs):
                started, started_cpu = time.perf_counter(), time.thread_time()
                run(q)
                wall[i].append(time.perf_counter() - started)
                cpu[i].append(time.thread_time() - started_cpu)
    return wall, cpu


# ---------------------------------------------------------------- the two engines


def ours_build() -> float:
    from rules_ref import search

    started = time.perf_counter()
    search.rebuild()
    return time.perf_counter() - started


def ours_run(q: str) -> list[str]:
    from rules_ref import search

    return [hit.number or hit.slug for hit in search.search(q, ruleset=RULESET, limit=TOP).hits]


def ours_suggest(q: str) -> list:
    from rules_ref import search

    return search.suggest(q, ruleset=RULESET)


def typing(q: str) -> str:
    """What is in the box two thirds of the way through typing ``q``."""
    return q[: max(2, round(len(q) * 2 / 3))]


class Fts5:
    """The plain baseline: one FTS5 table over the same documents as our index."""

    def __init__(self, path: Path):
        self.path = path
        self.db: sqlite3.Connection | None = None

    def build(self) -> float:
        from rules_ref.models import Rule

        started = time.perf_counter()
        if self.db is not None:
            self.db.close()
        if self.path.exists():
            self.path.unlink()
        db = sqlite3.connect(self.path)
        db.execute(
            "CREATE VIRTUAL TABLE rules USING fts5(key UNINDEXED, number, title, text, remarks,"
            " tokenize = 'unicode61 remove_diacritics 2')"
        )
        rows = [
            (rule.number or rule.slug, rule.number or "", rule.title, rule.search_text, "\n".join(rule.remarks))
            for rule in Rule.objects.filter(ruleset__slug=RULESET, implicit=False).order_by("order")
        ]
        db.executemany("INSERT INTO rules VALUES (?, ?, ?, ?, ?)", rows)
        db.commit()
        self.db = db
        return time.perf_counter() - started

    @staticmethod
    def match_expression(q: str) -> str | None:
        words = [w.strip(".,;:!?()«»\"'’") for w in q.split()]
        words = [w for w in words if re.search(r"\w", w)]
        if not words:
            return None
        return " OR ".join('"' + w.replace('"', '""') + '"' for w in words)

    def run(self, q: str) -> list[str]:
        expression = self.match_expression(q)
        if expression is None:
            return []
        try:
            rows = self.db.execute(
                "SELECT key, snippet(rules, 3, '<mark>', '</mark>', ' … ', 24) FROM rules"
                " WHERE rules MATCH ? ORDER BY bm25(rules) LIMIT ?",
                (expression, TOP),
            ).fetchall()
        except sqlite3.OperationalError:
            return []
        return [key for key, _ in rows]


# ---------------------------------------------------------------- HTTP


def http_get(url: str) -> float:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=10) as response:
        response.read()
        if response.status != 200:
            raise RuntimeError(f"{url}: HTTP {response.status}")
    return time.perf_counter() - started


# ---------------------------------------------------------------- the run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30, help="passes over each query set in process")
    parser.add_argument("--http-rounds", type=int, default=3, help="passes over the queries over HTTP")
    parser.add_argument("--builds", type=int, default=5, help="index builds timed, each engine")
    args = parser.parse_args()

    # Measure the search itself, not the per-worker result cache the site keeps in front of it
    # (bench/load_bench.py measures the served site with and without that cache).
    os.environ["ARBITRE_SEARCH_CACHE"] = "0"
    load_before = os.getloadavg()
    workdir = Path(tempfile.mkdtemp(prefix="arbitre-search-bench-"))
    child = None
    try:
        _setup_django(workdir)
        from django.core.management import call_command

        from rules_ref import search

        call_command("migrate", verbosity=0, interactive=False)
        call_command("import_rules", *map(str, RULE_FILES), ruleset=RULESET, stdout=open(os.devnull, "w"))
        rows = json.loads(QUERIES.read_text(encoding="utf-8"))

        # Build times (each engine reads the rules from the database and builds its index).
        fts = Fts5(workdir / "fts5.sqlite3")
        ours_builds = [ours_build() for _ in range(args.builds)]
        fts_builds = [fts.build() for _ in range(args.builds)]
        documents = fts.db.execute("SELECT count(*) FROM rules").fetchone()[0]

        # Relevance.
        rel_ours = relevance(ours_run, rows)
        rel_fts = relevance(fts.run, rows)

        # In-process latency: every query of the file in one run, engines interleaved.
        queries = [r["q"] for r in rows]
        (ours, base), (ours_cpu, base_cpu) = time_queries([ours_run, fts.run], queries, args.rounds)
        per_query_ours: dict[str, tuple[float, float]] = {}
        for i, q in enumerate(queries):
            per_query_ours[q] = (
                statistics.median(ours[i :: len(queries)]),
                statistics.median(ours_cpu[i :: len(queries)]),
            )
        typed = list(dict.fromkeys(typing(q) for q in queries))
        (suggest,), (suggest_cpu,) = time_queries([ours_suggest], typed, args.rounds)
        search.close_searcher()

        # HTTP, against a child process serving the same temporary database and index.
        child, port = start_server(workdir)
        http_queries = [r["q"] for r in rows]
        http = {}
        for name, path in (("page /recherche/", "/recherche/"), ("API /api/search/", "/api/search/")):
            urls = [f"http://127.0.0.1:{port}{path}?" + urllib.parse.urlencode({"q": q}) for q in http_queries]
            http_get(urls[0])  # warm-up
            http[name] = [http_get(url) for _ in range(args.http_rounds) for url in urls]
    finally:
        stop_server(child)
        shutil.rmtree(workdir, ignore_errors=True)

    # ------------------------------------------------------------ report
    print(
        f"Search bench: {documents} documents (fixtures/rules, rule set {RULESET}), {len(rows)} judge queries,"
        f" Python {sys.version.split()[0]}, SQLite {sqlite3.sqlite_version}, {os.cpu_count()} CPUs"
    )
    print("Result cache off (ARBITRE_SEARCH_CACHE=0): these figures are the search itself.")
    print(
        f"Load average at start {load_before[0]:.1f}, at end {os.getloadavg()[0]:.1f} (timings are wall clock:"
        " other work on the machine inflates them; ratios come from the same run)"
    )
    print()
    print("Relevance (fixtures/relevance/queries.json; MRR over the top 20, recall@5)")
    print(f"  {'queries':<18} {'n':>3}   {'MRR ours':>9} {'MRR FTS5':>9}   {'R@5 ours':>9} {'R@5 FTS5':>9}")
    groups = ["all", "tuned all", *KINDS, "held-out all", *("held-out " + k for k in KINDS)]
    for kind in groups:
        if kind not in rel_ours:
            continue
        if kind == "held-out all":
            print("  held out (written before tuning, never tuned on):")
        o, b = rel_ours[kind], rel_fts[kind]
        print(f"  {kind:<18} {o['n']:>3}   {o['mrr']:>9.3f} {b['mrr']:>9.3f}   {o['r5']:>9.3f} {b['r5']:>9.3f}")
    beats = rel_ours["all"]["mrr"] > rel_fts["all"]["mrr"] and rel_ours["all"]["r5"] > rel_fts["all"]["r5"]
    print(f"  ours beats FTS5 on both: {'yes' if beats else 'NO'}")
    print()
    print(f"Index build (read {documents} rules from the database and index them; median of {args.builds})")
    ob, fb = statistics.median(ours_builds), statistics.median(fts_builds)
    print(f"  ours {ob * 1000:8.1f} ms    FTS5 {fb * 1000:8.1f} ms    ours/FTS5 {ob / fb:6.1f}×")
    print()
    print(
        f"In-process latency, uncached (ms; all {len(queries)} queries in one run, {args.rounds} passes, engines"
        " interleaved; ours includes highlighted snippets, FTS5 includes snippet(); cpu = this thread's CPU time,"
        " what a query costs on an idle machine; the verdicts use it)"
    )
    print(f"  {'':<8} {'med':>7} {'p95':>7} {'max':>7}   {'cpu med':>7} {'cpu p95':>7} {'cpu max':>7}")
    for name, wall, cpu in (("ours", ours, ours_cpu), ("FTS5", base, base_cpu)):
        print(
            f"  {name:<8} {median_ms(wall):>7.3f} {p95_ms(wall):>7.3f} {max(wall) * 1000:>7.2f}"
            f"   {median_ms(cpu):>7.3f} {p95_ms(cpu):>7.3f} {max(cpu) * 1000:>7.2f}"
        )
    ratio_wall = median_ms(ours) / median_ms(base)
    ratio = median_ms(ours_cpu) / median_ms(base_cpu)
    ok_ratio = ratio <= TARGET_RATIO
    print(
        f"  ours/FTS5 median: {ratio:.2f}× cpu, {ratio_wall:.2f}× wall; target ≤ {TARGET_RATIO:.0f}×:"
        f" {'met' if ok_ratio else 'MISSED'}"
    )
    slowest_q, (slowest, _) = max(per_query_ours.items(), key=lambda item: item[1][0])
    slowest_cpu_q, (_, slowest_cpu) = max(per_query_ours.items(), key=lambda item: item[1][1])
    ok_query = slowest_cpu * 1000 < TARGET_QUERY_MS
    print(
        f"  slowest query (its median): {slowest_cpu * 1000:.2f} ms cpu {slowest_cpu_q!r};"
        f" {slowest * 1000:.2f} ms wall {slowest_q!r}"
    )
    print(f"  target: every query under {TARGET_QUERY_MS:.0f} ms: {'met' if ok_query else 'MISSED'}")
    ok_suggest = median_ms(suggest_cpu) <= TARGET_SUGGEST_MS
    print(
        f"  suggest as you type ({len(typed)} prefixes): median {median_ms(suggest_cpu):.3f} ms cpu"
        f" ({median_ms(suggest):.3f} wall), p95 {p95_ms(suggest_cpu):.3f} ms cpu;"
        f" target median ≤ {TARGET_SUGGEST_MS:.0f} ms: {'met' if ok_suggest else 'MISSED'}"
    )
    print()
    print(
        f"HTTP latency (ms; threaded WSGI server in a child process on 127.0.0.1, {len(http_queries)} queries"
        f" × {args.http_rounds}, one connection per request)"
    )
    print(f"  {'endpoint':<18} {'requests':>8}   {'median':>7} {'p95':>7}")
    for name, samples in http.items():
        print(f"  {name:<18} {len(samples):>8}   {median_ms(samples):>7.2f} {p95_ms(samples):>7.2f}")
    ok_page = median_ms(http["page /recherche/"]) < TARGET_PAGE_MS
    print(f"  target: search page under {TARGET_PAGE_MS:.0f} ms median: {'met' if ok_page else 'MISSED'}")
    return 0 if (beats and ok_ratio and ok_query and ok_suggest and ok_page) else 1


if __name__ == "__main__":
    sys.exit(main())
