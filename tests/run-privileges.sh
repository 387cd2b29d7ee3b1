#!/bin/sh
# Without privileges, and with a log directory mimic cannot use: a
# SCHED_FIFO workload run by nobody is refused before time zero with one
# message naming the task and RLIMIT_RTPRIO (exit 1); a SCHED_OTHER one
# runs; a log directory nobody cannot write is a clear exit 1; a full disk
# (a 64 KiB tmpfs) is reported naming the file, exit 1, never silently.
. "${srcdir:-.}/tests/lib.sh"
[ "$(id -u)" -eq 0 ] || skip_all "needs root (to become nobody, to mount)"
command -v setpriv >/dev/null || skip_all "no setpriv (util-linux)"
plan 9
nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
chmod 755 "$TMP"
open=$(mktemp -d "$TMP/open.XXXXXX")
chmod 777 "$open"

cat >"$TMP/fifo.json" <<J
{ "global": { "calibration": 50, "logdir": "$open", "duration": 1 },
  "tasks": { "rt": { "instance": 4, "policy": "SCHED_FIFO", "priority": 10,
                     "run": 1000, "sleep": 1000 } } }
J
nobody "$MIMIC" --quiet "$TMP/fifo.json" >/dev/null 2>"$TMP/err"
rc=$?
diag <"$TMP/err"
ok $(( rc != 1 )) "nobody, SCHED_FIFO: exit $rc (1: refused by the machine)"
[ "$(wc -l <"$TMP/err")" -eq 1 ] &&
	grep -q "fifo.json: error: tasks.rt: policy SCHED_FIFO: .*RLIMIT_RTPRIO >= 10; RLIMIT_RTPRIO is 0" "$TMP/err"
ok $? "one message, naming the task and RLIMIT_RTPRIO (for 4 instances)"
[ -z "$(ls "$open")" ]
ok $? "refused before time zero: no log file"

cat >"$TMP/fair.json" <<J
{ "global": { "calibration": 50, "logdir": "$open", "duration": 1 },
  "tasks": { "fair": { "instance": 2, "run": 1000, "sleep": 1000 } } }
J
nobody "$MIMIC" --quiet "$TMP/fair.json" 2>"$TMP/err"
rc=$?
diag <"$TMP/err"
[ $rc -eq 0 ] && [ "$(rows "$open/rt-app-fair-0.log")" -ge 10 ] &&
	[ "$(rows "$open/rt-app-fair-1.log")" -ge 10 ]
ok $? "nobody, SCHED_OTHER: runs (exit $rc), both logs have rows"

# $TMP is root's, 755: nobody cannot create files in it.
sed "s|\"logdir\": \"$open\"|\"logdir\": \"$TMP\"|" "$TMP/fair.json" >"$TMP/ro.json"
nobody "$MIMIC" --quiet "$TMP/ro.json" 2>"$TMP/err"
rc=$?
diag <"$TMP/err"
[ $rc -eq 1 ] &&
	grep -q "cannot create log file $TMP/rt-app-fair-0.log: Permission denied" "$TMP/err"
ok $? "log directory not writable: exit $rc, the file and the reason named"
[ ! -e "$TMP/rt-app-fair-0.log" ] && [ "$(wc -l <"$TMP/err")" -eq 1 ]
ok $? "one message, nothing written"

# A full disk while running: rows cannot all be written.
full=$TMP/full
mkdir "$full"
if ! mount -t tmpfs -o size=64k mimic-test "$full" 2>/dev/null; then
	for k in 7 8 9; do ok 0 "# SKIP cannot mount a tmpfs"; done
	exit 0
fi
trap 'umount "$full"; rm -rf "$TMP"' EXIT
cat >"$TMP/full.json" <<J
{ "global": { "calibration": 50, "logdir": "$full", "duration": 1 },
  "tasks": { "t": { "instance": 2, "timer": { "ref": "unique", "period": 200 } } } }
J
"$MIMIC" --quiet "$TMP/full.json" 2>"$TMP/err"
rc=$?
diag <"$TMP/err"
ok $(( rc != 1 )) "disk full: exit $rc"
grep -q "^mimic: cannot write $full/rt-app-t-[01].log: No space left on device" "$TMP/err"
ok $? "disk full: the message names the file and the reason"
# 2 threads x 5000 rows x 123 bytes could never fit in 64 KiB: the logs
# are cut, and the exit status said so.
[ "$(cat "$full"/*.log | wc -c)" -le 65536 ]
ok $? "the logs are indeed cut ($(cat "$full"/*.log | wc -c) bytes): exit 1 is not a false alarm"
