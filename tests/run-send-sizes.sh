#!/bin/sh
# send "bytes" drawn per message (doc/grammar.md, send/recv): over a pipe,
# a stream socket and a datagram socket, {"uniform": [64, 4096]} messages
# all arrive whole (no damaged one), counted alike on both ends with the
# same byte totals, mean size near 2080; one seed gives the same totals
# twice; two different fixed sizes on one channel arrive whole too (the
# channel is framed), with the wiring warning; a thread that sends large
# messages and receives small ones checks them right; several senders of
# large messages on one stream channel do not cut each other's.
. "${srcdir:-.}/tests/lib.sh"
plan 14
# "sent sent_bytes received received_bytes" of task $2 in summary $1 (one
# key a line, a task's counts right after its name: summary-format.md)
counts() {
	awk -v t="\"$2\"," '
		$1 == "\"name\":" { m = ($2 == t) }
		m && $1 ~ /^"(sent|sent_bytes|received|received_bytes)":$/ {
			sub(/,$/, "", $2); v[$1] = $2 }
		END { print v["\"sent\":"], v["\"sent_bytes\":"],
			    v["\"received\":"], v["\"received_bytes\":"] }' "$1"
}
# A channel "a" of kind $1 (pipe, stream, dgram) and "b" of the same kind.
channels() {
	if [ "$1" = pipe ]; then
		echo '"a": { "type": "pipe" }, "b": { "type": "pipe" }'
	else
		echo "\"a\": { \"type\": \"socket\", \"mode\": \"$1\" }," \
		     "\"b\": { \"type\": \"socket\", \"mode\": \"$1\" }"
	fi
}

# 2000 messages of a drawn size, the receiver taking each whole.
drawn() { # $1 kind, $2 run name
	cat >"$TMP/$2.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "$2",
	      "seed": 7 },
  "resources": { $(channels "$1") },
  "tasks": {
    "tx": { "loop": 2000, "send": { "to": "a", "bytes": { "uniform": [64, 4096] } } },
    "rx": { "loop": 2000, "recv": { "from": "a" } } } }
J
	run_bounded 20 "$MIMIC" --summary "$TMP/$2.sum" "$TMP/$2.json" \
		>"$TMP/$2.out" 2>&1
}
for kind in pipe stream dgram; do
	drawn $kind $kind
	rc=$?
	set -- $(counts "$TMP/$kind.sum" tx) $(counts "$TMP/$kind.sum" rx)
	echo "# $kind: tx sent $1 ($2 bytes), rx received $7 ($8 bytes)," \
		"mean $(($2 / ($1 + !$1))) bytes" | diag
	eval "total_$kind=$2"
	# uniform [64, 4096]: mean 2080, its mean over 2000 within +-26 (1 sd)
	[ "$rc" -eq 0 ] && ! grep -q damaged "$TMP/$kind.out" &&
		[ "$1" -eq 2000 ] && [ "$7" -eq 2000 ] && [ "$2" -eq "$8" ] &&
		[ "$2" -ge $((2000 * 1900)) ] && [ "$2" -le $((2000 * 2260)) ]
	ok $? "$kind, uniform [64, 4096]: 2000 sent, 2000 received whole, $2 bytes both ends (mean $(($2 / ($1 + !$1))), 1900 .. 2260)"
done
# The draws are the sender's generator's, whatever the channel.
[ "$total_pipe" = "$total_stream" ] && [ "$total_pipe" = "$total_dgram" ]
ok $? "seed 7: the same byte total over every kind ($total_pipe)"
drawn pipe again
set -- $(counts "$TMP/again.sum" tx)
[ "$2" = "$total_pipe" ]
ok $? "seed 7 again: the same byte total ($2)"
# The receiver a process of its own: the framing is the channel's, shared.
sed 's/"rx": { "loop"/"rx": { "mode": "process", "loop"/' "$TMP/stream.json" \
	>"$TMP/proc.json"
run_bounded 20 "$MIMIC" --summary "$TMP/proc.sum" "$TMP/proc.json" \
	>"$TMP/proc.out" 2>&1
rc=$?
set -- $(counts "$TMP/proc.sum" tx) $(counts "$TMP/proc.sum" rx)
[ "$rc" -eq 0 ] && ! grep -q damaged "$TMP/proc.out" &&
	grep -q '"mode": "process"' "$TMP/proc.json" &&
	[ "$7" -eq 2000 ] && [ "$8" = "$total_stream" ]
ok $? "stream, receiver in mode process: 2000 received whole, $8 bytes"
grep -q '"framed": true' <<E
$(cd "$TMP" && "$MIMIC" --dump --quiet pipe.json)
E
ok $? "--dump: the pipe with drawn sizes is framed"

# Two fixed sizes on one channel, the receiver naming one of them: each
# message still arrives whole (before, the receiver read 64-byte pieces
# and found them damaged, then blocked). The rx thread also sends
# 100-byte messages and so checks 12-byte bodies against its own buffer.
for kind in pipe stream dgram; do
	cat >"$TMP/two-$kind.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "two-$kind" },
  "resources": { $(channels "$kind") },
  "tasks": {
    "s64": { "loop": 500, "send": { "to": "a", "bytes": 64 } },
    "s12": { "loop": 500, "send": { "to": "a", "bytes": 12 } },
    "rx": { "loop": 1000, "recv": { "from": "a", "bytes": 64 },
            "send": { "to": "b", "bytes": 100 } },
    "sink": { "loop": 1000, "recv": { "from": "b", "bytes": 100 } } } }
J
	run_bounded 20 "$MIMIC" --summary "$TMP/two-$kind.sum" \
		"$TMP/two-$kind.json" >"$TMP/two-$kind.out" 2>&1
	rc=$?
	set -- $(counts "$TMP/two-$kind.sum" rx)
	echo "# two sizes, $kind: rx received $3 ($4 bytes)" | diag
	[ "$rc" -eq 0 ] && ! grep -q damaged "$TMP/two-$kind.out" &&
		grep -q 'warning: tasks.s12.send: channel "a": 12-byte messages' \
			"$TMP/two-$kind.out" &&
		[ "$3" -eq 1000 ] && [ "$4" -eq $((500 * 64 + 500 * 12)) ]
	ok $? "$kind, 64- and 12-byte sends, recv of 64: 1000 whole messages ($4 bytes), the wiring warning"
done

# A thread that sends drawn sizes up to 4096 and receives 8 to 40 bytes:
# its receive check is against the pattern, not its last send's stamps.
cat >"$TMP/mixed.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "mixed" },
  "resources": { $(channels stream) },
  "tasks": {
    "ping": { "loop": 1000, "send": { "to": "a", "bytes": { "uniform": [16, 4096] } },
              "recv": { "from": "b" } },
    "pong": { "loop": 1000, "recv": { "from": "a" },
              "send": { "to": "b", "bytes": { "choice": [[8, 1], [12, 1], [40, 1]] } } } } }
J
run_bounded 20 "$MIMIC" --summary "$TMP/mixed.sum" "$TMP/mixed.json" \
	>"$TMP/mixed.out" 2>&1
rc=$?
set -- $(counts "$TMP/mixed.sum" ping) $(counts "$TMP/mixed.sum" pong)
[ "$rc" -eq 0 ] && ! grep -q damaged "$TMP/mixed.out" &&
	[ "$3" -eq 1000 ] && [ "$7" -eq 1000 ] && [ "$2" -eq "$8" ] &&
	[ "$6" -eq "$4" ]
ok $? "ping-pong, drawn sizes both ways: 1000 whole each way, bytes equal ($2, $6)"

# Four senders of sizes up to 16384 on one channel, the receiver slower:
# the channel fills mid-write, where the kernel would let one sender's
# write in between another's pieces; the channel's write lock keeps each
# message whole (before it, nearly all arrived damaged and the run hung).
for kind in pipe stream; do
	cat >"$TMP/many-$kind.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "many-$kind",
	      "seed": 3 },
  "resources": { $(channels "$kind") },
  "tasks": {
    "tx": { "instance": 4, "loop": 500,
            "send": { "to": "a", "bytes": { "uniform": [64, 16384] } } },
    "rx": { "loop": 2000, "recv": { "from": "a" }, "run": 5 } } }
J
	run_bounded 20 "$MIMIC" --summary "$TMP/many-$kind.sum" \
		"$TMP/many-$kind.json" >"$TMP/many-$kind.out" 2>&1
	rc=$?
	set -- $(counts "$TMP/many-$kind.sum" tx) $(counts "$TMP/many-$kind.sum" rx)
	[ "$rc" -eq 0 ] && ! grep -q damaged "$TMP/many-$kind.out" &&
		[ "$1" -eq 2000 ] && [ "$7" -eq 2000 ] && [ "$2" -eq "$8" ]
	ok $? "$kind, 4 senders of uniform [64, 16384], one receiver: 2000 whole messages, $8 bytes (exit $rc)"
done

# A send of a size no datagram holds: exit 2 before any thread starts.
cat >"$TMP/big.json" <<'J'
{ "resources": { "d": { "type": "socket", "mode": "dgram" } },
  "tasks": { "a": { "send": { "to": "d", "bytes": { "uniform": [64, 100000] } } },
             "b": { "recv": "d" } } }
J
(cd "$TMP" && "$MIMIC" big.json) >/dev/null 2>"$TMP/big.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q 'at most 65536 bytes' "$TMP/big.err"
ok $? "uniform [64, 100000] to a datagram socket: exit $rc, at most 65536 bytes"
