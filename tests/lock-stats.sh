#!/bin/sh
# Lock statistics (doc/log-format.md §2.2, doc/summary-format.md LOCKS):
# eight workers on one mutex: acquisitions match the log rows, contention
# is seen, a hold contains the run inside it; an uncontended thread has no
# contended acquisition; process instances, PI mutexes and percpu_lock
# count the same way; a workload without locks prints none; mimic compare
# checks the lock wait.
. "${srcdir:-.}/tests/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not found"
plan 14

# lock.py SUMMARY LOGDIR CHECK...: the checks named, on the summary's
# "locks" and the logs' rows; prints what it saw.
cat >"$TMP/lock.py" <<'PY'
import glob, json, sys
d = json.load(open(sys.argv[1]))
rows = 0
for f in glob.glob(sys.argv[2] + "/*.log"):
    rows += len(open(f).readlines()) - 1
m = d["locks"][0]
t = d["tasks"][0]
tl = t["locks"]
w, h = m["wait_us"], m["hold_us"]
print("# rows %d, threads %d, acquisitions %d, contended %d, wait p50/p99/max "
      "%s/%s/%s, hold n %d p50/p99/max %s/%s/%s, run p50 %s" % (rows,
      t["threads"], m["acquisitions"], m["contended"], w["p50"], w["p99"],
      w["max"], h["n"], h["p50"], h["p99"], h["max"], t["run_us"]["p50"]))
def at_rank(s, r):
    # The first bucket value whose running count reaches rank r.
    seen = 0
    for v, c in s["hist"]:
        seen += c
        if seen >= r:
            return v
    return s["max"]

checks = {
    # One mutex, one task: the task's totals are the mutex's.
    "same": lambda: len(d["locks"]) == 1 and m["name"] == "m" and all(
        tl[k] == m[k] for k in ("acquisitions", "contended", "wait_us", "hold_us")),
    # One lock per iteration; the stop may cut one per thread after it.
    "rows": lambda: rows <= m["acquisitions"] <= rows + t["threads"] and
        m["acquisitions"] - t["threads"] <= h["n"] <= m["acquisitions"],
    "exact": lambda: m["acquisitions"] == rows == t["loops"] == h["n"],
    "contended": lambda: m["contended"] > 0 and w["n"] == m["contended"],
    "uncontended": lambda: m["contended"] == 0 and w["n"] == 0,
    # Each hold contains its iteration's run, so the hold at rank r is at
    # least the run at rank r - k, k the holds of iterations the stop cut
    # (no run row). Above: the few instructions around the run, generously.
    "hold": lambda: at_rank(t["run_us"], -(-h["n"] // 2) - (h["n"] - t["run_us"]["n"]))
        <= h["p50"] <= 2 * t["run_us"]["p50"] + 1000,
    "wait": lambda: w["max"] >= h["p50"],
}
bad = [c for c in sys.argv[3:] if not checks[c]()]
if bad:
    print("# failed: " + ", ".join(bad))
sys.exit(1 if bad else 0)
PY

# lockrun NAME GLOBALS TASK: runs it with --summary into $TMP/NAME.
lockrun() {
	mkdir "$TMP/$1"
	cat >"$TMP/$1.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP/$1" $2 },
  "tasks": { "worker": $3 } }
J
	"$MIMIC" --summary "$TMP/$1.s.json" "$TMP/$1.json" >"$TMP/$1.out" 2>"$TMP/$1.err"
}

EIGHT='{ "instance": 8, "lock": "m", "run": 100, "unlock": "m", "sleep": 300 }'
lockrun dur ', "duration": 1' "$EIGHT"
ok $? "eight workers on one mutex for 1 s: exits 0"
python3 "$TMP/lock.py" "$TMP/dur.s.json" "$TMP/dur" same rows contended
ok $? "acquisitions = log rows (+ at most one per thread cut by the stop), some contended"
python3 "$TMP/lock.py" "$TMP/dur.s.json" "$TMP/dur" hold wait
ok $? "hold p50 at least the run's inside it, at most twice + 1 ms; contended wait max >= hold p50"
acq=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["locks"][0]["acquisitions"])' "$TMP/dur.s.json")
grep -q "^mutex .*acquired contend%" "$TMP/dur.out" &&
	grep -Eq "^m +\| +$acq " "$TMP/dur.out" && grep -Eq "^worker +\| +$acq " "$TMP/dur.out"
ok $? "text summary: a lock block with the mutex's and the task's $acq acquisitions"

LOOPED='{ "instance": 8, "loop": 40, "lock": "m", "run": 100, "unlock": "m", "sleep": 100 }'
lockrun loop '' "$LOOPED"
python3 "$TMP/lock.py" "$TMP/loop.s.json" "$TMP/loop" same exact contended hold
ok $? "8 x 40 loops: acquisitions = holds = log rows = 320 exactly, contended"

lockrun one ', "duration": 0.3' '{ "lock": "m", "run": 100, "unlock": "m", "sleep": 100 }'
python3 "$TMP/lock.py" "$TMP/one.s.json" "$TMP/one" same rows uncontended hold
ok $? "a single thread: no contended acquisition, no wait sample"

lockrun proc ', "mode": "process"' "$LOOPED"
python3 "$TMP/lock.py" "$TMP/proc.s.json" "$TMP/proc" same exact contended hold
ok $? "process instances (process-shared mutex): the same exact counts"

lockrun pi ', "pi_enabled": true' "$LOOPED"
python3 "$TMP/lock.py" "$TMP/pi.s.json" "$TMP/pi" same exact contended hold
ok $? "PI mutexes: the same exact counts"

lockrun pproc ', "pi_enabled": true, "mode": "process"' "$LOOPED"
python3 "$TMP/lock.py" "$TMP/pproc.s.json" "$TMP/pproc" same exact contended
ok $? "PI mutexes across processes: the same exact counts"

# percpu_lock: the name stands for one mutex per CPU, counted as one.
lockrun pcpu '' '{ "instance": 4, "loop": 50,
	"percpu_lock": "m", "run": 100, "percpu_unlock": "m", "sleep": 100 }'
python3 "$TMP/lock.py" "$TMP/pcpu.s.json" "$TMP/pcpu" same exact hold
ok $? "percpu_lock: acquisitions = holds = log rows = 200 exactly"

# Two mutexes taken in order: one entry each, the task sums them.
mkdir "$TMP/two"
cat >"$TMP/two.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP/two" },
  "tasks": { "t": { "instance": 2, "loop": 30, "lock": "a", "lock2": "b",
    "run": 50, "unlock2": "b", "unlock": "a", "sleep": 100 } } }
J
"$MIMIC" -q --summary "$TMP/two.s.json" "$TMP/two.json" &&
python3 - "$TMP/two.s.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
m = {x["name"]: x for x in d["locks"]}
t = d["tasks"][0]["locks"]
print("# a %d, b %d, task %d" % (m["a"]["acquisitions"], m["b"]["acquisitions"], t["acquisitions"]))
sys.exit(not (sorted(m) == ["a", "b"] and m["a"]["acquisitions"] == 60 and
    m["b"]["acquisitions"] == 60 and t["acquisitions"] == 120 and
    t["hold_us"]["n"] == 120 and m["b"]["contended"] == 0 and
    m["a"]["hold_us"]["p50"] >= m["b"]["hold_us"]["p50"]))
PY
ok $? "two nested mutexes: 60 acquisitions each, 120 for the task, the inner one never contended"

mkdir "$TMP/none"
cat >"$TMP/none.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP/none", "duration": 0.2 },
  "tasks": { "t": { "run": 100, "sleep": 100 } } }
J
"$MIMIC" --summary "$TMP/none.s.json" "$TMP/none.json" >"$TMP/none.out" 2>/dev/null &&
	! grep -q "acquired" "$TMP/none.out" &&
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit("locks" in d or "locks" in d["tasks"][0])' "$TMP/none.s.json"
ok $? "no mutex in the workload: no lock block, no \"locks\" key"

# compare: the lock wait is printed; ten times worse is a regression.
python3 - "$TMP/loop.s.json" "$TMP/worse.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
w = d["tasks"][0]["locks"]["wait_us"]
w["p99"] = w["p99"] * 10 + 100
json.dump(d, open(sys.argv[2], "w"))
PY
"$MIMIC" compare "$TMP/loop.s.json" "$TMP/loop.s.json" >"$TMP/cmp.out"
rc=$?
[ $rc -eq 0 ] && grep -Eq "^worker +lock.wait.p99 " "$TMP/cmp.out"
ok $? "compare: a lock.wait.p99 row; the same file is no regression (exit $rc)"
"$MIMIC" compare --metric lock.p99 "$TMP/loop.s.json" "$TMP/worse.json" >"$TMP/cmp2.out"
rc=$?
[ $rc -eq 1 ] && grep -Eq "^worker +lock.wait.p99 .*REGRESSION" "$TMP/cmp2.out"
ok $? "compare --metric lock.p99: a ten times longer wait is a regression (exit $rc)"
