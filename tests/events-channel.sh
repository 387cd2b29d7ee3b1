#!/bin/sh
# send/recv over real pipes and sockets, futex_wait/futex_wake: every
# message arrives whole and is counted once (message latency), a wake-up
# latency sample only when the receiver slept for it, a full pipe blocks
# its writer, a futex wake-one wakes exactly one waiter; recv's "read"
# takes a message in reads of at most that many bytes; send's "every"
# sends in every n-th iteration of its phase only, futex_wake's wakes.
. "${srcdir:-.}/tests/lib.sh"
plan 33
# Rows of the text summary for task $2 and path $3, fields from the
# path on: in the wake-up table (wakeup FILE TASK PATH) "path wakeups p50
# p90 p99 p99.9 max", in the message latency block (message ...) "path
# messages p50 ...". Nothing when the task has no such row.
summary_row() { # $1 block regexp, $2 file, $3 task, $4 path
	awk -v b="$1" -v t="$3" -v p="$4" '$0 ~ b { m = 1; next } /^$/ { m = 0 }
		!m { next } $1 != "|" && $2 != "|" && $5 != "|" { next }
		$1 != "|" { task = ($1 == t) }
		task { s = substr($0, index($0, "|") + 1)
		       if (index(s, "|")) s = substr(s, 1, index(s, "|") - 1)
		       split(s, f, " "); if (f[1] == p) print s }' "$2"
}
wakeup() { summary_row '^task +thr' "$@"; }
message() { summary_row '^task +\| path +messages' "$@"; }
# Their sample counts, 0 without a row; a field (3: p50, 5: p99).
wakeups() { wakeup "$1" "$2" "$3" | awk '{ n = $2 } END { print n + 0 }'; }
messages() { message "$1" "$2" "$3" | awk '{ n = $2 } END { print n + 0 }'; }
field() { "$1" "$2" "$3" "$4" | awk -v f="$5" '{ print $f }'; }
pingpong() { # $1 = kind ("pipe", "stream", "dgram", "tcp"), $2 bytes
	if [ "$1" = pipe ]; then res='"a": { "type": "pipe" }, "b": { "type": "pipe" }'
	else res="\"a\": { \"type\": \"socket\", \"mode\": \"$1\" }, \"b\": { \"type\": \"socket\", \"mode\": \"$1\" }"; fi
	cat >"$TMP/$1.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "$1" },
  "resources": { $res },
  "tasks": {
    "ping": { "loop": 500, "send": { "to": "a", "bytes": $2 }, "recv": { "from": "b", "bytes": $2 } },
    "pong": { "loop": 500, "recv": { "from": "a", "bytes": $2 }, "send": { "to": "b", "bytes": $2 } } } }
J
	"$MIMIC" "$TMP/$1.json" >"$TMP/$1.out" 2>&1 || return 1
	[ "$(rows "$TMP/$1-ping-0.log")" -eq 500 ] && [ "$(rows "$TMP/$1-pong-1.log")" -eq 500 ] || return 1
	# one message latency sample per message, at most as many wake-ups,
	# none damaged; wu_lat is the timer's only: 0 without a timer
	grep -q "damaged" "$TMP/$1.out" && return 1
	for t in ping pong; do
		[ "$(messages "$TMP/$1.out" $t $3)" -eq 500 ] &&
			[ "$(wakeups "$TMP/$1.out" $t $3)" -le 500 ] || return 1
	done
	[ "$(col "$TMP/$1-pong-1.log" wu_lat | sort -u)" = 0 ]
}
pingpong pipe 100 pipe
ok $? "pipe ping-pong, 100-byte messages: 500 each way, 500 message latency samples each, wu_lat 0"
pingpong stream 4 socket
ok $? "unix stream socket ping-pong, 4-byte messages"
pingpong dgram 1 socket
ok $? "unix datagram socket ping-pong, 1-byte messages"
pingpong tcp 1000 socket
ok $? "TCP loopback ping-pong, 1000-byte messages"

# 2000 x 100 B = 200 kB does not fit in a 64 KiB pipe: the writer blocks
# until the reader, 300 ms late, drains it.
cat >"$TMP/full.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "full" },
  "tasks": {
    "w": { "loop": 1, "send": { "to": "p", "bytes": 100, "count": 2000 } },
    "r": { "loop": 1, "sleep": 300000, "recv": { "from": "p", "bytes": 100, "count": 2000 } } } }
J
"$MIMIC" "$TMP/full.json" >"$TMP/full.out" 2>&1
ok $? "a writer filling the pipe completes"
p=$(col "$TMP/full-w-0.log" period)
[ "$p" -ge 250000 ]
ok $? "the writer was blocked until the reader drained (period $p us)"
[ "$(messages "$TMP/full.out" r pipe)" -eq 2000 ]
ok $? "the reader got all 2000 messages"

cat >"$TMP/fx.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "fx", "duration": 1 },
  "tasks": {
    "waiter": { "instance": 2, "loop": 1, "futex_wait": "f" },
    "waker": { "loop": 1, "sleep": 200000, "futex_wake": { "ref": "f", "count": 1 } } } }
J
"$MIMIC" --quiet "$TMP/fx.json"
ok $? "futex workload stops at its duration"
n0=$(rows "$TMP/fx-waiter-0.log"); n1=$(rows "$TMP/fx-waiter-1.log")
[ $((n0 + n1)) -eq 1 ]
ok $? "wake-one woke exactly one of two waiters ($n0 + $n1)"
sed 's/"count": 1/"count": 0/; s/"duration": 1/"duration": 3/' "$TMP/fx.json" >"$TMP/fx0.json"
"$MIMIC" --quiet "$TMP/fx0.json"
[ "$(rows "$TMP/fx-waiter-0.log")" -eq 1 ] && [ "$(rows "$TMP/fx-waiter-1.log")" -eq 1 ]
ok $? "count 0 wakes every waiter"
# A post before the wait is not lost, and its latency is measured.
cat >"$TMP/fp.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "fp" },
  "tasks": {
    "waker": { "loop": 100, "futex_wake": "g", "sleep": 1000 },
    "waiter": { "loop": 100, "futex_wait": "g" } } }
J
"$MIMIC" "$TMP/fp.json" >"$TMP/fp.out" 2>&1
ok $? "100 wakes, 100 waits: the run ends"
[ "$(messages "$TMP/fp.out" waiter futex)" -eq 100 ] &&
	[ "$(wakeups "$TMP/fp.out" waiter futex)" -le 100 ]
ok $? "100 futex posts taken: 100 message latency samples, at most 100 wake-ups"

# One receiver polling three channels of two kinds: every message arrives
# once, from whichever has one; the pipe and socket samples are counted apart.
cat >"$TMP/poll.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "poll" },
  "resources": { "s": { "type": "socket" } },
  "tasks": {
    "a": { "loop": 300, "send": { "to": "p", "bytes": 16 } },
    "b": { "loop": 200, "send": { "to": "q", "bytes": 16 }, "sleep": 100 },
    "c": { "loop": 100, "send": { "to": "s", "bytes": 16 } },
    "server": { "loop": 1, "recv": { "from": ["p", "q", "s"], "bytes": 16, "count": 600 } } } }
J
run_bounded 20 "$MIMIC" "$TMP/poll.json" >"$TMP/poll.out" 2>&1
cat "$TMP/poll.out" | diag
[ $rc -eq 0 ] && ! grep -q damaged "$TMP/poll.out"
ok $? "recv from three channels gets all 600 messages (rc $rc)"
[ "$(messages "$TMP/poll.out" server pipe)" -eq 500 ] &&
	[ "$(messages "$TMP/poll.out" server socket)" -eq 100 ] &&
	[ "$(wakeups "$TMP/poll.out" server pipe)" -le 500 ] &&
	[ "$(wakeups "$TMP/poll.out" server socket)" -le 100 ]
ok $? "500 pipe and 100 socket messages counted apart, wake-ups no more"

# A receiver always asleep when the message comes (the sender pauses 2 ms
# between sends): about one wake-up per message, and those are short.
cat >"$TMP/blk.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "blk" },
  "tasks": {
    "tx": { "loop": 200, "sleep": 2000, "send": { "to": "p", "bytes": 16 } },
    "rx": { "loop": 200, "recv": { "from": "p", "bytes": 16 } } } }
J
run_bounded 30 "$MIMIC" "$TMP/blk.json" >"$TMP/blk.out" 2>&1
w=$(wakeups "$TMP/blk.out" rx pipe); m=$(messages "$TMP/blk.out" rx pipe)
wake_p50=$(field wakeup "$TMP/blk.out" rx pipe 3)
grep -E '^(task|rx) ' "$TMP/blk.out" | diag
[ $rc -eq 0 ] && [ "$m" -eq 200 ] && [ "$w" -le 200 ] && [ "$w" -ge 160 ]
ok $? "a receiver asleep for each message: wake-ups ~ messages ($w of $m)"
[ -n "$wake_p50" ] && [ "$wake_p50" -lt 2000 ]
ok $? "... and its wake-up latency is small (p50 $wake_p50 us)"
[ "$(col "$TMP/blk-rx-1.log" wu_lat | sort -u)" = 0 ]
ok $? "... and the log's wu_lat stays 0 (no timer)"

# The same asleep receiver on a datagram socket and on a recv from two
# channels (poll): a message stamped after the recv began is a wake-up.
# One sender alternates the two pipes, so their messages stay 2 ms apart
# on a loaded machine (two senders' sleeps drift together there).
cat >"$TMP/blk2.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "blk2" },
  "resources": { "d": { "type": "socket", "mode": "dgram" } },
  "tasks": {
    "tx": { "loop": 100, "sleep": 2000, "send": { "to": "d", "bytes": 16 } },
    "ty": { "loop": 50, "sleep0": 2000, "send0": { "to": "q", "bytes": 16 },
            "sleep1": 2000, "send1": { "to": "r", "bytes": 16 } },
    "rd": { "loop": 100, "recv": { "from": "d", "bytes": 16 } },
    "rp": { "loop": 100, "recv": { "from": ["q", "r"], "bytes": 16 } } } }
J
run_bounded 30 "$MIMIC" "$TMP/blk2.json" >"$TMP/blk2.out" 2>&1
wd=$(wakeups "$TMP/blk2.out" rd socket); md=$(messages "$TMP/blk2.out" rd socket)
wp=$(wakeups "$TMP/blk2.out" rp pipe); mp=$(messages "$TMP/blk2.out" rp pipe)
grep -E '^(task|rd|rp) ' "$TMP/blk2.out" | diag
[ $rc -eq 0 ] && [ "$md" -eq 100 ] && [ "$wd" -le 100 ] && [ "$wd" -ge 80 ]
ok $? "an asleep datagram receiver: wake-ups ~ messages ($wd of $md)"
[ $rc -eq 0 ] && [ "$mp" -eq 100 ] && [ "$wp" -le 100 ] && [ "$wp" -ge 80 ]
ok $? "an asleep receiver polling two pipes: wake-ups ~ messages ($wp of $mp)"

# 100 messages already waiting when one recv of count 100 begins (the
# receiver first sleeps 300 ms): each read finds its message there, none
# is a wake-up (a later message's look is the time the previous read
# returned).
cat >"$TMP/queued.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "queued" },
  "tasks": {
    "tx": { "loop": 1, "send": { "to": "p", "bytes": 16, "count": 100 } },
    "rx": { "loop": 1, "sleep": 300000, "recv": { "from": "p", "bytes": 16, "count": 100 } } } }
J
run_bounded 30 "$MIMIC" "$TMP/queued.json" >"$TMP/queued.out" 2>&1
w=$(wakeups "$TMP/queued.out" rx pipe); m=$(messages "$TMP/queued.out" rx pipe)
grep -E '^(task|rx) ' "$TMP/queued.out" | diag
[ $rc -eq 0 ] && [ "$m" -eq 100 ] && [ "$w" -eq 0 ]
ok $? "messages waiting before the recv began: no wake-up ($w of $m)"

# A receiver kept busy 5 ms per message, sent one every ~1 ms: messages
# queue, so their latency grows (the 50th waits ~200 ms), but the receiver
# seldom finds the pipe empty, so it is seldom woken.
cat >"$TMP/busy.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "busy" },
  "tasks": {
    "tx": { "loop": 100, "sleep": 1000, "send": { "to": "p", "bytes": 16 } },
    "rx": { "loop": 100, "recv": { "from": "p", "bytes": 16 }, "runtime": 5000 } } }
J
run_bounded 60 "$MIMIC" "$TMP/busy.json" >"$TMP/busy.out" 2>&1
w=$(wakeups "$TMP/busy.out" rx pipe); m=$(messages "$TMP/busy.out" rx pipe)
msg_p50=$(field message "$TMP/busy.out" rx pipe 3)
grep -E '^(task|rx) ' "$TMP/busy.out" | diag
[ $rc -eq 0 ] && [ "$m" -eq 100 ] && [ "$w" -le 10 ]
ok $? "a busy receiver: all 100 messages, few wake-ups ($w)"
[ -n "$msg_p50" ] && [ "$msg_p50" -ge 50000 ]
ok $? "... and a large message latency (p50 $msg_p50 us)"

# recv's "read": a message read in reads of at most that many bytes, as
# wc reads gzip's large writes 16 KiB at a time. Three 200000-byte
# messages on a bare pipe arrive whole (checked when whole), each taken in
# real reads that ask for 16384 bytes at most (strace), never the whole
# message; drawn sizes on a framed stream socket too.
cat >"$TMP/rd.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "rd" },
  "tasks": {
    "w": { "loop": 3, "send": { "to": "p", "bytes": 200000 }, "sleep": 20000 },
    "r": { "loop": 3, "recv": { "from": "p", "bytes": 200000, "read": 16384 } } } }
J
run_bounded 30 "$MIMIC" "$TMP/rd.json" >"$TMP/rd.out" 2>&1
grep -E '^(task|r) ' "$TMP/rd.out" | diag
[ $rc -eq 0 ] && [ "$(messages "$TMP/rd.out" r pipe)" -eq 3 ] &&
	! grep -q damaged "$TMP/rd.out"
ok $? "read 16384: three 200000-byte messages arrive whole (rc $rc)"
if command -v strace >/dev/null 2>&1 && strace -f -o /dev/null true 2>/dev/null; then
	# LeakSanitizer cannot run under ptrace (a sanitizer build exits
	# non-zero at the end); the suite's other runs check for leaks.
	run_bounded 60 env \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -e trace=read -o "$TMP/rd.strace" \
		"$MIMIC" -q "$TMP/rd.json" >/dev/null 2>&1
	parts=$(grep -c ', 16384) = [0-9]' "$TMP/rd.strace")
	whole=$(grep -c ', 200000) = ' "$TMP/rd.strace")
	echo "# reads asking 16384 bytes: $parts, asking 200000: $whole" | diag
	# 13 a message (12 of 16384 and the rest), fewer when the rest is short
	[ $rc -eq 0 ] && [ "$parts" -ge 36 ] && [ "$whole" -eq 0 ]
	ok $? "... each in reads of at most 16384 bytes ($parts), none of the whole message"
else
	TEST_N=$((TEST_N + 1)); echo "ok $TEST_N # SKIP strace cannot trace here"
fi
cat >"$TMP/rdf.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "rdf" },
  "resources": { "s": { "type": "socket" } },
  "tasks": {
    "w": { "loop": 20, "send": { "to": "s", "bytes": { "uniform": [1, 300000] } } },
    "r": { "loop": 20, "recv": { "from": "s", "bytes": 1000, "read": 4096 } } } }
J
run_bounded 30 "$MIMIC" "$TMP/rdf.json" >"$TMP/rdf.out" 2>&1
[ $rc -eq 0 ] && [ "$(messages "$TMP/rdf.out" r socket)" -eq 20 ] &&
	! grep -q damaged "$TMP/rdf.out"
ok $? "read 4096, drawn sizes on a framed stream socket: 20 whole messages (rc $rc)"
(cd "$TMP" && "$MIMIC" --dump --quiet rd.json) | grep -q '"read": 16384'
ok $? "--dump shows recv's read"

# send's "every": 3 sends in iterations 3, 6 and 9 of a phase of 10, in
# each of two passes over the phases (the count starts again), so 6
# messages; the receiver, which reads 6, ends with the writer.
cat >"$TMP/ev.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "ev" },
  "tasks": {
    "w": { "loop": 2, "phases": {
      "p": { "loop": 10, "run": 50, "send": { "to": "p", "bytes": 64, "every": 3 } },
      "q": { "run": 50 } } },
    "r": { "loop": 6, "recv": { "from": "p", "bytes": 64 } } } }
J
run_bounded 20 "$MIMIC" --summary "$TMP/ev-summary.json" "$TMP/ev.json" >"$TMP/ev.out" 2>&1
sent=$(tr -d ' \n' <"$TMP/ev-summary.json" | grep -o '"sent":[0-9]*' | awk -F: '{ s += $2 } END { print s + 0 }')
echo "# rc $rc, sent $sent" | diag
[ $rc -eq 0 ] && [ "$sent" -eq 6 ] && [ "$(messages "$TMP/ev.out" r pipe)" -eq 6 ] &&
	grep -q 'all loops done' "$TMP/ev.out"
ok $? "every 3 in a phase of 10, two passes: 6 messages, all read, the run ends"
(cd "$TMP" && "$MIMIC" --dump --quiet ev.json) | grep -q '"every": 3'
ok $? "--dump shows send's every"
sed 's/"bytes": 64 } } } }/"bytes": 64, "every": 3 } } } }/' "$TMP/ev.json" >"$TMP/ev-recv.json"
"$MIMIC" --check "$TMP/ev-recv.json" >"$TMP/ev-recv.out" 2>&1
rc=$?
grep -q 'every' "$TMP/ev-recv.out" && [ $rc -eq 2 ]
ok $? "every on a recv: an error naming it, exit 2 (rc $rc)"
# futex_wake's "every": 20 iterations waking every 5th post 4 times; a
# waiter that wants 5 takes those 4 and waits until the duration ends it.
cat >"$TMP/fe.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "fe", "duration": 1 },
  "tasks": {
    "w": { "loop": 20, "run": 50, "futex_wake": { "ref": "f", "every": 5 } },
    "r": { "loop": 5, "futex_wait": "f" } } }
J
run_bounded 30 "$MIMIC" "$TMP/fe.json" >"$TMP/fe.out" 2>&1
[ "$(messages "$TMP/fe.out" r futex)" -eq 4 ] && ! grep -q 'all loops done' "$TMP/fe.out"
ok $? "futex_wake every 5 in 20 iterations: 4 posts, all taken, the 5th wait ended by the duration"
(cd "$TMP" && "$MIMIC" --dump --quiet fe.json) | grep -q '"every": 5'
ok $? "--dump shows futex_wake's every"

# futex: a waiter asleep when the wake comes is woken (one wake-up and one
# message sample); one that finds the post already there does not sleep
# (one message sample, ~200 ms old, no wake-up).
cat >"$TMP/fs.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "fs" },
  "tasks": {
    "waker": { "loop": 1, "sleep": 200000, "futex_wake": "f" },
    "waiter": { "loop": 1, "futex_wait": "f" } } }
J
run_bounded 20 "$MIMIC" "$TMP/fs.json" >"$TMP/fs.out" 2>&1
[ $rc -eq 0 ] && [ "$(wakeups "$TMP/fs.out" waiter futex)" -eq 1 ] &&
	[ "$(messages "$TMP/fs.out" waiter futex)" -eq 1 ]
ok $? "futex wake of a sleeping waiter: one wake-up sample"
cat >"$TMP/fe.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "fe" },
  "tasks": {
    "waker": { "loop": 1, "futex_wake": "f" },
    "waiter": { "loop": 1, "sleep": 200000, "futex_wait": "f" } } }
J
run_bounded 20 "$MIMIC" "$TMP/fe.json" >"$TMP/fe.out" 2>&1
[ $rc -eq 0 ] && [ "$(wakeups "$TMP/fe.out" waiter futex)" -eq 0 ] &&
	[ "$(messages "$TMP/fe.out" waiter futex)" -eq 1 ] &&
	[ "$(field message "$TMP/fe.out" waiter futex 3)" -ge 150000 ]
ok $? "a post taken without sleeping: no wake-up sample, message latency ~200 ms"
