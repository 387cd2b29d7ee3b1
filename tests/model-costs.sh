#!/bin/sh
# utils/model-costs: the measurement of mimic's own CPU per event that
# `mimic model` takes off each run (MD_COST_* in src/trace/model_infer.c,
# doc/model.md step 7). Every constant of the source is one it measures;
# as root with tracefs, a short run prints its rows with figures (bounds
# far from any timing: the machine may be busy).
. "${srcdir:-.}/tests/lib.sh"
"$MIMIC" model --help >/dev/null 2>&1 || skip_all "mimic model is not built"
COSTS="$srcdir/utils/model-costs"
command -v python3 >/dev/null 2>&1 || skip_all "needs python3"
plan 4

"$COSTS" --bad >/dev/null 2>"$TMP/err"
[ $? -eq 2 ] && grep -q 'Usage: utils/model-costs' "$TMP/err"
ok $? "an unknown option: exit 2 and the usage"

missing=
for c in $(sed -n 's/^#define MD_COST_\([A-Z_]*\) .*/\1/p' "$srcdir/src/trace/model_infer.c"); do
	name=${c%_US}
	grep -q "\"$name\"" "$COSTS" || missing="$missing $name"
done
[ -z "$missing" ] || diag "not measured:$missing"
[ -z "$missing" ]
ok $? "every MD_COST_* of model_infer.c is one utils/model-costs measures"

if ! can_record; then
	skip "$why"
	skip "$why"
	exit 0
fi
"$COSTS" --mimic "$MIMIC" --rounds 1 --only loop,instance >"$TMP/out" 2>"$TMP/err"
rc=$?
cat "$TMP/out" "$TMP/err" | diag
[ $rc -eq 0 ] && grep -q '^MD_COST_ *source *median' "$TMP/out"
ok $? "--only loop,instance: exit 0 and the table"
awk '$1 == "LOOP" && $2 == "0.1" && $3 > -50 && $3 < 50 { l = 1 }
	$1 == "PROCESS" && $3 > 1 && $3 < 100000 { p = 1 }
	$1 == "THREAD" && $3 > 1 && $3 < 100000 { t = 1 }
	END { exit !(l && p && t) }' "$TMP/out"
ok $? "its rows: LOOP beside the source's 0.1, PROCESS and THREAD in µs"
