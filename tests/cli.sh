#!/bin/sh
# The command line: help, version, usage errors, stdin of any size,
# canned workloads by name, overrides.
. "${srcdir:-.}/tests/lib.sh"
plan 12
"$MIMIC" --help | grep -q '^Usage: mimic'
ok $? "--help prints usage, exit 0"
"$MIMIC" --version | grep -q '^mimic [0-9]'
ok $? "--version"
"$MIMIC" >/dev/null 2>&1
[ $? -eq 2 ]
ok $? "no file: exit 2"
"$MIMIC" --bogus x.json >/dev/null 2>&1
[ $? -eq 2 ]
ok $? "unknown option: exit 2"
"$MIMIC" --check "$TMP/none.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "none.json: error: cannot open: No such file" "$TMP/err"
ok $? "missing file: exit 2 naming it"
# A file far beyond rt-app's 4 KiB stdin limit.
{ printf '{ "tasks": {'; i=0; while [ $i -lt 400 ]; do printf '"t%d": { "loop": 1, "run": 10 },\n' $i; i=$((i+1)); done; printf '"last": { "loop": 1, "run": 10 } } }'; } >"$TMP/big.json"
"$MIMIC" --check - <"$TMP/big.json"
ok $? "stdin reads a $(wc -c <"$TMP/big.json")-byte workload"
MIMIC_WORKLOAD_PATH="$srcdir/workloads" "$MIMIC" --check periodic
ok $? "a canned workload is found by name"
"$MIMIC" --check --duration abc "$srcdir/workloads/periodic.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q -- '--duration: not a number of seconds: abc' "$TMP/err"
ok $? "bad --duration: exit 2"
# Beyond 2^31 - 1 s (68 years) a run used to stop at once, exit 0.
"$MIMIC" --check --duration 1e300 "$srcdir/workloads/periodic.json" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q -- '--duration: too long: 1e300 s (at most 2147483647 s)' "$TMP/err"
ok $? "--duration 1e300: exit 2"
"$MIMIC" --dump --duration 2147483647 "$srcdir/workloads/periodic.json" >"$TMP/dump"
grep -q '"duration_s": 2147483647' "$TMP/dump"
ok $? "--duration 2147483647, the most: taken"
"$MIMIC" --dump --duration 1.5 --logdir "$TMP" "$srcdir/workloads/periodic.json" >"$TMP/dump"
grep -q '"duration_s": 1.5' "$TMP/dump" && grep -q "\"logdir\": \"$TMP\"" "$TMP/dump"
ok $? "--duration and --logdir override the file"
"$MIMIC" --list-keys | grep -q '^task *instance'
ok $? "--list-keys lists task keys"
