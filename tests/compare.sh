#!/bin/sh
# mimic compare BASE NEW: the same summary twice is no regression (exit 0);
# a NEW whose wake-up p99 is inflated is (exit 1, REGRESSION on that line);
# the threshold, the absolute floor (--min-us) and --metric decide what
# counts; overruns, slack collapse, kernel stats, lock wait and the
# headline figures are always checked; runs that differ in params, kernel
# or version are warned about; tasks on one side only are warned about
# (exit 1, or compared without with --common-tasks); sides of several runs
# (files with vs, a directory of runs) are judged by medians and a
# Mann-Whitney p; bad input is exit 2 with a reason. NEW files are edited
# copies of a real summary, so the verdicts do not depend on how noisy the
# machine is.
. "${srcdir:-.}/tests/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not found"
plan 39

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
# Overruns are any rise: two real runs may differ by one; only the rows
# are checked here.
"$MIMIC" compare --threshold 1000% --min-us 100000 --min-count 100000 "$TMP/a.json" "$TMP/b.json" >"$TMP/out"
[ $? -le 1 ] && grep -q "^tick  *wake.timer.p50 " "$TMP/out" &&
	! grep -q "^tick  *wake.*REGRESSION" "$TMP/out" && grep -q "^tick  *overruns " "$TMP/out" &&
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
! "$MIMIC" compare "$TMP/a.json" "$TMP/lessslack.json" >/dev/null &&
	! "$MIMIC" compare --metric slack.p50 "$TMP/a.json" "$TMP/lessslack.json" >/dev/null &&
	"$MIMIC" compare "$TMP/lessslack.json" "$TMP/a.json" >/dev/null
ok $? "slack.p50 is always checked: less slack is worse, more is not"

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
edit "$TMP/a.json" "$TMP/renamed.json" 't["name"] = "tock"; d["tasks"] = [t]'
edit "$TMP/a.json" "$TMP/onlytick.json" 'd["tasks"] = [t]'
"$MIMIC" compare "$TMP/onlytick.json" "$TMP/renamed.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "task tick is in .*onlytick.json but not in .*renamed.json" "$TMP/err" &&
	grep -q "task tock is in .*renamed.json but not in .*onlytick.json" "$TMP/err" &&
	grep -q "no task and no headline figure in common: nothing to compare" "$TMP/err"
ok $? "no task in common: exit 2, each task named"
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


# Always checked, without --metric: overruns (any rise), slack collapse.
edit "$TMP/a.json" "$TMP/ov0.json" 't["overruns"] = 0'
edit "$TMP/a.json" "$TMP/ov40.json" 't["overruns"] = 40'
"$MIMIC" compare "$TMP/ov0.json" "$TMP/ov40.json" >"$TMP/out"
[ $? -eq 1 ] && grep -q "^tick  *overruns  *0  *40  *from 0  REGRESSION$" "$TMP/out" &&
	"$MIMIC" compare "$TMP/ov40.json" "$TMP/ov0.json" >/dev/null
ok $? "overruns 0 -> 40: REGRESSION without --metric; 40 -> 0 is not"
edit "$TMP/a.json" "$TMP/slack+.json" 't["slack_us"]["p50"] = 10700'
edit "$TMP/a.json" "$TMP/slack-.json" 't["slack_us"]["p50"] = -37000'
"$MIMIC" compare "$TMP/slack+.json" "$TMP/slack-.json" >"$TMP/out"
[ $? -eq 1 ] && grep -q "^tick  *slack.p50  *10700  *-37000  *-445.8%  REGRESSION$" "$TMP/out"
ok $? "slack collapse +10.7 ms -> -37 ms: REGRESSION without --metric"
grep -q "^always checked: .*overruns and budget.miss_pct (a rise by more than 10 %, any rise from 0), slack.p50 (a fall by more than 10 % and 5 us)" "$TMP/out"
ok $? "the always-checked rules are printed"

# Kernel stats and lock wait where present.
edit "$TMP/a.json" "$TMP/k0.json" 't["kernel"]["switches_involuntary"] = 20; t["kernel"]["runqueue_wait_us"] = 1000'
edit "$TMP/a.json" "$TMP/k1.json" 't["kernel"]["switches_involuntary"] = 80; t["kernel"]["runqueue_wait_us"] = 1000'
edit "$TMP/a.json" "$TMP/k2.json" 't["kernel"]["switches_involuntary"] = 20; t["kernel"]["runqueue_wait_us"] = 9000'
edit "$TMP/a.json" "$TMP/k3.json" 't["kernel"]["switches_involuntary"] = 25; t["kernel"]["runqueue_wait_us"] = 1000'
"$MIMIC" compare "$TMP/k0.json" "$TMP/k1.json" >"$TMP/out1"
r1=$?
"$MIMIC" compare "$TMP/k0.json" "$TMP/k2.json" >"$TMP/out2"
r2=$?
"$MIMIC" compare "$TMP/k0.json" "$TMP/k3.json" >/dev/null
r3=$?
[ $r1 -eq 1 ] && grep -q "^tick  *kernel.switches_involuntary .*REGRESSION$" "$TMP/out1" &&
	[ $r2 -eq 1 ] && grep -q "^tick  *kernel.runqueue_wait_us .*REGRESSION$" "$TMP/out2" && [ $r3 -eq 0 ]
ok $? "involuntary switches 20 -> 80 and runqueue wait 1 -> 9 ms: REGRESSION; 20 -> 25 switches is under --min-count 10"
edit "$TMP/a.json" "$TMP/l0.json" 't["locks"] = {"acquisitions": 10, "contended": 5, "wait_us": {"n": 5, "p99": 100}, "hold_us": {"n": 10}}'
edit "$TMP/a.json" "$TMP/l1.json" 't["locks"] = {"acquisitions": 10, "contended": 5, "wait_us": {"n": 5, "p99": 900}, "hold_us": {"n": 10}}'
"$MIMIC" compare "$TMP/l0.json" "$TMP/l1.json" >"$TMP/out"
[ $? -eq 1 ] && grep -q "^tick  *lock.wait.p99  *100  *900 .*REGRESSION$" "$TMP/out"
ok $? "contended lock wait p99 100 -> 900 us: REGRESSION without --metric"

# Headline figures: a block before the tasks, each checked its own way.
edit "$TMP/a.json" "$TMP/h0.json" 'd["headline"] = [{"name": "schbench.request_p99_us", "value": 1000, "unit": "us", "worse": "higher"}, {"name": "schbench.average_rps", "value": 500, "unit": "requests/s", "worse": "lower"}]'
edit "$TMP/a.json" "$TMP/h1.json" 'd["headline"] = [{"name": "schbench.request_p99_us", "value": 2000, "unit": "us", "worse": "higher"}, {"name": "schbench.average_rps", "value": 700, "unit": "requests/s", "worse": "lower"}]'
edit "$TMP/a.json" "$TMP/h2.json" 'd["headline"] = [{"name": "schbench.request_p99_us", "value": 1000, "unit": "us", "worse": "higher"}, {"name": "schbench.average_rps", "value": 300, "unit": "requests/s", "worse": "lower"}]'
"$MIMIC" compare "$TMP/h0.json" "$TMP/h1.json" >"$TMP/out"
[ $? -eq 1 ] && grep -q "^-  *schbench.request_p99_us  *1000  *2000  *+100.0%  REGRESSION$" "$TMP/out" &&
	grep -q "^-  *schbench.average_rps  *500  *700  *+40.0%$" "$TMP/out"
ok $? "headline: request p99 doubled is a REGRESSION, more rps is not"
h=$(grep -n "^headline figures" "$TMP/out" | cut -d: -f1)
t=$(grep -n "^tick " "$TMP/out" | head -1 | cut -d: -f1)
[ -n "$h" ] && [ -n "$t" ] && [ "$h" -lt "$t" ]
ok $? "the headline block comes before the tasks' rows"
"$MIMIC" compare "$TMP/h0.json" "$TMP/h2.json" >"$TMP/out"
[ $? -eq 1 ] && grep -q "^-  *schbench.average_rps  *500  *300  *-40.0%  REGRESSION$" "$TMP/out"
ok $? "headline: average rps 500 -> 300 (lower is worse) is a REGRESSION"
cat >"$TMP/hb.json" <<J
{ "params": { "n": { "default": 2 } },
  "global": { "calibration": 50, "log_size": "disable", "print_end": "Time: %{time}" },
  "tasks": { "s": { "loop": 20, "send": "p" }, "r": { "loop": 20, "recv": "p" } } }
J
"$MIMIC" -q --summary "$TMP/hb1.json" "$TMP/hb.json" &&
	python3 -c 'import json,sys; h=json.load(open(sys.argv[1]))["headline"]; sys.exit(not (len(h) == 1 and h[0]["name"] == "time_s" and h[0]["unit"] == "s" and h[0]["worse"] == "higher"))' "$TMP/hb1.json" &&
	"$MIMIC" compare "$TMP/hb1.json" "$TMP/hb1.json" | grep -q "^-  *time_s "
ok $? "a print_end with %{time} (hackbench's Time:) gives the headline figure time_s"

# Warnings, not errors: params, kernel release, mimic version.
edit "$TMP/a.json" "$TMP/p100.json" 'd["run"] = {"params": {"loops": 100, "mode": "thread"}, "host": {"kernel": "6.1.0"}}'
edit "$TMP/a.json" "$TMP/p300.json" 'd["run"] = {"params": {"loops": 300, "mode": "thread"}, "host": {"kernel": "6.6.0"}}; d["mimic_version"] = "0.2.0"'
"$MIMIC" compare "$TMP/p100.json" "$TMP/p300.json" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 0 ] && grep -q "warning: params loops differs: 100 in .*p100.json, 300 in .*p300.json" "$TMP/err" &&
	! grep -q "params mode" "$TMP/err" &&
	grep -q "warning: kernel release differs: 6.1.0 in .*p100.json, 6.6.0 in .*p300.json" "$TMP/err" &&
	grep -q "warning: mimic_version differs: 0.1.0 in .*, 0.2.0 in .*p300.json" "$TMP/err" &&
	grep -q "^mimic compare: 0 regressions" "$TMP/out"
ok $? "params loops=100 vs 300, another kernel and mimic version: warnings, exit 0"

# A task on one side only: warned; exit 1 unless --common-tasks.
edit "$TMP/a.json" "$TMP/extra.json" 'x = json.loads(json.dumps(t)); x["name"] = "extra"; d["tasks"].append(x)'
"$MIMIC" compare "$TMP/a.json" "$TMP/extra.json" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 1 ] && grep -q "warning: task extra is in .*extra.json but not in .*a.json" "$TMP/err" &&
	grep -q "warning: comparing the 2 tasks both sides have; the exit status is 1" "$TMP/err" &&
	grep -q "^tick  *wake.timer.p99 " "$TMP/out" && ! grep -q "^extra " "$TMP/out" &&
	! grep -q REGRESSION "$TMP/out"
ok $? "a task in NEW only: named, the others compared, exit 1"
"$MIMIC" compare --common-tasks "$TMP/a.json" "$TMP/extra.json" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 0 ] && grep -q "warning: task extra is in" "$TMP/err" &&
	grep -q "^tick  *wake.timer.p99 " "$TMP/out" &&
	grep -q "tasks on one side only not compared" "$TMP/out"
ok $? "--common-tasks: the same, exit 0"

# Sets: several summaries a side (vs), medians, Mann-Whitney p.
mkset() { # DIR P99...
	d=$1
	shift
	mkdir -p "$d"
	i=0
	for v in "$@"; do
		i=$((i + 1))
		mkdir -p "$d/run-00$i"
		edit "$TMP/a.json" "$d/run-00$i/summary.json" "t['wake']['timer']['p99'] = $v; t['overruns'] = 0; t['slack_us']['p50'] = 5000"
	done
}
mkset "$TMP/s-base" 100 110 105 98 102
mkset "$TMP/s-hog" 300 310 305 290 320
mkset "$TMP/s-quiet" 101 108 99 104 103
mkset "$TMP/s-overlap" 130 95 125 300 99
"$MIMIC" compare "$TMP/s-base" "$TMP/s-hog" >"$TMP/out"
[ $? -eq 1 ] && grep -q "^tick  *wake.timer.p99  *102  *305  *+199.0%   0.0079  REGRESSION$" "$TMP/out" &&
	grep -q "5 runs of .*medians shown" "$TMP/out" &&
	grep -q "^sets: a regression also needs p < 0.05" "$TMP/out"
ok $? "two directories of 5 runs, separated: REGRESSION with p 0.0079 (exact, 2/252)"
"$MIMIC" compare "$TMP/s-base" "$TMP/s-quiet" >"$TMP/out"
[ $? -eq 0 ] && grep -q "^tick  *wake.timer.p99  *102  *103  *+1.0%  *1$" "$TMP/out" && ! grep -q REGRESSION "$TMP/out"
ok $? "two sets of the same level: no regression, p printed"
"$MIMIC" compare "$TMP/s-base" "$TMP/s-overlap" >"$TMP/out"
[ $? -eq 0 ] && grep -q "^tick  *wake.timer.p99  *102  *125  *+22.5%  *0\.[1-9]" "$TMP/out"
ok $? "medians +22.5 % but the sets overlap (p >= 0.05): no regression"
"$MIMIC" compare --alpha 0.005 "$TMP/s-base" "$TMP/s-hog" >/dev/null
ok $? "--alpha 0.005: p 0.0079 is not below it"
"$MIMIC" compare "$TMP"/s-base/run-00*/summary.json vs "$TMP"/s-hog/run-00*/summary.json >"$TMP/out"
[ $? -eq 1 ] && grep -q "^tick  *wake.timer.p99  *102  *305 .*0.0079  REGRESSION$" "$TMP/out"
ok $? "BASE... vs NEW...: the same verdict from the files"
"$MIMIC" compare "$TMP/a.json" vs 2>/dev/null
r1=$?
"$MIMIC" compare "$TMP/a.json" "$TMP/a.json" "$TMP/a.json" 2>/dev/null
r2=$?
"$MIMIC" compare "$TMP/s-base/run-001" "$TMP/s-hog/run-001/summary.json" >/dev/null
r3=$?
mkdir -p "$TMP/empty"
"$MIMIC" compare "$TMP/empty" "$TMP/a.json" 2>"$TMP/err"
r4=$?
[ $r1 -eq 2 ] && [ $r2 -eq 2 ] && [ $r3 -eq 1 ] && [ $r4 -eq 2 ] &&
	grep -q "empty: a directory with neither summary.json nor run-\*/summary.json" "$TMP/err"
ok $? "an empty side, three operands without vs, a run directory (one run), a directory without runs"
"$MIMIC" compare "$TMP/s-base" "$TMP/s-hog/run-001" >"$TMP/out"
[ $? -eq 1 ] && ! grep -q "^sets:" "$TMP/out" && grep -q "wake.timer.p99  *102  *300 .*REGRESSION$" "$TMP/out"
ok $? "5 runs against 1: medians, no test, the plain rule"
"$MIMIC" compare --alpha 1 "$TMP/a.json" "$TMP/a.json" 2>/dev/null
ok $(( $? != 2 )) "--alpha must be between 0 and 1"
