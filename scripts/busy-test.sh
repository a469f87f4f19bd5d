#!/usr/bin/env bash
# Runs `npm test` N times (default 3) while CPU-bound busy loops (default 2) run beside it, the way a
# laptop doing other things would, and prints each run's wall time and result. Exits non-zero if any
# run failed. With 0 loops it times the suite on a quiet machine.
#   scripts/busy-test.sh [N] [LOOPS]      e.g. scripts/busy-test.sh 3, or scripts/busy-test.sh 1 0
set -u
cd "$(dirname "$0")/.."
runs="${1:-3}"
loops="${2:-2}"
logdir="$(mktemp -d "${TMPDIR:-/tmp}/busy-test.XXXXXX")"

busy=()
for _ in $(seq 1 "$loops"); do node -e 'for(;;){}' & busy+=($!); done
stop_busy() { [ "${#busy[@]}" -eq 0 ] || { kill "${busy[@]}" 2>/dev/null; wait "${busy[@]}" 2>/dev/null; }; }
trap stop_busy EXIT INT TERM

echo "busy loops: $loops (pids ${busy[*]:-none}); $(node -v); PostgreSQL: $([ -n "${TEST_DATABASE_URL:-}" ] && echo yes || echo "no (TEST_DATABASE_URL not set)"); logs in $logdir; $(uptime)"
failed=0
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  if npm test >"$logdir/run-$i.log" 2>&1; then result=PASS; else result=FAIL; failed=$((failed + 1)); fi
  end=$(date +%s)
  summary=$(sed 's/\x1b\[[0-9;]*m//g' "$logdir/run-$i.log" | grep -E '^ +Tests ' | tail -1 | sed 's/^ *//')
  echo "run $i/$runs: $result in $((end - start)) s  ($summary)  load: $(cut -d' ' -f1-3 /proc/loadavg)"
  if [ "$result" = FAIL ]; then
    sed 's/\x1b\[[0-9;]*m//g' "$logdir/run-$i.log" | grep -E '^ *(FAIL|×) ' | head -20
  fi
done
echo "$((runs - failed)) of $runs runs passed"
[ "$failed" -eq 0 ]
