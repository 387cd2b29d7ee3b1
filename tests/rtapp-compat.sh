#!/bin/sh
# rt-app's reading of a file, where mimic's used to differ (issue #18):
# one name for several kinds of resource, duplicate keys (json-c keeps the
# last value at the first key's place), a global.calibration far from this
# machine's, and a plain name as the value of "wait" or "sync".
. "${srcdir:-.}/tests/lib.sh"
plan 16
MIMIC_CALIBRATION_FILE=$TMP/store
export MIMIC_CALIBRATION_FILE

# --- one name, several kinds (rt-app's get_resource_index(name, type)) ---
cat >"$TMP/shared.json" <<J
{ "global": { "logdir": "$TMP", "log_basename": "s", "calibration": 50 },
  "tasks": {
    "a": { "loop": 20, "lock": "x", "signal": "x", "unlock": "x",
           "barrier": "x", "sem_post": "x", "resume": "x" },
    "b": { "loop": 20, "lock": "x", "unlock": "x", "barrier": "x",
           "sem_wait": "x" },
    "x": { "loop": 1, "suspend": "x", "run": 10 } } }
J
"$MIMIC" --check "$TMP/shared.json" 2>"$TMP/err"
ok $? "a mutex, condition, barrier, semaphore and wake-up named x: accepted"
grep -q '"x" is a wake-up and a condition: rt-app'"'"'s resume uses the condition and mutex of that name' "$TMP/err"
ok $? "a wake-up sharing a condition's name is warned (rt-app's resume signals that condition)"
run_bounded 20 "$MIMIC" --quiet --duration 10 "$TMP/shared.json"
[ "$rc" -eq 0 ] && [ "$(rows "$TMP/s-a-0.log")" -eq 20 ] &&
	[ "$(rows "$TMP/s-b-1.log")" -eq 20 ] && [ "$(rows "$TMP/s-x-2.log")" -eq 1 ]
ok $? "it runs to the end: every loop of the three tasks (exit $rc)"
echo '{ "resources": { "f": { "type": "futex" } }, "tasks": { "t": { "lock": "f", "barrier": "f" } } }' >"$TMP/f.json"
"$MIMIC" --check "$TMP/f.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q '"f" is a futex, not a mutex' "$TMP/err"
ok $? "mimic's own kinds (a futex word) still clash with another kind's name"

# --- duplicate keys ---
printf '{ "tasks": { "t": { "run": 100,\n  "sleep": 200,\n  "run": 300,\n  "run": 400 } } }\n' >"$TMP/dup.json"
"$MIMIC" --dump "$TMP/dup.json" >"$TMP/out" 2>"$TMP/err"
python3 -c 'import json, sys
e = json.load(open(sys.argv[1]))["tasks"][0]["phases"][0]["events"]
sys.exit([(x["key"], x["duration_us"]) for x in e] != [("run", 400), ("sleep", 200)])' "$TMP/out"
ok $? "the last value of a repeated key runs, at the first one's place (run 400, sleep 200)"
cat >"$TMP/want" <<W
$TMP/dup.json:1:21: warning: tasks.t.run: duplicate key: this value is dropped, as rt-app (json-c) drops it; kept: the last one ($TMP/dup.json:4:3), at the first one's place (1:21); --keep-duplicate-keys runs every one
$TMP/dup.json:3:3: warning: tasks.t.run: duplicate key: this value is dropped, as rt-app (json-c) drops it; kept: the last one ($TMP/dup.json:4:3), at the first one's place (1:21); --keep-duplicate-keys runs every one
W
diff -u "$TMP/want" "$TMP/err" | diag
cmp -s "$TMP/want" "$TMP/err"
ok $? "one warning per dropped value, naming it and the kept one by line:col"
"$MIMIC" --dump --keep-duplicate-keys "$TMP/dup.json" >"$TMP/out" 2>"$TMP/err"
python3 -c 'import json, sys
e = json.load(open(sys.argv[1]))["tasks"][0]["phases"][0]["events"]
sys.exit([x["duration_us"] for x in e] != [100, 200, 300, 400])' "$TMP/out" && [ ! -s "$TMP/err" ]
ok $? "--keep-duplicate-keys runs every one, in file order, without a warning"
sed 's/{ "tasks"/{ "global": { "keep_duplicate_keys": true }, "tasks"/' "$TMP/dup.json" >"$TMP/dupk.json"
"$MIMIC" --dump "$TMP/dupk.json" 2>"$TMP/err" | grep -c '"duration_us"' >"$TMP/n"
[ "$(cat "$TMP/n")" -eq 4 ] && [ ! -s "$TMP/err" ]
ok $? "\"keep_duplicate_keys\": true in global does the same"
echo '{ "global": { "keep_duplicate_keys": 1 }, "tasks": { "t": { "run": 1 } } }' >"$TMP/dupb.json"
"$MIMIC" --check "$TMP/dupb.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q 'global.keep_duplicate_keys: expected true or false, got integer' "$TMP/err"
ok $? "keep_duplicate_keys must be a boolean"

# --- calibration: the file's number against this machine's ---
# A planted stored value of 100 ns per loop for CPU 0 of this machine.
"$MIMIC" calibrate --cpu 0 >/dev/null 2>&1
sed -i "s/	0	[0-9.]*	/	0	100.000000	/" "$MIMIC_CALIBRATION_FILE"
mkdir "$TMP/c"
printf '{ "global": { "logdir": "%s", "log_basename": "c",\n  "calibration": 20 },\n  "tasks": { "t": { "loop": 2, "run": 1000 } } }\n' "$TMP/c" >"$TMP/cal.json"
"$MIMIC" --summary "$TMP/s.json" "$TMP/cal.json" >/dev/null 2>"$TMP/err"
grep -qx "$TMP/cal.json:2:18: warning: global.calibration: 20 ns per loop is 5.0x from this machine's 100.0 ns per loop of mimic's work loop (stored): rt-app's number for its own loop does not fit mimic's; mimic uses the file's 20, so each \"run\" takes about 500 % of its time (--calibration measured uses this machine's)" "$TMP/err" &&
	grep -q 'pLoad = 20ns' "$TMP/err"
ok $? "a number 5x from this machine's is warned with both, and used"
sed -i 's/"calibration": 20/"calibration": 150/' "$TMP/cal.json"
"$MIMIC" "$TMP/cal.json" >/dev/null 2>"$TMP/err"
! grep -q 'warning: global.calibration' "$TMP/err"
ok $? "a number within 2x of this machine's (150 vs 100) is not warned"
sed -i 's/"calibration": 150/"calibration": 20/' "$TMP/cal.json"
"$MIMIC" --calibration measured "$TMP/cal.json" >/dev/null 2>"$TMP/err"
perf=$(col "$TMP/c/c-t-0.log" perf | sort -u | tr '\n' ' ')
grep -q 'pLoad = 100ns : calib_cpu 0' "$TMP/err" && ! grep -q 'warning: global.calibration' "$TMP/err" &&
	[ "$perf" = "10 " ]
ok $? "--calibration measured uses the stored 100 ns: 10000 loops per run of 1000 us (perf: $perf)"
# With nothing stored, a quick estimate (a few ms of CPU time) stands for
# this machine's value: 100000 ns per loop is far from any machine's.
rm -f "$MIMIC_CALIBRATION_FILE"
sed -i 's/"calibration": 20/"calibration": 100000/' "$TMP/cal.json"
"$MIMIC" "$TMP/cal.json" >/dev/null 2>"$TMP/err"
grep -q "warning: global.calibration: 100000 ns per loop is .*x from this machine's .* ns per loop of mimic's work loop (estimated)" "$TMP/err"
ok $? "with nothing stored, an estimate is compared with the file's number"
# Only a run's length is loops of the number: without one there is
# nothing to warn of, and no estimate is made.
sed 's/"run": 1000/"runtime": 1000/' "$TMP/cal.json" >"$TMP/cal-rt.json"
"$MIMIC" "$TMP/cal-rt.json" >/dev/null 2>"$TMP/err"
rc=$?
[ $rc -eq 0 ] && ! grep -q 'warning: global.calibration' "$TMP/err"
ok $? "the same number with runtime and no run: not warned (exit $rc)"
"$MIMIC" --calibration nope "$TMP/cal.json" >/dev/null 2>"$TMP/err"
[ $? -eq 2 ] && grep -q 'expected "file" or "measured"' "$TMP/err"
ok $? "--calibration with another word: exit 2"

# --- a name as the value of wait/sync ---
echo '{ "tasks": { "t": { "lock": "q", "wait": "q", "unlock": "q" } } }' >"$TMP/w.json"
"$MIMIC" --check "$TMP/w.json" 2>"$TMP/err"
grep -qx "$TMP/w.json:1:42: warning: tasks.t.wait: a name as the value: rt-app would bind condition \"unknown\" and mutex \"unknown\" (it reads \"ref\" and \"mutex\" of an object only); mimic binds condition \"q\" and mutex \"q\"" "$TMP/err"
ok $? "\"wait\": \"q\" says what rt-app binds (\"unknown\") and what mimic binds"
