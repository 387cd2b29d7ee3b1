#!/bin/sh
# Scheduling attributes, seen from outside while mimic runs: policy and
# RT priority, nice, affinity and the CPU used, a phase-level policy
# switch; and their effect: CPU shares under nice, SCHED_DEADLINE's
# throttling.
. "${srcdir:-.}/tests/lib.sh"
plan 16
[ "$(id -u)" -eq 0 ] || skip_all "needs root for RT policies"
[ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ] || skip_all "needs 2 CPUs"
# All in one 3 s run (the sleepers do not disturb the hogs on CPU 0):
#   fifo:  SCHED_FIFO 30            pin: "cpus": [1]
#   nice:  SCHED_OTHER "priority": 10 (the nice value)
#   sw:    phases a (SCHED_OTHER) and b (SCHED_RR 20), 600 ms each
#   hog0, hog10: CPU hogs on CPU 0, nice 0 and nice 10.
cat >"$TMP/w.json" <<J
{ "global": { "duration": 3, "calibration": 50, "logdir": "$TMP", "log_basename": "s" },
  "tasks": {
    "fifo": { "policy": "SCHED_FIFO", "priority": 30, "run": 100, "sleep": 20000 },
    "pin": { "cpus": [1], "run": 1000, "sleep": 10000 },
    "nice": { "priority": 10, "run": 100, "sleep": 20000 },
    "sw": { "loop": -1, "phases": {
      "a": { "policy": "SCHED_OTHER", "sleep": 600000 },
      "b": { "policy": "SCHED_RR", "priority": 20, "sleep": 600000 } } },
    "hog0": { "cpus": [0], "priority": 0, "run": 1000 },
    "hog10": { "cpus": [0], "priority": 10, "run": 1000 } } }
J
"$MIMIC" --quiet "$TMP/w.json" 2>"$TMP/err" &
pid=$!
sleep 0.3
# Samples of "tid cls rtprio ni psr comm", every 100 ms while mimic runs
# (so a late start on a busy machine still sees every phase), and the
# affinity of two threads, read once as soon as both are seen.
tid_of() { awk -v c="$1" '$7 == c { print $2; exit }' "$TMP/ps"; }
k=0 aff= aff0=
while [ $k -lt 100 ] && kill -0 $pid 2>/dev/null; do
	ps -L -o tid=,cls=,rtprio=,ni=,psr=,comm= -p $pid | sed "s/^/$k /" >>"$TMP/ps"
	if [ -z "$aff" ] && [ -n "$(tid_of pin-1)" ] && [ -n "$(tid_of hog0-4)" ]; then
		aff=$(taskset -cp "$(tid_of pin-1)" 2>&1 | sed 's/.*: //')
		aff0=$(taskset -cp "$(tid_of hog0-4)" 2>&1 | sed 's/.*: //')
	fi
	k=$((k + 1))
	sleep 0.1
done
wait $pid
rc=$?
ok $rc "exits 0 after the 3 s duration"
[ $rc -eq 0 ] || diag <"$TMP/err"
# One sample's fields for a thread: field N of its first sample line.
field() { awk -v c="$1" -v f="$2" '$7 == c { print $f; exit }' "$TMP/ps"; }
[ "$(field fifo-0 3)" = FF ] && [ "$(field fifo-0 4)" = 30 ]
ok $? "SCHED_FIFO priority 30: cls $(field fifo-0 3), rtprio $(field fifo-0 4)"
[ "$(field nice-2 3)" = TS ] && [ "$(field nice-2 5)" = 10 ]
ok $? "SCHED_OTHER priority 10 is nice 10: cls $(field nice-2 3), ni $(field nice-2 5)"
[ "$(field pin-1 3)" = TS ] && [ "$(field pin-1 5)" = 0 ]
ok $? "no policy: SCHED_OTHER nice 0 (cls $(field pin-1 3), ni $(field pin-1 5))"
other=$(awk '$7 == "pin-1" && $6 != 1' "$TMP/ps" | wc -l)
ok "$other" "\"cpus\": [1]: psr is 1 in every sample ($other samples elsewhere)"
[ "$aff" = 1 ]
ok $? "\"cpus\": [1]: taskset shows affinity list 1 ($aff)"
[ "$aff0" = 0 ]
ok $? "\"cpus\": [0]: taskset shows affinity list 0 ($aff0)"
# sw: its class over time, consecutive repeats merged.
seq=$(awk '$7 == "sw-3" { c = $3 ($3 == "RR" ? "/" $4 : ""); if (c != last) printf "%s ", c; last = c }' "$TMP/ps")
case " $seq" in
*" TS RR/20 TS"*) r=0 ;;
*) r=1 ;;
esac
ok $r "phase policy switches the class as phases run: TS, RR 20, TS again (seen: $seq)"
[ "$(awk '$7 == "sw-3" && $3 == "TS" && $5 != 0' "$TMP/ps" | wc -l)" -eq 0 ]
ok $? "back under SCHED_OTHER the thread is nice 0 again"

# Shares: two hogs on one CPU, nice 0 against nice 10 (weights 1024 : 110).
h0=$(rows "$TMP/s-hog0-4.log") h10=$(rows "$TMP/s-hog10-5.log")
[ "$h0" -ge 100 ] && [ "$h0" -ge $((3 * h10)) ]
ok $? "nice 0 gets >= 3x the CPU of nice 10 on a shared CPU ($h0 vs $h10 rows)"
[ "$h10" -ge 1 ]
ok $? "and nice 10 is not starved ($h10 rows)"
[ "$(field hog10-5 5)" = 10 ] && [ "$(field hog0-4 5)" = 0 ]
ok $? "the hogs run at nice 0 and 10 ($(field hog0-4 5), $(field hog10-5 5))"
[ "$(rows "$TMP/s-fifo-0.log")" -ge 10 ] && [ "$(rows "$TMP/s-nice-2.log")" -ge 10 ] &&
	[ "$(rows "$TMP/s-pin-1.log")" -ge 10 ]
ok $? "the others kept looping (fifo $(rows "$TMP/s-fifo-0.log"), nice $(rows "$TMP/s-nice-2.log"), pin $(rows "$TMP/s-pin-1.log") rows)"

# SCHED_DEADLINE: 4 ms of work under a 2 ms / 10 ms budget is throttled
# at least once (8 ms), so each run's wall time is >= 8 ms. A real
# calibration here: the budget is in CPU time, so the work must be.
mkdir "$TMP/dl"
cat >"$TMP/dl.json" <<J
{ "global": { "logdir": "$TMP/dl" },
  "tasks": { "dl": { "policy": "SCHED_DEADLINE", "dl-runtime": 2000, "dl-period": 10000,
                     "loop": 10, "run": 4000 } } }
J
"$MIMIC" --quiet --summary "$TMP/dl/s.json" "$TMP/dl.json" 2>"$TMP/dlerr"
rc=$?
log=$TMP/dl/rt-app-dl-0.log
n=0
[ -f "$log" ] && n=$(rows "$log")
if [ $rc -ne 0 ] && grep -q 'tasks\.dl: .*SCHED_DEADLINE' "$TMP/dlerr"; then
	# Refused on this machine: only the refusal itself can be checked.
	[ $rc -eq 1 ] && [ "$n" -eq 0 ]
	ok $? "SCHED_DEADLINE refused here: exit $rc (1), $n rows (0), message names the task: $(head -1 "$TMP/dlerr")"
	ok 0 "SCHED_DEADLINE: 10 rows # SKIP sched_setattr(SCHED_DEADLINE) fails on this machine"
	ok 0 "SCHED_DEADLINE throttles # SKIP sched_setattr(SCHED_DEADLINE) fails on this machine"
else
	ok $rc "SCHED_DEADLINE: exits 0"
	[ $rc -eq 0 ] || diag <"$TMP/dlerr"
	[ "$n" -eq 10 ]
	ok $? "SCHED_DEADLINE: 10 rows ($n)"
	m=$(col "$log" run | median)
	drift=$(calib_drift "$TMP/dl/s.json")
	[ "${m:-0}" -ge 8000 ]
	st=$?
	sped_up "$drift" 15
	ok_or_skip $st $? "SCHED_DEADLINE throttles: median run of 4 ms of work is $m us (>= 8000, drift $drift %)" \
		"below 8000, but the CPU got faster after calibrating: the work was not 4 ms"
fi
