#!/usr/bin/env bash
# Machine instructions (callgrind: deterministic, whatever the machine's load or speed) the engine
# spends on two of engine_bench.py's boards: the 1,000-cards-per-player board from the document to
# its first pending decision, and one day of steps of the 2v2 full board. Tells a change of the
# code from a change of the machine when the CPU times move.
#     bench/instructions.sh        (needs valgrind: apt-get install valgrind; about two minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is missing (apt-get install valgrind)" >&2; exit 2; }
count() {  # instructions of a Python snippet run under callgrind
  valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python -c "
import sys; sys.path[:0] = ['.', 'bench']
import engine_bench as b
$1
" 2>&1 | awk '/Collected/ {print $4}'
}
# one warm-up call, then 3 more: the difference is 3 calls
one=$(count "doc = b.per_player(1000); b.first_pending(doc)")
four=$(count "doc = b.per_player(1000); b.first_pending(doc)
for _ in range(3): b.first_pending(doc)")
echo "1000 cards per player, document to first pending: $(( (four - one) / 3000000 )) M instructions per call"
# one day of steps (loading included), then 6 days: the difference is 5 days
day1=$(count "b.bench_steps_and_days(1, board=b.full_board_2v2)")
day6=$(count "b.bench_steps_and_days(6, board=b.full_board_2v2)")
echo "2v2 full board, one day of steps (its loading included): $(( (day6 - day1) / 5000000 )).$(( (day6 - day1) / 500000 % 10 )) M instructions per day"
