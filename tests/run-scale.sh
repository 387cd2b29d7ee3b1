#!/bin/sh
# 1000 threads of a periodic workload (64 KiB stacks) start, run 3 s and
# stop cleanly: exit 0, every one of the 1000 logs whole (the header, then
# rows of 11 fields) with rows up to the end. And limits the machine would
# hit are named before any thread starts: RLIMIT_NPROC (as nobody),
# kernel.threads-max, kernel.pid_max, vm.max_map_count (through the
# MIMIC_PROC_DIR test hook), a stack below PTHREAD_STACK_MIN.
# A thread's statistics and log ring keep 2 pages resident at its start.
# The start gate releases every thread and process instance (300 threads
# and 20 processes, each logging its 3 rows); each task's summary has the
# histograms of what its events record and only those.
. "${srcdir:-.}/tests/lib.sh"
plan 12
# periodic FILE LOGDIR INSTANCES DURATION PERIOD: a periodic task's file.
periodic() {
	cat >"$1" <<J
{ "global": { "calibration": 50, "duration": $4, "logdir": "$2",
              "stack_size": 65536 },
  "tasks": { "p": { "instance": $3, "run": 50,
                    "timer": { "ref": "unique", "period": $5 } } } }
J
}
mkdir "$TMP/logs"
periodic "$TMP/w.json" "$TMP/logs" 1000 3 100000
run_bounded 60 "$MIMIC" --quiet --summary "$TMP/s1000.json" "$TMP/w.json" 2>"$TMP/err"
diag <"$TMP/err"
ok $rc "1000 threads, 3 s: exit $rc in $took ms"
[ "$took" -lt 15000 ]
ok $? "started, ran and stopped in under 15 s ($took ms)"
n=$(ls "$TMP/logs" | wc -l)
[ "$n" -eq 1000 ]
ok $? "1000 log files ($n)"
# Whole: a header, rows of 11 fields, a final newline (a file without it
# would run into the next one's header below); and each thread ran to the
# end (its last row starts after 2.5 s).
bad=$(cat "$TMP"/logs/*.log | awk '$1 == "#idx" { if (NR > 1 && last < 2500000) b++; last = 0; next }
	NF != 11 { b++ } { last = $7 } END { if (last < 2500000) b++; print b + 0 }')
[ -z "$(tail -c 1 "$TMP/logs/rt-app-p-999.log")" ] || bad=$((bad + 1))
ok "$bad" "every log whole, with rows up to the end ($bad are not)"

# Every thread passed the gate: its timer wake-ups are all in the summary,
# one per row written but those whose deadline had passed (an overrun does
# not sleep: a loaded machine makes a few).
all=$(cat "$TMP"/logs/*.log | awk '$1 != "#idx"' | wc -l)
n=$(python3 -c 'import json, sys; t = json.load(open(sys.argv[1]))["tasks"][0]
print(t["threads"], t["wake"]["timer"]["n"] + t["overruns"] >= t["loops"] >= 1000)' "$TMP/s1000.json")
[ "$n" = "1000 True" ] && [ "$all" -ge 1000 ]
ok $? "the summary counts 1000 threads and a wake-up per row ($n, $all rows)"

# What a thread keeps resident of the shared region (the /dev/zero
# mapping) after its first iteration: its slot (2.1 KiB) and one block
# from a page's start with its log ring's home row, histogram headers and
# first chunks (2 pages): under 13 KiB. It was 15.9 KiB with these in
# three or four pages apart. Read once all 500 logs exist (after time
# zero, so every thread's set-up made its block resident), before the
# second iteration.
mkdir "$TMP/one"
periodic "$TMP/one.json" "$TMP/one" 500 2 3000000
( for i in $(seq 40); do
	[ "$(ls "$TMP/one" | wc -l)" -ge 500 ] && break
	sleep 0.05
  done
  for p in $(pgrep -f "$TMP/one.json"); do
	awk '/^[0-9a-f]/ { z = /\/dev\/zero/ } z && /^Rss:/ { kb += $2 }
	     END { if (kb) print kb }' "/proc/$p/smaps"
  done >"$TMP/shm_kb" ) 2>/dev/null &
sampler=$!
run_bounded 30 "$MIMIC" --quiet "$TMP/one.json" 2>"$TMP/err"
wait $sampler
diag <"$TMP/err"
kb=$(head -1 "$TMP/shm_kb")
[ $rc -eq 0 ] && [ "$(ls "$TMP/one" | wc -l)" -eq 500 ] && [ -n "$kb" ] &&
	[ "$kb" -lt $((500 * 13)) ]
ok $? "500 threads after one iteration: ${kb:-no reading} KiB of the shared region resident, under 13 KiB a thread (rc $rc)"

# Threads and process instances released together: each logs all its rows.
mkdir "$TMP/gate"
cat >"$TMP/gate.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP/gate", "stack_size": 65536 },
  "tasks": { "t": { "instance": 300, "loop": 3, "run": 20,
                    "timer": { "ref": "unique", "period": 20000 } },
             "p": { "instance": 20, "mode": "process", "loop": 3,
                    "sleep": 1000 } } }
J
run_bounded 60 "$MIMIC" --quiet "$TMP/gate.json" 2>"$TMP/err"
diag <"$TMP/err"
short=0
for f in "$TMP"/gate/*.log; do
	[ "$(rows "$f")" -eq 3 ] || short=$((short + 1))
done
[ $rc -eq 0 ] && [ "$(ls "$TMP/gate" | wc -l)" -eq 320 ] && [ $short -eq 0 ]
ok $? "300 threads and 20 processes all started and ran their 3 loops (rc $rc, $short short)"

# Histograms only for what a task records, and each of those filled.
cat >"$TMP/rec.json" <<'J'
{ "global": { "calibration": 50, "log_size": "disable" },
  "tasks": { "tw": { "instance": 2, "loop": 5, "run": 100,
                     "timer": { "ref": "unique", "period": 10000 } },
             "r": { "loop": 5, "run": 100 },
             "s": { "loop": 5, "sleep": 1000 } } }
J
run_bounded 30 "$MIMIC" --quiet --summary "$TMP/rec.s.json" "$TMP/rec.json" 2>"$TMP/err"
diag <"$TMP/err"
got=$(python3 -c 'import json, sys
for t in json.load(open(sys.argv[1]))["tasks"]:
    print(t["name"], t["wake"].get("timer", {}).get("n", 0), t["slack_us"]["n"],
          t["run_us"]["n"], t["run_error_pct"]["p50"] is not None)' "$TMP/rec.s.json")
diag <<E
$got
E
[ "$got" = "tw 10 10 10 True
r 0 0 5 True
s 0 0 0 False" ]
ok $? "timer and run: wake-ups, slack, run time and run error; run only: run time and error; sleep only: none"

# Limits, found before the first thread. A fake /proc says the machine is
# nearly full.
fake=$TMP/proc
mkdir -p "$fake/sys/kernel" "$fake/sys/vm"
echo "0.00 0.00 0.00 1/400 1" >"$fake/loadavg"
echo 1000 >"$fake/sys/kernel/threads-max"
echo 1200 >"$fake/sys/kernel/pid_max"
echo 3000 >"$fake/sys/vm/max_map_count"
MIMIC_PROC_DIR=$fake "$MIMIC" --quiet "$TMP/w.json" 2>"$TMP/err"
rc=$?
diag <"$TMP/err"
[ $rc -eq 1 ] &&
	grep -q "w.json: error: 1002 threads: kernel.threads-max is 1000 and the system already has 400 threads: raise it (sysctl -w kernel.threads-max=1402)" "$TMP/err" &&
	grep -q "w.json: error: 1002 threads: kernel.pid_max is 1200 and the system already has 400 threads: raise it (sysctl -w kernel.pid_max=1402)" "$TMP/err" &&
	grep -q "w.json: error: 1002 threads need about 4264 memory mappings: vm.max_map_count is 3000: raise it (sysctl -w vm.max_map_count=4264)" "$TMP/err"
ok $? "threads-max, pid_max, max_map_count: exit $rc, each named with its sysctl"
[ "$(ls "$TMP/logs" | wc -l)" -eq 1000 ] &&
	[ "$(rows "$TMP/logs/rt-app-p-0.log")" -ge 20 ]
ok $? "refused before anything: the earlier logs were not touched"

sed 's/"stack_size": 65536/"stack_size": 16384/' "$TMP/w.json" >"$TMP/s.json"
min=$(getconf PTHREAD_STACK_MIN 2>/dev/null || echo 16384)
if [ "$min" -gt 16384 ]; then
	"$MIMIC" --quiet "$TMP/s.json" 2>"$TMP/err"
	rc=$?
	grep -q "global.stack_size: 16384 bytes is below this system's PTHREAD_STACK_MIN" "$TMP/err"
	ok $(( $? || rc != 1 )) "stack below PTHREAD_STACK_MIN ($min): exit $rc"
else
	ok 0 "# SKIP PTHREAD_STACK_MIN is 16384, the grammar's own minimum"
fi

if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null &&
	command -v prlimit >/dev/null; then
	chmod 755 "$TMP"
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		prlimit --nproc=500 "$MIMIC" --quiet -L /tmp "$TMP/w.json" 2>"$TMP/err"
	rc=$?
	diag <"$TMP/err"
	[ $rc -eq 1 ] && grep -q "w.json: error: 1002 threads: RLIMIT_NPROC is 500 and this user already has [0-9]* processes and threads: raise it (ulimit -u, or nproc in /etc/security/limits.conf)" "$TMP/err"
	ok $? "nobody with RLIMIT_NPROC 500: exit $rc, the limit named"
else
	ok 0 "# SKIP needs root, setpriv and prlimit"
fi
