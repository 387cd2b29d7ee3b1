#!/bin/sh
# params, --set, ${expressions} and foreach expand a short file into many
# tasks and resources; rt-app files are untouched by it.
. "${srcdir:-.}/tests/lib.sh"
plan 10
cat >"$TMP/t.json" <<J
{ "params": { "n": 3, "k": 2, "kind": "pipe" },
  "global": { "calibration": 50, "logdir": "$TMP" },
  "resources": { "c\${i}": { "foreach": { "i": "\${n}" }, "type": "\${kind}" } },
  "tasks": {
    "tx\${i}": { "foreach": { "i": "\${n}" }, "loop": "\${k}",
                "send\${j}": { "foreach": { "j": 2 }, "to": "c\${i}", "bytes": 8 } },
    "rx\${i}": { "foreach": { "i": "\${n}" }, "loop": 1,
                "recv": { "from": "c\${i}", "bytes": 8, "count": "\${2 * k}" } } } }
J
"$MIMIC" --dump "$TMP/t.json" >"$TMP/d" 2>"$TMP/err"
ok $? "a templated workload parses"
[ "$(grep -c '"name": "tx' "$TMP/d")" -eq 3 ] && [ "$(grep -c '"name": "rx' "$TMP/d")" -eq 3 ]
ok $? "foreach makes three senders and three receivers"
[ "$(grep -c '"key": "send[01]"' "$TMP/d")" -eq 6 ] && grep -q '"count": 4' "$TMP/d"
ok $? "an event foreach makes two sends per sender; \${2 * k} is 4"
"$MIMIC" --quiet --set n=5 --set k=3 "$TMP/t.json"
ok $? "--set n=5 k=3 runs"
[ -f "$TMP/rt-app-rx4-9.log" ] && [ "$(rows "$TMP/rt-app-tx4-4.log")" -eq 3 ]
ok $? "--set changes the counts (5 pairs, 3 loops)"
"$MIMIC" --check --set nope=1 "$TMP/t.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q -- '--set: nope=1: no such parameter in "params"' "$TMP/err"
ok $? "an unknown parameter is an error, exit 2"
"$MIMIC" --check --set n=99999999999999999999 "$TMP/t.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q -- '--set: n=99999999999999999999: out of the 64-bit range' "$TMP/err"
ok $? "an integer beyond 64 bits in --set is an error, exit 2"
MIMIC_WORKLOAD_PATH="$srcdir/workloads" "$MIMIC" --set groups=1 --set fds=4 --set loops=50 --logdir "$TMP" hackbench >"$TMP/hb" 2>/dev/null
ok $? "the canned hackbench runs small (1 group of 4 + 4, 50 loops)"
head -1 "$TMP/hb" | grep -qx 'Running in threaded mode with 1 groups using 8 file descriptors each (== 8 tasks)' &&
	sed -n 2p "$TMP/hb" | grep -qx 'Each sender will pass 50 messages of 100 bytes' &&
	sed -n 3p "$TMP/hb" | grep -Eqx 'Time: [0-9]+\.[0-9]{3}'
ok $? "it prints hackbench's header lines and Time: S.mmm"
# 300 groups: 6000 channels, 12000 tasks. Name lookups are hashed, so this
# parses in well under a second; a quadratic lookup took seconds (36 s
# under ASan for 89 groups). The bound only catches such a regression.
run_bounded 60 "$MIMIC" --check --set groups=300 "$srcdir/workloads/hackbench.json"
[ $rc -eq 0 ] && [ $took -lt 20000 ]
ok $? "--check of a 12000-task hackbench in $took ms (bound 20 s)"
