#!/bin/sh
# Parsing stays linear in the number of resources, tasks and keys: each
# big input below is checked within a generous 10 s (the times are printed;
# this guards against quadratic name look-ups coming back, it is not a
# benchmark). Before the name index, a 1 MB task of 100000 duplicate keys
# took minutes, and the fuzzer's slow units in tests/parse/slow (hackbench
# variants of 550 to 1780 errors) 7 to 9 s each under libFuzzer.
# tests/parse/slow/NAME.err holds the first message and the count line.
. "${srcdir:-.}/tests/lib.sh"
limit=10
dir=$srcdir/tests/parse/slow
plan $((8 + 2 * $(ls "$dir"/*.json | wc -l)))

# bounded_check NAME EXPECTED-EXIT FILE [OPTION...]: --check within $limit s.
bounded_check() {
	name=$1
	want=$2
	file=$3
	shift 3
	run_bounded $limit "$MIMIC" --check "$@" "$file" >/dev/null 2>"$TMP/err"
	[ "$rc" -eq "$want" ] || sed 5q "$TMP/err" | diag
	[ "$rc" -eq "$want" ] && [ "$took" -lt $((limit * 1000)) ]
	ok $? "$name: exit $rc (want $want) in $took ms (bound ${limit} s)"
}

# hackbench, 100 groups of 20: 2000 channels, 4000 tasks, 40000 sends.
hb=$srcdir/workloads/hackbench.json
bounded_check "hackbench groups=100" 0 "$hb" --set groups=100
"$MIMIC" --dump --quiet --set groups=100 "$hb" >"$TMP/dump" 2>&1
tasks=$(grep -c '^      "name"' "$TMP/dump")
sends=$(grep -c '"event": "send"' "$TMP/dump")
chans=$(grep '"channel"' "$TMP/dump" | sort -u | wc -l)
[ "$tasks" -eq 4000 ] && [ "$sends" -eq 40000 ] && [ "$chans" -eq 2000 ]
ok $? "its model: 4000 tasks ($tasks), 40000 sends ($sends), 2000 channels ($chans)"

# One task of 100000 duplicate "loop" keys: one warning per shadowed key,
# kept as written (--keep-duplicate-keys) and resolved as json-c does.
awk 'BEGIN { printf "{ \"tasks\": { \"t\": { \"run\": 10";
	for (k = 0; k < 100000; k++) printf ", \"loop\": %d", k % 5 + 1;
	print " } } }" }' >"$TMP/dup.json"
bounded_check "100000 duplicate keys, all kept" 0 "$TMP/dup.json" \
	--keep-duplicate-keys
n=$(grep -c 'duplicate key: the last one wins' "$TMP/err")
[ "$n" -eq 99999 ]
ok $? "99999 duplicate-key warnings ($n)"
bounded_check "100000 duplicate keys, json-c's rule" 0 "$TMP/dup.json"
n=$(grep -c 'duplicate key: this value is dropped' "$TMP/err")
[ "$n" -eq 99999 ]
ok $? "99999 dropped-value warnings ($n)"

# 10000 tasks, each forking the next (found by name after parsing).
awk 'BEGIN { printf "{ \"tasks\": { ";
	for (k = 0; k < 10000; k++)
		printf "%s\"t%d\": { \"instance\": %d, \"run\": 10, \"fork\": \"t%d\" }",
			k ? ", " : "", k, k ? 0 : 1, (k + 1) % 10000;
	print " } }" }' >"$TMP/fork.json"
bounded_check "10000 tasks forking by name" 0 "$TMP/fork.json"

# 40000 declared pipes, then 40000 mutexes created on use.
awk 'BEGIN { printf "{ \"resources\": { ";
	for (k = 0; k < 40000; k++)
		printf "%s\"p%d\": { \"type\": \"pipe\" }", k ? ", " : "", k;
	printf " }, \"tasks\": { \"t\": { \"run\": 10";
	for (k = 0; k < 40000; k++)
		printf ", \"lock%d\": \"m%d\", \"unlock%d\": \"m%d\"", k, k, k, k;
	print " } } }" }' >"$TMP/res.json"
bounded_check "40000 pipes and 40000 mutexes" 0 "$TMP/res.json"

# The fuzzer's slow units: bad inputs, their verdict and messages unchanged
# (run from their directory: messages name the file as given).
case $MIMIC in /*) ;; *) MIMIC=$(pwd)/$MIMIC ;; esac
cd "$dir" || exit 1
for f in *.json; do
	name=$(basename "$f" .json)
	bounded_check "$name" 2 "$f"
	sed -n '1p;$p' "$TMP/err" >"$TMP/got"
	diff -u "$name.err" "$TMP/got" | diag
	cmp -s "$name.err" "$TMP/got"
	ok $? "$name: same first message and count"
done
