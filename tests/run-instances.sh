#!/bin/sh
# instance 2 makes two threads with two log files, rt-app's names and
# thread indices; a second task takes the next index.
. "${srcdir:-.}/tests/lib.sh"
plan 5
cat >"$TMP/w.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "b" },
  "tasks": { "a": { "instance": 2, "loop": 5, "run": 100, "sleep": 1000 },
             "z": { "loop": 3, "sleep": 1000 } } }
J
"$MIMIC" --quiet "$TMP/w.json"
ok $? "exits 0"
[ -f "$TMP/b-a-0.log" ] && [ -f "$TMP/b-a-1.log" ] && [ -f "$TMP/b-z-2.log" ]
ok $? "files b-a-0.log, b-a-1.log and b-z-2.log exist"
[ "$(rows "$TMP/b-a-0.log")" -eq 5 ] && [ "$(rows "$TMP/b-a-1.log")" -eq 5 ] &&
	[ "$(rows "$TMP/b-z-2.log")" -eq 3 ]
ok $? "each has one row per loop (5, 5, 3)"
[ "$(col "$TMP/b-a-1.log" idx | sort -u)" = 1 ]
ok $? "the idx column is the thread index"
head -1 "$TMP/b-a-0.log" | grep -q '^#idx     perf      run   period           start             end          rel_st      slack c_duration   c_period     wu_lat$'
ok $? "the header is rt-app's, byte for byte"
