#!/usr/bin/env bash
# Machine instructions (callgrind: deterministic, whatever the machine's load or speed) the engine
# spends from the document to its first pending decision on the 1,000-cards-per-player board of
# engine_bench.py: tells a change of the code from a change of the machine when the CPU times move.
#     bench/instructions.sh        (needs valgrind: apt-get install valgrind; about a minute)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is missing (apt-get install valgrind)" >&2; exit 2; }
count() {  # instructions of a run doing one warm-up call, then $1 more
  valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python -c "
import sys; sys.path[:0] = ['.', 'bench']
import engine_bench as b
doc = b.per_player(1000)
b.first_pending(doc)
for _ in range($1): b.first_pending(doc)
" 2>&1 | awk '/Collected/ {print $4}'
}
one=$(count 0)
four=$(count 3)
echo "1000 cards per player, document to first pending: $(( (four - one) / 3000000 )) M instructions per call"
