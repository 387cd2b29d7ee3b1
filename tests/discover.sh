#!/bin/sh
# Finding one's way: mimic list and mimic show, params that declare their
# values, a name found nowhere (search path, near names), the build tree's
# workloads, usage errors in one line.
. "${srcdir:-.}/tests/lib.sh"
plan 22
W=$srcdir/workloads
export MIMIC_WORKLOAD_PATH="$W"

"$MIMIC" list >"$TMP/list" 2>"$TMP/err"
rc=$?
n=$(ls "$W"/*.json | wc -l)
[ $rc -eq 0 ] && [ "$(wc -l <"$TMP/list")" -eq "$n" ] && [ ! -s "$TMP/err" ]
ok $? "mimic list: one line per canned workload ($n), exit 0"
grep -q "^hackbench  *groups of senders and receivers passing messages (rt-tests hackbench)  *$W/hackbench.json\$" "$TMP/list"
ok $? "mimic list: name, the file's description, its path"
! grep -q 'no "description"' "$TMP/list"
ok $? "mimic list: every canned workload has a description"

# An earlier directory hides the same name further on; a file without a
# description or that is not JSON is still listed.
mkdir "$TMP/mine"
echo '{ "tasks": { "t": { "loop": 1, "run": 10 } } }' >"$TMP/mine/hackbench.json"
echo '{ "tasks": ' >"$TMP/mine/broken.json"
MIMIC_WORKLOAD_PATH="$TMP/mine:$W" "$MIMIC" list >"$TMP/list" 2>"$TMP/err"
[ $? -eq 0 ] && [ "$(grep -c '^hackbench ' "$TMP/list")" -eq 1 ] &&
	grep -q "^hackbench  *(no \"description\")  *$TMP/mine/hackbench.json\$" "$TMP/list"
ok $? "mimic list: the first directory's hackbench hides the canned one"
grep -q "^broken  *(unreadable: see above)" "$TMP/list" &&
	grep -q "broken.json:2:1: error: unexpected end of file" "$TMP/err"
ok $? "mimic list: a file that is not JSON is listed, its error on stderr"

"$MIMIC" show hackbench >"$TMP/show"
rc=$?
[ $rc -eq 0 ] && grep -q '^hackbench: groups of senders' "$TMP/show" &&
	grep -q "^file: $W/hackbench.json\$" "$TMP/show"
ok $? "mimic show: description and file"
grep -q '^equivalent: hackbench -g GROUPS -f FDS -l LOOPS -s DATASIZE \[-T|-P\] \[-p\]$' "$TMP/show"
ok $? "mimic show: the real tool's equivalent command line"
grep -q '^  channel  *socket  *socket, pipe  *pipe is -p$' "$TMP/show" &&
	grep -q '^  groups  *10  *integer  *-g: groups' "$TMP/show" &&
	grep -q '^  log_size  *disable  *text ' "$TMP/show"
ok $? "mimic show: params with default, allowed values and doc"
for f in "$W"/*.json; do
	"$MIMIC" show "$(basename "$f" .json)" >/dev/null || echo "$f"
done >"$TMP/bad"
[ ! -s "$TMP/bad" ]
ok $? "mimic show: every canned workload ($(cat "$TMP/bad"))"
"$MIMIC" show >/dev/null 2>"$TMP/err"
[ $? -eq 2 ] && grep -q '^Usage: mimic show' "$TMP/err"
ok $? "mimic show without a name: usage, exit 2"

# --set against declared values: one message naming the choices.
"$MIMIC" --check --set channel=fifo hackbench >/dev/null 2>"$TMP/err"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] &&
	grep -q "^$W/hackbench.json: error: --set: channel=fifo: channel is one of socket, pipe\$" "$TMP/err"
ok $? "--set channel=fifo hackbench: one error naming socket, pipe (exit $rc, $(wc -l <"$TMP/err") lines)"
"$MIMIC" --check --set locking=2 schbench 2>"$TMP/err"
[ $? -eq 2 ] && grep -q -- '--set: locking=2: locking is one of 0, 1$' "$TMP/err"
ok $? "--set locking=2 schbench: integer values too"
"$MIMIC" --check --set channel=pipe --set mode=process hackbench
ok $? "--set with allowed values: accepted"

# A name found nowhere.
"$MIMIC" --check hackbenc >/dev/null 2>"$TMP/err"
rc=$?
[ $rc -eq 2 ] && grep -q '^mimic: hackbenc: no such file, nor a canned workload' "$TMP/err" &&
	grep -q "^mimic: searched: $W (\$MIMIC_WORKLOAD_PATH), .* (installed)\$" "$TMP/err" &&
	grep -q '^mimic: did you mean hackbench?$' "$TMP/err"
ok $? "unknown name: the search path and the near name, exit $rc"
"$MIMIC" --check perf.json >/dev/null 2>"$TMP/err"
grep -q '^mimic: did you mean perf-sched-messaging, perf-sched-pipe?$' "$TMP/err"
ok $? "unknown name: names it begins are near too"
"$MIMIC" --check zzzzzzzzz >/dev/null 2>"$TMP/err"
[ $? -eq 2 ] && ! grep -q 'did you mean' "$TMP/err"
ok $? "unknown name with nothing near: no suggestion"
"$MIMIC" show hackbenc >/dev/null 2>"$TMP/err"
[ $? -eq 2 ] && grep -q '^mimic: did you mean hackbench?$' "$TMP/err"
ok $? "mimic show of an unknown name: the same message"

# The build tree's binary finds the tree's workloads/ without the variable.
tree=$(dirname "$MIMIC")/..
if [ -f "$tree/config.status" ] && [ -d "$tree/workloads" ]; then
	env -u MIMIC_WORKLOAD_PATH "$MIMIC" --check periodic &&
		env -u MIMIC_WORKLOAD_PATH "$MIMIC" list | grep -q "^periodic .*/workloads/periodic.json\$"
	ok $? "the build tree's mimic finds the tree's workloads/"
else
	TEST_N=$((TEST_N + 1))
	echo "ok $TEST_N # SKIP not an in-tree build ($tree has no workloads/)"
fi
# A copy of the binary elsewhere is not a build tree.
mkdir -p "$TMP/bin/src"
cp "$MIMIC" "$TMP/bin/src/mimic"
env -u MIMIC_WORKLOAD_PATH "$TMP/bin/src/mimic" --check periodic 2>"$TMP/err"
[ $? -eq 2 ] && ! grep -q 'build tree' "$TMP/err"
ok $? "a binary outside a configured tree does not search one"

# Usage errors: one line and where the help is.
"$MIMIC" --bogus x.json >"$TMP/out" 2>"$TMP/err"
rc=$?
[ $rc -eq 2 ] && [ ! -s "$TMP/out" ] && [ "$(wc -l <"$TMP/err")" -eq 2 ] &&
	[ "$(tail -n 1 "$TMP/err")" = "Try 'mimic --help'." ]
ok $? "unknown option: one line and Try 'mimic --help'. (exit $rc)"
"$MIMIC" a.json b.json 2>"$TMP/err"
[ $? -eq 2 ] && [ "$(cat "$TMP/err")" = "mimic: one workload file at a time
Try 'mimic --help'." ]
ok $? "two workloads: one line and the hint"

"$MIMIC" --list-keys >"$TMP/keys"
grep -q '^workload *description ' "$TMP/keys" &&
	grep -q '^workload *equivalent ' "$TMP/keys" &&
	grep -q '^param *values ' "$TMP/keys"
ok $? "--list-keys lists description, equivalent and a param's values"
