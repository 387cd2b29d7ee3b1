#!/bin/sh
# What a message costs mimic in user space, between its syscalls: one
# sender (one send per iteration, so the per-iteration path is counted
# too) and one receiver over a pipe, 100-byte messages. The instructions
# the threads execute (callgrind, from thread_main on) are counted for two
# runs that differ only in the number of messages; the difference per
# message covers both sides: the event loop, the stamps, the clock reads'
# glue, the pattern check and the latency histograms. hackbench spends
# ~60; mimic spent 835 before the hot path was trimmed, ~540 after, ~525
# since the trivial event_ctx accessors are inline (2026-12-05); the
# bound, ~10 % over, fails a return to the old path. Counts, not time: load cannot move
# them (only the rare wake-up sample the receiver records when it slept).
. "${srcdir:-.}/tests/lib.sh"
command -v valgrind >/dev/null 2>&1 || skip_all "valgrind not installed"
command -v python3 >/dev/null || skip_all "python3 not found"
grep -q __asan_init "$MIMIC" 2>/dev/null &&
	skip_all "a sanitizer build counts its checks too"
plan 3

# Bound on user instructions per message, sender and receiver together.
MAX_PER_MESSAGE=580

# pair N: a sender of N messages, one per iteration, and their receiver.
pair() {
	cat >"$TMP/pair-$1.json" <<J
{ "global": { "calibration": 100, "log_size": "disable" },
  "resources": { "ch": { "type": "pipe" } },
  "tasks": {
    "snd": { "loop": $1, "send": { "to": "ch", "bytes": 100 } },
    "rcv": { "loop": 1,
	     "recv": { "from": "ch", "bytes": 100, "count": $1 } } } }
J
	valgrind --tool=callgrind --toggle-collect=thread_main \
		--callgrind-out-file=/dev/null "$MIMIC" \
		--summary "$TMP/pair-$1-s.json" "$TMP/pair-$1.json" \
		>"$TMP/pair-$1.out" 2>"$TMP/pair-$1.err" &&
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$TMP/pair-$1.err"
}

few=$(pair 2000)
many=$(pair 6000)
[ -n "$few" ] && [ -n "$many" ]
ok $? "both runs under callgrind counted ($few and $many instructions)"

python3 -c "
import json, sys
for n in (2000, 6000):
    t = {x['name']: x for x in json.load(open('$TMP/pair-%d-s.json' % n))['tasks']}
    if t['snd']['sent'] != n or t['rcv']['received'] != n or t['rcv']['message']['pipe']['n'] != n:
        print('# %d messages: sent %s, received %s' % (n, t['snd']['sent'], t['rcv']['received']))
        sys.exit(1)
" 2>&1
ok $? "every message sent, received and measured in both runs"

per=$(( (${many:-0} - ${few:-0}) / 4000 ))
echo "# $per user instructions per message (bound $MAX_PER_MESSAGE)"
[ "$per" -gt 0 ] && [ "$per" -le $MAX_PER_MESSAGE ]
ok $? "a message costs at most $MAX_PER_MESSAGE instructions in user space ($per)"
