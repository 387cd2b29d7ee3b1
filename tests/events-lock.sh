#!/bin/sh
# "lock"/"unlock": two threads contend on one mutex; the critical section
# is a phase of its own, so its row lies inside the section, and no two
# such rows of different threads may overlap.
#
# The section is take {lock} -> hold {run} -> release {unlock}: the hold
# row starts after the lock is taken and ends before it is given back. (If
# the unlock were inside "hold", the row's end stamp would be read after
# the unlock, and the other thread could legitimately start a few us
# earlier: a false overlap on a busy machine.)
. "${srcdir:-.}/tests/lib.sh"
plan 8
cat >"$TMP/w.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "log_basename": "l" },
  "tasks": { "t": { "instance": 2, "loop": 30, "phases": {
    "take": { "lock": "m" },
    "hold": { "run": 3000 },
    "release": { "unlock": "m" },
    "rest": { "sleep": 1000 } } } } }
J
"$MIMIC" --quiet "$TMP/w.json"
ok $? "exits 0"
# Rows cycle take, hold, release, rest: hold rows are 2, 6, 10, ...
for i in 0 1; do
	f=$TMP/l-t-$i.log
	awk 'NR > 1 && (NR - 2) % 4 == 1 { print $5, $6, FILENAME }' "$f" >"$TMP/hold-$i"
	awk 'NR > 1 && (NR - 2) % 4 == 0 { print $4 }' "$f" >"$TMP/take-$i"
done
[ "$(rows "$TMP/l-t-0.log")" -eq 120 ] && [ "$(rows "$TMP/l-t-1.log")" -eq 120 ]
ok $? "both threads made progress: 30 loops x 4 phases = 120 rows each ($(rows "$TMP/l-t-0.log"), $(rows "$TMP/l-t-1.log"))"
[ "$(wc -l <"$TMP/hold-0")" -eq 30 ] && [ "$(wc -l <"$TMP/hold-1")" -eq 30 ]
ok $? "30 hold rows per thread"
# Sorted by start, every hold row begins at or after the end of all the
# rows before it (touching, 0 us apart, is allowed).
sort -n -k1,1 "$TMP/hold-0" "$TMP/hold-1" >"$TMP/holds"
overlaps=$(awk '{ if (NR > 1 && $1 < maxend) { n++; if (n <= 5) printf "# overlap: [%s,%s] %s starts before %s\n", $1, $2, $3, maxend > "/dev/stderr" }
	if ($2 > maxend) maxend = $2 } END { print n + 0 }' "$TMP/holds")
ok "$overlaps" "no two hold rows overlap ($overlaps overlaps)"
# The threads did interleave (otherwise the check above proves nothing).
switches=$(awk '{ if (NR > 1 && $3 != prev) n++; prev = $3 } END { print n + 0 }' "$TMP/holds")
[ "$switches" -ge 10 ]
ok $? "the holder alternates between the threads ($switches switches)"
# Contention happened: some takes had to wait for the other thread's hold.
waited=$(cat "$TMP/take-0" "$TMP/take-1" | awk '$1 >= 500 { n++ } END { print n + 0 }')
[ "$waited" -ge 5 ]
ok $? "lock blocked while the other thread held it ($waited takes waited >= 500 us)"

# A lock-order inversion (t1: a then b; t2: b then a) deadlocks both
# threads in "lock"; the 1 s duration must still end the run, like any
# other blocked event (run-sigint.sh), and exit 0. A 6 s watchdog kills a
# run that does not stop.
mkdir "$TMP/dl"
cat >"$TMP/dl.json" <<J
{ "global": { "duration": 1, "calibration": 50, "logdir": "$TMP/dl" },
  "tasks": {
    "t1": { "lock": "a", "sleep": 50000, "lock2": "b", "unlock2": "b", "unlock": "a" },
    "t2": { "lock": "b", "sleep": 50000, "lock2": "a", "unlock2": "a", "unlock": "b" } } }
J
run_bounded 6 "$MIMIC" --quiet "$TMP/dl.json"
ok $rc "deadlocked on two mutexes: exits 0 at the duration (exit $rc; 137 is the watchdog's kill)"
[ "$took" -lt 3000 ]
ok $? "deadlocked on two mutexes: stopped within 3 s of a 1 s duration (took $took ms)"
