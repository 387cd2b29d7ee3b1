#!/bin/sh
# Limits named before time zero, and limits that are no more: the fd limit
# (ulimit -n 64: RLIMIT_NOFILE named with the number needed and the number
# available; a soft limit below the hard one is raised); fork slots are
# what the workload can make (16 fork targets run, where 16 x 1024 slots
# were refused); 64 held mutexes run, a 65th is refused at once (it used
# to deadlock the next thread silently).
. "${srcdir:-.}/tests/lib.sh"
plan 7
mkdir "$TMP/logs"
cat >"$TMP/fd.json" <<J
{ "global": { "calibration": 50, "duration": 0.5, "logdir": "$TMP/logs" },
  "tasks": { "p": { "instance": 100, "run": 50,
                    "timer": { "ref": "unique", "period": 100000 } } } }
J
(ulimit -n 64 && exec "$MIMIC" -q "$TMP/fd.json") 2>"$TMP/err"
rc=$?
diag <"$TMP/err"
[ $rc -eq 1 ] && grep -q "fd.json: error: 116 file descriptors needed (100 log files, 0 channel ends, 16 for mimic itself): RLIMIT_NOFILE is 64 (hard limit 64): raise it (ulimit -n 116, or nofile in /etc/security/limits.conf)" "$TMP/err" &&
	[ -z "$(ls "$TMP/logs")" ]
ok $? "ulimit -n 64, 100 threads: exit $rc before any log, RLIMIT_NOFILE named"

hard=$(ulimit -H -n)
if [ "$hard" = unlimited ] || [ "$hard" -ge 200 ]; then
	(ulimit -S -n 64 && exec "$MIMIC" -q "$TMP/fd.json") 2>"$TMP/err"
	rc=$?
	diag <"$TMP/err"
	[ $rc -eq 0 ] && [ "$(ls "$TMP/logs" | wc -l)" -eq 100 ]
	ok $? "soft limit 64 under a hard limit of $hard: raised, exit $rc"
else
	ok 0 "# SKIP hard RLIMIT_NOFILE $hard"
fi
rm -f "$TMP"/logs/*

# 16 fork targets, each forked once: 16 slots, not 16384.
awk -v dir="$TMP/logs" 'BEGIN {
	printf "{ \"global\": { \"calibration\": 50, \"logdir\": \"%s\" }, \"tasks\": { \"main\": { \"loop\": 1", dir;
	for (k = 0; k < 16; k++) printf ", \"fork%d\": \"w%d\"", k, k;
	printf ", \"run\": 10 }";
	for (k = 0; k < 16; k++) printf ", \"w%d\": { \"instance\": 0, \"loop\": 1, \"run\": 100 }", k;
	print " } }" }' >"$TMP/fork16.json"
# A machine that has room for 100 more threads only (fake /proc).
fake=$TMP/proc
mkdir -p "$fake/sys/kernel"
echo "0.00 0.00 0.00 1/400 1" >"$fake/loadavg"
echo 500 >"$fake/sys/kernel/threads-max"
MIMIC_PROC_DIR=$fake "$MIMIC" -q "$TMP/fork16.json" 2>"$TMP/err"
rc=$?
diag <"$TMP/err"
[ $rc -eq 0 ] && [ "$(ls "$TMP"/logs/rt-app-w*.log | wc -l)" -eq 16 ]
ok $? "16 fork targets on a machine with room for 100 threads: exit $rc, 16 forks"
rm -f "$TMP"/logs/*

# Forks counted through loops: main loops 3 times over a fork of w, w
# forks x twice per thread: 3 of w, 6 of x; a fork beyond is not made.
cat >"$TMP/forks.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP/logs" },
  "tasks": { "main": { "loop": 3, "fork": "w", "run": 10 },
             "w": { "instance": 0, "loop": 2, "fork": "x", "run": 10 },
             "x": { "instance": 0, "loop": 1, "run": 10 } } }
J
echo 412 >"$fake/sys/kernel/threads-max"
MIMIC_PROC_DIR=$fake "$MIMIC" -q "$TMP/forks.json" 2>"$TMP/err"
rc=$?
diag <"$TMP/err"
[ $rc -eq 0 ] && [ "$(ls "$TMP"/logs/rt-app-w-*.log | wc -l)" -eq 3 ] &&
	[ "$(ls "$TMP"/logs/rt-app-x-*.log | wc -l)" -eq 6 ]
ok $? "forks through loops: 3 + 6 slots, fit where 412 - 400 threads are free (2051 were reserved before): exit $rc"
rm -f "$TMP"/logs/*
echo 411 >"$fake/sys/kernel/threads-max"
MIMIC_PROC_DIR=$fake "$MIMIC" -q "$TMP/forks.json" 2>"$TMP/err"
rc=$?
[ $rc -eq 1 ] && grep -q "forks.json: error: 12 threads: kernel.threads-max is 411" "$TMP/err"
ok $? "... and count in the thread limits: 1 + 9 + main + probe = 12 (exit $rc)"
rm -f "$TMP"/logs/*

held() { # held N: a task of 2 threads each locking N mutexes, 3 times
	awk -v n="$1" -v dir="$TMP/logs" 'BEGIN {
		printf "{ \"global\": { \"calibration\": 50, \"logdir\": \"%s\" }, \"tasks\": { \"t\": { \"instance\": 2, \"loop\": 3", dir;
		for (k = 0; k < n; k++) printf ", \"lock%d\": \"m%d\"", k, k;
		printf ", \"run\": 100";
		for (k = 0; k < n; k++) printf ", \"unlock%d\": \"m%d\"", k, k;
		print " } } }" }' >"$TMP/held$1.json"
}
held 64
run_bounded 20 "$MIMIC" -q "$TMP/held64.json" 2>"$TMP/err"
diag <"$TMP/err"
[ $rc -eq 0 ] && [ "$(rows "$TMP/logs/rt-app-t-1.log")" -eq 3 ]
ok $? "64 mutexes held at once by 2 threads: exit $rc in $took ms"
rm -f "$TMP"/logs/*
held 65
run_bounded 20 "$MIMIC" -q "$TMP/held65.json" 2>"$TMP/err"
diag <"$TMP/err"
[ $rc -eq 2 ] && grep -q "held65.json:1:[0-9]*: error: tasks.t.lock64: a thread would hold more than 64 mutexes at once here (the most one thread can hold)" "$TMP/err" &&
	[ -z "$(ls "$TMP/logs")" ]
ok $? "a 65th: exit $rc in $took ms, before any thread (was: a silent deadlock)"
echo "# limits: $((TEST_N - TEST_FAILED)) passed, $TEST_FAILED failed"
