#!/bin/sh
# send/recv over real pipes and sockets, futex_wait/futex_wake: every
# message arrives whole and is counted once, a full pipe blocks its writer,
# a futex wake-one wakes exactly one waiter.
. "${srcdir:-.}/tests/lib.sh"
plan 14
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
	# one wake-up sample per message, none damaged, none negative
	grep -q "damaged" "$TMP/$1.out" && return 1
	# (the first block of the summary: up to its first empty line)
	awk -v k="$3" '!NF { exit } $1 == "ping" || $1 == "pong" { if ($6 != k || $7 != 500) bad = 1; n++ }
		END { exit bad || n != 2 }' "$TMP/$1.out" || return 1
	[ -z "$(col "$TMP/$1-pong-1.log" wu_lat | grep -- -)" ]
}
pingpong pipe 100 pipe
ok $? "pipe ping-pong, 100-byte messages: 500 each way, 500 latency samples each"
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
awk '$1 == "r" && $7 == 2000 { f = 1 } END { exit !f }' "$TMP/full.out"
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
awk '$1 == "waiter" && $6 == "futex" && $7 == 100 { f = 1 } END { exit !f }' "$TMP/fp.out"
ok $? "100 futex wake-up samples"

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
awk '$1 == "server" && $6 == "pipe" && $7 == 500 { p = 1 } $1 == "|" && $2 == "socket" && $3 == 100 { s = 1 }
	END { exit !(p && s) }' "$TMP/poll.out"
ok $? "500 pipe and 100 socket wake-up samples"
