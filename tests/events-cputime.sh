#!/bin/sh
# cputime burns CPU time, not wall time: two threads pinned to one CPU,
# each with "cputime": 20000 per iteration, share that CPU, so their
# iterations take longer on the wall clock than the 20 ms each burns
# ("runtime" would stop at 20 ms of wall time, half of it spent waiting).
. "${srcdir:-.}/tests/lib.sh"
plan 4
cat >"$TMP/w.json" <<J
{ "global": { "logdir": "$TMP", "log_basename": "c", "calibration": 50 },
  "tasks": { "burn": { "instance": 2, "loop": 10, "cpus": [0],
		       "cputime": 20000 } } }
J
"$MIMIC" --quiet "$TMP/w.json"
ok $? "two pinned cputime threads end their 10 loops, exit 0"
# run (wall time of the event) vs c_duration (the 20000 asked).
for i in 0 1; do col "$TMP/c-burn-$i.log" run; done | median >"$TMP/m"
m=$(cat "$TMP/m")
[ "$m" -ge 20000 ]
ok $? "an iteration takes at least its 20000 us of CPU on the wall clock (median $m us)"
[ "$m" -ge 30000 ]
ok $? "sharing one CPU with the other, it takes longer: median $m us >= 30000"
d=$(for i in 0 1; do col "$TMP/c-burn-$i.log" c_duration; done | sort -u | tr '\n' ' ')
[ "$d" = "20000 " ]
ok $? "c_duration is the 20000 us asked in every row (got $d)"
