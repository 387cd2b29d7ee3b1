#!/bin/sh
# The events the schbench workloads are made of: matmul (and its
# op_time), percpu_lock, futex_wait with post, futex_reset, batch wakes,
# request and rate, and futex_wake_list, and sleep with jitter. Small runs; bounds are generous.
. "${srcdir:-.}/tests/lib.sh"
plan 19
cat >"$TMP/mm.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "mm" },
  "tasks": { "t": { "loop": 3, "matmul": { "footprint": 262144, "count": 2 } } } }
J
"$MIMIC" --dump "$TMP/mm.json" | tr -d ' \n' | grep -q '"size":104,"count":2'
ok $? "a 256 KB footprint is 104 x 104 matrices, as schbench's -F 256"
"$MIMIC" --quiet "$TMP/mm.json" && [ "$(rows "$TMP/mm-t-0.log")" -eq 3 ] &&
	[ "$(col "$TMP/mm-t-0.log" run | awk '$1 > 0' | wc -l)" -eq 3 ]
ok $? "matmul runs and its time is logged as run time"
# op_time: each multiplication stands for that much CPU time; mimic times
# its rows at start (a notice, not with --quiet) and does as many rows as
# that takes: 5 us is at most one row of 104 x 104 (~10 us each here),
# far less than a whole multiplication (104 rows).
cat >"$TMP/op.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "op" },
  "tasks": { "t": { "loop": 5, "phases": {
    "whole": { "matmul": { "footprint": 262144, "count": 1 } },
    "paced": { "matmul": { "footprint": 262144, "count": 1, "op_time": 5 } } } } } }
J
"$MIMIC" --dump "$TMP/op.json" | grep -q '"op_time_us": 5'
ok $? "matmul takes op_time (us), shown by --dump"
"$MIMIC" "$TMP/op.json" >"$TMP/op.out" 2>"$TMP/op.err" &&
	grep -q '<notice> matmul 104 x 104: one multiplication takes [0-9.]* us of CPU time here' "$TMP/op.err"
ok $? "the matmul timing at start is printed"
awk 'NR > 1 { r[(NR - 2) % 2] += $3 } END { exit !(r[0] > 10 * (r[1] + 1)) }' "$TMP/op-t-0.log"
ok $? "op_time scales the rows done: 5 us of 104 x 104 is far less than one multiplication"
"$MIMIC" --quiet "$TMP/op.json" 2>"$TMP/op.err" && [ ! -s "$TMP/op.err" ]
ok $? "--quiet leaves the matmul timing out"
echo '{ "tasks": { "t": { "matmul": { "size": 8, "footprint": 4096 } } } }' >"$TMP/bad.json"
"$MIMIC" --check "$TMP/bad.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q 'needs one of "size" and "footprint"' "$TMP/err"
ok $? "matmul takes size or footprint, not both (exit 2)"

# Two threads on CPU 0 share CPU 0's lock: their held sections never overlap.
cat >"$TMP/pc.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "pc" },
  "tasks": { "t": { "instance": 2, "loop": 10, "cpus": [0], "phases": {
    "take": { "percpu_lock": "cpu" },
    "hold": { "run": 2000 },
    "release": { "percpu_unlock": { "ref": "cpu" } } } } } }
J
run_bounded 20 "$MIMIC" --quiet "$TMP/pc.json"
ok $rc "two threads take CPU 0's lock 10 times each and finish"
for i in 0 1; do
	awk 'NR > 1 && (NR - 2) % 3 == 1 { print $5, $6 }' "$TMP/pc-t-$i.log"
done | sort -n | awk 'NR > 1 && $1 < end { bad = 1 } { end = $2 } END { exit bad }'
ok $? "held sections of one CPU's lock do not overlap"
echo '{ "tasks": { "t": { "lock": "m", "percpu_lock": "m" } } }' >"$TMP/bad.json"
"$MIMIC" --check "$TMP/bad.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q 'is a mutex, not a per-CPU mutex' "$TMP/err"
ok $? "one name cannot be a mutex and a per-CPU mutex"

# schbench's handshake: the worker is waiting before it posts, so the
# message thread's wake-all always finds it; 200 round trips complete.
cat >"$TMP/hs.json" <<J
{ "global": { "calibration": 50, "duration": 2, "logdir": "$TMP", "log_basename": "hs",
              "report": "schbench" },
  "tasks": {
    "msg": { "futex_reset": "m", "futex_wake": { "ref": "w", "count": 0, "batch": true },
             "futex_wait": { "ref": "m", "record": false } },
    "worker": { "loop": 200, "futex_wait": { "ref": "w", "post": "m" }, "request": "wake" },
    "monitor": { "rate": "requests", "sleep": 100000 } } }
J
run_bounded 20 "$MIMIC" "$TMP/hs.json" >"$TMP/hs.out" 2>&1
# every post taken is a message latency sample (schbench's Wakeup
# Latencies); a wake-up sample only when the worker slept in FUTEX_WAIT
awk '$1 == "worker" && $3 == 200 && $5 == "|" && ($6 == "-" || ($6 == "futex" && $7 <= 200)) { w = 1 }
	$1 == "worker" && $2 == "|" && $3 == "futex" && $4 == 200 { m = 1 } END { exit !(w && m) }' "$TMP/hs.out"
ok $? "200 handshakes, 200 worker message samples, no more wake-ups"
awk '$1 == "msg" && $6 == "-" { f = 1 } END { exit !f }' "$TMP/hs.out"
ok $? "record: false leaves the message thread's waits out"
grep -q '^Request Latencies percentiles (usec) runtime 2 (s) (200 total samples)$' "$TMP/hs.out" ||
	grep -Eq '^Request Latencies .*\(([0-9]|[1-9][0-9]|1[0-9][0-9]) total samples\)$' "$TMP/hs.out"
ok $? "every request is counted (0 us requests are left out, as schbench does)"
grep -Eq '^RPS percentiles \(requests\) runtime 2 \(s\) \([0-9]+ total samples\)$' "$TMP/hs.out" &&
	grep -q '^average rps: 100\.00$' "$TMP/hs.out"
ok $? "rate samples the requests per second; average rps is requests / duration"

# Classic schbench's list: three workers put their words on the message
# thread's list as they post it; each list wake answers every one of
# them once (none lost, none twice), in either order. (The order itself is
# tests/unit/test-resource's.)
for order in lifo fifo; do
	cat >"$TMP/wl.json" <<J
{ "global": { "calibration": 50, "duration": 3, "logdir": "$TMP", "log_basename": "wl" },
  "tasks": {
    "msg": { "futex_reset": "m", "futex_wake_list": { "ref": "m", "order": "$order" },
             "futex_wait": { "ref": "m", "record": false } },
    "worker\${w}": { "foreach": { "w": 3 }, "loop": 100,
                     "futex_wait": { "ref": "w\${w}", "post": "m" } } } }
J
	run_bounded 20 "$MIMIC" "$TMP/wl.json" >"$TMP/wl.out" 2>&1
	[ "$rc" -eq 0 ] &&
	awk '$1 ~ /^worker[0-2]$/ && $2 == "|" && $3 == "futex" && $4 == 100 { n++ }
		END { exit n != 3 }' "$TMP/wl.out"
	ok $? "futex_wake_list ($order): three workers answered 100 times each, none lost"
done
echo '{ "tasks": { "t": { "futex_wake_list": { "ref": "m", "order": "random" } } } }' >"$TMP/bad.json"
"$MIMIC" --check "$TMP/bad.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q 'order' "$TMP/err"
ok $? "futex_wake_list's order is lifo or fifo (exit 2)"

cat >"$TMP/sl.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "sl" },
  "tasks": { "t": { "loop": 20, "sleep": { "time": 1000, "jitter": 2000 } } } }
J
"$MIMIC" --dump "$TMP/sl.json" | grep -q '"jitter_us": 2000'
ok $? "sleep takes a jitter"
"$MIMIC" --quiet "$TMP/sl.json" &&
	col "$TMP/sl-t-0.log" period | awk '$1 < 1000 { bad = 1 } $1 >= 1000 && $1 < 2000 { a++ } $1 >= 2000 { b++ }
		END { exit bad || !a || !b }'
ok $? "jittered sleeps last time + [0, jitter) (some below, some above time + jitter/2)"
