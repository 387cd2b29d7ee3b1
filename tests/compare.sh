#!/bin/sh
# mimic compare BASE NEW: the same summary twice is no regression (exit 0);
# a NEW whose wake-up p99 is inflated is (exit 1, REGRESSION on that line);
# the threshold, the absolute floor (--min-us) and --metric decide what
# counts; bad input is exit 2 with a reason. NEW files are edited copies of
# a real summary, so the verdicts do not depend on how noisy the machine is.
. "${srcdir:-.}/tests/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not found"
plan 19

cat >"$TMP/w.json" <<J
{ "global": { "duration": 0.5, "calibration": 50, "log_size": "disable" },
  "tasks": { "tick": { "run": 100, "timer": { "ref": "unique", "period": 5000 } },
	     "idle": { "loop": 2, "sleep": 1000 } } }
J
"$MIMIC" -q --summary "$TMP/a.json" "$TMP/w.json" &&
	"$MIMIC" -q --summary "$TMP/b.json" "$TMP/w.json"
ok $? "two runs write two summaries"

# edit IN OUT PYTHON-STATEMENTS: d is the summary, t its task "tick".
edit() {
	python3 - "$1" "$2" "$3" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = [x for x in d["tasks"] if x["name"] == "tick"][0]
exec(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"))
PY
}

"$MIMIC" compare "$TMP/a.json" "$TMP/a.json" >"$TMP/out"
[ $? -eq 0 ] && grep -q "^tick  *wake.timer.p99 .* +0.0%$" "$TMP/out" &&
	! grep -q REGRESSION "$TMP/out"
ok $? "a summary against itself: exit 0, +0.0 %, no REGRESSION"
"$MIMIC" compare --threshold 1000% --min-us 100000 "$TMP/a.json" "$TMP/b.json" >"$TMP/out"
[ $? -eq 0 ] && grep -q "^tick  *wake.timer.p50 " "$TMP/out" &&
	grep -q "^tick  *slack.p50 " "$TMP/out" && grep -q "^tick  *run.p99 " "$TMP/out"
ok $? "two runs of one workload, generous threshold: exit 0, per-path and slack/run rows"
! grep -q "^idle .*slack\|^idle .*run\." "$TMP/out"
ok $? "a task without timer or run has no slack or run rows"

edit "$TMP/a.json" "$TMP/worse.json" 't["wake"]["timer"]["p99"] = t["wake"]["timer"]["p99"] * 3 + 1000'
"$MIMIC" compare "$TMP/a.json" "$TMP/worse.json" >"$TMP/out"
[ $? -eq 1 ] && grep -q "^tick  *wake.timer.p99 .*REGRESSION$" "$TMP/out" &&
	[ "$(grep -c REGRESSION "$TMP/out")" -eq 1 ]
ok $? "p99 tripled: exit 1, REGRESSION on wake.timer.p99 only"
grep -q "^mimic compare: 1 regression (wake.p99 worse by more than 10 % and 5 us)" "$TMP/out"
ok $? "the last line counts the regressions and says the rule"
"$MIMIC" compare "$TMP/worse.json" "$TMP/a.json" >/dev/null
ok $? "better is not a regression (NEW and BASE swapped: exit 0)"

edit "$TMP/a.json" "$TMP/base3.json" 't["wake"]["timer"]["p99"] = 3'
edit "$TMP/a.json" "$TMP/new4.json" 't["wake"]["timer"]["p99"] = 4'
"$MIMIC" compare "$TMP/base3.json" "$TMP/new4.json" >/dev/null &&
	! "$MIMIC" compare --min-us 0 "$TMP/base3.json" "$TMP/new4.json" >/dev/null
ok $? "3 -> 4 us is under the 5 us floor; with --min-us 0 it is a regression"

edit "$TMP/a.json" "$TMP/b1000.json" 't["wake"]["timer"]["p99"] = 1000'
edit "$TMP/a.json" "$TMP/n1050.json" 't["wake"]["timer"]["p99"] = 1050'
"$MIMIC" compare "$TMP/b1000.json" "$TMP/n1050.json" >/dev/null &&
	! "$MIMIC" compare --threshold 2 "$TMP/b1000.json" "$TMP/n1050.json" >/dev/null
ok $? "+5 %: not over the default 10 %, over --threshold 2"

edit "$TMP/a.json" "$TMP/lessslack.json" 't["slack_us"]["p50"] -= 1000'
"$MIMIC" compare "$TMP/a.json" "$TMP/lessslack.json" >/dev/null &&
	! "$MIMIC" compare --metric slack.p50 "$TMP/a.json" "$TMP/lessslack.json" >/dev/null &&
	"$MIMIC" compare --metric slack.p50 "$TMP/lessslack.json" "$TMP/a.json" >/dev/null
ok $? "--metric slack.p50: less slack is worse, more is not"

edit "$TMP/a.json" "$TMP/max.json" 't["wake"]["timer"]["max"] = t["wake"]["timer"]["max"] * 2 + 100'
"$MIMIC" compare --metric max "$TMP/a.json" "$TMP/max.json" >"$TMP/out"
[ $? -eq 1 ] && grep -q "^tick  *wake.timer.max .*REGRESSION$" "$TMP/out" &&
	"$MIMIC" compare "$TMP/a.json" "$TMP/max.json" >/dev/null
ok $? "--metric max checks max (and the default p99 does not)"

"$MIMIC" compare "$TMP/a.json" "$TMP/none.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "none.json: cannot read: No such file" "$TMP/err"
ok $? "a missing file: exit 2, named"
"$MIMIC" compare "$TMP/a.json" "$TMP/w.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "w.json: not a mimic summary" "$TMP/err"
ok $? "a workload file is not a summary: exit 2"
edit "$TMP/a.json" "$TMP/v3.json" 'd["mimic_summary"] = 3'
"$MIMIC" compare "$TMP/a.json" "$TMP/v3.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "summary format 3, this mimic reads 2" "$TMP/err"
ok $? "a newer format version: exit 2"
edit "$TMP/a.json" "$TMP/v1.json" 'd["mimic_summary"] = 1'
"$MIMIC" compare "$TMP/v1.json" "$TMP/a.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "summary format 1, this mimic reads 2 (format 1's wake.pipe, wake.socket and wake.futex included queueing" "$TMP/err"
ok $? "format 1 (wake-up latency with queueing): exit 2, says why"
edit "$TMP/a.json" "$TMP/renamed.json" 't["name"] = "tock"'
"$MIMIC" compare "$TMP/a.json" "$TMP/renamed.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "task tick is in .*a.json but not in .*renamed.json" "$TMP/err" &&
	grep -q "task tock is in .*renamed.json but not in .*a.json" "$TMP/err"
ok $? "tasks that do not match: exit 2, each named"
"$MIMIC" compare --metric p42 "$TMP/a.json" "$TMP/a.json" 2>/dev/null
r1=$?
"$MIMIC" compare "$TMP/a.json" 2>/dev/null
r2=$?
"$MIMIC" compare --threshold lots "$TMP/a.json" "$TMP/a.json" 2>/dev/null
r3=$?
[ $r1 -eq 2 ] && [ $r2 -eq 2 ] && [ $r3 -eq 2 ]
ok $? "bad --metric, one file, bad --threshold: exit 2"

# Message latency: its own rows per path (p50, p99), checked with
# --metric message.STAT.
cat >"$TMP/m.json" <<J
{ "global": { "duration": 0.5, "calibration": 50, "log_size": "disable" },
  "tasks": { "tx": { "timer": { "ref": "unique", "period": 5000 }, "send": "p" },
	     "rx": { "recv": "p" } } }
J
"$MIMIC" -q --summary "$TMP/m1.json" "$TMP/m.json" &&
	"$MIMIC" compare "$TMP/m1.json" "$TMP/m1.json" >"$TMP/out" &&
	grep -q "^rx  *message.pipe.p50 .* +0.0%$" "$TMP/out" &&
	grep -q "^rx  *message.pipe.p99 " "$TMP/out" && grep -q "^rx  *wake.pipe.p99 " "$TMP/out"
ok $? "message latency rows per path, beside the wake-up rows"
python3 - "$TMP/m1.json" "$TMP/m2.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = [x for x in d["tasks"] if x["name"] == "rx"][0]
t["message"]["pipe"]["p99"] = t["message"]["pipe"]["p99"] * 3 + 1000
json.dump(d, open(sys.argv[2], "w"))
PY
"$MIMIC" compare "$TMP/m1.json" "$TMP/m2.json" >/dev/null &&
	! "$MIMIC" compare --metric message.p99 "$TMP/m1.json" "$TMP/m2.json" >"$TMP/out" &&
	grep -q "^rx  *message.pipe.p99 .*REGRESSION$" "$TMP/out" &&
	grep -q "(message.p99 worse by" "$TMP/out"
ok $? "--metric message.p99 flags a tripled message p99 (the default wake.p99 does not)"

