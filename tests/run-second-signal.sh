#!/bin/sh
# A second stop signal cuts the waiting for threads short but still writes
# the reports: the --summary and --trace-json files parse as JSON, the
# gnuplot scripts are there, the logs are whole, and the exit status is
# 128 + the signal (0 when the threads were home before it came, the run
# then being stopped by the first). A third signal exits at once, and the
# files it leaves are still well-formed (the trace file holds an empty
# trace until the real one replaces it whole). A thread that cannot come
# home is made by stopping a process instance with SIGSTOP.
. "${srcdir:-.}/tests/lib.sh"
plan 11

json() { python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$1" 2>/dev/null; }
# Every log: the header, whole rows of 11 fields, a final newline.
logs_whole() {
	bad=0
	for f in "$1"/rt-app-*.log; do
		head -n 1 "$f" | grep -q '^#idx' || bad=$((bad + 1))
		awk 'NR > 1 && NF != 11' "$f" | grep -q . && bad=$((bad + 1))
		[ -z "$(tail -c 1 "$f")" ] || bad=$((bad + 1))
	done
	return $bad
}
# Starts mimic on $1/w.json in the background: pid.
start() {
	"$MIMIC" --quiet --summary "$1/s.json" --trace-json "$1/t.json" \
		"$1/w.json" 2>"$1/err" &
	pid=$!
	( sleep 20; kill -KILL $pid ) >/dev/null 2>&1 &
	watchdog=$!
}
finish() {
	wait $pid
	rc=$?
	kill $watchdog 2>/dev/null
	diag <"$1/err"
}

# Two SIGINTs 20 ms apart, threads that come home at once.
d=$TMP/quick
mkdir "$d"
cat >"$d/w.json" <<J
{ "global": { "calibration": 50, "logdir": "$d", "gnuplot": true },
  "tasks": { "tick": { "instance": 4, "timer": { "ref": "unique", "period": 1000 } },
             "b": { "suspend": "never" } } }
J
start "$d"
sleep 0.5
kill -INT $pid
sleep 0.02
kill -INT $pid 2>/dev/null
finish "$d"
[ "$rc" -eq 0 ] || [ "$rc" -eq 130 ]
ok $? "two SIGINTs: exit $rc (0 or 130)"
json "$d/s.json" && json "$d/t.json"
ok $? "two SIGINTs: the summary and the trace parse"
[ "$(ls "$d"/*.plot | wc -l)" -eq 7 ] && logs_whole "$d"
ok $? "two SIGINTs: 7 gnuplot scripts, every log whole"

# A process instance that cannot come home (stopped): the second SIGINT
# ends the waiting; the reports are written, exit 130.
d=$TMP/stuck
mkdir "$d"
cat >"$d/w.json" <<J
{ "global": { "calibration": 50, "logdir": "$d" },
  "tasks": { "tick": { "timer": { "ref": "unique", "period": 1000 } },
             "stuck": { "mode": "process",
                        "timer": { "ref": "unique", "period": 1000 } } } }
J
start "$d"
sleep 0.5
child=$(pgrep -P $pid)
kill -STOP $child
kill -INT $pid
sleep 0.3
t0=$(date +%s%N)
kill -INT $pid
finish "$d"
took=$(( ($(date +%s%N) - t0) / 1000000 ))
[ "$rc" -eq 130 ] && [ "$took" -lt 5000 ]
ok $? "a thread that cannot stop: the second SIGINT ends the run, exit $rc, in $took ms"
grep -q "second Interrupt: not waiting for threads" "$d/err"
ok $? "the message says the waiting was cut short"
python3 - "$d/s.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(not (d["stop"] == "signal" and d["signal"] == "SIGINT" and
              all(t["loops"] > 0 for t in d["tasks"])))
PY
ok $? "its summary parses: stop signal, SIGINT, the loops of both tasks"
json "$d/t.json" && logs_whole "$d"
ok $? "its trace parses, every log whole"
kill -KILL $child 2>/dev/null || :

# Three SIGINTs: out at once; the summary is not written, no temporary is
# left, the trace file is the empty trace, the logs are whole.
d=$TMP/third
mkdir "$d"
cp "$TMP/stuck/w.json" "$d/w.json"
sed -i "s|$TMP/stuck|$d|" "$d/w.json"
start "$d"
sleep 0.5
child=$(pgrep -P $pid)
kill -STOP $child
kill -INT $pid
sleep 0.02
kill -INT $pid
sleep 0.02
kill -INT $pid
finish "$d"
[ "$rc" -eq 130 ]
ok $? "three SIGINTs: exit $rc"
[ ! -e "$d/s.json" ] && [ -z "$(ls -A "$d" | grep '^\.')" ]
ok $? "no summary, no temporary file left"
json "$d/t.json"
ok $? "the trace file is still valid JSON"
logs_whole "$d"
ok $? "every log whole"
kill -KILL $child 2>/dev/null || :
