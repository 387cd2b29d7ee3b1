#!/bin/sh
# utils/compare-benchmarks --sources: bad arguments exit 2; a tool whose
# checkout is missing is skipped with the reason; a plain source tree is
# built outside itself with its own makefile and its row printed next to
# mimic's, with the ratio and the block's load average.
. "${srcdir:-.}/tests/lib.sh"
command -v make >/dev/null || skip_all "make not installed"
cb="$srcdir/utils/compare-benchmarks"
plan 8

"$cb" --runtime 0 --sources "$TMP" >/dev/null 2>&1
[ $? -eq 2 ]
ok $? "--runtime 0: exit 2"
"$cb" --sources "$TMP/nowhere" >/dev/null 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "not a directory" "$TMP/err"
ok $? "--sources of a missing directory: exit 2, said"
"$cb" --build "$TMP/b" >/dev/null 2>&1
[ $? -eq 2 ]
ok $? "--build without --sources: exit 2"

# An empty source directory: every source tool skipped, naming why.
mkdir -p "$TMP/empty"
"$cb" --mimic "$MIMIC" --sources "$TMP/empty" --build "$TMP/b0" --runs 1 \
	--only schbench,schbench-classic,adrestia,rt-app >"$TMP/out0" 2>&1
n=$(grep -c "skipped: no " "$TMP/out0")
[ "$n" -eq 4 ]
ok $? "no checkouts: the four tools skipped with the reason ($n)"

# A stand-in adrestia, a plain tree (no git): built by its Makefile,
# which (like adrestia's) finds its files through $(PWD).
mkdir -p "$TMP/src/adrestia"
cat >"$TMP/src/adrestia/Makefile" <<'M'
adrestia: out.txt
	printf '#!/bin/sh\ncat $(PWD)/out.txt\n' >$@ && chmod +x $@
M
printf 'wakeup cost (single): 4us\nwakeup cost (periodic, 10us): 8us\n' \
	>"$TMP/src/adrestia/out.txt"
"$cb" --mimic "$MIMIC" --sources "$TMP/src" --build "$TMP/b1" --runs 1 \
	--only adrestia >"$TMP/out1" 2>&1
[ -x "$TMP/b1/adrestia/adrestia" ] && [ ! -e "$TMP/src/adrestia/adrestia" ]
ok $? "the tree is built in --build, not in the sources"
awk '$1 == "adrestia" && /as found/ && $(NF - 4) == "single" &&
     $(NF - 3) == 4 && $(NF - 2) ~ /^[0-9]+$/ { f = 1 } END { exit !f }' "$TMP/out1"
ok $? "its single row: real 4, mimic's figure, ratio"
grep -q "periodic  *8  *[0-9][0-9]*  *[0-9.-]*  *[0-9.]*-[0-9.]*$" "$TMP/out1"
ok $? "its periodic row: real 8, with the block's load average (start-end)"

# --ranges: the row ends with the real runs' min-max (the stand-in prints
# 8 every time) and mimic's.
"$cb" --mimic "$MIMIC" --sources "$TMP/src" --build "$TMP/b1" --runs 2 \
	--only adrestia --ranges >"$TMP/out2" 2>&1
grep -q "periodic  *8  *[0-9][0-9]*  *[0-9.-]*  *[0-9.]*-[0-9.]*  *8-8 / [0-9]*-[0-9]*$" "$TMP/out2"
ok $? "--ranges: real 8-8 / mimic's min-max at the end of the row"
