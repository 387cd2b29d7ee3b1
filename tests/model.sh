#!/bin/sh
# mimic model: a workload inferred from a recording. A checked-in
# recording (tests/data/model-small.dat: sh -c 'for i in 1 2 3; do sleep
# 0.05; done; seq 1 100000 | gzip -1 > /dev/null') modelled the same way
# every time, its key facts against a golden; then, as root with tracefs,
# programs recorded now: sleeps near their length, a pipe between seq and
# gzip, models that pass --check and run.
. "${srcdir:-.}/tests/lib.sh"
DATA="$srcdir/tests/data"
"$MIMIC" model --help >/dev/null 2>&1 || skip_all "mimic model is not built"
PLAN=58
plan $PLAN
skip() { TEST_N=$((TEST_N + 1)); echo "ok $TEST_N # SKIP $1"; }

# The facts of a model: the warnings and the thread table (without the
# line naming the output) and the channels, their senders and receivers.
facts() { # facts MODEL.json TABLE
	grep -v '^mimic: [0-9]* threads' "$2"
	grep -o '"to_[^"]*": { "type": "[^"]*"\|"send_[^"]*": { "to": "[^"]*"\|"recv": { "from": "[^"]*"\|"futex_[a-z]*[^"]*": [^,]*' "$1"
}

"$MIMIC" model 2>"$TMP/err"
[ $? -eq 2 ] && grep -q 'no TRACE' "$TMP/err"
ok $? "no TRACE: exit 2, saying so"
"$MIMIC" model --pid 1 --comm x "$DATA/model-small.dat" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q -- '--pid or --comm, not both' "$TMP/err"
ok $? "--pid and --comm: exit 2"
echo '{}' >"$TMP/not.dat"
"$MIMIC" model "$TMP/not.dat" >/dev/null 2>"$TMP/err"
rc=$?
if grep -q 'built without libtracecmd' "$TMP/err"; then
	while [ "$TEST_N" -lt "$PLAN" ]; do
		TEST_N=$((TEST_N + 1))
		echo "ok $TEST_N # SKIP built without libtracecmd"
	done
	exit 0
fi
[ $rc -eq 1 ] && grep -q "not.dat: not a trace.dat" "$TMP/err"
ok $? "a file that is not a trace.dat: exit 1, naming it"

# The checked-in recording.
"$MIMIC" model -o "$TMP/small.json" "$DATA/model-small.dat" 2>"$TMP/table"
ok $? "models tests/data/model-small.dat (exit 0)"
"$MIMIC" --check "$TMP/small.json"
ok $? "the model passes mimic --check"
facts "$TMP/small.json" "$TMP/table" >"$TMP/facts"
diff "$DATA/model-small.facts" "$TMP/facts" | diag
cmp -s "$DATA/model-small.facts" "$TMP/facts"
ok $? "its threads, loops, bursts, blockings and channels are the golden's (tests/data/model-small.facts)"
# The whole workload, the recording's path in its description aside.
sed 's|inferred by mimic model from [^ ]*model-small.dat|inferred by mimic model from model-small.dat|' "$TMP/small.json" >"$TMP/small.norm"
diff "$DATA/model-small.json" "$TMP/small.norm" | diag
cmp -s "$DATA/model-small.json" "$TMP/small.norm"
ok $? "the inferred workload is the golden's, byte for byte (tests/data/model-small.json)"
"$MIMIC" model -q "$DATA/model-small.dat" >"$TMP/again.json" 2>/dev/null
cmp -s "$TMP/small.json" "$TMP/again.json"
ok $? "modelled twice: the same workload, byte for byte"
grep -q '"description": "model of root_pid=16528 argv=sh -c for i in 1 2 3; do sleep 0.05; done; seq 1 100000 | gzip -1 > /dev/null, inferred by mimic model from ' "$TMP/small.json"
ok $? "the description names the recorded command and the trace"
grep -q 'warning: sh: 3 blockings in other syscall (NR 58 x3) left out' "$TMP/table"
ok $? "what the loop leaves out is a warning naming it (sh's vfork blockings)"
# A message's cost is its call's kernel part as recorded (step 7): the
# table's send_us and recv_us are the mean of the task's write-class and
# read-class calls that returned data without a switch in between,
# computed here again from trace-cmd's report of the same recording.
call_mean() { # call_mean PID "NR ..." : the mean in us, one decimal
	trace-cmd report -t "$DATA/model-small.dat" 2>/dev/null | awk -v pid="$1" -v nrs=" $2 " '
	{ n_ = split($1, a, "-"); p = a[n_]; ts = $3; sub(/:$/, "", ts) }
	$4 == "sys_enter:" && p == pid { open = index(nrs, " " $6 " ") ? ts : 0; nr = $6; next }
	$4 == "sched_switch:" && p == pid { open = 0; next }
	$4 == "sys_exit:" && p == pid { if (open && $6 == nr && $8 > 0) { sum += ts - open; n++ } open = 0 }
	END { if (n) printf "%.1f\n", sum / n * 1e6 }'
}
if command -v trace-cmd >/dev/null 2>&1; then
	want_send=$(call_mean 16556 "1 18 20 44 46 307") want_recv=$(call_mean 16557 "0 17 19 45 47 299")
	echo "seq's writes: $want_send us, gzip's reads: $want_recv us" | diag
	[ -n "$want_send" ] && [ -n "$want_recv" ] &&
		awk -v s="$want_send" -v r="$want_recv" '$1 == "seq" && $7 == s { a = 1 } $1 == "gzip" && $8 == r { b = 1 }
			END { exit !(a && b) }' "$TMP/table"
	ok $? "send_us and recv_us: the kernel's part of seq's writes and gzip's reads, as trace-cmd reports them"
else
	skip "trace-cmd is not installed"
fi
# sh's five wait4s, each ended by a child's exit: a join, not sleeps of
# the recorded lengths. Each child sends sh one message last thing (its
# end phase), sh reads one per iteration after its run.
[ "$(grep -c '"send_sh": { "to": "to_sh", "bytes": 8 }' "$TMP/small.json")" -eq 5 ] &&
	awk '/^\t\t"sh": \{/ { in_sh = 1 } in_sh && /^\t\t\}/ { exit }
		in_sh && /"run":/ && !run { run = NR } in_sh && /"recv": \{ "from": "to_sh", "bytes": 8 \}/ { recv = NR }
		in_sh && /"sleep"/ { slept = 1 }
		END { exit !(run && recv > run && !slept) }' "$TMP/small.json" &&
	grep -q 'warning: sh: its 5 blockings in wait are a join' "$TMP/table"
ok $? "a parent whose waits its children's exits ended joins them: each of the 5 sends it a message at its end, it reads one per iteration after its run"
"$MIMIC" model -q --comm gzip -o "$TMP/gzip.json" "$DATA/model-small.dat" 2>"$TMP/err" &&
	[ "$(grep -c '"mode"' "$TMP/gzip.json")" -eq 1 ] &&
	grep -q '"gzip": {' "$TMP/gzip.json"
ok $? "--comm gzip: gzip's tree only (one task)"
"$MIMIC" model -q --pid 999999 "$DATA/model-small.dat" >/dev/null 2>"$TMP/err"
[ $? -eq 1 ] && grep -q 'no thread of the tree of pid 999999 ran' "$TMP/err"
ok $? "--pid of a task not in the recording: exit 1, saying so"

# A checked-in recording of sh -c 'seq 1 30000 | cat >/dev/null;
# hackbench -g 1 -f 2 -l 20' (tests/data/model-sockets.dat): cat reads
# the pipe sh made (pipe2), hackbench's receivers the socket pairs
# hackbench made, though sh made a pipe before it.
"$MIMIC" model -q -o "$TMP/sockets.json" "$DATA/model-sockets.dat" 2>/dev/null &&
	grep -q '"to_cat": { "type": "pipe", "messages": "${messages}" }' "$TMP/sockets.json" &&
	[ "$(grep -c '"to_hackbench-[0-9]*": { "type": "socket", "messages": "${messages}" }' "$TMP/sockets.json")" -eq 4 ] &&
	"$MIMIC" --check "$TMP/sockets.json" 2>/dev/null
ok $? "a channel is a socket when the reader's nearest ancestor that made channels made socket pairs (hackbench), a pipe when pipes (sh's seq | cat)"
# hackbench's receivers read 200 bytes for less CPU than mimic's own
# cost of a read: the run at the floor is not written.
task_of() { sed -n "/^\t\t\"$1\": {/,/^\t\t}/p" "$2"; }
task_of hackbench-2 "$TMP/sockets.json" >"$TMP/recv2"
grep -q '"recv": { "from": "to_hackbench-2"' "$TMP/recv2" &&
	! grep -q '"run"' "$TMP/recv2"
ok $? "a run at the floor is not written: hackbench's receiver only reads"
# hackbench's parent forks its children (1.4 ms) before its first wait,
# more than its loop's CPU after it: a setup, run once before the loop.
task_of hackbench "$TMP/sockets.json" | tr -d '\n\t ' >"$TMP/parent"
grep -q '"start":{"run":1366}' "$TMP/parent" &&
	grep -q '"loop":3,"run":{"choice":\[\[4.7,1\],\[13.9,1\]\]}' "$TMP/parent"
ok $? "the CPU before the first wait, more than the loop's after it, is a setup: a start phase's run (hackbench's parent)"
# tests/data/model-senders.dat.gz: 'hackbench -g 1 -f 4 -l 400'. Two
# senders wrote until a socket was full before they first blocked. A
# setup gives the loop the CPU after its first write (its ready byte)
# when the loop's runs are at the floor, as much as it lacks, never more;
# else it keeps it (with mimic's cost of a message as measured on
# 2026-12-07 their loops do not lack, and the setups stay whole). From
# trace-cmd's report: each sender's CPU before its first write and
# before its first blocking in a write; a setup's run is that less
# mimic's start of a process (700 us).
if command -v trace-cmd >/dev/null 2>&1; then
	gzip -dc "$DATA/model-senders.dat.gz" >"$TMP/senders.dat"
	"$MIMIC" model -o "$TMP/senders.json" "$TMP/senders.dat" 2>"$TMP/senders.table"
	trace-cmd report -t "$TMP/senders.dat" 2>/dev/null >"$TMP/senders.txt"
	cut=0 bad=0 seen=0
	for pid in 16157 16158 16159 16160; do
		set -- $(awk -v pid=$pid -v w=" 1 18 20 44 46 307 " '
		{ n_ = split($1, a, "-"); p = a[n_]; ts = $3; sub(/:$/, "", ts) }
		$4 == "sched_switch:" {
			if (p == pid) {
				if (on) acc += ts - on
				on = 0
				if ($7 !~ /^R/ && index(w, " " cur " ") && !blocked) blocked = acc
			}
			if (index($0, ":" pid " [") > index($0, "==>")) on = ts
			next
		}
		p == pid && !on { on = ts }
		$4 == "sys_enter:" && p == pid { cur = $6; at = acc + ts - on; next }
		$4 == "sys_exit:" && p == pid { if (index(w, " " $6 " ") && $8 > 0 && !wrote) wrote = at; cur = "" }
		END { printf "%.0f %.0f\n", wrote * 1e6, blocked * 1e6 }' "$TMP/senders.txt")
		name=$(awk -v p=$pid '$2 == p { print $1 }' "$TMP/senders.table")
		start=$(task_of "$name" "$TMP/senders.json" | tr -d '\n\t ' | sed -n 's/.*"start":{"run":\([0-9.]*\)}.*/\1/p')
		echo "$name (pid $pid): first write at $1 us, first blocking at $2 us, setup run ${start:-none}" | diag
		[ -n "$start" ] || continue
		seen=$((seen + 1))
		awk -v s="$start" -v w="$1" -v b="$2" 'BEGIN { exit !(s >= w - 700 - 1 && s <= b - 700 + 1) }' || bad=1
		# cut when its loop lacks CPU (its run at the floor: not
		# written), else whole
		if task_of "$name" "$TMP/senders.json" | tr -d '\n\t ' | grep -q '"loop":{"loop":"[^"]*","run":'; then
			awk -v s="$start" -v b="$2" 'BEGIN { exit !(s >= b - 700 - 1) }' || bad=1
		else
			awk -v s="$start" -v b="$2" 'BEGIN { exit !(s < b - 700 - 1) }' || bad=1
			cut=$((cut + 1))
		fi
	done
	[ "$bad" -eq 0 ] && [ "$seen" -ge 1 ]
	ok $? "a sender's setup that wrote messages gives its loop, when at the floor, the CPU after its first write, else none ($cut of $seen cut)"
else
	skip "trace-cmd is not installed"
fi
# tests/data/model-nowait.dat.gz: 'seq 1 100000 | gzip -1 > /dev/null'
# recorded by a sanitizer build, whose gzip never waited for its pipe:
# it still reads seq's messages in a loop, and no warning names a kind of
# blocking it never had (the name was read past its table's end).
gzip -dc "$DATA/model-nowait.dat.gz" >"$TMP/nowait.dat"
"$MIMIC" model -o "$TMP/nowait.json" "$TMP/nowait.dat" 2>"$TMP/nowait.table" &&
	"$MIMIC" --check "$TMP/nowait.json" 2>/dev/null &&
	task_of gzip "$TMP/nowait.json" | grep -q '"recv": { "from": "to_gzip"' &&
	! grep -q 'its 0 blockings\|runtime error' "$TMP/nowait.table"
ok $? "a reader that never blocked reads its channel, and no warning names a blocking it never had"
# tests/data/model-gzip-blocks.dat.gz: 'sh -c "seq 1 3000000 | gzip -1 |
# wc -c"': gzip read 701 chunks of 32 KiB and wrote its output 256 KiB at
# a time, 26 times; wc read it 16 KiB at a time. gzip sends its mean
# write every 26th iteration (not a 9 KiB message each: wc then woke 700
# times, not 100), and wc reads what comes at any scale, no more.
gzip -dc "$DATA/model-gzip-blocks.dat.gz" >"$TMP/blocks.dat"
"$MIMIC" model -o "$TMP/blocks.json" "$TMP/blocks.dat" 2>"$TMP/blocks.table"
task_of gzip "$TMP/blocks.json" | tr -d '\n\t ' >"$TMP/blocks-gzip"
task_of wc "$TMP/blocks.json" | tr -d '\n\t ' >"$TMP/blocks-wc"
{ cat "$TMP/blocks-gzip"; echo; cat "$TMP/blocks-wc"; echo; } | diag
grep -q '"loop":"${701\*scale}".*"send_wc":{"to":"to_wc","bytes":254341,"every":26}' "$TMP/blocks-gzip" &&
	grep -q '"loop":"${(701\*scale/26)}","recv":{"from":"to_wc","bytes":254341,"read":16384}' "$TMP/blocks-wc" &&
	"$MIMIC" --check "$TMP/blocks.json" 2>/dev/null
ok $? "a writer of 26 blocks in 701 iterations sends one every 26th; its reader loops (701 x scale) / 26 times"
ok_scale=0
for scale in 1 3; do
	run_bounded 60 "$MIMIC" --set scale=$scale "$TMP/blocks.json" >"$TMP/blocks-$scale.out" 2>&1
	[ $rc -eq 0 ] && grep -q 'all loops done' "$TMP/blocks-$scale.out" || ok_scale=1
	grep '^mimic: ran' "$TMP/blocks-$scale.out" | diag
done
[ $ok_scale -eq 0 ]
ok $? "... and the model runs to its end at scale 1 and 3 (3 x 701 / 26 is 80 blocks, not 78)"
# tests/data/model-silent.dat: 'hackbench -g 1 -f 4 -l 60' recorded while
# two CPU hogs ran; none of hackbench-9's 241 writes woke its receivers
# (they were running), whose reads (240 each) are more than the other
# three senders wrote: it writes where its peer hackbench-8 does.
"$MIMIC" model -o "$TMP/silent.json" "$DATA/model-silent.dat" 2>"$TMP/table"
grep -q 'warning: hackbench-9: none of its 241 writes woke a thread: it writes to the receivers of hackbench-8' "$TMP/table" &&
	"$MIMIC" --check "$TMP/silent.json" 2>/dev/null
ok $? "a sender whose writes woke nobody writes to its nearest-born peer's receivers (a warning names both)"
silent_ok=0
for k in 6 7 8 9; do
	task_of hackbench-$k "$TMP/silent.json" | tr -d '\n\t ' >"$TMP/s$k"
	grep -q '"loop":"${60\*scale}","send_hackbench-2":{"to":"to_hackbench-2","bytes":100},"send_hackbench-3":{"to":"to_hackbench-3","bytes":100},"send_hackbench-4":{"to":"to_hackbench-4","bytes":100},"send_hackbench-5":{"to":"to_hackbench-5","bytes":100}}' "$TMP/s$k" || silent_ok=1
done
for k in 2 3 4 5; do
	task_of hackbench-$k "$TMP/silent.json" | tr -d '\n\t ' | grep -q '"loop":"${240\*scale}","recv":{"from":"to_hackbench-'$k'","bytes":100}' || silent_ok=1
done
ok $silent_ok "so all 4 senders send 60 x 4 messages and each receiver reads its 240, as recorded"

# --costs: the machine's own cost of mimic's events (--measure-costs
# writes them), read before anything is inferred.
"$MIMIC" model --measure-costs 2>"$TMP/err"
[ $? -eq 2 ] && grep -q -- '--measure-costs: where to? (-o COSTS.json)' "$TMP/err"
ok $? "--measure-costs without -o: exit 2, saying so"
"$MIMIC" model --measure-costs -o "$TMP/c.json" "$DATA/model-small.dat" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q -- '--measure-costs reads no TRACE' "$TMP/err"
ok $? "--measure-costs with a TRACE: exit 2"
echo '{ "block_us": 1 }' >"$TMP/nocosts.json"
"$MIMIC" model --costs "$TMP/nocosts.json" "$DATA/model-small.dat" >/dev/null 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "nocosts.json: not a costs file of this mimic" "$TMP/err"
ok $? "--costs of a file that is not a costs file: exit 2, naming it"
printf '{ "mimic_costs": 1, "block_us": 5000 }\n' >"$TMP/far.json"
"$MIMIC" model --costs "$TMP/far.json" "$DATA/model-small.dat" >/dev/null 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "far.json: .block_us: 5000 us: not within +-1000" "$TMP/err"
ok $? "--costs with an offset beyond 1000 us: exit 2, naming the key"
printf '{ "mimic_costs": 1, "block_us": 0 }\n' >"$TMP/zero.json"
"$MIMIC" model -q --costs "$TMP/zero.json" "$DATA/model-small.dat" >"$TMP/zero-model.json" 2>/dev/null
cmp -s "$TMP/small.json" "$TMP/zero-model.json"
ok $? "--costs of nothing beyond the constants: the same workload, byte for byte"
printf '{ "mimic_costs": 1, "block_us": 1 }\n' >"$TMP/one.json"
"$MIMIC" model -q --costs "$TMP/one.json" "$DATA/model-small.dat" >"$TMP/one-model.json" 2>/dev/null
grep -q '"run": { "choice": \[\[208, 1\], \[475, 1\], \[610, 1\], \[2466, 1\]\] }' "$TMP/one-model.json" &&
	grep -q "warnings, mimic's blocking taken at +1.00 us beyond the constants (--costs))" "$TMP/one-model.json"
ok $? "--costs of a blocking 1 us dearer: sh's runs between its blockings each 1 us shorter, the description says so"

# Recorded now: needs root and tracefs.
if ! can_record; then
	for i in $(seq 27); do
		TEST_N=$((TEST_N + 1))
		echo "ok $TEST_N # SKIP $why"
	done
	exit $((TEST_FAILED > 0))
fi
run_bounded 20 "$MIMIC" record -q -o "$TMP/sleep.dat" -- sh -c 'for i in 1 2 3 4 5; do sleep 0.05; done'
"$MIMIC" model -o "$TMP/sleep.json" "$TMP/sleep.dat" 2>"$TMP/table" &&
	"$MIMIC" --check "$TMP/sleep.json"
ok $? "sh -c 'for i in 1 2 3 4 5; do sleep 0.05; done': modelled, passes --check"
diag <"$TMP/table"
[ "$(grep -c '^		"sleep\(-[2-5]\)\?": {' "$TMP/sleep.json")" -eq 5 ] &&
	grep -q '^		"sh": {' "$TMP/sleep.json"
ok $? "its tasks are sh and five sleeps, named after the threads"
# Each sleep process sleeps once: 50 ms and its timer slack, from its
# call's entry (where the timer starts) to its wake-up, as trace-cmd
# reports them; never less than the 50 ms asked (10 us for the CPUs'
# clocks). A busy machine may wake it late (67 ms seen): that is what it
# slept, and what the model sleeps.
sleeps=$(grep -A8 '^		"sleep' "$TMP/sleep.json" | sed -n 's/.*"sleep": \([0-9.]*\)$/\1/p')
echo "$sleeps" | diag
if command -v trace-cmd >/dev/null 2>&1; then
	trace-cmd report -t "$TMP/sleep.dat" 2>/dev/null >"$TMP/sleep.txt"
	recorded=$(for pid in $(awk '$1 ~ /^sleep(-[2-5])?$/ { print $2 }' "$TMP/table"); do
		awk -v pid=$pid '{ n_ = split($1, a, "-"); p = a[n_]; ts = $3; sub(/:$/, "", ts) }
			$4 == "sys_enter:" && p == pid && ($6 == 230 || $6 == 35) { at = ts }
			$4 == "sched_waking:" && at && index($0, " pid=" pid " ") { printf "%.0f\n", (ts - at) * 1e6; exit }' "$TMP/sleep.txt"
	done)
	echo "recorded: $(echo $recorded)" | diag
	# the same within 1 us (each rounded its own way)
	echo "$sleeps" >"$TMP/sleeps.list"
	echo "$recorded" >"$TMP/recorded.list"
	[ "$(wc -l <"$TMP/sleeps.list")" -eq 5 ] && [ "$(wc -l <"$TMP/recorded.list")" -eq 5 ] &&
		[ "$(awk '$1 >= 49990' "$TMP/recorded.list" | wc -l)" -eq 5 ] &&
		[ "$(paste "$TMP/sleeps.list" "$TMP/recorded.list" |
			awk '$1 - $2 <= 1 && $2 - $1 <= 1' | wc -l)" -eq 5 ]
else
	[ "$(echo "$sleeps" | awk '$1 >= 49990 && $1 <= 60000' | wc -l)" -eq 5 ]
fi
st=$?
ok $st "each sleep process's sleep is its call's entry to its wake-up, at least 50 ms"
if [ $st -ne 0 ]; then
	cp "$TMP/sleep.dat" "${TMPDIR:-/tmp}/mimic-model-sleep-fail.dat"
	echo "the recording is kept in ${TMPDIR:-/tmp}/mimic-model-sleep-fail.dat" | diag
fi

# /dev/cpu_dma_latency held by the tree (as cyclictest holds it): its
# limit is the model's global cpu_dma_latency; a tree without is not.
! grep -q '"cpu_dma_latency"' "$TMP/sleep.json"
ok $? "a tree that holds no /dev/cpu_dma_latency: no cpu_dma_latency in its model"
if [ -w /dev/cpu_dma_latency ]; then
	run_bounded 20 "$MIMIC" record -q -o "$TMP/qos.dat" -- sh -c 'exec 3>/dev/cpu_dma_latency; head -c 4 /dev/zero >&3; sleep 0.2'
	"$MIMIC" model -q -o "$TMP/qos.json" "$TMP/qos.dat" 2>/dev/null &&
		"$MIMIC" --check "$TMP/qos.json" &&
		grep -q '^		"cpu_dma_latency": 0$' "$TMP/qos.json"
	ok $? "sh holding /dev/cpu_dma_latency at 0 for its run: the model's global cpu_dma_latency is 0"
else
	skip "no writable /dev/cpu_dma_latency"
fi

# A ping-pong of two processes that run 10 us of CPU between a message
# read and the reply: the replying task's model runs that, not less.
# mimic's own cost of a round (its part outside the kernel) grows with
# the time a task was away; a constant 4.1 us a blocking and 1.5 a
# message (until 2026-12-07) left it runs of 5.5-6.8 us (their mean),
# idle or with two CPU hogs; 10.2-10.8 with these, on the Intel guest
# they were measured on. The constants are that machine's: on an AMD
# guest (no PCID, a paravirtual hypervisor), 11.9-12.0 idle and 13.8-15.0 with three or four
# hogs, 17.6 in make check-loaded (2026-12-07, doc/model.md "What it
# cannot see").
cat >"$TMP/pingpong.json" <<EOF
{ "global": { "duration": 30, "log_size": "disable", "logdir": "$TMP", "mode": "process" },
  "tasks": {
    "ping": { "loop": 3000, "run": 10, "send": { "to": "p1", "bytes": 4 }, "recv": { "from": "p2", "bytes": 4 } },
    "pong": { "loop": 3000, "recv": { "from": "p1", "bytes": 4 }, "run": 10, "send": { "to": "p2", "bytes": 4 } } } }
EOF
run_bounded 30 "$MIMIC" record -q -o "$TMP/pingpong.dat" -- "$MIMIC" -q "$TMP/pingpong.json"
"$MIMIC" model -q -o "$TMP/pingpong-model.json" "$TMP/pingpong.dat" 2>/dev/null
# A task's run in a model: one number, or a choice's mean.
mean_run() { # mean_run TASK MODEL.json
	task_of "$1" "$2" | tr -d '\n\t ' |
		sed -n 's/.*"run":\([0-9.]*\),.*/\1/p; s/.*"run":{"choice":\[\(\[[^}]*\]\)\]}.*/\1/p' |
		tr -d '[]' | awk -F, '{ if (NF == 1) { print $1; exit }
			for (i = 1; i < NF; i += 2) { s += $i * $(i + 1); w += $(i + 1) }
			printf "%.1f\n", s / w }'
}
pong_run=$(mean_run pong-1 "$TMP/pingpong-model.json")
echo "pong's run in its model (mean): ${pong_run:-none} us" | diag
awk -v r="${pong_run:-0}" 'BEGIN { exit !(r >= 8 && r <= 20) }'
ok $? "a ping-pong's replying task that runs 10 us a round: its model runs 8 to 20 us"
# The same with this machine's costs, measured on mimic's own ping-pong
# (--measure-costs, doc/model.md): the file it writes is one --costs
# reads, and its offset comes off the pong's run: once for each round
# that blocked (a round whose message was there already costs none).
# Whether that brings the model nearer the original's 10 us is a
# fidelity figure, for utils/model-fidelity --measure-costs: this test
# once asked it of two separate runs, and failed on a loaded CI machine
# (offset 4.00 us), where two ping-pongs differ by more than it allowed
# (here, minutes apart: pong 12.1-14.9 us, offsets 3.68-4.70).
run_bounded 60 "$MIMIC" model --measure-costs -o "$TMP/costs.json" 2>"$TMP/err"
diag <"$TMP/err"
block=$(sed -n 's/^  "block_us": \([-0-9.]*\)$/\1/p' "$TMP/costs.json")
[ $rc -eq 0 ] && grep -q '^  "measured_on": "Linux ' "$TMP/costs.json" &&
	awk -v b="${block:-x}" 'BEGIN { exit !(b ~ /^-?[0-9.]+$/ && b >= -10 && b <= 30) }'
ok $? "--measure-costs: writes a blocking's cost beyond the constants (${block:-none} us) and the machine"
"$MIMIC" model -q --costs "$TMP/costs.json" -o "$TMP/pingpong-costs.json" "$TMP/pingpong.dat" 2>/dev/null
pong_costs=$(mean_run pong-1 "$TMP/pingpong-costs.json")
echo "with them: ${pong_costs:-none} us" | diag
# A run is written to 0.1 us; one under 0.5 us next to other events is
# not written (doc/model.md step 7).
awk -v r="${pong_costs:-none}" -v p="${pong_run:-x}" -v b="${block:-x}" 'BEGIN {
	if (p !~ /^[0-9.]+$/ || b !~ /^-?[0-9.]+$/) exit 1
	if (r == "none") exit !(p - b <= 1)
	if (b < 0) { r = -r; p = -p; b = -b }
	exit !(r ~ /^-?[0-9.]+$/ && r <= p + 0.1 && r >= p - b - 0.2 && (b < 0.3 || r < p)) }'
ok $? "... and --costs of that file: the pong's run $pong_run shorter, by at most $block us ($pong_costs)"

# A futex woken now and then by a busy thread: 5 wakes in 3000 round
# trips. One wake per iteration of the waker (until 2026-12-07) made its
# waiter loop 3000 times; the model's waker wakes every ~600th.
cat >"$TMP/sparse.json" <<EOF
{ "global": { "duration": 30, "log_size": "disable", "logdir": "$TMP" },
  "tasks": {
    "ping": { "loop": 3000, "send": { "to": "p1", "bytes": 4 }, "recv": { "from": "p2", "bytes": 4 },
              "futex_wake": { "ref": "fx", "every": 600 } },
    "pong": { "loop": 3000, "recv": { "from": "p1", "bytes": 4 }, "send": { "to": "p2", "bytes": 4 } },
    "waiter": { "loop": 5, "futex_wait": "fx" } } }
EOF
run_bounded 30 "$MIMIC" record -q -o "$TMP/sparse.dat" -- "$MIMIC" -q "$TMP/sparse.json"
"$MIMIC" model -q -o "$TMP/sparse-model.json" "$TMP/sparse.dat" 2>/dev/null
task_of waiter-2 "$TMP/sparse-model.json" | diag
loops=$(task_of waiter-2 "$TMP/sparse-model.json" | sed -n 's/.*"loop": "${\([0-9]*\) \* scale}".*/\1/p')
[ -n "$loops" ] && [ "$loops" -ge 4 ] && [ "$loops" -le 10 ]
ok $? "a futex waiter woken 5 times by a thread looping 3000 times loops 4 to 10 times (${loops:-no loop})"
every=$(task_of ping-0 "$TMP/sparse-model.json" | sed -n 's/.*"futex_wake_waiter-2": {.*"every": \([0-9]*\).*/\1/p')
[ -n "$every" ] && [ "$every" -ge 300 ] && [ "$every" -le 1000 ]
ok $? "its waker wakes it every 300 to 1000 iterations (${every:-none})"

run_bounded 20 "$MIMIC" record -q -o "$TMP/pipe.dat" -- sh -c 'seq 1 100000 | gzip -1 > /dev/null'
"$MIMIC" model -o "$TMP/pipe.json" "$TMP/pipe.dat" 2>"$TMP/table" &&
	"$MIMIC" --check "$TMP/pipe.json"
ok $? "seq 1 100000 | gzip -1: modelled, passes --check"
diag <"$TMP/table"
grep -q '"to_gzip": { "type": "pipe", "messages": "${messages}" }' "$TMP/pipe.json" &&
	grep -A12 '^		"seq": {' "$TMP/pipe.json" | grep -q '"send_gzip": { "to": "to_gzip"' &&
	grep -A12 '^		"gzip": {' "$TMP/pipe.json" | grep -q '"recv": { "from": "to_gzip"'
ok $? "a pipe channel from seq to gzip"
run_bounded 30 "$MIMIC" -q "$TMP/pipe.json"
[ $rc -eq 0 ]
ok $? "the model runs to its end (exit 0, ${took} ms)"
run_bounded 60 sh -c '"$0" model -q --verify "$1" "$2" >"$3" 2>"$4"' "$MIMIC" "$TMP/pipe.dat" "$TMP/pipe.json" "$TMP/verify" "$TMP/err"
diag <"$TMP/verify"
diag <"$TMP/err"
[ $rc -eq 0 ] && grep -q '^task  *cpu_ms  *model  *ratio  *wakeups' "$TMP/verify" &&
	[ "$(grep -c '^\(seq\|gzip\|total\) ' "$TMP/verify")" -eq 3 ]
ok $? "--verify runs the model under --record: a row for seq, gzip and the total"
# The model's side is measured, not copied: gzip ran and received.
awk '$1 == "gzip" && $3 > 0 && $6 > 0 { found = 1 } END { exit !found }' "$TMP/verify"
ok $? "--verify: the model's gzip used CPU and was woken"

# A few large writes through the writer's loop (gzip writes its output
# 256 KiB at a time, three times here; wc reads it 16 KiB at a time):
# sent where they were in gzip's loop, phases of their own, and read by
# wc's loop, not read all at its start and its blockings slept.
run_bounded 20 "$MIMIC" record -q -o "$TMP/wc.dat" -- sh -c 'seq 1 300000 | gzip -1 | wc -c >/dev/null'
"$MIMIC" model -o "$TMP/wc.json" "$TMP/wc.dat" 2>"$TMP/table" &&
	"$MIMIC" --check "$TMP/wc.json" 2>/dev/null
ok $? "seq 1 300000 | gzip -1 | wc -c: modelled, passes --check"
diag <"$TMP/table"
sed -n '/^		"gzip": {/,/^		}/p' "$TMP/wc.json" >"$TMP/gzip"
sed -n '/^		"wc": {/,/^		}/p' "$TMP/wc.json" >"$TMP/wc"
[ "$(grep -c '^				"send-[0-9]*": {' "$TMP/gzip")" -ge 2 ] &&
	[ "$(grep -c '"send_wc": { "to": "to_wc"' "$TMP/gzip")" -ge 2 ] &&
	grep -q '^				"loop-2": {' "$TMP/gzip" &&
	grep -q '"recv": { "from": "to_wc"' "$TMP/wc" &&
	! grep -q '"sleep"' "$TMP/wc"
st=$?
ok $st "gzip sends wc its few large messages from within its loop (send-N phases), wc's loop reads them"
if [ $st -ne 0 ]; then
	cat "$TMP/gzip" "$TMP/wc" | diag
	cp "$TMP/wc.dat" "${TMPDIR:-/tmp}/mimic-model-wc-fail.dat"
	echo "the recording is kept in ${TMPDIR:-/tmp}/mimic-model-wc-fail.dat" | diag
fi
# wc read each of gzip's writes in 16 KiB reads: its recv reads its
# messages in reads of that size (its largest read), smaller than them.
rd=$(sed -n 's/.*"recv": { "from": "to_wc", "bytes": \([0-9]*\).*"read": \([0-9]*\).*/\1 \2/p' "$TMP/wc" | head -1)
echo "wc's recv: bytes and read: ${rd:-none}" | diag
set -- $rd 0 0
[ -n "$rd" ] && [ "$2" -gt 0 ] && [ "$2" -lt "$1" ]
ok $? "wc's recv reads its messages in reads of its own size (read $2 < bytes $1)"

# Messages by volume: hackbench's senders each write 500 times to each of
# its 4 receivers (one group, 4 pipes): a sender's iteration is one
# message to each receiver, and its receivers read what was written.
if command -v hackbench >/dev/null 2>&1; then
	run_bounded 20 "$MIMIC" record -q -o "$TMP/hb.dat" -- hackbench -g 1 -f 4 -l 500
	"$MIMIC" model -o "$TMP/hb.json" "$TMP/hb.dat" 2>"$TMP/table" &&
		"$MIMIC" --check "$TMP/hb.json" 2>"$TMP/err"
	ok $? "hackbench -g 1 -f 4 -l 500: modelled, passes --check"
	diag <"$TMP/table"
	# A sender no wake-up named may stay alone: 3 of the 4 at least.
	fan=$(awk '/^\t\t"hackbench-[0-9]*": \{/ { loops = 0; sends = 0 }
		/"loop": "\$\{500 \* scale\}"/ { loops = 1 }
		/"send_hackbench-[0-9]*": \{ "to": "to_hackbench-[0-9]*", "bytes": 100 \}/ { sends++ }
		/^\t\t\}/ { if (loops && sends == 4) n++ }
		END { print n + 0 }' "$TMP/hb.json")
	echo "senders of 500 iterations x 4 messages of 100 bytes: $fan" | diag
	[ "$fan" -ge 3 ]
	ok $? "hackbench's senders: 500 iterations of one 100-byte message to each of 4 receivers"
	# The parent's wait4s for its 8 children: a join of all 8 (the
	# loop reads one per wait it blocked in, its end the rest).
	join_ok() { # join_ok MODEL.json: the root reads what its 8 children send at their end
		[ "$(grep -c '"send_hackbench": { "to": "to_hackbench", "bytes": 8 }' "$1")" -eq 8 ] &&
			awk '/^\t\t"hackbench": \{/ { in_root = 1 } in_root && /^\t\t\}/ { exit }
			in_root && /"recv": \{ "from": "to_hackbench", "bytes": 8/ { n++ }
			in_root && /"sleep"/ { slept = 1 }
			END { exit !(n >= 1 && !slept) }' "$1"
	}
	# pthread_join waits for one thread: each child sends to its own
	# channel, read in the order the children were born.
	join_in_order_ok() { # join_in_order_ok MODEL.json N
		[ "$(grep -c '"send_hackbench": { "to": "join_hackbench-[0-9]*", "bytes": 8 }' "$1")" -eq "$2" ] &&
			awk -v want="$2" '/^\t\t"hackbench": \{/ { in_root = 1 } in_root && /^\t\t\}/ { exit }
			in_root && /"recv_hackbench-[0-9]*": \{ "from": "join_hackbench-[0-9]*"/ {
				match($0, /join_hackbench-[0-9]+/)
				k = substr($0, RSTART + 15, RLENGTH - 15) + 0
				if (k <= last) bad = 1
				last = k; n++ }
			END { exit !(n == want && !bad) }' "$1"
	}
	join_ok "$TMP/hb.json"
	ok $? "hackbench's parent joins its 8 children (wait4): each sends it one message at its end"
	# hackbench made its channels with socketpair(AF_UNIX, SOCK_STREAM):
	# the receivers' channels are stream sockets (its senders block on a
	# full socket as they did); the join's, mimic's stand-in, a pipe.
	[ "$(grep -c '"to_hackbench-[0-9]*": { "type": "socket", "messages": "${messages}" }' "$TMP/hb.json")" -ge 4 ] &&
		[ "$(grep -c '"type": "pipe"' "$TMP/hb.json")" -eq 1 ] &&
		grep -q '"to_hackbench": { "type": "pipe", "messages": "${messages}" }' "$TMP/hb.json"
	ok $? "hackbench's socketpairs: its receivers read from stream sockets, the join from a pipe"
	run_bounded 20 "$MIMIC" record -q -o "$TMP/hbp.dat" -- hackbench -p -g 1 -f 4 -l 500
	"$MIMIC" model -q -o "$TMP/hbp.json" "$TMP/hbp.dat" 2>"$TMP/err" &&
		! grep -q '"type": "socket"' "$TMP/hbp.json" &&
		[ "$(grep -c '"to_hackbench-[0-9]*": { "type": "pipe", "messages": "${messages}" }' "$TMP/hbp.json")" -ge 4 ]
	ok $? "hackbench -p (pipe(2)): its receivers read from pipes, none from a socket"
	# A recording is one real run: up to three, each failed one shown,
	# so that a run whose timing hid the joins (seen once in ~50) does
	# not decide alone, and one that keeps failing still fails.
	for try in 1 2 3; do
		run_bounded 20 "$MIMIC" record -q -o "$TMP/hbt.dat" -- hackbench -T -g 1 -f 4 -l 500
		"$MIMIC" model -o "$TMP/hbt.json" "$TMP/hbt.dat" 2>"$TMP/table" &&
			"$MIMIC" --check "$TMP/hbt.json" 2>"$TMP/err" &&
			join_in_order_ok "$TMP/hbt.json" 8 && break
		{ echo "recording $try: the joins not as expected; the model's warnings and joins:"
		  cat "$TMP/table" "$TMP/err"
		  grep -n 'join_hackbench' "$TMP/hbt.json"; } | diag
		false
	done
	ok $? "hackbench -T: its main thread joins its 8 threads in the order they were born, each from its own channel (pthread_join's futex)"
	grep -i join "$TMP/table" | diag
else
	for i in 1 2 3 4 5 6; do skip "hackbench is not installed"; done
fi
# A ping-pong by volume: perf bench's two processes each read and write
# 2000 times; the model's two loops are the messages, not the blockings.
# On a busy machine many reads find their message already there: fewer
# blockings than writes must not make a receiver a sender only (its
# channel then sent to and read by nobody, which --check warns of).
if command -v perf >/dev/null 2>&1 && perf bench sched pipe -l 10 >/dev/null 2>&1; then
	run_bounded 20 "$MIMIC" record -q -o "$TMP/pp.dat" -- perf bench sched pipe -l 2000
	"$MIMIC" model -q -o "$TMP/pp.json" "$TMP/pp.dat" 2>/dev/null
	loops=$(sed -n 's/.*"loop": "\${\([0-9]*\) \* scale}".*/\1/p' "$TMP/pp.json" | tr '\n' ' ')
	echo "loops: $loops" | diag
	"$MIMIC" --check "$TMP/pp.json" 2>"$TMP/err" && diag <"$TMP/err" &&
		! grep -q warning "$TMP/err" &&
		[ "$(grep -c '"recv": { "from": "to_sched-pipe' "$TMP/pp.json")" -eq 2 ] &&
		[ "$(echo $loops | wc -w)" -eq 2 ] &&
		[ "$(for l in $loops; do [ "$l" -ge 1990 ] && [ "$l" -le 2100 ] && echo y; done | wc -l)" -eq 2 ]
	ok $? "perf bench sched pipe -l 2000: two receivers looping about 2000 times, one per message"
else
	skip "perf bench is not available"
fi

# A periodic thread: cyclictest's measuring thread, SCHED_FIFO 80, every
# 10 ms on an absolute timer (10 ms: wake-up latencies of a busy machine,
# up to a few hundred us, stay well within the 5 % a timer allows).
if command -v cyclictest >/dev/null 2>&1; then
	run_bounded 20 "$MIMIC" record -q -o "$TMP/cyc.dat" -- cyclictest -q -p 80 -t 1 -i 10000 -D 1
	"$MIMIC" model -o "$TMP/cyc.json" "$TMP/cyc.dat" 2>"$TMP/table" &&
		"$MIMIC" --check "$TMP/cyc.json" &&
		grep -Eq '"timer": \{ "ref": "unique_cyclictest[-0-9]*", "period": (999[0-9]|1000[0-9]|10010)(\.[0-9])? \}' "$TMP/cyc.json"
	ok $? "cyclictest -i 10000: a timer of period 10000 us (+-10, the median interval)"
	diag <"$TMP/table"
	grep -q '"policy": "SCHED_FIFO", "priority": 80' "$TMP/cyc.json"
	ok $? "cyclictest -p 80: SCHED_FIFO priority 80 (from the mimic_task lines)"
	# The kernel's part of its ~100 sleeps, from their system call's
	# entry and exit: measured, and a part of its CPU per iteration.
	awk '$9 == "timer" && $6 ~ /^[0-9.]+$/ && $6 > 0 &&
	     $6 < $4 * 1000 / $3 { found = 1 } END { exit !found }' "$TMP/table"
	ok $? "cyclictest's timer thread: the kernel's part of a blocking measured, less than its CPU per iteration"
else
	skip "cyclictest is not installed"
	skip "cyclictest is not installed"
	skip "cyclictest is not installed"
fi
# The policy a thread held longest, not its last: sh runs 0.6 s at
# SCHED_FIFO 80, then 0.3 s at SCHED_OTHER before its exit (as
# cyclictest's threads reset theirs); the sampler sees both.
run_bounded 20 "$MIMIC" record -q -o "$TMP/pol.dat" -- chrt -f 80 sh -c 'sleep 0.6; chrt -o -p 0 $$; sleep 0.3'
"$MIMIC" model -q -o "$TMP/pol.json" "$TMP/pol.dat" 2>/dev/null &&
	grep -A2 '^		"sh": {' "$TMP/pol.json" | grep -q '"policy": "SCHED_FIFO", "priority": 80'
ok $? "a policy reset before the exit: the one held longest (SCHED_FIFO 80) is modelled"
exit $((TEST_FAILED > 0))
