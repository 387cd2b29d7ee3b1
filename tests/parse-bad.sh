#!/bin/sh
# Bad inputs: mimic --check exits 2 and prints exactly the messages in
# tests/parse/bad/NAME.err (file:line:col or JSON path, then the reason).
# NAME.json is the input; NAME.gen, a shell script, makes an input too big
# to ship (a 100 MB file, 100000 nested arrays) at test time, in $TMP.
# Every case must also end within 20 s (bounded time on any input).
. "${srcdir:-.}/tests/lib.sh"
dir="$srcdir/tests/parse/bad"
plan "$(ls "$dir"/*.json "$dir"/*.gen | wc -l)"
for f in "$dir"/*.json "$dir"/*.gen; do
	case $f in
	*.gen)
		name=$(basename "$f" .gen)
		at=$TMP
		sh "$f" >"$TMP/$name.json"
		;;
	*)
		name=$(basename "$f" .json)
		at=$dir
		;;
	esac
	rc=$(cd "$at" && run_bounded 20 "$MIMIC" --check "$name.json" \
		>/dev/null 2>"$TMP/err"; echo $rc)
	rm -f "$TMP/$name.json"
	diff -u "$dir/$name.err" "$TMP/err" | diag
	[ "$rc" -eq 2 ] && cmp -s "$dir/$name.err" "$TMP/err"
	ok $? "$name (exit $rc)"
done
echo "# bad-input: $((TEST_N - TEST_FAILED)) passed, $TEST_FAILED failed"
