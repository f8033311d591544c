"""``manage.py search_rules "QUERY" [--json]``; ``--json -`` reads one query per line from stdin."""

import json
import sys

from django.core.management.base import BaseCommand

from rules_ref import search


class Command(BaseCommand):
    help = "Cherche dans les règles ; « - » lit une requête par ligne sur l'entrée standard."

    def add_arguments(self, parser):
        parser.add_argument("query", help="La requête, ou « - » pour lire une requête par ligne.")
        parser.add_argument("--json", action="store_true", help="Sortie JSON (une liste par requête).")
        parser.add_argument("--ruleset", default=None)
        parser.add_argument("--limit", type=int, default=20)

    def handle(self, *args, query, json: bool, ruleset, limit, **options):
        queries = (line.rstrip("\n") for line in sys.stdin) if query == "-" else [query]
        for q in queries:
            results = search.search(q, ruleset=ruleset, limit=limit)
            rows = [
                {k: hit.as_dict()[k] for k in ("number", "title", "text", "snippet", "score", "url")}
                for hit in results.hits
            ]
            if json:
                self.stdout.write(_dumps(rows))
                self.stdout.flush()
                continue
            if results.corrected:
                self.stdout.write(f"(résultats pour « {results.corrected} »)")
            if results.missing_number:
                self.stdout.write(f"La règle {results.missing_number} n'existe pas.")
            for row in rows:
                self.stdout.write(f"{row['number'] or '—':10} {row['score']:8.3f}  {row['title'] or row['text'][:70]}")


def _dumps(rows) -> str:
    return json.dumps(rows, ensure_ascii=False)
