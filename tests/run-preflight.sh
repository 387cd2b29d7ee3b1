#!/bin/sh
# Attributes the machine refuses stop the run before time zero with one
# message naming the task (and phase): no log row is written.
. "${srcdir:-.}/tests/lib.sh"
plan 5
chmod 777 "$TMP"
cat >"$TMP/u.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP" },
  "tasks": { "u": { "loop": 2, "util_min": 512, "run": 100 } } }
J
if "$MIMIC" --quiet "$TMP/u.json" 2>"$TMP/err"; then
	ok 0 "uclamp is applied on a kernel that has it"
	ok 0 "--allow-missing is not needed # SKIP kernel has uclamp"
else
	grep -q "tasks.u: util_min/util_max: this kernel has no uclamp" "$TMP/err"
	ok $? "no uclamp: exit 1 naming the task and the attribute"
	"$MIMIC" --quiet --allow-missing "$TMP/u.json" 2>/dev/null &&
		[ "$(rows "$TMP/rt-app-u-0.log")" -eq 2 ]
	ok $? "--allow-missing runs it without the clamp"
fi
cat >"$TMP/p.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "p" },
  "tasks": { "t": { "loop": 1, "phases": {
	"first": { "run": 100 },
	"rt": { "policy": "SCHED_FIFO", "priority": 99, "util_max": 1, "run": 100 } } } } }
J
"$MIMIC" --quiet --allow-missing "$TMP/p.json" >/dev/null 2>&1
ok $? "a phase-level FIFO 99 is fine for root"
if command -v setpriv >/dev/null && [ "$(id -u)" -eq 0 ]; then
	sed 's/"log_basename": "p"/"log_basename": "q"/' "$TMP/p.json" >"$TMP/q.json"
	setpriv --reuid=65534 --regid=65534 --clear-groups "$MIMIC" --quiet \
		--allow-missing "$TMP/q.json" 2>"$TMP/err"
	rc=$?
	[ $rc -eq 1 ] && grep -q "tasks.t.phases.rt: policy SCHED_FIFO: Operation not permitted (needs root, CAP_SYS_NICE or RLIMIT_RTPRIO >= 99" "$TMP/err"
	ok $? "unprivileged: a later phase's FIFO is refused before time zero (exit $rc)"
	[ ! -e "$TMP/q-t-0.log" ]
	ok $? "and nothing ran: no log file was created"
else
	ok 0 "# SKIP needs root and setpriv"
	ok 0 "# SKIP needs root and setpriv"
fi
