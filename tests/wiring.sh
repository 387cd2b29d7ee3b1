#!/bin/sh
# The wiring checks (doc/checks.md): each mistake's warning, naming both
# places; exit 0 without --strict, 2 with it; the mistakes that can only
# hang or spin are errors (exit 2) either way. And the "blocked at stop"
# report: a wait nobody signals, named by the text and JSON summaries.
. "${srcdir:-.}/tests/lib.sh"
plan 31
case $MIMIC in /*) ;; *) MIMIC=$(pwd)/$MIMIC ;; esac

# check NAME JSON EXPECTED-TEXT: the text on stderr, exit 0, then exit 2
# with --strict and the same text as an error.
check() {
	printf '%s\n' "$2" >"$TMP/$1.json"
	(cd "$TMP" && "$MIMIC" --check "$1.json") >/dev/null 2>"$TMP/err"
	rc=$?
	grep -F -- "$3" "$TMP/err" | grep -q ": warning: "
	found=$?
	[ "$found" -eq 0 ] || diag <"$TMP/err"
	[ "$rc" -eq 0 ] && [ "$found" -eq 0 ]
	ok $? "$1: a warning (exit $rc): $3"
	(cd "$TMP" && "$MIMIC" --check --strict "$1.json") >/dev/null \
		2>"$TMP/err"
	rc=$?
	grep -F -- "$3" "$TMP/err" | grep -q ": error: "
	[ "$rc" -eq 2 ] && [ $? -eq 0 ]
	ok $? "$1: an error with --strict (exit $rc)"
}

check no-receiver '{ "tasks": {
	"a": { "send": "ch", "sleep": 1000 },
	"b": { "run": 10 } } }' \
	'no-receiver.json:2:9: warning: tasks.a.send: channel "ch" is sent to here but nothing receives from it'

check no-sender '{ "tasks": {
	"a": { "recv": "ch", "run": 10 } } }' \
	'tasks.a.recv: channel "ch" is received from here but nothing sends to it'

check typo '{ "resources": { "pipe": { "type": "pipe" } }, "tasks": {
	"a": { "send": "piep", "sleep": 1000 },
	"b": { "recv": "pipe", "run": 10 },
	"c": { "send": "pipe", "sleep": 1000 } } }' \
	'tasks.a.send: channel "piep" is declared nowhere (it is made a new pipe); did you mean "pipe" (declared at typo.json:1:26 (resources.pipe))?'

check typo-lone '{ "tasks": {
	"a": { "send": "pipe1", "sleep": 1000 },
	"b": { "recv": "piep1", "run": 10 } } }' \
	'channel "pipe1" is sent to here but nothing receives from it: the sends fill it, then block; did you mean "piep1" (received at typo-lone.json:3:9 (tasks.b.recv))?'

check bytes '{ "tasks": {
	"a": { "send": { "to": "ch", "bytes": 8 }, "sleep": 1000 },
	"b": { "recv": { "from": "ch", "bytes": 16 } } } }' \
	'bytes.json:2:9: warning: tasks.a.send: channel "ch": 8-byte messages are sent here but bytes.json:3:9 (tasks.b.recv) expects 16 bytes: each message is still read whole at its sent size'

# A drawn send is compared with nothing: recv takes each message whole.
printf '%s\n' '{ "tasks": {
	"a": { "send": { "to": "ch", "bytes": { "uniform": [8, 64] } }, "sleep": 1000 },
	"b": { "recv": { "from": "ch", "bytes": 16 } } } }' >"$TMP/drawn.json"
(cd "$TMP" && "$MIMIC" --check --strict drawn.json) >/dev/null 2>"$TMP/err"
rc=$?
[ "$rc" -eq 0 ] && ! grep -q "warning\|error" "$TMP/err"
ok $? "bytes drawn by the sender, fixed at recv: no size warning, even --strict (exit $rc)"

check cond '{ "tasks": {
	"a": { "wait": "cnd", "run": 10 },
	"b": { "signal": "cond", "run": 10 } } }' \
	'tasks.a.wait: condition "cnd" is waited on here but nothing signals it (no signal, broad or sync names it): the wait blocks until the run stops; did you mean "cond" (signalled at cond.json:3:9 (tasks.b.signal))?'

check unlock-unlocked '{ "tasks": {
	"a": { "lock": "m", "run": 10, "unlock": "m" },
	"b": { "unlock": "m", "run": 10 } } }' \
	'tasks.b.unlock: task "b" unlocks mutex "m" here but never locks it, so the unlock does nothing; it is locked at unlock-unlocked.json:2:9 (tasks.a.lock)'

check barrier '{ "tasks": {
	"a": { "phases": { "p": { "barrier": "b", "run": 10, "barrier1": "b" } } } } }' \
	'tasks.a.phases.p.barrier1: barrier "b" waits for 2 arrivals but only 1 thread uses it'

check near-key '{ "tasks": { "a": { "runtim": 10 } } }' \
	'tasks.a.runtim: "runtim" is read as a "run" event (event keys match by prefix); did you mean "runtime"?'

# No warning for numbered keys and for what is wired right.
printf '%s\n' '{ "tasks": {
	"a": { "lock0": "m", "run0": 10, "unlock0": "m", "send": "ch", "signal": "c", "barrier": "b", "sleep": 100 },
	"b": { "recv": "ch", "wait": { "ref": "c", "mutex": "mc" }, "barrier": "b", "runtime1": 10 } } }' \
	>"$TMP/right.json"
"$MIMIC" --check --strict "$TMP/right.json" >/dev/null 2>"$TMP/err"
rc=$?
diag <"$TMP/err"
[ "$rc" -eq 0 ] && [ ! -s "$TMP/err" ]
ok $? "a workload wired right: no message, exit $rc with --strict"

# Errors without --strict: what can only hang or spin.
hard() {
	printf '%s\n' "$2" >"$TMP/$1.json"
	(cd "$TMP" && "$MIMIC" --check "$1.json") >/dev/null 2>"$TMP/err"
	rc=$?
	grep -F -- "$3" "$TMP/err" | grep -q ": error: "
	found=$?
	[ "$found" -eq 0 ] || diag <"$TMP/err"
	[ "$rc" -eq 2 ] && [ "$found" -eq 0 ]
	ok $? "$1: an error (exit $rc): $3"
}
hard relock '{ "tasks": { "a": { "lock": "m0", "run": 100, "unlock": "m1" } } }' \
	'relock.json:1:21: error: tasks.a.lock: task "a" locks mutex "m0" here while it still holds it'
hard relock-phases '{ "tasks": { "a": { "phases": {
	"p1": { "lock": "m", "run": 100 },
	"p2": { "run": 100, "lock": "m", "unlock": "m" } } } } }' \
	'tasks.a.phases.p2.lock: task "a" locks mutex "m" here while it still holds it (taken at relock-phases.json:2:10 (tasks.a.phases.p1.lock)'
hard unlock-twice '{ "tasks": { "a": { "lock": "m", "unlock": "m", "unlock1": "m", "run": 10 } } }' \
	'tasks.a.unlock1: task "a" unlocks mutex "m" here, where it never holds it'
hard period-0 '{ "tasks": { "a": { "timer": { "ref": "t", "period": 0 }, "run": 10 } } }' \
	'tasks.a.timer: timer "t" has period 0'

# Decided by the sequence: one pass only never relocks (loop 1); a lock
# after a phase that loops forever never runs.
printf '%s\n' '{ "tasks": { "a": { "loop": 1, "lock": "m0", "run": 100, "unlock": "m1" } } }' \
	>"$TMP/once.json"
"$MIMIC" --check "$TMP/once.json" >/dev/null 2>"$TMP/err"
rc=$?
[ "$rc" -eq 0 ] && grep -q 'unlocks mutex "m1" here but never locks it' "$TMP/err"
ok $? "loop 1: no relock, the unlock's warning only (exit $rc)"
printf '%s\n' '{ "tasks": { "a": { "phases": { "p1": { "lock": "m", "run": 10 }, "p2": { "loop": -1, "run": 10 }, "p3": { "lock": "m", "run": 10 } } } } }' \
	>"$TMP/endless.json"
"$MIMIC" --check "$TMP/endless.json" >/dev/null 2>"$TMP/err"
rc=$?
diag <"$TMP/err"
[ "$rc" -eq 0 ]
ok $? "a lock after a phase that loops forever is never reached (exit $rc)"

# An unknown key gets a "did you mean".
printf '%s\n' '{ "tasks": { "a": { "prioirty": 5, "run": 1 } } }' >"$TMP/unk.json"
"$MIMIC" --check "$TMP/unk.json" >/dev/null 2>"$TMP/err"
rc=$?
[ "$rc" -eq 2 ] && grep -q 'unknown key; did you mean "priority"?' "$TMP/err"
ok $? "unknown key: did you mean (exit $rc)"

# Blocked at stop: a wait nobody signals, a 1 s run.
printf '%s\n' '{ "global": { "duration": 1 }, "tasks": {
	"waiter": { "wait": "nobody", "run": 10 },
	"worker": { "run": 1000, "sleep": 10000 } } }' >"$TMP/blocked.json"
mkdir "$TMP/logs"
"$MIMIC" --no-progress -L "$TMP/logs" --summary "$TMP/s.json" \
	"$TMP/blocked.json" >"$TMP/out" 2>"$TMP/err"
rc=$?
[ "$rc" -eq 0 ]
ok $? "the run with a wait nobody signals ends at its duration (exit $rc)"
grep -q '^blocked at stop: 1 thread$' "$TMP/out" &&
	awk '$1 == "waiter" && $2 == "waiter-0" && $3 == "wait" &&
		$4 == "nobody" && $6 < 0.1 && $7 > 0.8 { f = 1 }
		END { exit !f }' "$TMP/out"
ok $? "the summary names it: task, thread, event, resource, since, blocked"
grep -A3 '^blocked at stop' "$TMP/out" | diag
! sed -n '/^blocked at stop/,$p' "$TMP/out" | grep -q '^worker '
ok $? "a thread in run or sleep is not blocked"
python3 - "$TMP/s.json" <<'PY'
import json, sys
b = json.load(open(sys.argv[1]))["blocked_at_stop"]
assert len(b) == 1, b
t = b[0]
assert (t["task"], t["thread"], t["event"], t["resource"]) == \
	("waiter", "waiter-0", "wait", "nobody"), t
assert t["since_s"] < 0.1 and t["blocked_s"] > 0.8, t
PY
ok $? "the JSON summary carries it (blocked_at_stop)"
