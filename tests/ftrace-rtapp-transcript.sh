#!/bin/sh
# mimic's rtapp_* trace markers against rt-app 55cb0c0's for the same
# workload (tests/rtapp-markers: the file, rt-app's transcript, how it was
# made), normalised the same way (trace-run.sh): the whole text, then the
# lines of each kind, so a failure names the kind.
. "${srcdir:-.}/tests/lib.sh"
tracefs_lock
d=$srcdir/tests/rtapp-markers
[ "$(id -u)" -eq 0 ] || skip_all "needs root to use tracefs"
grep -q tracefs /proc/filesystems || skip_all "kernel has no tracefs"
command -v unshare >/dev/null || skip_all "no unshare (util-linux)"
if [ ! -d /sys/kernel/tracing/instances ]; then
	mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null ||
		skip_all "cannot mount tracefs at /sys/kernel/tracing"
fi
[ -d /sys/kernel/tracing/instances ] ||
	skip_all "tracefs has no instances directory"
mimic=$(cd "$(dirname "$MIMIC")" && pwd)/$(basename "$MIMIC")
json=$(cd "$d" && pwd)/markers.json
want=$d/rt-app-55cb0c0.txt

set -- \
	'run:^rtapp_event: id=[0-9]+ type=6 ' \
	'runtime:^rtapp_event: id=[0-9]+ type=19 ' \
	'sleep:^rtapp_event: id=[0-9]+ type=5 ' \
	'timer:^rtapp_event: id=[0-9]+ type=10 ' \
	'timer unique:^rtapp_event: id=[0-9]+ type=11 ' \
	'lock:^rtapp_event: id=[0-9]+ type=8 ' \
	'unlock:^rtapp_event: id=[0-9]+ type=9 ' \
	'wait:^rtapp_event: id=[0-9]+ type=2 ' \
	'signal:^rtapp_event: id=[0-9]+ type=3 ' \
	'broad:^rtapp_event: id=[0-9]+ type=4 ' \
	'sync:^rtapp_event: id=[0-9]+ type=7 ' \
	'barrier:^rtapp_event: id=[0-9]+ type=21 ' \
	'suspend:^rtapp_event: id=[0-9]+ type=12 ' \
	'resume:^rtapp_event: id=[0-9]+ type=13 ' \
	'mem:^rtapp_event: id=[0-9]+ type=14 ' \
	'memrun write:^rtapp_event: id=[0-9]+ type=15 ' \
	'memrun read:^rtapp_event: id=[0-9]+ type=16 ' \
	'memrun chase:^rtapp_event: id=[0-9]+ type=17 ' \
	'iorun:^rtapp_event: id=[0-9]+ type=18 ' \
	'yield:^rtapp_event: id=[0-9]+ type=20 ' \
	'fork:^rtapp_event: id=[0-9]+ type=22 ' \
	'sem_wait:^rtapp_event: id=[0-9]+ type=23 ' \
	'sem_post:^rtapp_event: id=[0-9]+ type=24 ' \
	'rtapp_loop:^rtapp_loop: ' \
	'rtapp_stats:^rtapp_stats: ' \
	'rtapp_task:^rtapp_task: ' \
	'rtapp_attrs:^rtapp_attrs: ' \
	'rtapp_main (start, clock_ref, shutdown, end):^rtapp_main: '
plan $(($# + 3))
out=$TMP/mimic.txt
"$d/trace-run.sh" "$mimic" "$json" "$TMP/work" >"$out"
ok $? "mimic runs markers.json under a private tracefs instance, exit 0"
[ "$(grep -c '^== thread$' "$out")" -eq "$(grep -c '^== thread$' "$want")" ]
ok $? "as many threads wrote markers as under rt-app ($(grep -c '^== thread$' "$want"))"
diff "$want" "$out" >"$TMP/diff"
ok $? "the normalised markers are rt-app's, thread by thread, line by line"
diag <"$TMP/diff" | head -40
for k; do
	name=${k%%:*} re=${k#*:}
	grep -E "$re" "$want" | sort >"$TMP/want.k"
	grep -E "$re" "$out" | sort >"$TMP/got.k"
	[ -s "$TMP/want.k" ] && cmp -s "$TMP/want.k" "$TMP/got.k"
	ok $? "$name: $(wc -l <"$TMP/want.k") lines, as rt-app's"
done
