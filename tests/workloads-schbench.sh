#!/bin/sh
# The canned schbench workloads (modern and classic) pass --check, run for
# a second with small counts, and print schbench's report lines in its
# formats, with non-negative, ordered percentiles; the classic one writes
# no logs and its main thread sleeps while it runs; utils/schbench-autoscale
# runs classic schbench's -a loop.
. "${srcdir:-.}/tests/lib.sh"
plan 18
MIMIC_WORKLOAD_PATH="$srcdir/workloads"
export MIMIC_WORKLOAD_PATH
"$MIMIC" --check schbench && "$MIMIC" --check schbench-classic
ok $? "schbench and schbench-classic pass --check"
"$MIMIC" --dump --set message_threads=1 --set workers=2 schbench-classic | tr -d ' \n' |
	grep -q '"event":"futex_wake_list","key":"futex_wake_list","ref":"g0.msg","order":"lifo"'
ok $? "classic schbench's message thread wakes its list of posters, the most recent first"
"$MIMIC" --dump --set message_threads=1 --set workers=2 schbench | tr -d ' \n' >"$TMP/d.json"
grep -q '"event":"futex_wake_list","key":"futex_wake_list","ref":"g0.msg","order":"lifo"' "$TMP/d.json"
ok $? "modern schbench's message thread wakes its list of posters too, the most recent first"
grep -q '"event":"matmul","key":"matmul","size":104,"count":5,"fill":false}' "$TMP/d.json" &&
	"$MIMIC" --dump --set math_usec=920 schbench | tr -d ' \n' |
	grep -q '"size":104,"count":5,"fill":false,"op_time_us":920'
ok $? "modern schbench does its count of multiplications unscaled by default; math_usec makes each worth that much"
grep -q '"key":"sleep0","duration_us":{"choice":\[\[100,1\]\]}' "$TMP/d.json" &&
	! "$MIMIC" --dump --set sleep_usec=0 schbench | tr -d ' \n' | grep -q '"key":"sleep0"'
ok $? "a modern schbench worker sleeps sleep_usec before the work, and not at all when it is 0 (as schbench's if)"

# Values of one modern table (its rows must be exactly schbench's), in
# order, or nothing if a row is malformed: table LABEL ROWS... <FILE
table() {
	awk -v label="$1" -v rows="$2" '
	index($0, label " percentiles (") == 1 {
		if ($0 !~ /\) runtime [0-9]+ \(s\) \([0-9]+ total samples\)$/) exit 1
		on = 1; n = split(rows, want, " "); k = 0; next }
	on && k < n {
		line = $0; star = want[k + 1] == "*" ? "\\* " : "  "
		if (want[k + 1] == "*") { k++ }
		re = "^\t" star want[k + 1] "th: [0-9]+ +\\([0-9]+ samples\\)$"
		if (line !~ re) exit 1
		split(line, f, /[: (]+/); vals = vals " " f[3]; k++; next }
	on && k == n { if ($0 !~ /^\t  min=[0-9]+, max=[0-9]+$/) exit 1; print vals; exit 0 }'
}
ordered() { echo "$1" | awk 'NF == 0 { exit 1 } { for (i = 2; i <= NF; i++) if ($i < $(i - 1) || $i < 0) exit 1 }'; }

"$MIMIC" --set runtime=1 --set operations=1 --set footprint_kb=64 --logdir "$TMP" schbench >"$TMP/m.out" 2>"$TMP/m.err"
ok $? "the modern schbench runs for 1 s"
w=$(table "Wakeup Latencies" "50.0 90.0 * 99.0 99.9" <"$TMP/m.out")
ordered "$w"
ok $? "Wakeup Latencies table in schbench's format, ordered:$w"
q=$(table "Request Latencies" "50.0 90.0 * 99.0 99.9" <"$TMP/m.out")
ordered "$q"
ok $? "Request Latencies table in schbench's format, ordered:$q"
r=$(table "RPS" "20.0 * 50.0 90.0" <"$TMP/m.out")
ordered "$r"
ok $? "RPS table (20.0th, * 50.0th, 90.0th), ordered:$r"
grep -Eq '^Wakeup Latencies percentiles \(usec\) runtime 1 \(s\) \([1-9][0-9]* total samples\)$' "$TMP/m.out" &&
	grep -Eq '^average rps: [0-9]+\.[0-9][0-9]$' "$TMP/m.out" &&
	! grep -q '^average rps: 0\.00$' "$TMP/m.out" &&
	grep -qx 'sched delay: message 0 (usec) worker 0 (usec)' "$TMP/m.out"
ok $? "wake-up samples were taken; average rps and sched delay lines"
! ls "$TMP"/mimic-schbench-*.log >/dev/null 2>&1
ok $? "the modern schbench writes no per-iteration logs (schbench writes none)"

"$MIMIC" --set runtime=1 --set message_threads=1 --set workers=2 --set sleeptime=2000 \
	--set cputime=2000 --logdir "$TMP" schbench-classic >"$TMP/c.out" 2>"$TMP/c.err"
ok $? "the classic schbench runs for 1 s"
c=$(awk '
	$0 == "Latency percentiles (usec)" { on = 1; k = 0; n = split("50.0000 75.0000 90.0000 95.0000 *99.0000 99.5000 99.9000", want, " "); next }
	on && k < n { k++; p = want[k]; sub(/\*/, "\\*", p)
		if ($0 !~ "^\t" p "th: [0-9]+$") exit 1; split($0, f, ": "); vals = vals " " f[2]; next }
	on && k == n { if ($0 !~ /^\tmin=0, max=[0-9]+$/) exit 1; print vals; exit 0 }' "$TMP/c.out")
ordered "$c"
ok $? "Latency percentiles (usec) in classic schbench's format, ordered:$c"
! ls "$TMP"/mimic-schbench-classic-*.log >/dev/null 2>&1
ok $? "classic schbench writes no per-iteration logs (schbench writes none)"

# schbench's main thread sleeps the whole runtime; mimic's, with no logs
# to drain and no progress line, sleeps to the stop too, instead of taking
# a CPU from the spinning workers ten times a second (13 switches in the
# 1.5 s looked at when it did).
"$MIMIC" --set runtime=4 --set message_threads=1 --set workers=1 --set sleeptime=2000 \
	--set cputime=2000 --logdir "$TMP" schbench-classic >/dev/null 2>&1 &
pid=$!
switches() { awk '/^voluntary_ctxt_switches:/ { print $2 }' "/proc/$pid/task/$pid/status" 2>/dev/null; }
sleep 1.5; v1=$(switches)
sleep 1.5; v2=$(switches)
wait $pid
diag "main's voluntary switches: $v1 at 1.5 s, $v2 at 3 s"
[ -n "$v1" ] && [ -n "$v2" ] && [ $((v2 - v1)) -le 3 ]
ok $? "the main thread sleeps while the threads run ($v1 -> $v2 switches)"

"$srcdir/utils/schbench-autoscale" --mimic "$MIMIC" --max-workers 2 \
	--workload "$srcdir/workloads/schbench-classic.json" --set runtime=1 \
	--set message_threads=1 --set workers=1 --set sleeptime=2000 \
	--set cputime=2000 --logdir "$TMP" >"$TMP/a.out" 2>"$TMP/a.err"
ok $? "schbench-autoscale runs"
n=$(grep -Ec '^cputime 2000 threads [12] p99 [0-9]+$' "$TMP/a.out")
[ "$n" -ge 1 ] && [ "$n" -le 2 ] && head -1 "$TMP/a.out" | grep -q '^cputime 2000 threads 1 p99 '
ok $? "it prints schbench's round lines, from 1 worker up ($n rounds)"
grep -qx 'Latency percentiles (usec)' "$TMP/a.out" && tail -1 "$TMP/a.out" | grep -Eq '^	min=0, max=[0-9]+$'
ok $? "then the last run's table"
