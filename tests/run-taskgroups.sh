#!/bin/sh
# Taskgroups: every group a run creates is removed at its end, however
# many (301 here; only 256 were tracked before), also when it is stopped
# by SIGTERM or refused after creating them (a probe that fails); a run
# killed by SIGKILL leaves them, listed in its registry under
# $MIMIC_STATE_DIR, and "mimic cleanup" removes them all, and only those
# of runs that are gone. Needs root and the cgroup v1 cpu controller.
. "${srcdir:-.}/tests/lib.sh"
cpu=$(awk '$3 == "cgroup" && $4 ~ /(^|,)cpu(,|$)/ { print $2; exit }' /proc/mounts)
[ "$(id -u)" -eq 0 ] && [ -n "$cpu" ] && [ -w "$cpu" ] ||
	skip_all "needs root and a cgroup v1 cpu hierarchy"
plan 10
top=mimic-test-$$
export MIMIC_STATE_DIR=$TMP/state
mkdir "$TMP/logs"
# 300 tasks, each in its own group under $top: 301 groups made.
awk -v top="$top" -v dir="$TMP/logs" -v d="$1" 'BEGIN {
	printf "{ \"global\": { \"calibration\": 50, \"duration\": DURATION, \"logdir\": \"%s\", \"stack_size\": 65536 }, \"tasks\": { ", dir;
	for (k = 0; k < 300; k++)
		printf "%s\"t%d\": { \"taskgroup\": \"/%s/g%d\", \"run\": 100, \"timer\": { \"ref\": \"unique\", \"period\": 100000 } }",
			k ? ", " : "", k, top, k;
	print " } }" }' >"$TMP/w.in"
groups() { find "$cpu/$top" -mindepth 0 -type d 2>/dev/null | wc -l; }
cleanup_groups() { [ -d "$cpu/$top" ] && find "$cpu/$top" -depth -type d -exec rmdir {} + 2>/dev/null; }
trap 'cleanup_groups; rm -rf "$TMP"' EXIT

sed 's/DURATION/1/' "$TMP/w.in" >"$TMP/w.json"
run_bounded 60 "$MIMIC" -q "$TMP/w.json" 2>"$TMP/err"
diag <"$TMP/err"
n=$(groups)
[ $rc -eq 0 ] && [ "$n" -eq 0 ] && [ -z "$(ls "$MIMIC_STATE_DIR" 2>/dev/null)" ]
ok $? "301 groups, normal end: exit $rc, $n left, no registry left"

sed 's/DURATION/30/' "$TMP/w.in" >"$TMP/long.json"
# Starts the 30 s run in the background (pid) and returns once every thread
# runs: the last one has logged a row (making 301 groups took over 10 s
# with both CPUs busy). The earlier run's logs go first, or their rows
# would pass for this run's.
start_long() {
	rm -f "$TMP"/logs/*.log
	"$MIMIC" -q "$TMP/long.json" 2>"$TMP/err" &
	pid=$!
	for i in $(seq 250); do
		[ "$(cat "$TMP"/logs/*-t299-*.log 2>/dev/null | wc -l)" -ge 2 ] && break
		sleep 0.1
	done
}
start_long
n=$(groups)
kill -TERM $pid
wait $pid
rc=$?
diag <"$TMP/err"
after=$(groups)
[ "$n" -eq 301 ] && [ $rc -eq 0 ] && [ "$after" -eq 0 ]
ok $? "SIGTERM mid-run: $n groups while running, exit $rc, $after left"

start_long
kill -KILL $pid
wait $pid 2>/dev/null
n=$(groups)
reg=$MIMIC_STATE_DIR/taskgroups.$pid
[ "$n" -eq 301 ] && [ "$(tail -n +2 "$reg" | wc -l)" -eq 301 ]
ok $? "SIGKILL mid-run: $n groups left, $(tail -n +2 "$reg" | wc -l) in its registry"
# A registry of a run still alive (this shell) is left alone.
mkdir "$cpu/$top-alive"
printf 'mimic %d %s\n%s\n' $$ "$(awk '{ sub(/.*\) /, ""); split($0, f, " "); print f[20] }' /proc/$$/stat)" \
	"$cpu/$top-alive" >"$MIMIC_STATE_DIR/taskgroups.$$"
"$MIMIC" cleanup >"$TMP/out" 2>"$TMP/err"
rc=$?
diag <"$TMP/out"
diag <"$TMP/err"
n=$(groups)
[ $rc -eq 0 ] && [ "$n" -eq 0 ] && [ ! -e "$reg" ]
ok $? "mimic cleanup: exit $rc, $n left, the registry removed"
grep -q "^mimic cleanup: mimic $pid (gone): 301 groups removed, 0 already gone\$" "$TMP/out"
ok $? "... and says what it removed"
[ -d "$cpu/$top-alive" ] && [ -e "$MIMIC_STATE_DIR/taskgroups.$$" ] &&
	grep -q "^mimic cleanup: mimic $$ is still running: its groups are left to it\$" "$TMP/out"
ok $? "... not the groups of a run still alive"
rmdir "$cpu/$top-alive"
rm "$MIMIC_STATE_DIR/taskgroups.$$"
"$MIMIC" cleanup >"$TMP/out"
rc=$?
grep -q "^mimic cleanup: no groups left by mimic runs ($MIMIC_STATE_DIR)\$" "$TMP/out"
ok $(( $? || rc )) "nothing to clean: exit $rc"

# Refused after the groups were made: a SCHED_FIFO thread cannot join a
# group without cpu.rt_runtime_us (RT group scheduling), which the probe
# finds; the groups are removed.
if [ -e "$cpu/cpu.rt_runtime_us" ]; then
	cat >"$TMP/rt.json" <<J
{ "global": { "calibration": 50, "duration": 1, "logdir": "$TMP/logs" },
  "tasks": { "rt": { "policy": "SCHED_FIFO", "priority": 10,
                     "taskgroup": "/$top/a/b", "run": 100 } } }
J
	"$MIMIC" -q "$TMP/rt.json" 2>"$TMP/err"
	rc=$?
	diag <"$TMP/err"
	n=$(groups)
	[ $rc -eq 1 ] && grep -q "rt.json: error: tasks.rt: taskgroup /$top/a/b: cannot join" "$TMP/err" &&
		[ "$n" -eq 0 ] && [ -z "$(ls "$MIMIC_STATE_DIR")" ]
	ok $? "refused by the probe after making 3 groups: exit $rc, $n left"
else
	ok 0 "# SKIP no RT group scheduling"
fi

# The registry is written where MIMIC_STATE_DIR says, else /run/mimic.
"$MIMIC" cleanup --x >/dev/null 2>"$TMP/err"
rc=$?
[ $rc -eq 2 ] && grep -q "Usage: mimic cleanup" "$TMP/err"
ok $? "mimic cleanup takes no argument: exit $rc"
"$MIMIC" --help | grep -q "mimic cleanup removes the taskgroups a killed run left behind"
ok $? "--help names it"
echo "# taskgroups: $((TEST_N - TEST_FAILED)) passed, $TEST_FAILED failed"
