#!/bin/sh
# The canned cyclictest, adrestia and perf bench workloads: each passes
# --check, runs briefly and prints the real tool's lines; where the real
# tool is installed its lines have the same shape (numbers aside).
. "${srcdir:-.}/tests/lib.sh"
plan 24
W=$srcdir/workloads
root=0
[ "$(id -u)" -eq 0 ] && root=1
skip() { TEST_N=$((TEST_N + 1)); echo "ok $TEST_N # SKIP $1"; }
# A line's shape: numbers become N, runs of blanks one space.
shape() { sed -E 's/[0-9]+/N/g; s/[ \t]+/ /g; s/\( /(/g'; }  # tids differ in width

for f in cyclictest adrestia perf-sched-pipe perf-sched-messaging hackbench; do
	"$MIMIC" --check "$W/$f.json" 2>"$TMP/err"
	ok $? "$f.json passes --check"
done

# cyclictest: two threads for 1 s at 1000 and 1500 us (distance 500).
if [ $root -eq 1 ]; then
	"$MIMIC" --set duration=1 --set threads=2 "$W/cyclictest.json" >"$TMP/ct" 2>"$TMP/err"
	ok $? "cyclictest runs two SCHED_FIFO threads for 1 s"
	tl='^T: ?[0-9]+ \( *[0-9]+\) P:80 I:(1000|1500) C: *[0-9]+ Min: *[0-9]+ Act: *[0-9]+ Avg: *[0-9]+ Max: *[0-9]+$'
	[ "$(grep -Ec "$tl" "$TMP/ct")" -eq 2 ] && grep -q ' I:1500 ' "$TMP/ct"
	ok $? "two T: lines in cyclictest's format, thread 1 at I:1500"
	awk '/^T:/ { sub(/.*C: */, ""); c = $1; min = $3; avg = $7; max = $9
		     if (c < 100 || c > 1001 || min > avg || avg > max) bad = 1; n++ }
	     END { exit bad || n != 2 }' "$TMP/ct"
	ok $? "C is at most 1000 and 667 cycles (overruns aside), Min <= Avg <= Max"
	[ "$TEST_FAILED" -eq 0 ] || diag <"$TMP/ct"
	"$MIMIC" --set duration=1 --set histogram=50 "$W/cyclictest.json" >"$TMP/cth" 2>"$TMP/err"
	awk '/^# Histogram$/ { h = 1; next }
	     h && /^[0-9]+ [0-9]+$/ { rows++; sum += $2; next }
	     /^# Total: [0-9]+$/ { total = $3 }
	     /^# Histogram Overflows: [0-9]+$/ { over = $4 }
	     /^T:/ { sub(/.*C: */, ""); c = $1 }
	     END { exit !(rows == 50 && sum == total && total + over == c && c > 0) }' "$TMP/cth"
	ok $? "histogram=50: 50 rows, # Total is their sum, Total + Overflows = C"
	grep -q '^# Min Latencies: [0-9]\{5\}$' "$TMP/cth" &&
		grep -q '^# Avg Latencies: [0-9]\{5\}$' "$TMP/cth" &&
		grep -q '^# Max Latencies: [0-9]\{5\}$' "$TMP/cth"
	ok $? "# Min/Avg/Max Latencies lines"
	if command -v cyclictest >/dev/null; then
		cyclictest -m -q -D 1 -i 1000 -p 80 -t 1 >"$TMP/real" 2>&1
		[ "$(grep '^T:' "$TMP/real" | shape)" = "$(grep '^T:' "$TMP/ct" | head -1 | shape)" ]
		ok $? "the T: line has the shape of cyclictest's"
	else
		skip "cyclictest not installed"
	fi
else
	for k in 1 2 3 4 5 6; do skip "cyclictest needs root (SCHED_FIFO, cpu_dma_latency)"; done
fi

# adrestia: both tests, 300 rounds.
"$MIMIC" --set loops=300 "$W/adrestia.json" >"$TMP/ad" 2>"$TMP/err"
ok $? "adrestia runs both tests (300 rounds)"
grep -Eqx 'wakeup cost \(single\): [0-9]+us' "$TMP/ad" &&
	grep -Eqx 'wakeup cost \(periodic, 10us\): [0-9]+us' "$TMP/ad" &&
	[ "$(grep -n '^wakeup cost (' "$TMP/ad" | head -1 | grep -c single)" -eq 1 ]
ok $? "adrestia's two lines, single first"
awk -F'[:u ]+' '/^wakeup cost \(single\)/ { p90 = $(NF - 1) }
	/^wakeup cost p95 \(single\)/ { p95 = $(NF - 1) }
	END { exit !(p90 != "" && p95 != "" && p90 + 0 <= p95 + 0 && p95 < 100000) }' "$TMP/ad"
ok $? "the p95 line is >= the p90 line, both sane"
"$MIMIC" --set loops=100 --set threads=2 --set single=0 --set arrival=200 "$W/adrestia.json" >"$TMP/ad2" 2>"$TMP/err"
[ $? -eq 0 ] && ! grep -q single "$TMP/ad2" &&
	grep -Eqx 'wakeup cost \(periodic, 200us\): [0-9]+us' "$TMP/ad2"
ok $? "single=0 threads=2 arrival=200: the periodic test only"

# perf bench sched pipe, 2000 round trips.
"$MIMIC" --set loops=2000 "$W/perf-sched-pipe.json" >"$TMP/pp" 2>"$TMP/err"
ok $? "perf-sched-pipe runs 2000 loops"
head -2 "$TMP/pp" | tr '\n' '|' | grep -qx "# Running 'sched/pipe' benchmark:|# Executed 2000 pipe operations between two threads|" &&
	grep -Eqx '     Total time: [0-9]+\.[0-9]{3} \[sec\]' "$TMP/pp" &&
	grep -Eqx ' +[0-9]+\.[0-9]{6} usecs/op' "$TMP/pp" &&
	grep -Eqx ' +[0-9]+ ops/sec' "$TMP/pp"
ok $? "perf's pipe lines: header, Total time, usecs/op, ops/sec"
awk '/Total time/ { t = $3 } /usecs\/op/ { u = $1 } /ops\/sec/ { o = $1 }
     END { exit !(u > 0 && (u * 2000 / 1e6 - t) < 0.002 && (u * 2000 / 1e6 - t) > -0.0005 &&
		  o > 0.99e6 / u && o < 1.01e6 / u) }' "$TMP/pp"
ok $? "usecs/op x loops is the Total time, ops/sec its inverse"
if command -v perf >/dev/null && perf bench sched pipe -T -l 1000 >"$TMP/real" 2>/dev/null; then
	[ "$(shape <"$TMP/real")" = "$(sed -n '1,/ops\/sec/p' "$TMP/pp" | shape)" ]
	ok $? "the same lines as perf bench sched pipe -T"
else
	skip "perf bench not available"
fi

# perf bench sched messaging, 1 group, 20 loops, sockets then pipes.
"$MIMIC" --set groups=1 --set loops=20 "$W/perf-sched-messaging.json" >"$TMP/pm" 2>"$TMP/err"
ok $? "perf-sched-messaging runs (1 group, 20 loops)"
sed -n '1,5p' "$TMP/pm" | tr '\n' '|' |
	grep -Eqx "# Running 'sched/messaging' benchmark:\|# 20 sender and receiver threads per group\|# 1 groups == 40 threads run\|\|     Total time: [0-9]+\.[0-9]{3} \[sec\]\|"
ok $? "perf's messaging lines, threads"
"$MIMIC" --set groups=2 --set loops=20 --set channel=pipe "$W/perf-sched-messaging.json" >"$TMP/pm2" 2>"$TMP/err"
[ $? -eq 0 ] && grep -qx '# 2 groups == 80 threads run' "$TMP/pm2"
ok $? "channel=pipe, 2 groups: 80 threads"
if command -v perf >/dev/null && perf bench sched messaging -t -g 1 -l 20 >"$TMP/real" 2>/dev/null; then
	[ "$(shape <"$TMP/real")" = "$(sed -n '1,5p' "$TMP/pm" | shape)" ]
	ok $? "the same lines as perf bench sched messaging -t"
else
	skip "perf bench not available"
fi

"$MIMIC" --check - 2>"$TMP/err" <<J
{ "global": { "report": "nosuch:3" }, "tasks": { "t": { "run": 10 } } }
J
[ $? -eq 2 ] && grep -q 'unknown report style "nosuch"' "$TMP/err"
ok $? "an unknown style with an argument is named without it, exit 2"
exit $((TEST_FAILED > 0))
