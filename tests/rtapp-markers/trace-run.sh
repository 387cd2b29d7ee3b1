#!/bin/sh
# trace-run.sh - runs an rt-app-compatible binary on a workload with its
# trace_marker lines going to a private tracefs instance, and prints the
# rtapp_* lines normalised, so two tools' runs can be diffed:
#   trace-run.sh BINARY WORKLOAD.json WORKDIR >normalised.txt
# The binary runs in a private mount namespace where the instance is bound
# over /sys/kernel/tracing: no other process's markers get in, and the
# top-level buffer's settings are left alone. Root only.
# Normal form: timestamps, pids, comms dropped; the lines grouped per
# thread (rtapp_main lines in one "main" group, whichever thread wrote
# them), each group in its order, the thread groups sorted by content;
# clock_ref data, rtapp_stats' measured period/run/wu_lat/slack and the
# hex address rt-app appends to the "mem", "timer:unique..." and
# "memrun_..." descs (12 digits, a 64-bit user-space pointer) replaced by
# placeholders.
set -u
bin=$1 json=$2 work=$3
shift 3
top=/sys/kernel/tracing
inst=$top/instances/rtapp-markers-$$
mkdir "$inst" || exit 3
trap 'rmdir "$inst" 2>/dev/null' EXIT
echo 4096 >"$inst/buffer_size_kb"
mkdir -p "$work"
# Killed after 60 s (TRACE_RUN_TIMEOUT): a hung run fails, it does not hang.
(cd "$work" && timeout -k 5 "${TRACE_RUN_TIMEOUT:-60}" unshare -m sh -c '
	mount --make-rprivate / && mount --bind "$1" "$2" && shift 2 &&
	exec "$@"' sh "$inst" "$top" "$bin" "$@" "$json" \
	>"$work/stdout" 2>"$work/stderr")
rc=$?
echo "$rc" >"$work/rc"
cp "$inst/trace" "$work/trace"
LC_ALL=C awk '
BEGIN {
	hex = ""
	for (i = 0; i < 12; i++)
		hex = hex "[0-9a-f]"
	addr = "desc=(mem|timer:unique[^ ]*|memrun_[^ ]*)" hex "$"
}
/tracing_mark_write: rtapp_/ {
	if (!match($0, /-[0-9]+ +(\([ 0-9-]+\) +)?\[/))
		next
	tid = substr($0, RSTART + 1, RLENGTH)
	sub(/[^0-9].*/, "", tid)
	msg = $0
	sub(/.*tracing_mark_write: /, "", msg)
	sub(/ +$/, "", msg)
	sub(/event=clock_ref data=[0-9]+$/, "event=clock_ref data=<us>", msg)
	if (msg ~ /^rtapp_stats: /)
		sub(/period=-?[0-9]+ run=-?[0-9]+ wu_lat=-?[0-9]+ slack=-?[0-9]+/,
		    "period=<n> run=<n> wu_lat=<n> slack=<n>", msg)
	if (msg ~ addr)
		msg = substr(msg, 1, length(msg) - 12) "<addr>"
	g = msg ~ /^rtapp_main: / ? "main" : "t" tid
	if (!(g in text))
		order[n++] = g
	text[g] = text[g] "\001" msg
}
END {
	print "0== main" text["main"]
	for (i = 0; i < n; i++)
		if (order[i] != "main")
			print "1== thread" text[order[i]]
}' "$work/trace" | sort | sed 's/^[01]//' | tr '\001' '\n'
exit "$rc"
