#!/bin/sh
# utils/check-rtapp-clients without the clients' Python modules: it refuses
# to start without a source tree, refuses a tree that is not LISA's or WA's,
# and with trees but no modules names what is missing instead of running.
. "${srcdir:-.}/tests/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not installed"
chk="$srcdir/utils/check-rtapp-clients"
plan 8

"$chk" --mimic "$MIMIC" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q -- "give --lisa DIR, --wa DIR or both" "$TMP/err"
ok $? "no source tree: exit 2 and says what to give"

mkdir -p "$TMP/empty"
"$chk" --mimic "$MIMIC" --lisa "$TMP/empty" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "not a LISA source tree" "$TMP/err"
ok $? "a directory that is not LISA's is refused"
"$chk" --mimic "$MIMIC" --wa "$TMP/empty" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "not a Workload Automation source tree" "$TMP/err"
ok $? "a directory that is not WA's is refused"

# Trees of the right shape, and a Python with no site packages at all.
mkdir -p "$TMP/lisa/lisa/wlgen" "$TMP/wa/wa/workloads/rt_app"
: >"$TMP/lisa/lisa/wlgen/rta.py"
: >"$TMP/wa/wa/workloads/rt_app/__init__.py"
printf '#!/bin/sh\nexec python3 -S "$@"\n' >"$TMP/py"
chmod +x "$TMP/py"
"$chk" --mimic "$MIMIC" --python "$TMP/py" --lisa "$TMP/lisa" --wa "$TMP/wa" \
	>"$TMP/out" 2>"$TMP/err"
ok $? "without the modules it exits 0"
diag <"$TMP/out"
grep -q "^lisa-tests  *not run  *missing Python modules: devlib" "$TMP/out"
ok $? "lisa-tests: not run, devlib named missing"
grep -q "^lisa-flow  *not run  *as above" "$TMP/out"
ok $? "lisa-flow: not run, not named twice"
grep -q "^wa  *not run .*louie" "$TMP/out"
ok $? "wa: not run, louie named missing"
grep -q "^mimic  *as rt-app  *$MIMIC" "$TMP/out" 2>/dev/null ||
	grep -q "^mimic  *as rt-app  */.*mimic" "$TMP/out"
ok $? "the table names the mimic checked"
