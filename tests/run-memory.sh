#!/bin/sh
# The memory a workload needs is estimated before time zero and refused,
# with the JSON path of its biggest part, beyond what the machine can
# give: a 16 GiB mem_buffer_size, a 20 GB memrun, matmul 16384 and 64 MiB
# messages x 100 senders on a machine of 4 GiB (a fake meminfo through
# the MIMIC_PROC_DIR test hook) each exit 2 at once, before any thread
# or log exists; a normal workload passes; --allow-overcommit overrides;
# only the moment's free memory short is exit 1; a real memory cgroup's
# limit is named.
. "${srcdir:-.}/tests/lib.sh"
plan 13
fake=$TMP/proc
mkdir -p "$fake" "$TMP/logs"
printf 'MemTotal:        4194304 kB\nMemFree:         4000000 kB\nMemAvailable:    4000000 kB\n' >"$fake/meminfo"

cat >"$TMP/membuf.json" <<'J'
{ "global": { "calibration": 50, "duration": 1,
              "mem_buffer_size": 17179869184 },
  "tasks": { "t": { "loop": 1, "mem": 1000 } } }
J
cat >"$TMP/memrun.json" <<'J'
{ "global": { "calibration": 50, "duration": 1 },
  "tasks": { "t": { "loop": 1,
                    "memrun": { "type": "write", "size": 20000000000,
                                "count": 1000 } } } }
J
cat >"$TMP/matmul.json" <<'J'
{ "global": { "calibration": 50, "duration": 1 },
  "tasks": { "t": { "loop": 1, "matmul": { "size": 16384 } } } }
J
cat >"$TMP/msg.json" <<'J'
{ "global": { "calibration": 50, "duration": 1 },
  "tasks": { "rx": { "loop": 1,
                     "recv": { "from": "ch", "bytes": 67108864, "count": 100 } },
             "tx": { "instance": 100, "loop": 1,
                     "send": { "to": "ch", "bytes": 67108864 } } } }
J
refused() { # refused NAME EXPECTED-START
	run_bounded 30 env MIMIC_PROC_DIR="$fake" "$MIMIC" -q -L "$TMP/logs" \
		"$TMP/$1.json" 2>"$TMP/err"
	diag <"$TMP/err"
	[ "$rc" -eq 2 ] && [ "$took" -lt 10000 ] &&
		grep -q "^$TMP/$1.json:$2 of memory, more than this machine can give it (MemTotal 4.0 GiB, MemAvailable 3.8 GiB; no cgroup memory limit): .*; make it smaller, or pass --allow-overcommit\$" "$TMP/err" &&
		[ -z "$(ls "$TMP/logs")" ]
	ok $? "$1: exit $rc in $took ms, before any log"
}
refused membuf "2:34: error: global.mem_buffer_size: the run needs about 16.0 GiB"
refused memrun "3:21: error: tasks.t.memrun.size: the run needs about 18.6 GiB"
refused matmul "2:32: error: tasks.t.matmul: the run needs about 6.0 GiB"
# 100 senders with a 64 MiB send buffer each (no receive buffer: they
# receive nothing), the receiver 2 x 64 MiB
refused msg "5:22: error: tasks.tx.send: the run needs about 6.5 GiB"
grep -q "6.4 GiB message buffers, 50.5 MiB thread stacks" "$TMP/err"
ok $? "the estimate is broken down, biggest part first"

MIMIC_PROC_DIR=$fake "$MIMIC" --check "$TMP/matmul.json" 2>"$TMP/err"
rc=$?
[ $rc -eq 2 ] && grep -q "tasks.t.matmul: the run needs about 6.0 GiB" "$TMP/err"
ok $? "--check refuses it too: exit $rc"
MIMIC_PROC_DIR=$fake "$MIMIC" --check --allow-overcommit "$TMP/matmul.json" 2>"$TMP/err"
rc=$?
[ $rc -eq 0 ] && grep -q "mimic: warning: the run needs about 6.0 GiB of memory, more than this machine has (6.0 GiB matmul matrices, .*): running anyway (--allow-overcommit)" "$TMP/err"
ok $? "--allow-overcommit: exit $rc with a warning"

cat >"$TMP/normal.json" <<J
{ "global": { "calibration": 50, "duration": 0.3, "logdir": "$TMP/logs" },
  "tasks": { "t": { "instance": 4, "run": 1000,
                    "timer": { "ref": "unique", "period": 10000 } },
             "m": { "mem": 1000, "matmul": { "size": 64 },
                    "memrun": { "type": "read", "size": 1048576, "count": 1000 },
                    "timer": { "ref": "unique", "period": 10000 } } } }
J
MIMIC_PROC_DIR=$fake "$MIMIC" -q "$TMP/normal.json" 2>"$TMP/err"
rc=$?
diag <"$TMP/err"
[ $rc -eq 0 ] && [ "$(ls "$TMP/logs" | wc -l)" -eq 5 ]
ok $? "a normal workload's estimate is accepted: exit $rc"
rm -f "$TMP"/logs/*

# The machine has the memory, but not free now: exit 1; --check passes.
sed -i 's/MemTotal:        4194304 kB/MemTotal:       67108864 kB/' "$fake/meminfo"
MIMIC_PROC_DIR=$fake "$MIMIC" -q -L "$TMP/logs" "$TMP/matmul.json" 2>"$TMP/err"
rc=$?
diag <"$TMP/err"
[ $rc -eq 1 ] && grep -q "matmul.json: error: the run needs about 6.0 GiB of memory, more than is available now (MemTotal 64.0 GiB, MemAvailable 3.8 GiB; no cgroup memory limit): 6.0 GiB matmul matrices.*; free some memory, or pass --allow-overcommit" "$TMP/err"
ok $? "only the free memory short: exit $rc"
MIMIC_PROC_DIR=$fake "$MIMIC" --check "$TMP/matmul.json" 2>/dev/null
ok $? "... and --check does not judge the moment's free memory"

# This machine's own meminfo: 1 TiB of buffer is more than it has.
total=$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)
if [ "$total" -lt 1000000000 ]; then
	sed 's/17179869184/1099511627776/' "$TMP/membuf.json" >"$TMP/tib.json"
	run_bounded 30 "$MIMIC" -q -L "$TMP/logs" "$TMP/tib.json" 2>"$TMP/err"
	diag <"$TMP/err"
	[ "$rc" -eq 2 ] && grep -q "global.mem_buffer_size: the run needs about 1.0 TiB of memory" "$TMP/err"
	ok $? "1 TiB of buffer on this machine's real meminfo: exit $rc in $took ms"
else
	ok 0 "# SKIP this machine has 1 TiB"
fi

# A memory cgroup's limit (cgroup v1 here) counts as what the machine has.
cg=/sys/fs/cgroup/memory/mimic-test-$$
if [ "$(id -u)" -eq 0 ] && mkdir "$cg" 2>/dev/null; then
	echo $((256 << 20)) >"$cg/memory.limit_in_bytes"
	sed 's/16384/4096/' "$TMP/matmul.json" >"$TMP/mm4k.json"
	sh -c "echo \$\$ >'$cg/cgroup.procs' && exec '$MIMIC' -q -L '$TMP/logs' '$TMP/mm4k.json'" 2>"$TMP/err"
	rc=$?
	diag <"$TMP/err"
	[ $rc -eq 2 ] && grep -q "tasks.t.matmul: the run needs about 38[45].* of memory, more than this machine can give it (.*cgroup memory limit 256.0 MiB" "$TMP/err"
	ok $? "a 256 MiB memory cgroup: exit $rc, the limit named"
	sh -c "echo \$\$ >'$cg/cgroup.procs' && exec '$MIMIC' -q -L '$TMP/logs' '$TMP/normal.json'" 2>"$TMP/err"
	rc=$?
	diag <"$TMP/err"
	ok $rc "... a normal workload runs in it: exit $rc"
	rmdir "$cg"
else
	ok 0 "# SKIP needs root and a v1 memory cgroup"
	ok 0 "# SKIP needs root and a v1 memory cgroup"
fi
echo "# memory: $((TEST_N - TEST_FAILED)) passed, $TEST_FAILED failed"
