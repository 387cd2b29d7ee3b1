#!/bin/sh
# Run directories and repeated runs (doc/run-dirs.md): --outdir ROOT gives
# each run a new ROOT/run-NNN with its logs, summary.json, trace, .plot
# scripts (titled with the id) and a run.json holding what the run was;
# --repeat N makes N of them in a new ROOT/repeat-NNN, calibrated once,
# and prints and writes min/median/max; --tool-output prints only the
# real tool's lines.
. "${srcdir:-.}/tests/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not found"
plan 17

cat >"$TMP/w.json" <<'J'
{ "params": { "period": 4000, "mode": "a" },
  "global": { "duration": 5, "gnuplot": true },
  "tasks": { "t1": { "loop": 10, "run": 500,
                     "timer": { "ref": "t", "period": "${period}" } } } }
J

# check-run.py DIR WORKLOAD PERIOD SOURCES (a,b): run.json's fields and types,
# the sha256 of the file, the params after --set, the summary's "run".
cat >"$TMP/check-run.py" <<'PY'
import hashlib, json, os, re, sys

def fail(msg):
    print("# " + msg)
    sys.exit(1)

d, wl, period, source = sys.argv[1:5]
r = json.load(open(os.path.join(d, "run.json")))
keys = ["mimic_run", "mimic_version", "id", "command_line", "workload",
        "workload_path", "workload_sha256", "params", "seed", "calibration", "host",
        "started", "duration_s", "stop", "exit_status"]
if list(r) != keys:
    fail("run.json keys %s" % list(r))
if r["mimic_run"] != 1 or r["id"] != os.path.basename(d):
    fail("version/id %s %s" % (r["mimic_run"], r["id"]))
if not all(isinstance(a, str) for a in r["command_line"]) or \
        "--outdir" not in r["command_line"]:
    fail("command_line %s" % r["command_line"])
if r["workload_path"] != os.path.realpath(wl):
    fail("workload_path %s" % r["workload_path"])
if r["workload_sha256"] != hashlib.sha256(open(wl, "rb").read()).hexdigest():
    fail("sha256 %s" % r["workload_sha256"])
if r["params"] != {"period": int(period), "mode": "a"}:
    fail("params %s" % r["params"])
if not isinstance(r["seed"], int) or r["seed"] < 0:
    fail("seed %s" % r["seed"])
c = r["calibration"]
if list(c) != ["ns_per_loop", "source", "spread_pct", "ns_per_loop_end",
               "drift_pct"] or \
        c["source"] not in source.split(",") or not c["ns_per_loop"] > 0:
    fail("calibration %s" % c)
h = r["host"]
if list(h) != ["kernel", "machine", "cpu_model", "cpus_online",
               "cpus_configured", "loadavg", "rt_throttling"]:
    fail("host keys %s" % list(h))
if h["kernel"] != os.uname().release or h["cpus_online"] != os.cpu_count() \
        or len(h["loadavg"]) != 3 or not isinstance(h["cpu_model"], str):
    fail("host %s" % h)
rt = h["rt_throttling"]
if rt["sched_rt_period_us"] != int(open(
        "/proc/sys/kernel/sched_rt_period_us").read()):
    fail("rt_throttling %s" % rt)
if not re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$", r["started"]):
    fail("started %s" % r["started"])
if not 0 < r["duration_s"] < 5 or r["stop"] != "loops" or r["exit_status"]:
    fail("duration/stop/exit %s %s %s" % (r["duration_s"], r["stop"],
                                          r["exit_status"]))
s = json.load(open(os.path.join(d, "summary.json")))
sr = dict(s["run"])
rr = dict(r)
for k in ("started", "exit_status"):
    sr.pop(k, None)
    rr.pop(k, None)
if sr != rr:
    fail("summary's run differs: %s" % sr)
PY

cd "$TMP" || exit 1
"$MIMIC" -q --outdir runs --set period=3000 --trace-json trace.json w.json \
	>out1 2>&1
rc1=$?
"$MIMIC" -q --outdir runs w.json >out2 2>&1
rc2=$?
ok $(( rc1 + rc2 )) "two runs into one --outdir root: exit 0 and 0"
[ -d runs/run-001 ] && [ -d runs/run-002 ] &&
	[ "$(ls runs | wc -l)" -eq 2 ]
ok $? "they made runs/run-001 and runs/run-002, nothing else"
for f in run.json summary.json trace.json rt-app-t1-0.log rt-app-t1-0.plot \
	 rt-app-run.plot; do
	[ -s "runs/run-001/$f" ] || { echo "# missing run-001/$f"; false; }
done
ok $? "the first run's logs, summary, trace and .plot scripts are in run-001"
python3 check-run.py runs/run-001 w.json 3000 measured,stored &&
	python3 check-run.py runs/run-002 w.json 4000 measured,stored
ok $? "each run.json has every field (sha256, --set params, host, calibration, exit)"
grep -q "^set title 'Measured t1-0 Loop stats, run-002' noenhanced" \
	runs/run-002/rt-app-t1-0.plot &&
	grep -q "^set title 'Measured time per loop, run-002'" \
	runs/run-002/rt-app-run.plot
ok $? "the run's plots are titled with its id"

ln -s runs link
"$MIMIC" -q --outdir link w.json >out 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "symbolic link" out && [ "$(ls runs | wc -l)" -eq 2 ]
ok $? "a symbolic link as the root is refused: exit $rc, nothing made"
"$MIMIC" -q --outdir runs --logdir x w.json >out 2>&1
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <out)" -eq 2 ] && grep -q "one or the other" out
ok $? "--outdir with --logdir is a usage error (exit $rc)"

# Refused before time zero by a host check: its directory goes again.
sed 's|"gnuplot": true|"gnuplot": true, "calibration": "CPU4096"|' w.json \
	>refused.json
"$MIMIC" -q --outdir runs refused.json >out 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "CPU4096 does not exist" out &&
	[ "$(ls runs | wc -l)" -eq 2 ]
ok $? "a run refused before time zero (exit $rc) leaves no run directory"

sed 's|"gnuplot": true|"gnuplot": true, "outdir": "fromfile"|' w.json >g.json
"$MIMIC" -q g.json >out 2>&1 && [ -s fromfile/run-001/run.json ] &&
	"$MIMIC" -q --logdir . g.json >out 2>&1 && [ ! -d fromfile/run-002 ] &&
	[ -s rt-app-t1-0.log ]
ok $? "global.outdir gives a run directory; --logdir runs without one"

run_bounded 60 "$MIMIC" -q --repeat 3 --pause 0.2 --outdir runs w.json \
	>rep 2>reperr
cat reperr | diag
[ $rc -eq 0 ] && [ -s runs/repeat-001/repeat.json ] &&
	[ "$(ls -d runs/repeat-001/run-* | wc -l)" -eq 3 ]
ok $? "--repeat 3: exit $rc, runs/repeat-001 with 3 run directories and repeat.json"
diag <rep
grep -q "^mimic: 3 runs in runs/repeat-001: min / median / max" rep &&
	grep -Eq '^task +metric +runs +min +median +max$' rep &&
	grep -Eq '^t1 +loops +3 +10 +10 +10$' rep &&
	grep -Eq '^t1 +wake.timer.p99 +3 ' rep &&
	grep -Eq '^t1 +overruns +3 ' rep && grep -Eq '^t1 +slack_us.p50 +3 ' rep
ok $? "--repeat prints the min/median/max table of the headline metrics"
python3 - runs/repeat-001 <<'PY'
import json, os, sys
d = sys.argv[1]
r = json.load(open(os.path.join(d, "repeat.json")))
def fail(m):
    print("# " + m)
    sys.exit(1)
if [x["id"] for x in r["runs"]] != ["run-001", "run-002", "run-003"] or \
        any(x["exit_status"] != 0 for x in r["runs"]):
    fail("runs %s" % r["runs"])
names = {(m["task"], m["metric"]) for m in r["metrics"]}
for want in [(None, "duration_s"), ("t1", "loops"), ("t1", "overruns"),
             ("t1", "wake.timer.p50"), ("t1", "wake.timer.p99"),
             ("t1", "slack_us.p50"), ("t1", "run_us.p50")]:
    if want not in names:
        fail("no metric %s" % (want,))
for m in r["metrics"]:
    v = sorted(m["values"])
    med = v[1]
    if len(v) != 3 or m["runs"] != 3 or (m["min"], m["median"], m["max"]) \
            != (v[0], med, v[2]):
        fail("metric %s" % m)
    if m["metric"] == "wake.timer.p99":
        per = [json.load(open(os.path.join(d, "run-%03d" % (k + 1),
                                           "summary.json")))
               ["tasks"][0]["wake"]["timer"]["p99"] for k in range(3)]
        if per != m["values"]:
            fail("p99 values %s, summaries say %s" % (m["values"], per))
PY
ok $? "repeat.json: every metric's min/median/max over the 3 runs' summaries"
python3 - runs/repeat-001 <<'PY'
import json, os, sys
d = sys.argv[1]
c = [json.load(open(os.path.join(d, "run-%03d" % k, "run.json")))
     ["calibration"] for k in (1, 2, 3)]
r = json.load(open(os.path.join(d, "repeat.json")))
ok = c[0]["source"] in ("measured", "stored") and \
     [x["source"] for x in c[1:]] == ["option", "option"] and \
     all(x["ns_per_loop_end"] > 0 and x["drift_pct"] is not None
         for x in c) and \
     len({x["ns_per_loop"] for x in c}) == 1 and \
     r["ns_per_loop"] == c[0]["ns_per_loop"]
if not ok:
    print("# %s, repeat.json %s" % (c, r["ns_per_loop"]))
sys.exit(0 if ok else 1)
PY
ok $? "the runs after the first reuse its calibration (--calibration-ns); each says the speed after it"
"$MIMIC" -q --repeat 2 --summary s.json w.json >out 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "^mimic: --repeat and --summary" out
ok $? "--repeat with --summary is a usage error (exit $rc)"

# cyclictest's canned workload: its own lines only, none of mimic's.
run_bounded 30 "$MIMIC" --tool-output -D 1 --set loops=200 cyclictest \
	>tool 2>toolerr
diag <tool
[ $rc -eq 0 ] && grep -Eq '^T: 0 \( *[0-9]+\) P:[0-9]+ I:[0-9]+ C: +[0-9]+ Min:' tool &&
	! grep -Eqv '^(T: |# )' tool && ! grep -q "notice" toolerr
ok $? "--tool-output on cyclictest prints only the tool's T: and # lines (exit $rc)"

# A served workload with a budget: --repeat's table has the request and
# end-to-end rows (the misses row's figures are not asserted: a 100 ms
# budget was missed 13 times on a machine at load 500).
cat >srv.json <<'J'
{ "global": { "duration": 1, "log_size": "disable" },
  "tasks": {
    "client": { "timer": { "ref": "t", "period": 10000, "mode": "absolute" },
                "send": "req" },
    "server": { "recv": "req", "run": 500, "request": "wake",
                "budget": 100000 } } }
J
run_bounded 60 "$MIMIC" -q --repeat 2 --pause 0 --outdir srv srv.json \
	>srvrep 2>&1
diag <srvrep
[ $rc -eq 0 ] && grep -Eq '^server +request.p99 +2 ' srvrep &&
	grep -Eq '^server +request.rps +2 ' srvrep &&
	grep -Eq '^server +e2e.p99 +2 ' srvrep &&
	grep -Eq '^server +budget.misses +2 +[0-9]+ ' srvrep &&
	! grep -q '^client +request' srvrep
ok $? "--repeat summarises request p50/p99/rps, e2e p50/p99 and budget misses (exit $rc)"

# The report styles' headline figures are headline metrics of the set.
"$MIMIC" -q --repeat 2 --pause 0 --outdir hl --set duration=1 \
	--set policy=SCHED_OTHER --set priority=0 cyclictest >hlrep 2>hlerr
rc=$?
[ $rc -eq 0 ] && grep -Eq '^- +cyclictest.max_us +2 ' hlrep &&
	python3 -c 'import json,sys; m=[x for x in json.load(open(sys.argv[1]))["metrics"] if x["metric"] == "cyclictest.max_us"]; sys.exit(not (len(m) == 1 and m[0]["task"] is None and len(m[0]["values"]) == 2))' hl/repeat-001/repeat.json
ok $? "--repeat of cyclictest: cyclictest.max_us (task -) in the table and repeat.json (exit $rc)"
