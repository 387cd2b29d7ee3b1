#!/bin/sh
# Log rows dropped because a thread's ring filled between two drains make
# the run fail (exit 1), and stderr and the summary say how many and from
# which threads; "allow_log_drops": true accepts them (exit 0, a warning).
# Threads whose loop has only "run": 0 make far more rows than the default
# ring (4096 rows per thread) holds in 100 ms.
. "${srcdir:-.}/tests/lib.sh"
plan 7

cat >"$TMP/w.json" <<J
{ "global": { "duration": 1, "calibration": 50, "logdir": "$TMP" },
  "tasks": { "fast": { "instance": 2, "run": 0 } } }
J
"$MIMIC" -q --summary "$TMP/s.json" "$TMP/w.json" 2>"$TMP/err"
rc=$?
diag <"$TMP/err"
[ "$rc" -eq 1 ]
ok $? "rows dropped: exit $rc (1)"
grep -Eq '^mimic: error: [0-9]+ log rows dropped, the log writer fell behind: fast-0 [0-9]+, fast-1 [0-9]+ \(raise global.log_size, or set global.allow_log_drops to accept drops\)$' "$TMP/err"
ok $? "stderr says how many rows and from which threads"
python3 - "$TMP/s.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
per = d["log_rows_dropped_per_thread"]
sys.exit(not (d["log_rows_dropped"] > 0 and sorted(per) == ["fast-0", "fast-1"]
              and sum(per.values()) == d["log_rows_dropped"]))
PY
ok $? "the summary has log_rows_dropped and the threads' counts"
n=$(grep -Eo '^mimic: error: [0-9]+' "$TMP/err" | grep -Eo '[0-9]+$')
d=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["log_rows_dropped"])' "$TMP/s.json")
[ "$n" = "$d" ]
ok $? "the same count on stderr and in the summary ($n, $d)"

sed 's/"duration": 1,/"duration": 1, "allow_log_drops": true,/' "$TMP/w.json" >"$TMP/ok.json"
"$MIMIC" -q "$TMP/ok.json" 2>"$TMP/err"
rc=$?
diag <"$TMP/err"
[ "$rc" -eq 0 ] && grep -Eq '^mimic: warning: [0-9]+ log rows dropped, the log writer fell behind: fast-0 [0-9]+, fast-1 [0-9]+ \(raise global.log_size\)$' "$TMP/err"
ok $? "allow_log_drops: exit $rc (0), a warning"
"$MIMIC" --dump "$TMP/ok.json" | grep -q '"allow_log_drops": true'
ok $? "--dump shows allow_log_drops when set"
! "$MIMIC" --dump "$TMP/w.json" | grep -q allow_log_drops
ok $? "and not when left at its default"
