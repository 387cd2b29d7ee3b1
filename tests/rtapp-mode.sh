#!/bin/sh
# rt-app mode (doc/rtapp-mode.md): mimic started as "rt-app" or with
# --rt-app speaks as rt-app 55cb0c0 on stdout, stderr and its exit status,
# runs the whole global.duration, and leaves header-only logs after a run
# refused before time zero; mimic's own mode prints no line saying "error"
# on a clean run.
. "${srcdir:-.}/tests/lib.sh"
tracefs_lock

RTAPP="$TMP/rt-app"
ln -s "$MIMIC" "$RTAPP" || skip_all "cannot make a link"
mkdir "$TMP/logs"
cat >"$TMP/w.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP/logs" },
  "tasks": { "t": { "loop": 3, "run": 100, "sleep": 100 } } }
J
plan 42

# 1-6: a clean run under the name rt-app, at the default level.
"$RTAPP" "$TMP/w.json" >"$TMP/out" 2>"$TMP/err"
ok $? "as rt-app: a clean run exits 0"
[ ! -s "$TMP/out" ]
ok $? "as rt-app: nothing on stdout at the default level (rt-app prints none)"
! grep -qv '^\[rt-app\] <notice> \|^$' "$TMP/err"
ok $? "as rt-app: every stderr line is an [rt-app] <notice> (or rt-app's empty line)"
grep -qx '\[rt-app\] <notice> pLoad = 50ns' "$TMP/err"
ok $? "as rt-app: rt-app's own pLoad line, nothing added"
grep -qx '\[rt-app\] <notice> \[0\] Starting with SCHED_OTHER policy with priority 0' "$TMP/err" &&
	grep -qx '\[rt-app\] <notice> thread_data_set_unique_name 0 t-0' "$TMP/err" &&
	grep -qx '\[rt-app\] <notice> \[0\] Exiting\.' "$TMP/err"
ok $? "as rt-app: rt-app's thread notices (unique name, Starting with, Exiting)"
[ "$(wc -l <"$TMP/logs/rt-app-t-0.log")" -eq 4 ]
ok $? "as rt-app: the log file has its header and 3 rows"

# 7-8: --rt-app does the same under mimic's name.
"$MIMIC" --rt-app "$TMP/w.json" >"$TMP/out" 2>"$TMP/err"
ok $? "--rt-app: a clean run exits 0"
[ ! -s "$TMP/out" ] && grep -q '^\[rt-app\] <notice> pLoad' "$TMP/err" &&
	! grep -q '\[mimic\]' "$TMP/err"
ok $? "--rt-app: no stdout, [rt-app] prefixes, no [mimic]"

# 9: the error level prints nothing at all on a clean run.
"$RTAPP" -l 10 "$TMP/w.json" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 0 ] && [ ! -s "$TMP/out" ] && [ ! -s "$TMP/err" ]
ok $? "as rt-app -l 10: a clean run prints nothing"

# 10-11: the table only when asked for.
"$RTAPP" --summary "$TMP/w.json" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 0 ] && grep -q '^mimic: ran .* all loops done$' "$TMP/out" &&
	grep -q 'run deviation (%)' "$TMP/out"
ok $? "as rt-app --summary: the summary table on stdout"
"$RTAPP" --summary="$TMP/s.json" "$TMP/w.json" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 0 ] && [ ! -s "$TMP/out" ] && grep -q '"tasks"' "$TMP/s.json"
ok $? "as rt-app --summary=FILE: the JSON summary in FILE, stdout empty"

# 12-18: rt-app's exit statuses and usage.
printf '{ "tasks": { "t": { "run": 1000, }' >"$TMP/bad.json"
"$RTAPP" "$TMP/bad.json" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q 'error' "$TMP/err"
ok $? "as rt-app: bad JSON exits 2, as rt-app's EXIT_INV_CONFIG"
"$RTAPP" "$TMP/none.json" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 1 ] && grep -qx "Usage: rt-app \[-l <debug_level>\] <taskset.json>" "$TMP/out"
ok $? "as rt-app: a file that does not exist: usage on stdout, exit 1"
"$RTAPP" --bogus "$TMP/w.json" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 3 ] && grep -qx "Try 'rt-app --help' for more information." "$TMP/out"
ok $? "as rt-app: an unknown option: usage on stdout, exit 3"
"$RTAPP" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 3 ] && grep -q '^Usage: rt-app' "$TMP/out" && [ ! -s "$TMP/err" ]
ok $? "as rt-app: no file: usage on stdout only, exit 3"
"$RTAPP" -l x "$TMP/w.json" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 3 ] && grep -q '^Usage: rt-app' "$TMP/out" && [ ! -s "$TMP/err" ]
ok $? "as rt-app: -l x: usage on stdout only, exit 3"
"$RTAPP" --help >"$TMP/out" 2>"$TMP/err"
[ $? -eq 0 ] && grep -q '^  -l, --log          set verbosity level' "$TMP/out" &&
	grep -q -- '--summary' "$TMP/out"
ok $? "as rt-app --help: rt-app's help and mimic's --summary, exit 0"
"$RTAPP" list >"$TMP/out" 2>"$TMP/err"
[ $? -eq 1 ] && grep -q '^Usage: rt-app' "$TMP/out"
ok $? "as rt-app: no subcommands (\"list\" is a file that does not exist)"

# 19-20: a logdir that does not exist: a run failure, as rt-app.
sed "s|$TMP/logs|$TMP/nodir|" "$TMP/w.json" >"$TMP/nodir.json"
"$RTAPP" "$TMP/nodir.json" >"$TMP/out" 2>"$TMP/err"
ok $([ $? -eq 1 ]; echo $?) "as rt-app: logdir that does not exist exits 1 (rt-app's EXIT_FAILURE)"
"$MIMIC" "$TMP/nodir.json" >"$TMP/out" 2>"$TMP/err"
ok $([ $? -eq 2 ]; echo $?) "mimic's own mode: the same is bad input, exit 2"

# 21-24: a run the kernel refuses before time zero (a deadline runtime
# under the kernel's 1024 ns minimum; any real-time policy without
# privileges): exit 1 and every thread's log with rt-app's header only.
mkdir "$TMP/ref"
cat >"$TMP/refused.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP/ref" },
  "tasks": { "dl": { "loop": 1, "policy": "SCHED_DEADLINE",
		     "dl-runtime": 1, "dl-period": 1000, "run": 100 },
	     "other": { "instance": 2, "loop": 1, "run": 100 } } }
J
"$MIMIC" "$TMP/refused.json" >"$TMP/out" 2>"$TMP/err"
mrc=$?
if [ $mrc -eq 1 ]; then
	ls "$TMP/ref" >"$TMP/ls"
	ok $([ ! -s "$TMP/ls" ]; echo $?) "mimic's own mode: a refused run leaves no logs"
	"$RTAPP" "$TMP/refused.json" >"$TMP/out" 2>"$TMP/err"
	ok $([ $? -eq 1 ]; echo $?) "as rt-app: a refused run exits 1"
	n=0
	for f in dl-0 other-1 other-2; do
		[ "$(cat "$TMP/ref/rt-app-$f.log" 2>/dev/null)" = "#idx     perf      run   period           start             end          rel_st      slack c_duration   c_period     wu_lat" ] && n=$((n + 1))
	done
	ok $([ $n -eq 3 ]; echo $?) "as rt-app: the 3 threads' logs exist with the header only ($n of 3)"
	[ ! -s "$TMP/out" ]
	ok $? "as rt-app: a refused run prints nothing on stdout"
else
	for k in 1 2 3 4; do
		echo "ok $((TEST_N + 1)) # SKIP this kernel ran the refused workload (exit $mrc)"
		TEST_N=$((TEST_N + 1))
	done
fi

# 25-33: what rt-app leaves to the kernel at the thread's start (a
# SCHED_DEADLINE runtime over its period, as LISA's refused profile; an
# RT priority out of 1..99; a nice out of -20..19, rt-app's own check
# there): as rt-app, no parse error but the refusal, exit 1 and the
# header-only logs; in mimic's own mode, bad input (exit 2, positioned).
hdr="#idx     perf      run   period           start             end          rel_st      slack c_duration   c_period     wu_lat"
mkdir "$TMP/dl"
cat >"$TMP/dl.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP/dl" },
  "tasks": { "t": { "loop": 1, "phases": { "p0": {
		"policy": "SCHED_DEADLINE", "dl-runtime": 200000,
		"dl-period": 100000, "run": 100 } } },
	     "other": { "instance": 2, "loop": 1, "run": 100 } } }
J
"$RTAPP" "$TMP/dl.json" >"$TMP/out" 2>"$TMP/err"
ok $([ $? -eq 1 ]; echo $?) "as rt-app: deadline runtime > period is refused at the start, exit 1"
n=0
for f in t-0 other-1 other-2; do
	[ "$(cat "$TMP/dl/rt-app-$f.log" 2>/dev/null)" = "$hdr" ] && n=$((n + 1))
done
ok $([ $n -eq 3 ]; echo $?) "as rt-app: the 3 threads' logs exist with the header only ($n of 3)"
grep -qx '\[rt-app\] <crit> \[0\] sched_setattr returned -1' "$TMP/err" &&
	grep -q '^sched_setattr: failed to set deadline attributes: ' "$TMP/err" &&
	grep -q 'tasks\.t\.phases\.p0: SCHED_DEADLINE needs dl-runtime <= dl-deadline <= dl-period' "$TMP/err"
ok $? "as rt-app: rt-app's <crit> and perror lines, and where the file asks for it"
rm -f "$TMP/dl/"*
"$MIMIC" "$TMP/dl.json" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q 'dl.json:2:[0-9]*: error: tasks\.t\.phases\.p0: SCHED_DEADLINE needs dl-runtime <= dl-deadline <= dl-period (got 200000 <= 100000 <= 100000 us)' "$TMP/err"
ok $? "mimic's own mode: the same file is bad input, exit 2 with file:line:col and path"
ls "$TMP/dl" >"$TMP/ls"
ok $([ ! -s "$TMP/ls" ]; echo $?) "mimic's own mode: no log files before any thread started"
sed 's/"dl-runtime": 200000/"dl-runtime": 0/' "$TMP/dl.json" >"$TMP/dl0.json"
"$RTAPP" "$TMP/dl0.json" >"$TMP/out" 2>"$TMP/err"
ok $([ $? -eq 1 ] && [ "$(cat "$TMP/dl/rt-app-t-0.log" 2>/dev/null)" = "$hdr" ]; echo $?) "as rt-app: a deadline runtime of 0 is the kernel's refusal too (exit 1, header-only log)"
cat >"$TMP/prio.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP/dl" },
  "tasks": { "t": { "loop": 1, "policy": "SCHED_FIFO", "priority": 200, "run": 100 } } }
J
"$RTAPP" "$TMP/prio.json" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 1 ] && grep -qx '\[rt-app\] <crit> \[0\] pthread_setschedparam returned 22' "$TMP/err"
ok $? "as rt-app: SCHED_FIFO priority 200: pthread_setschedparam refused (22), exit 1"
sed 's/"policy": "SCHED_FIFO", "priority": 200/"priority": 30/' "$TMP/prio.json" >"$TMP/nice.json"
rm -f "$TMP/dl/"*
"$RTAPP" "$TMP/nice.json" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 1 ] && grep -qx '\[rt-app\] <crit> \[0\] sched_setattr 30 nice invalid\. Valid between -20 and 19' "$TMP/err" &&
	[ "$(cat "$TMP/dl/rt-app-t-0.log" 2>/dev/null)" = "$hdr" ]
ok $? "as rt-app: nice 30 refused at the start as rt-app does (the kernel would clamp it), exit 1"
"$MIMIC" "$TMP/nice.json" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q 'nice.json:2:[0-9]*: error: tasks\.t\.priority: SCHED_OTHER priority is a nice value, -20 \.\. 19 (got 30)' "$TMP/err"
ok $? "mimic's own mode: nice 30 is bad input, exit 2"
# 34-35: what rt-app's parser refuses stays exit 2, no logs, as rt-app.
rm -f "$TMP/dl/"*
sed 's/"policy": "SCHED_FIFO", "priority": 200/"cpus": [1000]/' "$TMP/prio.json" >"$TMP/cpu.json"
"$RTAPP" "$TMP/cpu.json" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q 'error: tasks\.t\.cpus: CPU 1000 does not exist' "$TMP/err" &&
	[ -z "$(ls "$TMP/dl")" ]
ok $? "as rt-app: a CPU this machine lacks is rt-app's parse error: exit 2, no logs"
sed 's|"priority": 200|"taskgroup": "/mimic-rtapp-test"|' "$TMP/prio.json" >"$TMP/tg.json"
"$RTAPP" "$TMP/tg.json" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q 'error: tasks\.t: no taskgroup support for policy SCHED_FIFO' "$TMP/err" &&
	[ -z "$(ls "$TMP/dl")" ]
ok $? "as rt-app: a taskgroup with SCHED_FIFO is rt-app's parse error: exit 2, no logs"

# 36-39: rt-app's duration: main sleeps the whole duration although the
# loops end at once, then shuts down (rtapp_main: event=shutdown).
cat >"$TMP/dur.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP/logs", "duration": 1 },
  "tasks": { "t": { "loop": 1, "run": 100 } } }
J
t0=$(date +%s%N)
"$RTAPP" --summary "$TMP/dur.json" >"$TMP/out" 2>"$TMP/err"
rc=$?
took=$(( ($(date +%s%N) - t0) / 1000000 ))
ok $([ $rc -eq 0 ] && [ $took -ge 1000 ]; echo $?) "as rt-app: a 1-loop task with duration 1 s runs >= 1 s (${took} ms)"
grep -q '^mimic: ran 1\.[0-9]* s, 1 thread, stopped at the duration$' "$TMP/out"
ok $? "as rt-app: the run ended at the duration, not at the end of the loops"
t0=$(date +%s%N)
"$MIMIC" -q "$TMP/dur.json" >"$TMP/out" 2>"$TMP/err"
took=$(( ($(date +%s%N) - t0) / 1000000 ))
ok $([ $took -lt 1000 ]; echo $?) "mimic's own mode: the same run ends with its loops (${took} ms)"
dir=$(awk '$3 == "tracefs" { print $2; exit }' /proc/mounts)
if [ "$(id -u)" -eq 0 ] && [ -n "$dir" ] && [ -w "$dir/trace_marker" ] &&
   [ "$(cat "$dir/tracing_on")" = 1 ]; then
	sed 's/"duration": 1/"duration": 1, "ftrace": "main"/' "$TMP/dur.json" >"$TMP/durf.json"
	"$RTAPP" "$TMP/durf.json" >"$TMP/out" 2>"$TMP/err" &
	pid=$!
	wait $pid
	# This run's main markers only: the trace is shared with others.
	grep -E -- "-$pid +\[.*rtapp_main: event=" "$dir/trace" |
		sed 's/.*rtapp_main: event=//' | tr '\n' ' ' >"$TMP/ev"
	ok $([ "$(cat "$TMP/ev")" = "start shutdown end " ]; echo $?) "as rt-app: rtapp_main start, shutdown, end in order ($(cat "$TMP/ev"))"
else
	echo "ok $((TEST_N + 1)) # SKIP no writable tracefs with tracing on"
	TEST_N=$((TEST_N + 1))
fi

# 40-42: mimic's own mode keeps its voice, and a clean run says no "error".
"$MIMIC" "$TMP/w.json" >"$TMP/out" 2>"$TMP/err"
ok $? "mimic's own mode: a clean run exits 0"
grep -q '^\[mimic\] <notice> pLoad = 50ns$' "$TMP/err" && grep -q '^mimic: ran' "$TMP/out"
ok $? "mimic's own mode: [mimic] prefixes and the summary table"
cat "$TMP/out" "$TMP/err" | grep -i 'error' | diag
! cat "$TMP/out" "$TMP/err" | grep -qi 'error'
ok $? "mimic's own mode: no line of a clean run's stdout or stderr matches /error/i"

[ $TEST_FAILED -eq 0 ]
