#!/bin/sh
# SIGINT mid-run stops every thread (busy, sleeping, in a timer) quickly,
# exits 0, and leaves complete logs: the header, whole rows, nothing cut.
. "${srcdir:-.}/tests/lib.sh"
plan 5
cat >"$TMP/w.json" <<J
{ "global": { "duration": 30, "calibration": 50, "logdir": "$TMP" },
  "tasks": {
    "busy": { "run": 300000 },
    "sleepy": { "run": 100, "sleep": 2000000 },
    "tick": { "timer": { "ref": "unique", "period": 1000 } } } }
J
"$MIMIC" --quiet "$TMP/w.json" &
pid=$!
# The signal comes once the timer thread has logged 500 rows (about 1 s
# of running; longer to reach on a busy machine), so the rows up to it
# are known to exist and must survive the stop.
seen=0
for i in $(seq 100); do
	sleep 0.1
	[ -f "$TMP/rt-app-tick-2.log" ] && seen=$(rows "$TMP/rt-app-tick-2.log")
	[ "$seen" -ge 500 ] && break
done
start=$(date +%s%N)
kill -INT $pid
wait $pid
rc=$?
took=$(( ($(date +%s%N) - start) / 1000000 ))
ok $rc "exit status 0 after SIGINT"
[ "$took" -lt 1000 ]
ok $? "stopped within 1 s of the signal (took $took ms; sleepers wait 2 s)"
n=$(rows "$TMP/rt-app-tick-2.log")
[ "$n" -ge 500 ] && [ "$n" -ge "$seen" ]
ok $? "the timer thread's rows up to the signal are there ($n, $seen seen before it)"
bad=$(cat "$TMP"/rt-app-*.log | awk 'NR > 0 && NF != 11' | wc -l)
ok "$bad" "every line of every log has 11 fields ($bad do not)"
[ "$(ls "$TMP"/rt-app-*.log | wc -l)" -eq 3 ]
ok $? "three log files"
