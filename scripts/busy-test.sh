#!/usr/bin/env bash
# Runs `npm test` N times (default 3) while two CPU-bound busy loops run beside it, the way a laptop
# doing other things would, and prints each run's time and result. Exits non-zero if any run failed.
#   scripts/busy-test.sh [N]      e.g. scripts/busy-test.sh 3
set -u
cd "$(dirname "$0")/.."
runs="${1:-3}"
logdir="$(mktemp -d "${TMPDIR:-/tmp}/busy-test.XXXXXX")"

node -e 'for(;;){}' & busy1=$!
node -e 'for(;;){}' & busy2=$!
stop_busy() { kill "$busy1" "$busy2" 2>/dev/null; wait "$busy1" "$busy2" 2>/dev/null; }
trap stop_busy EXIT INT TERM

echo "busy loops: pids $busy1 $busy2; logs in $logdir; $(uptime)"
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
