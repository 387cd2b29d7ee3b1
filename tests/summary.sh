#!/bin/sh
# --summary FILE: valid JSON in doc/summary-format.md's schema, whose counts
# agree with the log rows, whose percentiles are ordered and histograms sum
# to their counts; written on every kind of stop; a bad path is refused
# before the run (exit 2), a failed write is exit 1.
. "${srcdir:-.}/tests/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not found"
plan 16

# Checks a summary against the schema and, given logs, against their rows:
# check.py SUMMARY [LOGDIR]
cat >"$TMP/check.py" <<'PY'
import glob, json, sys

def fail(msg):
    print("# " + msg)
    sys.exit(1)

def stats(s, where, signed=False):
    keys = ["n", "min", "mean", "p50", "p90", "p99", "p99.9", "max", "hist"]
    if list(s) != keys:
        fail("%s: keys %s" % (where, list(s)))
    if s["n"] == 0:
        if any(s[k] is not None for k in keys[1:-1]) or s["hist"]:
            fail("%s: empty but has numbers" % where)
        return
    p = [s[k] for k in ("min", "p50", "p90", "p99", "p99.9")]
    if p != sorted(p):
        fail("%s: percentiles not ordered: %s" % (where, p))
    # a bucket's value is within 1/512 of its samples
    if s["p99.9"] > s["max"] + abs(s["max"]) / 256 + 1 or s["max"] < s["min"]:
        fail("%s: max %s vs p99.9 %s" % (where, s["max"], s["p99.9"]))
    if not s["min"] <= s["mean"] <= s["max"]:
        fail("%s: mean %s outside [min, max]" % (where, s["mean"]))
    vals = [v for v, c in s["hist"]]
    if vals != sorted(set(vals)) or sum(c for v, c in s["hist"]) != s["n"]:
        fail("%s: hist not sorted or not summing to n" % where)
    if not signed and vals[0] < 0:
        fail("%s: negative bucket" % where)

d = json.load(open(sys.argv[1]))
top = ["mimic_summary", "mimic_version", "workload", "started", "duration_s",
       "stop"] + (["signal"] if d.get("stop") == "signal" else []) + \
      ["threads", "ns_per_loop", "calibration", "seed", "run", "headline", "tasks",
       "blocked_at_stop"]
if list(d) != top or d["mimic_summary"] != 2 or \
        not isinstance(d["blocked_at_stop"], list):
    fail("top-level keys %s" % list(d))
if type(d["seed"]) is not int or not 0 <= d["seed"] < 2**63:
    fail("seed %s" % d["seed"])
cal = d["calibration"]
if list(cal) != ["ns_per_loop", "source", "spread_pct", "unsteady",
                 "ns_per_loop_end", "drift_pct"] or \
        cal["ns_per_loop"] != d["ns_per_loop"] or \
        cal["source"] not in ("file", "stored", "measured") or \
        (cal["source"] == "file" and cal["ns_per_loop_end"] is not None) or \
        (cal["ns_per_loop_end"] is None) != (cal["drift_pct"] is None):
    fail("calibration %s" % cal)
if d["stop"] not in ("duration", "loops", "signal"):
    fail("stop %s" % d["stop"])
for t in d["tasks"]:
    for path, s in t["wake"].items():
        if path not in ("timer", "pipe", "socket", "futex", "cond"):
            fail("wake path %s" % path)
        stats(s, t["name"] + ".wake." + path)
    for path, s in t["message"].items():
        if path not in ("pipe", "socket", "futex"):
            fail("message path %s" % path)
        stats(s, t["name"] + ".message." + path)
        # a wake-up is a message slept for: never more of them
        if t["wake"].get(path, {"n": 0})["n"] > s["n"]:
            fail("%s: more %s wake-ups than messages" % (t["name"], path))
    stats(t["slack_us"], t["name"] + ".slack_us", True)
    stats(t["run_us"], t["name"] + ".run_us")
    if list(t["run_error_pct"]) != ["p50", "p90", "p99", "max"]:
        fail("run_error_pct keys")
if len(sys.argv) > 2:
    for t in d["tasks"]:
        rows = []
        for f in glob.glob("%s/rt-app-%s-*.log" % (sys.argv[2], t["name"])):
            rows += [l.split() for l in open(f).readlines()[1:]]
        timed = [r for r in rows if int(r[9]) > 0]
        ran = [r for r in rows if int(r[8]) > 0]
        want = (len(rows), len(timed), len(ran))
        got = (t["loops"], t["slack_us"]["n"], t["run_us"]["n"])
        if want != got:
            fail("%s: rows/timer rows/run rows %s, summary %s" % (t["name"], want, got))
        # One timer wake-up or overrun per timer row, and perhaps one more
        # per thread in the iteration the stop cut short (not logged).
        if "timer" in t["wake"]:
            n = t["wake"]["timer"]["n"] + t["overruns"]
            if not len(timed) <= n <= len(timed) + t["threads"]:
                fail("%s: timer wake-ups + overruns %d, timer rows %d" % (t["name"], n, len(timed)))
        # The same µs as the log's slack column: medians within a bucket.
        if timed:
            med = sorted(int(r[7]) for r in timed)[(len(timed) - 1) // 2]
            p50 = t["slack_us"]["p50"]
            if abs(p50 - med) > abs(med) / 256 + 1:
                fail("%s: slack p50 %s, log median %s" % (t["name"], p50, med))
print("# " + ", ".join("%s: %d loops, timer p99 %s us" % (t["name"], t["loops"],
      t["wake"].get("timer", {}).get("p99")) for t in d["tasks"]))
PY

cat >"$TMP/w.json" <<J
{ "global": { "duration": 1, "calibration": 50, "logdir": "$TMP" },
  "resources": { "p": { "type": "pipe" } },
  "tasks": {
    "tick": { "instance": 2, "run": 200,
              "timer": { "ref": "unique", "period": 4000 } },
    "tx": { "timer": { "ref": "unique", "period": 10000 },
            "send": { "to": "p", "bytes": 16 } },
    "rx": { "recv": { "from": "p", "bytes": 16 } },
    "never": { "instance": 0, "run": 10 } } }
J
"$MIMIC" -q --summary "$TMP/s.json" "$TMP/w.json"
ok $? "a 1 s run with --summary exits 0"
python3 "$TMP/check.py" "$TMP/s.json" "$TMP"
ok $? "valid, in the schema, counts match the log rows, percentiles ordered"
python3 - "$TMP/s.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = {x["name"]: x for x in d["tasks"]}
ok = (d["stop"] == "duration" and d["threads"] == 4 and sorted(t) == ["rx", "tick", "tx"]
      and t["tick"]["threads"] == 2 and list(t["tick"]["wake"]) == ["timer"]
      and list(t["rx"]["wake"]) == ["pipe"] and t["rx"]["run_us"]["n"] == 0
      and list(t["rx"]["message"]) == ["pipe"] and t["tick"]["message"] == {}
      and t["tx"]["sent"] == t["rx"]["received"] == t["rx"]["message"]["pipe"]["n"] > 0
      and 0 < t["rx"]["wake"]["pipe"]["n"] <= t["rx"]["message"]["pipe"]["n"])
sys.exit(not ok)
PY
ok $? "stop, threads, tasks (instance 0 left out), paths with samples only, messages counted, wake-ups no more than messages"
rx=$(ls "$TMP"/rt-app-rx-*.log)
[ "$(col "$rx" wu_lat | sort -u)" = 0 ] && [ "$(rows "$rx")" -gt 0 ]
ok $? "the log's wu_lat is 0 for a task woken only by a pipe (timer-only, as rt-app)"

"$MIMIC" -q --summary - "$TMP/w.json" >"$TMP/stdout.json" &&
	python3 "$TMP/check.py" "$TMP/stdout.json"
ok $? "--summary - writes it on standard output"

cat >"$TMP/loops.json" <<J
{ "global": { "calibration": 50, "log_size": "disable" },
  "tasks": { "five": { "loop": 5, "run": 100, "sleep": 100 } } }
J
"$MIMIC" -q --summary "$TMP/l.json" "$TMP/loops.json" &&
	python3 "$TMP/check.py" "$TMP/l.json" &&
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); t = d["tasks"][0]
sys.exit(not (d["stop"] == "loops" and t["loops"] == 5 and t["run_us"]["n"] == 5
	      and t["slack_us"]["n"] == 0 and t["wake"] == {} and t["run_error_pct"]["p50"] is not None))' "$TMP/l.json"
ok $? "loops done: stop \"loops\", 5 runs, no timer: empty slack, no wake path"

cat >"$TMP/long.json" <<J
{ "global": { "duration": 30, "calibration": 50, "logdir": "$TMP", "log_basename": "long" },
  "tasks": { "tick": { "run": 100, "timer": { "ref": "unique", "period": 2000 } } } }
J
"$MIMIC" -q --summary "$TMP/int.json" "$TMP/long.json" &
pid=$!
sleep 1
kill -INT $pid
wait $pid
ok $? "SIGINT: exit 0"
python3 "$TMP/check.py" "$TMP/int.json" &&
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1]))
sys.exit(not (d["stop"] == "signal" and d["signal"] == "SIGINT" and d["duration_s"] < 30))' "$TMP/int.json"
ok $? "SIGINT: the summary is written, stop \"signal\", signal \"SIGINT\""

"$MIMIC" -q --summary "$TMP/term.json" "$TMP/long.json" &
pid=$!
sleep 0.5
kill -TERM $pid
wait $pid
python3 -c 'import json, sys; d = json.load(open(sys.argv[1]))
sys.exit(not (d["signal"] == "SIGTERM"))' "$TMP/term.json"
ok $? "SIGTERM: the summary is written, signal \"SIGTERM\""

"$MIMIC" -q --summary "$TMP/nodir/s.json" "$TMP/loops.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q -- "--summary: .*nodir.* does not exist" "$TMP/err"
ok $? "a summary in a missing directory: exit 2 before the run"
"$MIMIC" -q --summary "$TMP" "$TMP/loops.json" 2>/dev/null
[ $? -eq 2 ]
ok $? "a summary path that is a directory: exit 2"
if [ -w /dev/full ]; then
	"$MIMIC" -q --summary /dev/full "$TMP/loops.json" 2>"$TMP/err"
	[ $? -eq 1 ] && grep -q "cannot write summary /dev/full" "$TMP/err"
	ok $? "a failed write: a message and exit 1"
else
	ok 0 "# SKIP /dev/full not writable"
fi
"$MIMIC" --summary "$TMP/nolog.json" "$TMP/loops.json" >"$TMP/text" 2>&1 &&
	[ -s "$TMP/nolog.json" ] && grep -q "^five " "$TMP/text"
ok $? "the text summary is still printed with --summary"

# "headline": the report styles' figures, as their lines print them.
"$MIMIC" --tool-output --summary "$TMP/ct.json" --set threads=2 --set duration=1 \
	--set policy=SCHED_OTHER --set priority=0 cyclictest >"$TMP/ct.out" 2>&1
max=$(sed -n 's/^T:.* Max: *\([0-9]*\)$/\1/p' "$TMP/ct.out" | sort -n | tail -1)
python3 -c 'import json,sys; h=json.load(open(sys.argv[1]))["headline"]; sys.exit(not (h == [{"name": "cyclictest.max_us", "value": int(sys.argv[2]), "unit": "us", "worse": "higher"}]))' "$TMP/ct.json" "$max"
ok $? "cyclictest: headline cyclictest.max_us is the largest Max: of the T: lines ($max)"
"$MIMIC" --tool-output --summary "$TMP/pp.json" --set loops=2000 perf-sched-pipe >"$TMP/pp.out" 2>&1
us=$(sed -n 's/^ *\([0-9.]*\) usecs\/op$/\1/p' "$TMP/pp.out")
python3 -c 'import json,sys; h={f["name"]: f for f in json.load(open(sys.argv[1]))["headline"]}; u=h["perf_pipe.usecs_per_op"]; o=h["perf_pipe.ops_per_sec"]; sys.exit(not (abs(u["value"] - float(sys.argv[2])) < 0.001 and u["worse"] == "higher" and o["worse"] == "lower" and o["unit"] == "ops/s"))' "$TMP/pp.json" "$us"
ok $? "perf-sched-pipe: headline usecs/op as printed ($us), ops/sec lower is worse"
"$MIMIC" --tool-output --summary "$TMP/sb.json" -D 1 schbench >"$TMP/sb.out" 2>&1
req=$(sed -n '/^Request Latencies/,/min=/s/^\t\* 99.0th: *\([0-9]*\) .*/\1/p' "$TMP/sb.out")
rps=$(sed -n 's/^average rps: //p' "$TMP/sb.out")
python3 -c 'import json,sys; h={f["name"]: f["value"] for f in json.load(open(sys.argv[1]))["headline"]}; sys.exit(not (list(h) == ["schbench.wakeup_p99_us", "schbench.request_p99_us", "schbench.rps_p50", "schbench.average_rps"] and h["schbench.request_p99_us"] == int(sys.argv[2]) and abs(h["schbench.average_rps"] - float(sys.argv[3])) < 0.01))' "$TMP/sb.json" "$req" "$rps"
ok $? "schbench: headline request p99 ($req) and average rps ($rps) as its tables print them"
