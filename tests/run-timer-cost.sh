#!/bin/sh
# What a timer period costs mimic in user space, between its syscalls: a
# task of a tiny run and a unique 1 ms timer, cyclictest's loop as `mimic
# model` writes it. The instructions the thread executes (callgrind, from
# thread_main on) are counted for two runs that differ only in the number
# of periods; the difference per period is the loop: the run (one work
# loop at "calibration": 100), the timer's advance and sleep, the wake-up
# latency, slack and run histograms and the iteration's end, with the
# log off (the model's default) and on. Before the timer path was trimmed
# a period took ~1097 instructions with the log off, ~1163 with it on;
# ~1090 and ~1155 until the thread's per-iteration state was packed and
# the trivial event_ctx accessors made inline (2026-12-05): ~1006, ~1090;
# ~981, ~1066 once the histogram add was inline and the event loop's
# per-event bookkeeping cut (the same day).
# Counts, not time: load cannot move them (an overrun, which skips the
# sleep, only lowers them).
. "${srcdir:-.}/tests/lib.sh"
command -v valgrind >/dev/null 2>&1 || skip_all "valgrind not installed"
grep -q __asan_init "$MIMIC" 2>/dev/null &&
	skip_all "a sanitizer build counts its checks too"
plan 4
# The logs go to the working directory: the runs are made in $TMP.
case $MIMIC in /*) ;; *) MIMIC=$PWD/$MIMIC ;; esac

# Bounds on user instructions per period, log off and on: ~10 % over
# what this machine counts (981, 1066), for another CPU's string
# functions and clock source under valgrind.
MAX_OFF=1080
MAX_ON=1175

# periods LOG N: a task of N periods, its log LOG.
periods() {
	cat >"$TMP/t-$1-$2.json" <<J
{ "global": { "calibration": 100, "log_size": "$1" },
  "tasks": { "t": { "loop": $2, "run": 0.1,
		    "timer": { "ref": "unique_t", "period": 1000 } } } }
J
	(cd "$TMP" && valgrind --tool=callgrind --toggle-collect=thread_main \
		--callgrind-out-file=/dev/null "$MIMIC" "$TMP/t-$1-$2.json" \
		>"$TMP/t-$1-$2.out" 2>"$TMP/t-$1-$2.err") &&
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$TMP/t-$1-$2.err"
}

for log in disable file; do
	few=$(periods $log 500)
	many=$(periods $log 1500)
	[ -n "$few" ] && [ -n "$many" ]
	ok $? "log $log: both runs under callgrind counted ($few and $many)"
	per=$(( (${many:-0} - ${few:-0}) / 1000 ))
	max=$MAX_OFF
	[ $log = file ] && max=$MAX_ON
	echo "# log $log: $per user instructions per period (bound $max)"
	[ "$per" -gt 0 ] && [ "$per" -le $max ]
	ok $? "log $log: a timer period costs at most $max instructions ($per)"
done
