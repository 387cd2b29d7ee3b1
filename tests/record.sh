#!/bin/sh
# mimic record and --record: a trace.dat of the recorded tree only
# (filtered in the kernel), that trace-cmd reads, with the workload's
# thread names; bad usage exits 2; the tracefs instance goes away.
. "${srcdir:-.}/tests/lib.sh"
"$MIMIC" record --help >/dev/null 2>&1 || skip_all "mimic record is not built"
# Other tests record too (model.sh): one at a time, or an instance of
# theirs (even a probe's) would look like one this test left behind.
tracefs_lock
"$MIMIC" record -o "$TMP/probe.dat" -- true 2>"$TMP/probe"
grep -q 'built without tracing' "$TMP/probe" &&
	skip_all "built without libtracefs/libtraceevent/libtracecmd"
[ "$(id -u)" -eq 0 ] || skip_all "needs root to use tracefs"
grep -q tracefs /proc/filesystems || skip_all "kernel has no tracefs"
dir=$(awk '$3 == "tracefs" { print $2; exit }' /proc/mounts)
if [ -z "$dir" ]; then
	mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null ||
		skip_all "tracefs is not mounted and cannot be mounted"
	dir=/sys/kernel/tracing
fi
[ -d "$dir/instances" ] || skip_all "tracefs has no instances"
have_tc=0
command -v trace-cmd >/dev/null 2>&1 && have_tc=1
plan 24
skip() { TEST_N=$((TEST_N + 1)); echo "ok $TEST_N # SKIP $1"; }
instances() { ls "$dir/instances" | grep '^mimic-record-' | sort; }
instances >"$TMP/inst-before"

# Bad usage: exit 2, nothing recorded.
"$MIMIC" record 2>"$TMP/err"
[ $? -eq 2 ] && grep -q 'no command to record' "$TMP/err"
ok $? "no command: exit 2, saying so"
"$MIMIC" record -o "$TMP/no/such/dir/t.dat" -- true 2>"$TMP/err"
[ $? -eq 2 ] && grep -q 'cannot write' "$TMP/err"
ok $? "an -o in a directory that does not exist: exit 2"
"$MIMIC" record -o "$TMP/x.dat" -- "$TMP/no-such-command" 2>"$TMP/err"
[ $? -eq 2 ] && [ ! -e "$TMP/x.dat" ] && [ -z "$(ls "$TMP" | grep '^x\.dat')" ]
ok $? "a command that cannot run: exit 2, no file left"

# An unrelated process busy forking beside the recording: none of its
# events may be in the file.
cp /bin/sh "$TMP/unrelatedloop"
"$TMP/unrelatedloop" -c 'while :; do /bin/true; done' &
loop=$!
run_bounded 20 "$MIMIC" record -o "$TMP/t.dat" -- sh -c 'sleep 0.2; echo x | cat >/dev/null' 2>"$TMP/err"
kill $loop
[ $rc -eq 0 ] && [ -s "$TMP/t.dat" ] && grep -q 'recorded [1-9][0-9]* events' "$TMP/err"
ok $? "records sh -c 'sleep 0.2; echo x | cat' into a non-empty file (exit 0)"
diag <"$TMP/err"
root=$(sed -n 's/^mimic: recording pid \([0-9]*\) .*/\1/p' "$TMP/err")
if [ $have_tc -eq 1 ]; then
	trace-cmd report -R -i "$TMP/t.dat" >"$TMP/report" 2>"$TMP/report.err"
	ok $? "trace-cmd report reads it"
	grep -q 'sched_switch: *prev_comm=sleep ' "$TMP/report" &&
		grep -q 'sched_process_exec: *filename=[^ ]*/cat ' "$TMP/report"
	ok $? "sched_switch of sleep and the exec of cat are in it"
	sed -n 2p "$TMP/report" | grep -q "print: .*mimic_record: root_pid=$root argv=sh -c sleep 0.2; echo x | cat >/dev/null\$"
	ok $? "its first event names the recorded pid and command (mimic_record: root_pid=$root argv=...)"
	# The tree: the command and every child forked from it.
	awk -v root="$root" '
		function f(name,   i, n, kv) { for (i = 1; i <= NF; i++) { n = split($i, kv, "="); if (kv[1] == name) return kv[2] } return "" }
		/ sched_process_fork: / { fork[NR] = f("parent_pid") " " f("child_pid") }
		END { tree[root] = 1; for (r = 1; r <= NR; r++) if (r in fork) { split(fork[r], pc, " "); if (pc[1] in tree) tree[pc[2]] = 1 }
		      for (t in tree) print t }' "$TMP/report" >"$TMP/tree"
	# Every event involves the tree: its task, or the task it switches
	# to, wakes or migrates (and mimic record's own first line).
	awk 'NR == FNR { tree[$1] = 1; next }
		/ print: .*mimic_record: / { next }
		function f(name,   i, n, kv) { for (i = 1; i <= NF; i++) { n = split($i, kv, "="); if (kv[1] == name) return kv[2] } return "" }
		{ for (c = 1; c <= NF && $c !~ /^\[[0-9]+\]$/; c++) ; if (c > NF) next
			n = split($(c - 1), cp, "-"); pid = cp[n]
			if (pid in tree || f("next_pid") in tree || f("pid") in tree) next
			print; bad++ }
		END { exit bad > 0 }' "$TMP/tree" "$TMP/report" >"$TMP/outside" &&
		[ "$(wc -l <"$TMP/tree")" -ge 3 ]
	ok $? "no event outside the recorded tree ($(wc -l <"$TMP/tree") tasks)"
	head -3 "$TMP/outside" | diag
	! grep -Eq "parent_pid=$loop |-$loop +\[[0-9]+\] [0-9.]+: +(sys_enter|sys_exit)" "$TMP/report"
	ok $? "the unrelated forking loop's forks and syscalls are not in it"
else
	skip "trace-cmd is not installed"
	skip "trace-cmd is not installed"
	skip "trace-cmd is not installed"
	skip "trace-cmd is not installed"
	skip "trace-cmd is not installed"
fi

# After the CPU offset table, the clock section trace-cmd's readers expect
# when the file has a TRACECLOCK option: its size (8 bytes), here 0 (the
# option names the clock), and the first CPU's page only after it.
if command -v python3 >/dev/null 2>&1; then
	python3 - "$TMP/t.dat" <<'PY'
import re, struct, sys
d = open(sys.argv[1], "rb").read()
n = struct.unpack_from("<I", d, d.index(b"options  \0") - 4)[0]
table = d.index(b"flyrecord\0") + 10
offsets = [struct.unpack_from("<Q", d, table + 16 * c)[0] for c in range(n)]
at = table + 16 * n
size = struct.unpack_from("<Q", d, at)[0]
print("# %d CPUs, clock section of %d bytes, first page at %d" % (n, size, offsets[0]))
option = re.search(rb"\x04\x00....[^\x00]*\[[a-z0-9_-]+\][^\x00]*\x00", d[:table])
sys.exit(0 if size == 0 and option and min(offsets) >= at + 8 else 1)
PY
	ok $? "an empty clock section follows the CPU table, before the data; the option names the clock"
else
	skip "python3 is not installed"
fi

# What no event says: policy, nice, allowed CPUs, as lines when new.
if command -v taskset >/dev/null 2>&1; then
	cpu=$(taskset -pc $$ | sed 's/.*: //; s/[-,].*//')
	"$MIMIC" record -q -o "$TMP/a.dat" -- nice -n 5 taskset -c "$cpu" sleep 0.3 2>"$TMP/err"
	if [ $have_tc -eq 1 ]; then
		trace-cmd report -i "$TMP/a.dat" 2>/dev/null |
			grep -Eq "mimic_task: pid=([0-9]+) tgid=[0-9]+ policy=other prio=0 nice=5 cpus=$cpu comm=sleep\$"
		ok $? "a mimic_task line gives sleep's policy, nice 5 and CPU $cpu"
	else
		skip "trace-cmd is not installed"
	fi
else
	skip "taskset is not installed"
fi

# -p PID for a while: its existing child and what that forks are
# recorded (PID itself only waits); --duration ends it.
sh -c "sh -c 'echo \$\$ >$TMP/inner; while :; do sleep 0.05; done' & wait" &
busy=$!
sleep 0.2 # the inner sh is started
run_bounded 20 "$MIMIC" record -q -p $busy -D 0.5 -o "$TMP/p.dat" 2>"$TMP/err"
kill "$(cat "$TMP/inner")" $busy
[ $rc -eq 0 ] && [ $took -lt 10000 ] && [ -s "$TMP/p.dat" ]
ok $? "-p PID -D 0.5 stops by itself ($took ms) and writes the file"
if [ $have_tc -eq 1 ]; then
	trace-cmd report -R -i "$TMP/p.dat" 2>/dev/null |
		grep -Eq "sched_process_exec: *filename=[^ ]*/sleep "
	ok $? "the children of the running process's existing child are recorded"
else
	skip "trace-cmd is not installed"
fi
run_bounded 20 "$MIMIC" record -D 0.3 -o "$TMP/d.dat" -- sleep 30 2>"$TMP/err"
[ $rc -eq 0 ] && [ $took -lt 10000 ] && grep -q 'killed by signal 15' "$TMP/err"
ok $? "--duration ends the recording and the command (SIGTERM, $took ms)"

# The reader thread runs ahead of the tree (nice -20): at -10 a busy tree
# starved it and the kernel overwrote pages (doc/record.md).
"$MIMIC" record -q -o "$TMP/n.dat" -- sleep 1 2>"$TMP/err" &
rec=$!
nice=""
for i in 1 2 3 4 5 6 7 8 9 10; do
	sleep 0.1
	for t in /proc/$rec/task/*; do
		[ "$(cat "$t/comm" 2>/dev/null)" = mimic-record ] &&
			nice=$(awk '{ print $19 }' "$t/stat")
	done
	[ -n "$nice" ] && break
done
wait $rec
[ $? -eq 0 ] && [ "$nice" = -20 ]
ok $? "the reader thread mimic-record runs at nice -20 (${nice:-not found})"

# --record around a mimic workload: its threads by name.
cat >"$TMP/w.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP" },
  "tasks": { "recthr": { "instance": 2, "loop": 5, "run": 1000,
			 "sleep": 2000 } } }
J
run_bounded 30 "$MIMIC" --quiet --record "$TMP/m.dat" "$TMP/w.json" 2>"$TMP/err"
[ $rc -eq 0 ] && [ -s "$TMP/m.dat" ]
ok $? "--record around a workload exits 0 and writes the file"
if [ $have_tc -eq 1 ]; then
	trace-cmd report -i "$TMP/m.dat" 2>/dev/null >"$TMP/mreport"
	grep -q 'sched_switch: *recthr-0:' "$TMP/mreport" &&
		grep -q 'sched_switch: *recthr-1:' "$TMP/mreport"
	ok $? "the workload's threads recthr-0 and recthr-1 are in it by name"
	# mimic's reader thread (named mimic-record) is not in the tree, so
	# none of its own events is recorded. It may still be the current
	# task of an event about a tree task: a switch to or from one, or a
	# timer's wake-up of one that fires while the reader runs.
	! grep -E '^ *mimic-record-[0-9]+ ' "$TMP/mreport" |
		grep -Ev '[ =](recthr-[01]|mimic)[: ]' | grep -q .
	ok $? "the recording's own reader thread is not recorded"
else
	skip "trace-cmd is not installed"
	skip "trace-cmd is not installed"
fi
# Process instances ("mode": "process") are forked: followed too.
cat >"$TMP/wp.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "mode": "process" },
  "tasks": { "recproc": { "instance": 2, "loop": 5, "run": 1000,
			  "sleep": 2000 } } }
J
run_bounded 30 "$MIMIC" --quiet --record "$TMP/mp.dat" "$TMP/wp.json" 2>"$TMP/err"
if [ $have_tc -eq 1 ]; then
	trace-cmd report -R -i "$TMP/mp.dat" 2>/dev/null >"$TMP/mpreport"
	# Processes: clones without CLONE_THREAD (0x10000; flags in hex).
	procs=$(awk '/task_newtask:/ { for (i = 1; i <= NF; i++) if ($i ~ /^clone_flags=/) {
		v = substr($i, 13); n = 0
		for (j = 1; j <= length(v); j++) n = n * 16 + index("0123456789abcdef", substr(v, j, 1)) - 1
		if (int(n / 65536) % 2 == 0) c++ } } END { print c + 0 }' "$TMP/mpreport")
	[ $rc -eq 0 ] && [ "$procs" -eq 2 ] &&
		grep -q 'sched_switch: *prev_comm=recproc-0 ' "$TMP/mpreport" &&
		grep -q 'sched_switch: *prev_comm=recproc-1 ' "$TMP/mpreport"
	ok $? "--record follows process instances (mode process): $procs processes forked, recproc-0 and recproc-1 run"
else
	skip "trace-cmd is not installed"
fi
"$MIMIC" --quiet --record "$TMP/no/such/m.dat" "$TMP/w.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q -- '--record: cannot write' "$TMP/err"
ok $? "--record into a directory that does not exist: exit 2 before running"

# Not root: a clear error, exit 1.
if command -v setpriv >/dev/null 2>&1; then
	mkdir "$TMP/nobody" && chmod 777 "$TMP/nobody" && chmod 755 "$TMP"
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$MIMIC" record -o "$TMP/nobody/t.dat" -- true 2>"$TMP/err"
	[ $? -eq 1 ] && grep -q 'needs root' "$TMP/err"
	ok $? "without root: exit 1, saying root is needed"
	diag <"$TMP/err"
else
	skip "setpriv is not installed"
fi

# mimic cleanup removes an instance whose mimic is gone, and only that.
true &
gone=$!
wait $gone
mkdir "$dir/instances/mimic-record-$gone"
MIMIC_STATE_DIR="$TMP/state" "$MIMIC" cleanup >"$TMP/out" 2>&1
[ $? -eq 0 ] && [ ! -d "$dir/instances/mimic-record-$gone" ] &&
	grep -q "removed the tracefs instance mimic-record-$gone (mimic $gone is gone)" "$TMP/out"
ok $? "mimic cleanup removes the instance a killed recording left"
rmdir "$dir/instances/mimic-record-$gone" 2>/dev/null

ln -s "$TMP/target" "$TMP/link.dat"
"$MIMIC" record -o "$TMP/link.dat" -- true 2>"$TMP/err"
[ $? -eq 2 ] && [ ! -e "$TMP/target" ] && grep -q 'symbolic link' "$TMP/err"
ok $? "an -o that is a symbolic link: exit 2, not followed"

instances >"$TMP/inst-after"
cmp -s "$TMP/inst-before" "$TMP/inst-after"
ok $? "no mimic-record instance is left in tracefs"
