#!/bin/sh
# global.ftrace writes rt-app's trace_marker lines with the fields LISA
# parses; mimic mounts tracefs itself if it is absent (root only).
. "${srcdir:-.}/tests/lib.sh"
tracefs_lock
[ "$(id -u)" -eq 0 ] || skip_all "needs root to use tracefs"
grep -q tracefs /proc/filesystems || skip_all "kernel has no tracefs"
cat >"$TMP/w.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP",
	      "ftrace": "main,task,loop,event,stats" },
  "tasks": { "mtrace": { "loop": 3, "run": 100,
		       "timer": { "ref": "unique", "period": 5000 } } } }
J
plan 8
"$MIMIC" --quiet "$TMP/w.json" 2>"$TMP/err"
ok $? "a workload with ftrace on exits 0"
dir=$(awk '$3 == "tracefs" { print $2; exit }' /proc/mounts)
[ -n "$dir" ] && [ -w "$dir/trace_marker" ]
ok $? "tracefs is mounted ($dir)"
# Only this run's lines: from its last rtapp_main start.
awk '/rtapp_main: event=start/ { n = 0 } { l[n++] = $0 } END { for (i = 0; i < n; i++) print l[i] }' "$dir/trace" >"$TMP/trace"
has() { grep -Eq "tracing_mark_write: $1" "$TMP/trace"; }
has 'rtapp_main: event=start$' && has 'rtapp_main: event=end$'
ok $? "rtapp_main start and end"
has 'rtapp_main: event=clock_ref data=[0-9]+$'
ok $? "rtapp_main clock_ref with data"
[ "$(grep -c 'rtapp_task: event=start$' "$TMP/trace")" -eq 1 ] && has 'rtapp_task: event=end$'
ok $? "rtapp_task start and end"
[ "$(grep -Ec 'rtapp_loop: event=start thread_loop=0 phase=0 phase_loop=[0-2]$' "$TMP/trace")" -eq 3 ] &&
	[ "$(grep -Ec 'rtapp_loop: event=end thread_loop=0 phase=0 phase_loop=[0-2]$' "$TMP/trace")" -eq 3 ]
ok $? "three rtapp_loop start/end pairs with thread_loop, phase, phase_loop"
has 'rtapp_event: id=0 type=6 desc=run$' && has 'rtapp_event: id=1 type=11 desc=timer:unique[0-9a-f]+$'
ok $? "rtapp_event with id, rt-app's type number and desc (a unique timer: 11, its name tagged with a hex address)"
[ "$(grep -Ec 'rtapp_stats: period=[0-9]+ run=[0-9]+ wu_lat=-?[0-9]+ slack=-?[0-9]+ c_period=5000 c_run=100$' "$TMP/trace")" -eq 3 ]
ok $? "three rtapp_stats with period run wu_lat slack c_period c_run"
