#!/bin/sh
# Watching long runs: --interval S prints a block of each task's loops and
# wake-up latency since time zero every S s while the run goes on (schbench
# -i), on standard output (standard error with --tool-output or --summary
# -); --break-us N stops the run at the first wake-up over N us, exit 0,
# stop "break" in the summaries, the thread named, tracing_on frozen at 0
# (cyclictest -b). Bad values exit 2. Bounds hold with both CPUs busy.
. "${srcdir:-.}/tests/lib.sh"
tracefs_lock
command -v python3 >/dev/null 2>&1 || skip_all "python3 is not installed"
plan 24

# tick: two timer threads, 10 ms period; idle: one iteration, never woken.
cat >"$TMP/w.json" <<J
{ "global": { "calibration": 50, "log_size": "disable" },
  "tasks": { "tick": { "instance": 2, "run": 100,
		       "timer": { "ref": "unique", "period": 10000 } },
	     "idle": { "loop": 1, "run": 100 } } }
J
# The blocks of an output as "K T task thr loops path wakeups p50 p99 max".
blocks() {
	awk '/^mimic: interval [0-9]+ at [0-9.]+ s: loops and wake-up latency since time zero$/ {
		k = $3; t = $5; next }
	k && /^task / { next }
	k && NF == 9 && $4 == "|" { print k, t, $1, $2, $3, $5, $6, $7, $8, $9; next }
	{ k = 0 }' "$1"
}

"$MIMIC" -D 2.3 --interval 0.5 "$TMP/w.json" >"$TMP/out" 2>"$TMP/err"
ok $? "--interval 0.5: a 2.3 s run exits 0"
blocks "$TMP/out" >"$TMP/b"
n=$(grep -c "^mimic: interval " "$TMP/out")
# On the grid 0.5, 1.0, 1.5, 2.0 s; a block a busy machine delays past
# the next point is skipped, never doubled.
[ "$n" -ge 3 ] && [ "$n" -le 4 ]
ok $? "about one block every 0.5 s ($n in 2.3 s)"
awk '{ d = $2 - 0.5 * $1; if (d < -0.001 || d > 0.45) bad = 1 }
	END { exit bad || !NR }' "$TMP/b"
ok $? "block K is printed at about K x 0.5 s after time zero"
[ "$(awk '$3 == "tick"' "$TMP/b" | wc -l)" -eq "$n" ] &&
	[ "$(awk '$3 == "idle"' "$TMP/b" | wc -l)" -eq "$n" ] &&
	[ "$(awk '$3 != "tick" && $3 != "idle"' "$TMP/b" | wc -l)" -eq 0 ]
ok $? "every block has one line per task, named tick and idle"
awk '$3 == "tick" { if ($4 != 2 || $6 != "timer" || $7 < 1 || $8 < 1 ||
			 $8 > $9 || $9 > $10 || $10 > 1000000) bad = 1 }
	END { exit bad }' "$TMP/b"
ok $? "tick: 2 threads, timer wake-ups, 0 < p50 <= p99 <= max"
awk '$3 == "idle" { if ($4 != 1 || $5 != 1 || $6 != "-" || $7 != 0 ||
			 $8 != "-") bad = 1 }
	END { exit bad }' "$TMP/b"
ok $? "idle: 1 thread, its 1 loop, no wake-up (-)"
awk '$3 == "tick" { if (NR > 2 && ($5 <= loops || $7 <= wakes)) bad = 1
		    loops = $5; wakes = $7 }
	END { exit bad }' "$TMP/b"
ok $? "tick's loops and wake-ups grow from block to block (since time zero)"
last=$(awk '$3 == "tick" { l = $5 } END { print l }' "$TMP/b")
total=$(awk '$1 == "tick" && $5 == "|" { print $3 }' "$TMP/out")
[ -n "$total" ] && [ "$last" -le "$total" ] && [ "$last" -ge 100 ]
ok $? "the last block's loops ($last) are at most the summary's ($total)"

"$MIMIC" -D 0.6 "$TMP/w.json" >"$TMP/out" 2>&1
! grep -q "interval" "$TMP/out"
ok $? "no --interval: no blocks"
sed 's/"calibration": 50,/"calibration": 50, "interval": 0.25,/' \
	"$TMP/w.json" >"$TMP/g.json"
"$MIMIC" -D 0.6 --tool-output "$TMP/g.json" >"$TMP/out" 2>"$TMP/err"
[ ! -s "$TMP/out" ] && grep -q "^mimic: interval 1 at " "$TMP/err"
ok $? "global.interval; --tool-output keeps standard output for the tool: blocks on standard error"
"$MIMIC" -D 0.6 --interval 0.25 --summary - -q "$TMP/w.json" >"$TMP/out" 2>"$TMP/err"
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$TMP/out" &&
	grep -q "^mimic: interval 1 at " "$TMP/err"
ok $? "--summary -: standard output is the JSON alone, the blocks on standard error"
"$MIMIC" --rt-app -D 0.6 "$TMP/w.json" >"$TMP/out" 2>&1
! grep -q "interval" "$TMP/out"
ok $? "rt-app mode without --interval: no blocks"

# --break-us: a timer wake-up is tens of us late at least.
summary() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }
"$MIMIC" -D 5 --break-us 1 --summary "$TMP/s.json" "$TMP/w.json" >"$TMP/out" 2>"$TMP/err"
rc=$?
tracing_on=$(cat "$(awk '$3 == "tracefs" { print $2; exit }' /proc/mounts)/tracing_on" 2>/dev/null)
ok $rc "--break-us 1: exit status 0"
[ "$(summary "$TMP/s.json" 'd["stop"]')" = break ] &&
	[ "$(summary "$TMP/s.json" 'd["run"]["stop"]')" = break ]
ok $? "the summary's stop (and run.stop) is \"break\""
awk -v d="$(summary "$TMP/s.json" 'd["duration_s"]')" 'BEGIN { exit !(d < 3) }'
ok $? "it stopped early ($(summary "$TMP/s.json" 'd["duration_s"]') s of 5)"
thr=$(summary "$TMP/s.json" 'd["break"]["thread"]')
lat=$(summary "$TMP/s.json" 'd["break"]["latency_us"]')
it=$(summary "$TMP/s.json" 'd["break"]["iteration"]')
case $thr in tick-[01]) true ;; *) false ;; esac &&
	[ "$lat" -gt 1 ] && [ "$(summary "$TMP/s.json" 'd["break"]["break_us"]')" -eq 1 ] &&
	[ "$(summary "$TMP/s.json" 'd["break"]["path"]')" = timer ]
ok $? "the summary's break names the thread ($thr), its latency ($lat us > 1) and path"
grep -q "^mimic: break: $thr (tid [0-9]*) woke $lat us late on timer (over --break-us 1) in its iteration $it, " "$TMP/err" &&
	grep -q "^mimic: ran .*, stopped on a break: $thr woke $lat us late on timer (over 1 us) in its iteration $it$" "$TMP/out"
ok $? "standard error and the text summary name the thread, latency and iteration"

# tracefs: the thread froze the buffer.
skip() { # skip N REASON
	for _ in $(seq "$1"); do
		TEST_N=$((TEST_N + 1))
		echo "ok $TEST_N # SKIP $2"
	done
}
tracefs=$(awk '$3 == "tracefs" { print $2; exit }' /proc/mounts)
if [ "$(id -u)" -ne 0 ] || [ -z "$tracefs" ]; then
	skip 2 "tracefs not mounted or not root"
elif [ "$(summary "$TMP/s.json" 'd["break"]["tracefs"]')" = None ]; then
	skip 2 "tracing_on was 0 before the run: nothing to freeze"
else
	trap 'echo 1 >"$tracefs/tracing_on"; rm -rf "$TMP"' EXIT
	frozen=$(summary "$TMP/s.json" 'd["break"]["trace_frozen"]')
	[ "$tracing_on" = 0 ] && [ "$frozen" = True ]
	ok $? "tracing_on is 0 after the break (trace_frozen $frozen)"
	grep "tracing_mark_write: mimic_break: " "$tracefs/trace" | tail -n 1 |
		grep -q "mimic_break: thread=$thr tid=[0-9]* path=timer latency_us=$lat break_us=1 iteration=$it$"
	ok $? "the last marker of the frozen buffer is the mimic_break note"
	echo 1 >"$tracefs/tracing_on" # for other users of the trace
fi

sed 's/"calibration": 50,/"calibration": 50, "mode": "process", "break_us": 1,/' \
	"$TMP/w.json" >"$TMP/p.json"
"$MIMIC" -q -D 5 --summary "$TMP/s.json" "$TMP/p.json"
rc=$?
[ -n "$tracefs" ] && echo 1 >"$tracefs/tracing_on" 2>/dev/null
[ "$rc" -eq 0 ] && [ "$(summary "$TMP/s.json" 'd["stop"]')" = break ]
ok $? "global.break_us, process instances: exit 0, stop \"break\""

"$MIMIC" -D 0.5 --break-us 1000000000 --summary "$TMP/s.json" "$TMP/w.json" >"$TMP/out" 2>&1
[ $? -eq 0 ] && [ "$(summary "$TMP/s.json" 'd["stop"]')" = duration ] &&
	[ "$(summary "$TMP/s.json" '"break" in d')" = False ] &&
	! grep -q "break" "$TMP/out"
ok $? "--break-us 1000000000: the run reaches its duration, no break"

bad=0
for v in 0 -1 abc 0.001 1e400 ""; do
	"$MIMIC" --interval "$v" "$TMP/w.json" >/dev/null 2>"$TMP/err"
	[ $? -eq 2 ] && grep -q "^mimic: --interval: expected seconds from 0.01 to " "$TMP/err" || bad=1
done
ok $bad "--interval 0, -1, abc, 0.001, 1e400, empty: exit 2, a message naming --interval"
bad=0
for v in 0 -5 x 1.5 2000000000; do
	"$MIMIC" --break-us "$v" "$TMP/w.json" >/dev/null 2>"$TMP/err"
	[ $? -eq 2 ] && grep -q "^mimic: --break-us: expected an integer of us from 1 to 1000000000: $v$" "$TMP/err" || bad=1
done
ok $bad "--break-us 0, -5, x, 1.5, 2000000000: exit 2, a message naming --break-us"
cat >"$TMP/bad.json" <<J
{ "global": { "interval": 0, "break_us": "x" },
  "tasks": { "t": { "loop": 1, "run": 10 } } }
J
"$MIMIC" "$TMP/bad.json" >/dev/null 2>"$TMP/err"
[ $? -eq 2 ] &&
	grep -q "bad.json:1:27: error: global.interval: expected seconds from 0.01 to 2147483647, got 0" "$TMP/err" &&
	grep -q "bad.json:1:42: error: global.break_us: expected an integer 1 .. 1000000000" "$TMP/err"
ok $? "global.interval 0, global.break_us \"x\": exit 2 at their line:col"
