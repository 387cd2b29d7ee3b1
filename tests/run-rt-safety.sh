#!/bin/sh
# A runaway real-time workload cannot lock the machine. With the kernel's
# RT throttling off (a fake /proc through the MIMIC_PROC_DIR test hook:
# the real sysctl is never touched), a workload with a SCHED_FIFO task is
# refused before time zero naming the task, exit 1, unless
# --allow-unthrottled. With throttling on (the real machine), FIFO 99 busy
# loops on every CPU for 10 s still let the shell run and ^C stop the run.
. "${srcdir:-.}/tests/lib.sh"
plan 7
fake=$TMP/proc
mkdir -p "$fake/sys/kernel" "$TMP/logs"
echo 1000000 >"$fake/sys/kernel/sched_rt_period_us"
cat >"$TMP/w.json" <<J
{ "global": { "calibration": 50, "duration": 0.3, "logdir": "$TMP/logs" },
  "tasks": { "fair": { "run": 100, "sleep": 1000 },
             "hog": { "policy": "SCHED_FIFO", "priority": 10,
                      "run": 100, "sleep": 1000 } } }
J
msg="w.json: error: tasks.hog: policy SCHED_FIFO while the kernel's RT throttling is off (kernel.sched_rt_runtime_us is -1, period 1000000): a runaway task could lock the machine; turn it on (sysctl -w kernel.sched_rt_runtime_us=950000) or pass --allow-unthrottled"

echo -1 >"$fake/sys/kernel/sched_rt_runtime_us"
MIMIC_PROC_DIR=$fake "$MIMIC" --quiet "$TMP/w.json" 2>"$TMP/err"
rc=$?
diag <"$TMP/err"
[ $rc -eq 1 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] && grep -qF "$msg" "$TMP/err"
ok $? "throttling off (-1): refused, exit $rc, one message naming the task"
[ -z "$(ls "$TMP/logs")" ]
ok $? "refused before time zero: no log"

echo 1000000 >"$fake/sys/kernel/sched_rt_runtime_us"
MIMIC_PROC_DIR=$fake "$MIMIC" --quiet "$TMP/w.json" 2>"$TMP/err"
rc=$?
[ $rc -eq 1 ] && grep -q "sched_rt_runtime_us is 1000000, period 1000000" "$TMP/err"
ok $? "runtime = period is no throttling either: refused, exit $rc"

sed 's/"policy": "SCHED_FIFO", "priority": 10,//' "$TMP/w.json" >"$TMP/fair.json"
MIMIC_PROC_DIR=$fake "$MIMIC" --quiet "$TMP/fair.json" 2>"$TMP/err"
ok $? "throttling off, no real-time task: runs"

[ "$(id -u)" -eq 0 ] || { for k in 5 6 7; do ok 0 "# SKIP needs root for SCHED_FIFO"; done; exit 0; }
echo -1 >"$fake/sys/kernel/sched_rt_runtime_us"
MIMIC_PROC_DIR=$fake "$MIMIC" --allow-unthrottled "$TMP/w.json" >/dev/null 2>"$TMP/err"
rc=$?
[ $rc -eq 0 ] && grep -q "warning: RT throttling is off (kernel.sched_rt_runtime_us -1)" "$TMP/err"
ok $? "--allow-unthrottled: runs (exit $rc) with a warning"

# The real thing, only where the kernel throttles (it does by default).
rt=$(cat /proc/sys/kernel/sched_rt_runtime_us 2>/dev/null || echo -1)
per=$(cat /proc/sys/kernel/sched_rt_period_us 2>/dev/null || echo 0)
if [ "$rt" -lt 0 ] || [ "$rt" -ge "$per" ]; then
	for k in 6 7; do ok 0 "# SKIP RT throttling is off on this machine"; done
	exit 0
fi
n=$(getconf _NPROCESSORS_ONLN)
cat >"$TMP/hog.json" <<J
{ "global": { "calibration": 50, "duration": 10, "logdir": "$TMP/logs", "log_size": "disable" },
  "tasks": { "hog": { "instance": $n, "policy": "SCHED_FIFO", "priority": 99,
                      "runtime": 10000000 } } }
J
"$MIMIC" --quiet "$TMP/hog.json" 2>"$TMP/err" &
pid=$!
sleep 1
t0=$(date +%s%N)
sleep 0.1
late=$(( ($(date +%s%N) - t0) / 1000000 ))
[ "$late" -lt 8000 ]
ok $? "FIFO 99 on all $n CPUs: a shell's 100 ms sleep still ends ($late ms)"
t0=$(date +%s%N)
kill -INT $pid
( sleep 20; kill -KILL $pid ) >/dev/null 2>&1 &
watchdog=$!
wait $pid
rc=$?
took=$(( ($(date +%s%N) - t0) / 1000000 ))
kill $watchdog 2>/dev/null
diag <"$TMP/err"
[ $rc -eq 0 ] && [ "$took" -lt 5000 ]
ok $? "and SIGINT stops it: exit $rc in $took ms"
