#!/bin/sh
# mode "process": each instance a process of its own, forked after set-up,
# sharing channels, futexes, mutexes and barriers with the others; logs and
# statistics come back to mimic, the same as in thread mode.
. "${srcdir:-.}/tests/lib.sh"
plan 16

# Messages per task from the summary's message latency block (from its
# header to the next empty line): "task | path messages p50 ..."
messages() { awk -v t="$2" '/message latency/ { m = 1; next } !NF { m = 0 }
	m && $1 == t && $2 == "|" { print $3 ":" $4 }' "$1"; }

hb() { # $1 mode, $2 channel
	"$MIMIC" --set groups=2 --set fds=3 --set loops=50 --set mode=$1 \
		--set channel=$2 --set messages=stamped --set log_size=file \
		-L "$TMP/hb-$1-$2" "$srcdir/workloads/hackbench.json" \
		>"$TMP/hb-$1-$2.out" 2>&1
}
for c in pipe socket; do
	mkdir -p "$TMP/hb-thread-$c" "$TMP/hb-process-$c"
	hb thread $c && hb process $c
	ok $? "hackbench $c runs in both modes"
	grep -q "Running in process mode" "$TMP/hb-process-$c.out"
	ok $? "hackbench $c says process mode"
	a=$(messages "$TMP/hb-thread-$c.out" rcv0.0); b=$(messages "$TMP/hb-process-$c.out" rcv0.0)
	[ "$a" = "$c:150" ] && [ "$a" = "$b" ] &&
		[ "$(cat "$TMP"/hb-process-$c/*snd*.log | wc -l)" -eq \
		  "$(cat "$TMP"/hb-thread-$c/*snd*.log | wc -l)" ]
	ok $? "hackbench $c: the same counts in both modes ($a, $b), same log rows"
done

# Separate processes: mimic's children while the instances sleep. Looked
# at until they are all there (a fixed wait missed them on a busy
# machine), then the run is stopped with SIGINT.
cat >"$TMP/procs.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "procs", "mode": "process" },
  "tasks": { "s": { "instance": 3, "loop": 1, "sleep": 20000000 },
             "t": { "mode": "thread", "loop": 1, "sleep": 20000000 } } }
J
"$MIMIC" -q "$TMP/procs.json" & pid=$!
for i in $(seq 100); do
	sleep 0.1
	kids=$(ps -o pid= --ppid $pid | wc -l)
	threads=$(ls /proc/$pid/task 2>/dev/null | wc -l)
	[ "$kids" -eq 3 ] && [ "$threads" -eq 2 ] && break
done
kill -INT $pid
wait $pid
ok $? "a mixed workload stopped by SIGINT ends with status 0"
[ "$kids" -eq 3 ] && [ "$threads" -eq 2 ]
ok $? "3 process instances are children, the thread task a thread of mimic ($kids children, $threads threads)"

# Across processes: futex wake-one, a mutex, a barrier.
cat >"$TMP/fx.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "fx", "duration": 1, "mode": "process" },
  "tasks": {
    "waiter": { "instance": 2, "loop": 1, "futex_wait": "f" },
    "waker": { "loop": 1, "sleep": 200000, "futex_wake": { "ref": "f", "count": 1 } } } }
J
"$MIMIC" -q "$TMP/fx.json"
n0=$(rows "$TMP/fx-waiter-0.log"); n1=$(rows "$TMP/fx-waiter-1.log")
[ $((n0 + n1)) -eq 1 ]
ok $? "futex wake-one across processes woke exactly one of two waiters ($n0 + $n1)"

cat >"$TMP/sync.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "sync", "mode": "process" },
  "tasks": {
    "a": { "instance": 2, "loop": 200, "lock": "m", "run": 50, "unlock": "m", "barrier": "b" } } }
J
run_bounded 20 "$MIMIC" "$TMP/sync.json" >"$TMP/sync.out" 2>&1
[ $rc -eq 0 ] && [ "$(rows "$TMP/sync-a-0.log")" -eq 200 ] && [ "$(rows "$TMP/sync-a-1.log")" -eq 200 ]
ok $? "a process-shared mutex and barrier: 200 loops each (rc $rc)"

# A fork event inside a process instance: main opens the new log.
cat >"$TMP/fork.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "fork", "mode": "process" },
  "tasks": {
    "parent": { "loop": 1, "fork": "child", "sleep": 100000 },
    "child": { "instance": 0, "loop": 5, "run": 100 } } }
J
"$MIMIC" -q "$TMP/fork.json"
ok $? "a fork in a process instance runs"
[ "$(rows "$TMP/fork-child-1-0000.log")" -eq 5 ]
ok $? "the forked thread's 5 rows reached its log"

# SIGINT while processes block in recv: all stop, logs well-formed.
cat >"$TMP/blocked.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "blk", "mode": "process" },
  "tasks": { "r": { "instance": 2, "recv": { "from": "p\${i}" , "bytes": 8 } }, "s": { "loop": 3, "run": 100 } } }
J
sed -i 's/\${i}//' "$TMP/blocked.json"
"$MIMIC" -q "$TMP/blocked.json" & pid=$!
sleep 0.5
t0=$(date +%s%N); kill -INT $pid; wait $pid; rc=$?
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
[ $rc -eq 0 ] || [ $rc -eq 130 ]
ok $? "SIGINT stops processes blocked in recv (rc $rc, $ms ms)"
[ $ms -lt 2000 ] && [ -z "$(ps -o pid= --ppid $pid)" ]
ok $? "within 2 s, no process left"

# A process instance that dies is reported, and the run fails.
cat >"$TMP/die.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "die", "mode": "process" },
  "tasks": { "victim": { "loop": 1, "sleep": 5000000 }, "other": { "loop": 1, "sleep": 5000000 } } }
J
"$MIMIC" -q "$TMP/die.json" 2>"$TMP/die.err" & pid=$!
sleep 0.4
kill -KILL "$(ps -o pid= --ppid $pid | head -n 1)"
t0=$(date +%s%N); wait $pid; rc=$?
ms=$(( ($(date +%s%N) - t0) / 1000000 ))
[ $rc -eq 1 ] && grep -q "tasks.victim: process .* killed by signal 9" "$TMP/die.err"
ok $? "a killed instance: exit 1 and a message naming the task (rc $rc)"
cat "$TMP/die.err" | diag
[ $ms -lt 2000 ]
ok $? "the others were stopped at once ($ms ms)"
exit 0
