#!/bin/sh
# Good inputs: mimic --dump prints exactly the normalised model in
# tests/parse/good/NAME.dump (defaults filled, units resolved).
. "${srcdir:-.}/tests/lib.sh"
dir="$srcdir/tests/parse/good"
plan "$(ls "$dir"/*.json | wc -l)"
for f in "$dir"/*.json; do
	name=$(basename "$f" .json)
	(cd "$dir" && "$MIMIC" --dump --quiet "$name.json") >"$TMP/out" 2>&1
	diff -u "$dir/$name.dump" "$TMP/out" | diag
	cmp -s "$dir/$name.dump" "$TMP/out"
	ok $? "$name"
done
