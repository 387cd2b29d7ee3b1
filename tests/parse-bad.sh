#!/bin/sh
# Bad inputs: mimic --check exits 2 and prints exactly the messages in
# tests/parse/bad/NAME.err (file:line:col or JSON path, then the reason).
. "${srcdir:-.}/tests/lib.sh"
dir="$srcdir/tests/parse/bad"
plan "$(ls "$dir"/*.json | wc -l)"
for f in "$dir"/*.json; do
	name=$(basename "$f" .json)
	(cd "$dir" && "$MIMIC" --check "$name.json") >/dev/null 2>"$TMP/err"
	rc=$?
	diff -u "$dir/$name.err" "$TMP/err" | diag
	[ $rc -eq 2 ] && cmp -s "$dir/$name.err" "$TMP/err"
	ok $? "$name (exit $rc)"
done
