#!/bin/sh
# --trace-json writes a Chrome Trace Event file: one named track per
# thread, one complete slice per executed event (lock-held slices nest
# around what the lock covered), counts that match the workload, no
# overlap on a track; --trace-slices bounds it and the drop is recorded.
. "${srcdir:-.}/tests/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not installed"
plan 15

# check.py TRACE THREADS EXPECT...: EXPECT is task:name:count (slices named
# name on each thread of task, or prefix ':' for any name of that count).
cat >"$TMP/check.py" <<'P'
import json, sys
from collections import Counter, defaultdict
d = json.load(open(sys.argv[1]))
ev = d["traceEvents"]
names = {e["tid"]: e["args"]["name"] for e in ev
         if e["ph"] == "M" and e["name"] == "thread_name"}
assert len(names) == int(sys.argv[2]), ("thread_name", names)
assert len(set(names.values())) == len(names), names
xs = [e for e in ev if e["ph"] == "X"]
for e in xs:
    for k in ("ts", "dur", "pid", "tid", "name", "cat"):
        assert k in e, (k, e)
    assert e["dur"] >= 0 and e["tid"] in names, e
    assert {"phase", "phase_loop", "thread_loop"} <= set(e["args"]), e
count = Counter((names[e["tid"]].rsplit("-", 1)[0], e["name"]) for e in xs)
per = defaultdict(Counter)
for e in xs:
    per[names[e["tid"]]][e["name"]] += 1
for want in sys.argv[3:]:
    task, name, n = want.split(":")
    for th, c in per.items():
        if th.rsplit("-", 1)[0] == task:
            assert c[name] == int(n), (th, name, c[name], n)
# Events of a track touch but never overlap; held slices may contain them.
for tid in names:
    mine = sorted((e for e in xs if e["tid"] == tid and e["cat"] != "lock_held"),
                  key=lambda e: e["ts"])
    for a, b in zip(mine, mine[1:]):
        assert a["ts"] + a["dur"] <= b["ts"] + 1e-3, ("overlap", a, b)
    for h in (e for e in xs if e["tid"] == tid and e["cat"] == "lock_held"):
        for e in mine:
            inside = e["ts"] >= h["ts"] - 1e-3 and \
                e["ts"] + e["dur"] <= h["ts"] + h["dur"] + 1e-3
            outside = e["ts"] + e["dur"] <= h["ts"] + 1e-3 or \
                e["ts"] >= h["ts"] + h["dur"] - 1e-3
            assert inside or outside, ("held cuts a slice", h, e)
print(json.dumps(d["otherData"]))
P

run_bounded 30 "$MIMIC" --quiet --trace-json "$TMP/hb.json" --set groups=1 \
	--set fds=2 --set loops=10 --logdir "$TMP" "$srcdir/workloads/hackbench.json"
ok $rc "hackbench with --trace-json exits 0"
python3 "$TMP/check.py" "$TMP/hb.json" 4 snd0.0:send0:10 snd0.0:send1:10 \
	snd0.1:send1:10 rcv0.0:recv:1 rcv0.1:recv:1 >"$TMP/out" 2>&1
ok $? "hackbench: 4 named tracks, 10 send0 + 10 send1 per sender, 1 recv per receiver"

run_bounded 30 "$MIMIC" --quiet --trace-json "$TMP/hbp.json" --set groups=1 \
	--set fds=2 --set loops=10 --set mode=process --logdir "$TMP" \
	"$srcdir/workloads/hackbench.json"
ok $rc "hackbench in process mode with --trace-json exits 0"
python3 "$TMP/check.py" "$TMP/hbp.json" 4 snd0.0:send0:10 snd0.0:send1:10 \
	snd0.1:send1:10 rcv0.0:recv:1 rcv0.1:recv:1 >"$TMP/out" 2>&1 &&
	python3 - "$TMP/hbp.json" <<'P'
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
procs = {e["pid"] for e in ev if e["name"] == "process_name"}
assert len(procs) == 4 and {e["pid"] for e in ev if e["ph"] == "X"} == procs
P
ok $? "process mode: the processes' slices reach the file, one process track each"

cat >"$TMP/p.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP" },
  "tasks": {
    "tick": { "instance": 2, "loop": 20, "run": 500,
              "timer": { "ref": "unique", "period": 2000 } },
    "locker": { "loop": 15, "lock": "m", "run": 100, "lock1": "n",
                "sleep": 50, "unlock1": "n", "unlock": "m", "sleep1": 200 } } }
J
run_bounded 30 "$MIMIC" --quiet --trace-json "$TMP/p.trace" "$TMP/p.json"
ok $rc "periodic workload with --trace-json exits 0"
python3 "$TMP/check.py" "$TMP/p.trace" 3 tick:run:20 tick:timer:20 \
	locker:lock:15 locker:unlock:15 "locker:held m:15" "locker:held n:15" \
	>"$TMP/other" 2>&1
ok $? "periodic: 20 run + 20 timer slices per thread, 15 nested held slices per mutex"
diag <"$TMP/other"
grep -q '"slices_dropped": 0,' "$TMP/other"
ok $? "nothing dropped"
# Each tick track alternates run, timer; the runs add up to what was asked.
python3 - "$TMP/p.trace" <<'P'
import json, sys
d = json.load(open(sys.argv[1]))
ev = d["traceEvents"]
names = {e["tid"]: e["args"]["name"] for e in ev if e["name"] == "thread_name"}
for tid, name in names.items():
    if not name.startswith("tick"):
        continue
    mine = sorted((e for e in ev if e["ph"] == "X" and e["tid"] == tid),
                  key=lambda e: e["ts"])
    assert [e["name"] for e in mine] == ["run", "timer"] * 20, mine
    assert [e["args"]["phase_loop"] for e in mine[::2]] == list(range(20))
    run = sum(e["dur"] for e in mine if e["name"] == "run")
    assert run >= 20 * 500 * 0.9, run
P
ok $? "tick tracks alternate run and timer, loops 0..19, runs add up to >= 9 ms"

run_bounded 30 "$MIMIC" --quiet --trace-json "$TMP/small.json" \
	--trace-slices 7 "$TMP/p.json"
ok $rc "--trace-slices 7 exits 0"
python3 - "$TMP/small.json" <<'P'
import json, sys
from collections import Counter
d = json.load(open(sys.argv[1]))
o = d["otherData"]
c = Counter(e["tid"] for e in d["traceEvents"]
            if e["ph"] == "X" and e["cat"] != "lock_held")
assert o["slices_per_thread"] == 7 and set(c.values()) == {7}, (o, c)
# tick: 40 slices each, locker 15 x 7
assert o["slices_dropped"] == 2 * (40 - 7) + 15 * 7 - 7, o
assert len(o["dropped_per_thread"]) == 3, o
P
ok $? "the last 7 slices per thread are kept, the drops counted in otherData"

cat >"$TMP/forever.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP" },
  "tasks": { "t": { "run": 100, "timer": { "ref": "unique", "period": 1000 } } } }
J
"$MIMIC" --quiet --trace-json "$TMP/int.json" "$TMP/forever.json" &
pid=$!
# Signalled once 300 periods are logged (about 0.3 s of running; later on
# a busy machine), so those slices are known to have happened.
for i in $(seq 100); do
	sleep 0.1
	[ -f "$TMP/rt-app-t-0.log" ] && [ "$(rows "$TMP/rt-app-t-0.log")" -ge 300 ] && break
done
kill -INT $pid
wait $pid
ok $? "stopped by SIGINT: exits 0"
python3 "$TMP/check.py" "$TMP/int.json" 1 >"$TMP/out" 2>&1
ok $? "the trace is written on a signal too"
n=$(python3 -c 'import json,sys; print(sum(e.get("name") == "timer" for e in json.load(open(sys.argv[1]))["traceEvents"]))' "$TMP/int.json")
[ "${n:-0}" -ge 300 ]
ok $? "at least the 300 timer slices logged before the signal ($n)"

"$MIMIC" --quiet --trace-slices 0 --trace-json "$TMP/x" "$TMP/p.json" 2>/dev/null
[ $? -eq 2 ]
ok $? "--trace-slices 0 is a usage error"
"$MIMIC" --quiet --trace-json "$TMP/no/such/dir.json" "$TMP/p.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "cannot write" "$TMP/err"
ok $? "an unwritable --trace-json is refused before the run"
