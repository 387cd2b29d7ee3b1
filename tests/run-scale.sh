#!/bin/sh
# 1000 threads of a periodic workload (64 KiB stacks) start, run 3 s and
# stop cleanly: exit 0, every one of the 1000 logs whole (the header, then
# rows of 11 fields) with rows up to the end. And limits the machine would
# hit are named before any thread starts: RLIMIT_NPROC (as nobody),
# kernel.threads-max, kernel.pid_max, vm.max_map_count (through the
# MIMIC_PROC_DIR test hook), a stack below PTHREAD_STACK_MIN.
. "${srcdir:-.}/tests/lib.sh"
plan 8
mkdir "$TMP/logs"
cat >"$TMP/w.json" <<J
{ "global": { "calibration": 50, "duration": 3, "logdir": "$TMP/logs",
              "stack_size": 65536 },
  "tasks": { "p": { "instance": 1000, "run": 50,
                    "timer": { "ref": "unique", "period": 100000 } } } }
J
run_bounded 60 "$MIMIC" --quiet "$TMP/w.json" 2>"$TMP/err"
diag <"$TMP/err"
ok $rc "1000 threads, 3 s: exit $rc in $took ms"
[ "$took" -lt 15000 ]
ok $? "started, ran and stopped in under 15 s ($took ms)"
n=$(ls "$TMP/logs" | wc -l)
[ "$n" -eq 1000 ]
ok $? "1000 log files ($n)"
# Whole: a header, rows of 11 fields, a final newline (a file without it
# would run into the next one's header below); and each thread ran to the
# end (its last row starts after 2.5 s).
bad=$(cat "$TMP"/logs/*.log | awk '$1 == "#idx" { if (NR > 1 && last < 2500000) b++; last = 0; next }
	NF != 11 { b++ } { last = $7 } END { if (last < 2500000) b++; print b + 0 }')
[ -z "$(tail -c 1 "$TMP/logs/rt-app-p-999.log")" ] || bad=$((bad + 1))
ok "$bad" "every log whole, with rows up to the end ($bad are not)"

# Limits, found before the first thread. A fake /proc says the machine is
# nearly full.
fake=$TMP/proc
mkdir -p "$fake/sys/kernel" "$fake/sys/vm"
echo "0.00 0.00 0.00 1/400 1" >"$fake/loadavg"
echo 1000 >"$fake/sys/kernel/threads-max"
echo 1200 >"$fake/sys/kernel/pid_max"
echo 3000 >"$fake/sys/vm/max_map_count"
MIMIC_PROC_DIR=$fake "$MIMIC" --quiet "$TMP/w.json" 2>"$TMP/err"
rc=$?
diag <"$TMP/err"
[ $rc -eq 1 ] &&
	grep -q "w.json: error: 1002 threads: kernel.threads-max is 1000 and the system already has 400 threads: raise it (sysctl -w kernel.threads-max=1402)" "$TMP/err" &&
	grep -q "w.json: error: 1002 threads: kernel.pid_max is 1200 and the system already has 400 threads: raise it (sysctl -w kernel.pid_max=1402)" "$TMP/err" &&
	grep -q "w.json: error: 1002 threads need about 4264 memory mappings: vm.max_map_count is 3000: raise it (sysctl -w vm.max_map_count=4264)" "$TMP/err"
ok $? "threads-max, pid_max, max_map_count: exit $rc, each named with its sysctl"
[ "$(ls "$TMP/logs" | wc -l)" -eq 1000 ] &&
	[ "$(rows "$TMP/logs/rt-app-p-0.log")" -ge 20 ]
ok $? "refused before anything: the earlier logs were not touched"

sed 's/"stack_size": 65536/"stack_size": 16384/' "$TMP/w.json" >"$TMP/s.json"
min=$(getconf PTHREAD_STACK_MIN 2>/dev/null || echo 16384)
if [ "$min" -gt 16384 ]; then
	"$MIMIC" --quiet "$TMP/s.json" 2>"$TMP/err"
	rc=$?
	grep -q "global.stack_size: 16384 bytes is below this system's PTHREAD_STACK_MIN" "$TMP/err"
	ok $(( $? || rc != 1 )) "stack below PTHREAD_STACK_MIN ($min): exit $rc"
else
	ok 0 "# SKIP PTHREAD_STACK_MIN is 16384, the grammar's own minimum"
fi

if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null &&
	command -v prlimit >/dev/null; then
	chmod 755 "$TMP"
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		prlimit --nproc=500 "$MIMIC" --quiet -L /tmp "$TMP/w.json" 2>"$TMP/err"
	rc=$?
	diag <"$TMP/err"
	[ $rc -eq 1 ] && grep -q "w.json: error: 1002 threads: RLIMIT_NPROC is 500 and this user already has [0-9]* processes and threads: raise it (ulimit -u, or nproc in /etc/security/limits.conf)" "$TMP/err"
	ok $? "nobody with RLIMIT_NPROC 500: exit $rc, the limit named"
else
	ok 0 "# SKIP needs root, setpriv and prlimit"
fi
