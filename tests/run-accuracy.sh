#!/bin/sh
# run 5000 us does 5 ms of calibrated work: the measured run column is
# within 10 % of 5000 (median of 20 iterations), and perf counts loops.
. "${srcdir:-.}/tests/lib.sh"
plan 3
cat >"$TMP/w.json" <<J
{ "global": { "logdir": "$TMP" },
  "tasks": { "w": { "loop": 20, "run": 5000, "sleep": 5000 } } }
J
"$MIMIC" --quiet "$TMP/w.json"
ok $? "exits 0 when the loops end"
m=$(col "$TMP/rt-app-w-0.log" run | median)
[ "$m" -ge 4500 ] && [ "$m" -le 5500 ]
ok $? "median measured run is 5000 us +- 10 % (got $m)"
p=$(col "$TMP/rt-app-w-0.log" perf | median)
[ "$p" -gt 0 ]
ok $? "perf counts thousands of loops (got $p)"
