#!/bin/sh
# "iorun" writes its bytes to global io_device (opened without truncation,
# as rt-app); "mem" memsets them over the task's buffer; "memrun" reads,
# writes or chases pointers; "yield" gives the CPU away. Each leaves its
# trace: file sizes, time that grows with the amount of work, rows.
. "${srcdir:-.}/tests/lib.sh"
plan 12
size() { wc -c <"$1" | tr -d ' '; }
# Timings compare minima: preemption only adds time, and the least
# disturbed of several iterations is the cost of the work itself.
minimum() { sort -n | head -1; }

cat >"$TMP/io.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "io",
              "io_device": "$TMP/dev", "mem_buffer_size": 65536 },
  "tasks": { "w": { "loop": 7, "iorun": 100000 } } }
J
"$MIMIC" --quiet "$TMP/io.json"
ok $? "iorun: exits 0"
[ "$(size "$TMP/dev")" -eq 700000 ]
ok $? "iorun: 7 loops of 100000 bytes (65536-byte buffer) wrote exactly 700000 bytes ($(size "$TMP/dev"))"
[ "$(rows "$TMP/io-w-0.log")" -eq 7 ]
ok $? "iorun: one row per loop ($(rows "$TMP/io-w-0.log"))"

# Two instances share the one descriptor: their writes add up.
cat >"$TMP/io2.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "io2",
              "io_device": "$TMP/dev2", "mem_buffer_size": 65536 },
  "tasks": { "w": { "instance": 2, "loop": 3, "iorun": 100000 } } }
J
"$MIMIC" --quiet "$TMP/io2.json" && [ "$(size "$TMP/dev2")" -eq 600000 ]
ok $? "iorun: 2 instances x 3 loops x 100000 bytes = 600000 bytes ($(size "$TMP/dev2"))"

# No truncation: an existing device file is written over from offset 0
# (a file with data only with --io-device-overwrite: doc/security.md).
awk 'BEGIN { for (i = 0; i < 10000; i++) printf "%0100d", 0 }' | tr 0 x >"$TMP/dev3"
sed "s|$TMP/dev\"|$TMP/dev3\"|; s|\"io\"|\"io3\"|; s|\"loop\": 7|\"loop\": 2|" "$TMP/io.json" >"$TMP/io3.json"
"$MIMIC" --quiet --io-device-overwrite "$TMP/io3.json"
over=$(head -c 200000 "$TMP/dev3" | tr -d x | wc -c | tr -d ' ')
kept=$(tail -c 800000 "$TMP/dev3" | tr -d x | wc -c | tr -d ' ')
[ "$(size "$TMP/dev3")" -eq 1000000 ] && [ "$over" -eq 200000 ] && [ "$kept" -eq 0 ]
ok $? "iorun: an existing file is not truncated, its first 200000 bytes are rewritten (size $(size "$TMP/dev3"), $over rewritten, $kept of the rest changed)"

# mem: 1 GB of memset (~10 ms even within cache) takes far longer than 1 kB.
cat >"$TMP/mem.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "mem", "mem_buffer_size": 65536 },
  "tasks": { "m": { "loop": 5, "phases": { "small": { "mem": 1000 }, "big": { "mem": 1000000000 } } } } }
J
"$MIMIC" --quiet "$TMP/mem.json"
ok $? "mem: exits 0"
small=$(awk 'NR > 1 && NR % 2 == 0 { print $4 }' "$TMP/mem-m-0.log" | minimum)
big=$(awk 'NR > 1 && NR % 2 == 1 { print $4 }' "$TMP/mem-m-0.log" | minimum)
[ "$(rows "$TMP/mem-m-0.log")" -eq 10 ] && [ "$big" -ge 1000 ] && [ "$big" -ge $((10 * small + 1)) ]
ok $? "mem: 1 GB takes >= 1 ms and > 10x the time of 1 kB (fastest $big vs $small us)"

# memrun: the three kinds run and log; a 100x longer chase takes longer.
cat >"$TMP/memrun.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "mr" },
  "tasks": {
    "r": { "loop": 5, "memrun": { "type": "read", "size": 1048576, "count": 1000000 } },
    "w": { "loop": 5, "memrun": { "type": "write", "size": 1048576, "count": 1000000 } },
    "c": { "loop": 5, "phases": {
      "short": { "memrun": { "type": "chase", "size": 1048576, "count": 1000 } },
      "long": { "memrun": { "type": "chase", "size": 1048576, "count": 100000 } } } } } }
J
"$MIMIC" --quiet "$TMP/memrun.json"
ok $? "memrun: exits 0"
[ "$(rows "$TMP/mr-r-0.log")" -eq 5 ] && [ "$(rows "$TMP/mr-w-1.log")" -eq 5 ] &&
	[ "$(rows "$TMP/mr-c-2.log")" -eq 10 ]
ok $? "memrun: read, write and chase log one row per iteration"
short=$(awk 'NR > 1 && NR % 2 == 0 { print $4 }' "$TMP/mr-c-2.log" | minimum)
long=$(awk 'NR > 1 && NR % 2 == 1 { print $4 }' "$TMP/mr-c-2.log" | minimum)
[ "$long" -ge 100 ] && [ "$long" -gt $((5 * short)) ]
ok $? "memrun: 100000 chase hops take >= 100 us and > 5x 1000 hops (fastest $long vs $short us)"

# yield: 1000 iterations complete.
cat >"$TMP/yield.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "y" },
  "tasks": { "y": { "loop": 1000, "yield": 0 } } }
J
"$MIMIC" --quiet "$TMP/yield.json"
ok $? "yield: exits 0"
[ "$(rows "$TMP/y-y-0.log")" -eq 1000 ]
ok $? "yield: 1000 rows ($(rows "$TMP/y-y-0.log"))"
