#!/bin/sh
# "barrier": every thread naming it waits for all the others, then all go
# on together. Three threads (a, and b with "instance": 2, so the barrier
# counts instances) arrive at different times (sleep 5 ms, sleep 20 ms);
# the phase after the barrier starts, in every thread, at the same moment.
# Three threads, not more, and no CPU work before the barrier: on two CPUs
# a woken thread queued behind a busy one waits out the scheduler's slice
# (~3 ms), which would say nothing about the barrier.
. "${srcdir:-.}/tests/lib.sh"
plan 6
cat >"$TMP/w.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "b" },
  "tasks": {
    "a": { "loop": 20, "phases": { "p1": { "sleep": 5000, "barrier": "x" }, "p2": { "run": 100 } } },
    "b": { "instance": 2, "loop": 20, "phases": { "p1": { "sleep": 20000, "barrier": "x" }, "p2": { "run": 100 } } } } }
J
"$MIMIC" --quiet "$TMP/w.json"
ok $? "exits 0 (no thread is left stuck at the barrier)"
files="$TMP/b-a-0.log $TMP/b-b-1.log $TMP/b-b-2.log"
good=0
for f in $files; do [ "$(rows "$f")" -eq 40 ] && good=$((good + 1)); done
[ $good -eq 3 ]
ok $? "all three threads did 20 loops of 2 phases ($good of 3 logs have 40 rows)"
# Column k of p2start: the start of thread k's p2 rows (even rows).
for f in $files; do
	awk 'NR > 1 && NR % 2 == 1 { print $5 }' "$f" >"$f.p2"
	awk 'NR > 1 && NR % 2 == 0 { print $4 }' "$f" >"$f.p1"
done
paste $(for f in $files; do echo "$f.p2"; done) >"$TMP/p2start"
[ "$(wc -l <"$TMP/p2start")" -eq 20 ]
ok $? "20 p2 rows per thread"
spread=$(awk '{ lo = hi = $1; for (i = 2; i <= NF; i++) { if ($i < lo) lo = $i; if ($i > hi) hi = $i }
	if (hi - lo > m) m = hi - lo } END { print m + 0 }' "$TMP/p2start")
[ "$spread" -le 1000 ]
ok $? "each iteration's p2 starts in all threads within 1000 us (widest: $spread us)"
# The early ones waited for b: their p1 lasts about b's 20 ms sleep.
ma=$(median <"$TMP/b-a-0.log.p1")
[ "$ma" -ge 18000 ]
ok $? "a (sleep 5 ms) waited at the barrier for b (sleep 20 ms): median p1 $ma us"
[ "$ma" -le 40000 ]
ok $? "and was released when b arrived (median p1 <= 40 ms)"
