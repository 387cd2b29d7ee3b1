#!/bin/sh
# "fork": each use starts one more thread of a template task ("instance":
# 0, so none at start), logged as <basename>-<task>-<idx>-<NNNN>.log: the
# next free thread index, then the count of forks of that task.
. "${srcdir:-.}/tests/lib.sh"
plan 7
cat >"$TMP/w.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP" },
  "tasks": {
    "child": { "instance": 0, "loop": 3, "run": 100 },
    "parent": { "loop": 2, "fork": "child", "sleep": 10000 } } }
J
"$MIMIC" --quiet "$TMP/w.json"
ok $? "exits 0 (forked threads are joined)"
c1=$TMP/rt-app-child-1-0000.log c2=$TMP/rt-app-child-2-0001.log
[ -f "$c1" ] && [ -f "$c2" ]
ok $? "logs rt-app-child-1-0000.log and rt-app-child-2-0001.log exist ($(cd "$TMP" && ls *.log | tr '\n' ' '))"
[ ! -f "$TMP/rt-app-child-0.log" ] && [ "$(ls "$TMP"/*.log | wc -l)" -eq 3 ]
ok $? "no thread of the instance-0 template at start: 3 logs in all"
[ "$(rows "$c1")" -eq 3 ] && [ "$(rows "$c2")" -eq 3 ] && [ "$(rows "$TMP/rt-app-parent-0.log")" -eq 2 ]
ok $? "each fork ran its 3 loops, the parent its 2 ($(rows "$c1"), $(rows "$c2"), $(rows "$TMP/rt-app-parent-0.log"))"
[ "$(col "$c1" idx | sort -u)" = 1 ] && [ "$(col "$c2" idx | sort -u)" = 2 ]
ok $? "the idx column is the fork's thread index (1, 2)"
# Each child is born at its fork: the first during the parent's first
# row (before its second), the second at the second row, one parent
# iteration (10 ms of sleep) later.
p1=$(col "$TMP/rt-app-parent-0.log" start | head -1)
p2=$(col "$TMP/rt-app-parent-0.log" start | tail -1)
s1=$(col "$c1" start | head -1) s2=$(col "$c2" start | head -1)
[ "$s1" -ge "$p1" ] && [ "$s1" -lt "$p2" ]
ok $? "the first child starts at the first fork ($((s1 - p1)) us after the parent's first row start, before its second at $((p2 - p1)) us)"
[ "$s2" -ge "$p2" ] && [ $((s2 - p2)) -lt 100000 ] && [ $((p2 - p1)) -ge 9000 ]
ok $? "the second child starts at the second fork, one 10 ms parent iteration later ($((s2 - p2)) us after the parent's second row start, $((p2 - p1)) us after its first)"
