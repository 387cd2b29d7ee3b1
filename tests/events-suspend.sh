#!/bin/sh
# "suspend"/"resume": tutorial example4's ping-pong (two tasks resume each
# other, then suspend) keeps both going in step; and a resume that comes
# before its target suspends is remembered, so the target does not block
# (rt-app loses it and deadlocks; mimic documents the difference).
. "${srcdir:-.}/tests/lib.sh"
plan 8
mkdir "$TMP/pp" "$TMP/early"
cat >"$TMP/pp.json" <<J
{ "global": { "duration": 1, "calibration": 50, "logdir": "$TMP/pp" },
  "tasks": {
    "thread0": { "loop": -1, "run": 10000, "resume": "thread1", "suspend": "thread0" },
    "thread1": { "loop": -1, "run": 10000, "resume": "thread0", "suspend": "thread1" },
    "w": { "instance": 2, "suspend": "" },
    "r": { "sleep": 20000, "resume": "w" } } }
J
"$MIMIC" --quiet "$TMP/pp.json"
ok $? "ping-pong: exits 0"
a=$(rows "$TMP/pp/rt-app-thread0-0.log") b=$(rows "$TMP/pp/rt-app-thread1-1.log")
[ "$a" -ge 5 ] && [ "$b" -ge 5 ]
ok $? "ping-pong: both threads progress ($a and $b rows in 1 s of 10 ms runs; >= 5 even under load)"
[ "$a" -ge $((b - 2)) ] && [ "$a" -le $((b + 2)) ]
ok $? "ping-pong: in step, row counts within 2 of each other ($a, $b)"
# Alongside: "suspend" with an empty value waits on its own task's name,
# and one "resume" of that name wakes every instance.
r=$(rows "$TMP/pp/rt-app-r-4.log") w2=$(rows "$TMP/pp/rt-app-w-2.log") w3=$(rows "$TMP/pp/rt-app-w-3.log")
[ "$r" -ge 10 ] && [ "$w2" -ge $((r - 2)) ] && [ "$w2" -le $((r + 2)) ] &&
	[ "$w3" -ge $((r - 2)) ] && [ "$w3" -le $((r + 2)) ]
ok $? "resume wakes both instances suspended on their task's name ($w2 and $w3 rows, $r resumes)"

# early resumes late every iteration while late is still sleeping, before
# late suspends; late then must not wait (nobody would resume it again),
# and resumes early in turn. 50 iterations of ~5 ms, duration 10 s.
cat >"$TMP/early.json" <<J
{ "global": { "duration": 10, "calibration": 50, "logdir": "$TMP/early" },
  "tasks": {
    "early": { "loop": 50, "run": 500, "resume": "late", "suspend": "early" },
    "late": { "loop": 50, "sleep": 5000, "suspend": "late", "resume": "early" } } }
J
run_bounded 5 "$MIMIC" --quiet "$TMP/early.json"
ok $rc "early resume: exits 0 (not killed by the 5 s watchdog)"
[ "$took" -lt 3000 ]
ok $? "early resume: all 50 loops done well before the 10 s duration ($took ms)"
e=$(rows "$TMP/early/rt-app-early-0.log") l=$(rows "$TMP/early/rt-app-late-1.log")
[ "$e" -eq 50 ] && [ "$l" -eq 50 ]
ok $? "early resume: 50 rows each ($e, $l)"
# late's rows are its 5 ms sleep: the suspend returned at once.
ml=$(col "$TMP/early/rt-app-late-1.log" period | median)
[ -n "$ml" ] && [ "$ml" -lt 15000 ]
ok $? "early resume: late's suspend did not wait (median row $ml us for a 5 ms sleep)"
