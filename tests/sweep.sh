#!/bin/sh
# Parameter sweeps (doc/sweeps.md): --sweep NAME=LIST runs the workload
# once per point of the grid (a child mimic with --set NAME=VALUE each, in
# its own run directory of a new ROOT/sweep-NNN) and writes one row of
# workload-wide headline metrics per point to sweep.csv and sweep.json;
# --repeat N makes each row the median of N runs; --until 'METRIC>N' stops
# at the first point where it holds; bad input is exit 2 before any run;
# mimic-plot --sweep draws the metrics against the parameter.
. "${srcdir:-.}/tests/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not found"
plot="$srcdir/utils/mimic-plot"
plan 23

# Two tasks, n loops each: the loops column is 2n whatever the load.
cat >"$TMP/w.json" <<'J'
{ "params": { "period": 2000, "n": 5 },
  "global": { "calibration": 100 },
  "tasks": { "t1": { "loop": "${n}", "run": 100,
                     "timer": { "ref": "t", "period": "${period}" } },
             "t2": { "loop": "${n}", "run": 50,
                     "timer": { "ref": "u", "period": 3000 } } } }
J
cd "$TMP" || exit 1

run_bounded 60 "$MIMIC" -q --pause 0 --outdir r --sweep n=2..6:2 \
	--sweep period=1000,2000 w.json >grid 2>grid.err
diag <grid.err
[ $rc -eq 0 ] && [ "$(ls -d r/sweep-001/run-* | wc -l)" -eq 6 ]
ok $? "a 3 x 2 grid: exit $rc, six run directories in r/sweep-001"
[ "$(sed -n 2p grid)" = "point     n period | runs exit duration_s      loops   overruns   wake.p50   wake.p99 slack_us.min slack_us.p50 run_us.p50" ] &&
	[ "$(grep -c '^ *[1-6] ' grid)" -eq 6 ]
ok $? "the table on stdout: a header and six rows"
diag <grid
[ "$(head -1 r/sweep-001/sweep.csv)" = "point,param.n,param.period,runs,exit_status,duration_s,loops,overruns,wake.p50,wake.p99,slack_us.min,slack_us.p50,run_us.p50,request.p50,request.p99,request.rps,e2e.p50,e2e.p99,budget.misses,until_met,run_dirs" ]
ok $? "sweep.csv's columns"

# pct.py: a percentile of [value, count] buckets, by the summary's rule.
cat >pct.py <<'PY'
def pct(hist, p):
    n = sum(c for _, c in hist)
    seen = 0
    for v, c in sorted(hist):
        seen += c
        if seen >= p / 100.0 * n:
            return v
PY

# check-grid.py DIR: the rows in grid order (the first --sweep slowest),
# loops = 2n, each row's figures those of its run's summary.json (wake.p99
# over both tasks' merged histograms), run.json's params as --set made them.
cat >check-grid.py <<'PY'
import csv, json, math, os, sys
d = sys.argv[1]
rows = list(csv.DictReader(open(os.path.join(d, "sweep.csv"))))
want = [(n, p) for n in (2, 4, 6) for p in (1000, 2000)]
got = [(int(r["param.n"]), int(r["param.period"])) for r in rows]
assert got == want, got
j = json.load(open(os.path.join(d, "sweep.json")))
assert j["mimic_sweep"] == 1 and j["params"] == ["n", "period"], j["params"]
assert j["points_planned"] == 6 and j["stopped"] is None and j["repeat"] == 1
assert [m["name"] for m in j["metrics"]] == list(rows[0])[5:19]
assert len(j["points"]) == 6
from pct import pct
for k, r in enumerate(rows):
    n, period = want[k]
    assert r["point"] == str(k + 1) and r["runs"] == "1" and \
        r["exit_status"] == "0" and r["until_met"] == "0", r
    assert int(r["loops"]) == 2 * n, r
    rid = "run-%03d" % (k + 1)
    assert r["run_dirs"] == rid, r
    s = json.load(open(os.path.join(d, rid, "summary.json")))
    meta = json.load(open(os.path.join(d, rid, "run.json")))
    assert meta["params"] == {"period": period, "n": n}, meta["params"]
    assert float(r["duration_s"]) == s["duration_s"]
    hist = [b for t in s["tasks"] for w in t["wake"].values() for b in w["hist"]]
    lo = min(w["min"] for t in s["tasks"] for w in t["wake"].values())
    hi = max(w["max"] for t in s["tasks"] for w in t["wake"].values())
    p99 = min(max(pct(hist, 99), lo), hi)
    assert float(r["wake.p99"]) == p99, (r["wake.p99"], p99)
    assert float(r["slack_us.min"]) == min(t["slack_us"]["min"] for t in s["tasks"])
    p = j["points"][k]
    assert p["params"] == {"n": n, "period": period}, p["params"]
    assert [x["id"] for x in p["runs"]] == [rid]
    assert p["metrics"]["wake.p99"] == p99 and p["metrics"]["loops"] == 2 * n
PY
python3 check-grid.py r/sweep-001 >py 2>&1
ok $? "rows in grid order, loops = 2n, wake.p99 from the merged histograms, run.json params"
diag <py

"$MIMIC" -q --pause 0 --outdir r --sweep n=7..3:2 --sweep period=1500 \
	w.json >down 2>&1
[ "$(cut -d, -f2 r/sweep-002/sweep.csv | tr '\n' ' ')" = "param.n 7 5 3 " ]
ok $? "a..b:step counts down when b < a; a lone value is a list of one"

"$MIMIC" -q --pause 0 --outdir r --sweep n=1,3..4,9 w.json >mixed 2>&1
[ "$(cut -d, -f2 r/sweep-003/sweep.csv | tr '\n' ' ')" = "param.n 1 3 4 9 " ]
ok $? "a LIST mixes values and ranges"

# A served workload: request, end-to-end and budget columns over the tasks.
cat >srv.json <<'J'
{ "params": { "run": 500 },
  "global": { "duration": 0.3, "log_size": "disable", "calibration": 100 },
  "tasks": {
    "client": { "instance": 2,
                "timer": { "ref": "t", "period": 10000, "mode": "absolute" },
                "send": "req" },
    "server": { "recv": "req", "run": "${run}", "request": "wake",
                "budget": 100000 } } }
J
"$MIMIC" -q --pause 0 --outdir v --sweep run=100,400 srv.json >srv 2>&1
python3 - v/sweep-001 <<'PY' >py 2>&1
import csv, json, os, sys
d = sys.argv[1]
rows = list(csv.DictReader(open(os.path.join(d, "sweep.csv"))))
assert len(rows) == 2, rows
from pct import pct
def merged(stats, p):
    stats = [s for s in stats if s and s["n"]]
    v = pct([b for s in stats for b in s["hist"]], p)
    return min(max(v, min(s["min"] for s in stats)), max(s["max"] for s in stats))
for r in rows:
    s = json.load(open(os.path.join(d, r["run_dirs"], "summary.json")))
    req = [t["requests"] for t in s["tasks"] if t.get("requests", {}).get("count")]
    e2e = [t["e2e"] for t in s["tasks"] if "e2e" in t]
    rps = sum(q["rps"] for q in req)
    assert req and abs(float(r["request.rps"]) - rps) <= 1e-9 * rps, r
    assert float(r["request.p99"]) == merged([q["latency_us"] for q in req], 99), r
    assert float(r["e2e.p50"]) == merged([e["latency_us"] for e in e2e], 50), r
    assert int(r["budget.misses"]) == sum(e["misses"] for e in e2e
                                          if e["budget_us"] is not None), r
PY
ok $? "request p50/p99/rps, e2e p50/p99 and budget misses: over every task"
diag <py

# --until: the first point whose loops (2n) reach 8 is n=4.
run_bounded 60 "$MIMIC" -q --pause 0 --outdir u --sweep n=1..9 \
	--until 'loops>=8' w.json >until 2>&1
[ $rc -eq 0 ] && [ "$(ls -d u/sweep-001/run-* | wc -l)" -eq 4 ] &&
	grep -q "^mimic: stopped at point 4: loops>=8 (loops = 8)" until
ok $? "--until 'loops>=8' stops after point 4 of 9 (exit $rc)"
python3 - u/sweep-001 <<'PY' >py 2>&1
import csv, json, os, sys
d = sys.argv[1]
rows = list(csv.DictReader(open(os.path.join(d, "sweep.csv"))))
assert [r["until_met"] for r in rows] == ["0", "0", "0", "1"], rows
j = json.load(open(os.path.join(d, "sweep.json")))
assert j["stopped"] == "until" and j["until"] == "loops>=8", j
assert j["points_planned"] == 9 and len(j["points"]) == 4
PY
ok $? "sweep.csv marks the point that met it; sweep.json stopped: until"
diag <py
"$MIMIC" -q --pause 0 --outdir u --sweep n=1..3 --until 'loops<0' w.json \
	>never 2>&1
[ $? -eq 0 ] && [ "$(ls -d u/sweep-002/run-* | wc -l)" -eq 3 ] &&
	grep -q "never held" never
ok $? "--until that never holds runs every point"

# --repeat 3 with --sweep: three runs per point, the median in the row.
run_bounded 60 "$MIMIC" -q --pause 0 --outdir p --repeat 3 \
	--sweep n=2,3 w.json >rep 2>&1
[ $rc -eq 0 ] && [ "$(ls -d p/sweep-001/run-* | wc -l)" -eq 6 ]
ok $? "--repeat 3 --sweep n=2,3: six runs (exit $rc)"
python3 - p/sweep-001 <<'PY' >py 2>&1
import csv, json, os, statistics, sys
d = sys.argv[1]
rows = list(csv.DictReader(open(os.path.join(d, "sweep.csv"))))
assert [r["run_dirs"] for r in rows] == ["run-001 run-002 run-003",
                                         "run-004 run-005 run-006"], rows
j = json.load(open(os.path.join(d, "sweep.json")))
assert j["repeat"] == 3
for r, p in zip(rows, j["points"]):
    assert r["runs"] == "3" and len(p["runs"]) == 3
    for m in ("duration_s", "wake.p50", "wake.p99", "slack_us.min"):
        vals = [x["metrics"][m] for x in p["runs"] if x["metrics"][m] is not None]
        assert float(r[m]) == statistics.median(vals), (m, r[m], vals)
    for x in p["runs"]:
        s = json.load(open(os.path.join(d, x["id"], "summary.json")))
        assert x["metrics"]["duration_s"] == s["duration_s"]
PY
ok $? "each row holds the median over its three runs of every metric"
diag <py

# Bad input: exit 2, one clear line, nothing made.
bad=""
for a in "n" "=1" "n=" "n=1,,2" "n=1..x" "n=1..4:0" "n=1..4:x" "n=1..100000"; do
	"$MIMIC" -q --outdir b --sweep "$a" w.json >out 2>&1
	rc=$?
	{ [ $rc -eq 2 ] && grep -q "^mimic: --sweep $a: " out; } || bad="$bad '$a'($rc)"
done
[ -z "$bad" ] && [ ! -e b ]
ok $? "bad --sweep syntax: exit 2 before anything (bad:${bad:-none})"
"$MIMIC" -q --outdir b --sweep n=1 --sweep n=2 w.json >out 2>&1
[ $? -eq 2 ] && grep -q "swept already" out && [ ! -e b ]
ok $? "one --sweep per parameter"
"$MIMIC" -q --outdir b --sweep nn=1..3 w.json >out 2>&1
[ $? -eq 2 ] && grep -q "^mimic: --sweep nn: no such parameter .*its params: period, n, and seed)" out &&
	[ ! -e b ]
ok $? "a name not in the workload's params: exit 2, naming them"
diag <out
"$MIMIC" -q --outdir b --sweep n=1,2 --set n=3 w.json >out 2>&1
[ $? -eq 2 ] && grep -q "one or the other" out && [ ! -e b ]
ok $? "--sweep and --set of one parameter: exit 2"
"$MIMIC" -q --outdir b --sweep period=1000,-5 w.json >out 2>&1
[ $? -eq 2 ] && grep -q "point 2 (period=-5) is not a valid workload" out &&
	grep -q "period: must be >= 0" out && [ ! -e b ]
ok $? "a point the workload refuses: exit 2 before the first point runs"
"$MIMIC" -q --outdir b --sweep n=1,2 --until 'wake.p98>3' w.json >out 2>&1
[ $? -eq 2 ] && grep -q '^mimic: --until wake.p98>3: no metric "wake.p98"; the metrics are the sweep.s columns: duration_s, loops, overruns, wake.p50, wake.p99, slack_us.min, slack_us.p50, run_us.p50, request.p50, request.p99, request.rps, e2e.p50, e2e.p99, budget.misses$' out &&
	[ ! -e b ]
ok $? "an unknown --until metric: exit 2, naming the choices"
bad=""
for a in "wake.p99" "wake.p99>" "wake.p99>x" ">5" "wake.p99=5"; do
	"$MIMIC" -q --outdir b --sweep n=1 --until "$a" w.json >out 2>&1
	rc=$?
	{ [ $rc -eq 2 ] && grep -q "^mimic: --until $a: " out; } || bad="$bad '$a'($rc)"
done
"$MIMIC" -q --outdir b --until 'loops>1' w.json >out 2>&1
rc=$?
{ [ $rc -eq 2 ] && grep -q "needs --sweep" out; } || bad="$bad no-sweep($rc)"
[ -z "$bad" ] && [ ! -e b ]
ok $? "bad --until syntax, or --until without --sweep: exit 2 (bad:${bad:-none})"
"$MIMIC" -q --check --sweep n=1..3 w.json >out 2>&1
[ $? -eq 0 ] && [ ! -e mimic-runs ]
ok $? "--check --sweep checks every point and runs nothing"

# A stop signal ends the current run and the sweep; the files are whole.
cat >slow.json <<'J'
{ "params": { "n": 300 },
  "global": { "calibration": 100 },
  "tasks": { "t1": { "loop": "${n}", "run": 50,
                     "timer": { "ref": "t", "period": 10000 } } } }
J
"$MIMIC" -q --pause 0 --outdir s --sweep n=300,301,302 slow.json >sig 2>&1 &
pid=$!
sleep 1
kill -INT $pid
wait $pid
rc=$?
python3 - s/sweep-001 <<'PY' >py 2>&1
import csv, json, os, sys
d = sys.argv[1]
j = json.load(open(os.path.join(d, "sweep.json")))
assert j["stopped"] == "signal" and len(j["points"]) == 1, j
assert len(list(csv.DictReader(open(os.path.join(d, "sweep.csv"))))) == 1
PY
py=$?
[ $py -eq 0 ] && [ $rc -eq 130 ] && [ "$(ls -d s/sweep-001/run-* | wc -l)" -eq 1 ]
ok $? "SIGINT: the running point ends, no other starts, exit $rc, sweep.json stopped: signal"
diag <py

if ! command -v gnuplot >/dev/null; then
	ok 0 "# SKIP mimic-plot --sweep: gnuplot not installed"
	ok 0 "# SKIP mimic-plot --sweep of a grid: gnuplot not installed"
else
	mkdir pics
	"$plot" --sweep r/sweep-001 -o pics >out 2>err
	rc=$?
	diag <err
	[ $rc -eq 0 ] && [ "$(cat out)" = "pics/sweep-001.png" ] &&
		[ "$(head -c 8 pics/sweep-001.png | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
		[ "$(wc -c <pics/sweep-001.png)" -gt 10000 ]
	ok $? "mimic-plot --sweep DIR: pics/sweep-001.png, a PNG over 10 kB (exit $rc)"
	"$plot" --sweep r/sweep-001 --x period --metric wake.p99 --format svg \
		-o pics >out 2>err
	rc=$?
	[ $rc -eq 0 ] && grep -q "n=4, p99" pics/sweep-001.svg &&
		grep -q "period (the swept parameter)" pics/sweep-001.svg
	ok $? "--x period --metric wake.p99: a line per n, the parameter on the x axis (exit $rc)"
fi
