#!/bin/sh
# utils/compare-benchmarks --sources: bad arguments exit 2; a tool whose
# checkout is missing is skipped with the reason; a plain source tree is
# built outside itself with its own makefile and its row printed next to
# mimic's, with the ratio and the block's load average; a stand-in rt-app
# (autoconf) gives its wu_lat, start-up, RSS per thread and switch rows;
# --self runs the real tool in mimic's column, --noise a second time
# beside it; schbench's math_usec is the median of three calibrations, or
# none with --schbench-work count.
. "${srcdir:-.}/tests/lib.sh"
command -v make >/dev/null || skip_all "make not installed"
cb="$srcdir/utils/compare-benchmarks"
plan 22

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
awk '$1 == "adrestia" && /as found/ && $(NF - 5) == "single" &&
     $(NF - 4) == 4 && $(NF - 3) ~ /^[0-9]+$/ { f = 1 } END { exit !f }' "$TMP/out1"
ok $? "its single row: real 4, mimic's figure, ratio"
grep -q "periodic  *8  *[0-9][0-9]*  *[0-9.-]*  *[0-9.-]*  *[0-9.]*-[0-9.]*$" "$TMP/out1"
ok $? "its periodic row: real 8, ratio, pairs, the block's load average (start-end)"

# --ranges: the row ends with the real runs' min-max (the stand-in prints
# 8 every time) and mimic's.
"$cb" --mimic "$MIMIC" --sources "$TMP/src" --build "$TMP/b1" --runs 2 \
	--only adrestia --ranges >"$TMP/out2" 2>&1
grep -q "periodic  *8  *[0-9][0-9]*  *[0-9.-]*  *[0-9.-]*  *[0-9.]*-[0-9.]*  *8-8 / [0-9]*-[0-9]*  *[-0-9.]*$" "$TMP/out2"
ok $? "--ranges: real 8-8 / mimic's min-max, then p, at the end of the row"

# A stand-in adrestia in $1 whose periodic figure at its n-th call (real
# and "mimic" in turn, with --self) is the shell expression $2 of n.
ticking_adrestia() {
	mkdir -p "$1/adrestia"
	cat >"$1/adrestia/Makefile" <<'M'
adrestia: tick.sh
	cp $(PWD)/tick.sh $@ && chmod +x $@
M
	cat >"$1/adrestia/tick.sh" <<F
#!/bin/sh
n=\$(( \$(cat "$1/ticks" 2>/dev/null || echo 0) + 1 ))
echo \$n >"$1/ticks"
echo "wakeup cost (single): 4us"
echo "wakeup cost (periodic, 10us): $2us"
F
}

# p, the Mann-Whitney test of the runs: a stand-in that prints 1 at
# every odd call and 9 at every even one, run with --self, puts every
# real run (odd) below every "mimic" run (even): with 5 runs each the
# least p there is, 2 of the 252 ways to split 10 runs in two sets of
# 5; one tool's same figure every time gives ties only: p 1.
ticking_adrestia "$TMP/src3" '$(( n % 2 ? 1 : 9 ))'
"$cb" --mimic "$MIMIC" --sources "$TMP/src3" --build "$TMP/b3" --runs 5 \
	--only adrestia --self --ranges >"$TMP/out2p" 2>&1
grep -q "periodic  *1  *9  *9.00  *9.00  *[0-9.]*-[0-9.]*  *1-1 / 9-9  *0.008$" "$TMP/out2p"
ok $? "p: every run of one side below every run of the other, 5 each: 0.008"
grep -q "single  *4  *4  *1.00  *1.00  *[0-9.]*-[0-9.]*  *4-4 / 4-4  *1.000$" "$TMP/out2p"
ok $? "p: the same figure in every run of both: 1.000"
[ "$TEST_FAILED" -eq 0 ] || diag <"$TMP/out2p"

# pairs: each mimic run over the real run just before it, then their
# median. A stand-in whose figure drifts (the calls give 10 40 20 22 30
# 33, real and mimic in turn, with --self): the medians are 20 and 33
# (ratio 1.65) but the pairs 4.00, 1.10 and 1.10 (pairs 1.10).
ticking_adrestia "$TMP/src4" '$(echo 10 40 20 22 30 33 | cut -d" " -f$n)'
"$cb" --mimic "$MIMIC" --sources "$TMP/src4" --build "$TMP/b4" --runs 3 \
	--only adrestia --self >"$TMP/out2d" 2>&1
grep -q "periodic  *20  *33  *1.65  *1.10  *[0-9.]*-[0-9.]*$" "$TMP/out2d"
ok $? "pairs: the median of each run's ratio to the real run before it (1.10, medians 1.65)"
[ "$TEST_FAILED" -eq 0 ] || diag <"$TMP/out2d"

# --noise: real, mimic, real again each round; the noise column is the
# median of the second real figure over the first. The stand-in's calls
# (the real ones only) give 10 40, 20 22, 30 33: real median 20, noise
# the median of 4.00, 1.10, 1.10.
rm -f "$TMP/src4/ticks"
"$cb" --mimic "$MIMIC" --sources "$TMP/src4" --build "$TMP/b4" --runs 3 \
	--only adrestia --noise >"$TMP/out2n" 2>&1
grep -q "^--noise: " "$TMP/out2n" &&
	grep -q "pairs  *noise" "$TMP/out2n" &&
	grep -q "periodic  *20  *[0-9][0-9]*  *[0-9.]*  *[0-9.]*  *1.10  *[0-9.]*-[0-9.]*$" "$TMP/out2n"
ok $? "--noise: the real tool again after mimic, noise 1.10 (its second figure over its first)"
[ "$TEST_FAILED" -eq 0 ] || diag <"$TMP/out2n"
"$cb" --self --noise >/dev/null 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "one or the other" "$TMP/err"
ok $? "--self with --noise: exit 2, said"

# --self: the mimic column is the real tool again, said above the table.
"$cb" --mimic "$MIMIC" --sources "$TMP/src" --build "$TMP/b1" --runs 2 \
	--only adrestia --self >"$TMP/out2s" 2>&1
grep -q "^--self: " "$TMP/out2s" &&
	grep -q "periodic  *8  *8  *1.00  *1.00  *[0-9.]*-[0-9.]*$" "$TMP/out2s"
ok $? "--self: the real tool in both columns (8 and 8, ratio 1.00)"

# A stand-in schbench: its calibrations (-C without -m) give 1300, 700
# and 710 us a multiplication in turn, its rows 800; each mimic run is
# given the median of three, 710 (142 over -n 5), not the first.
mkdir -p "$TMP/src5/schbench"
printf 'schbench: fake.sh\n\tcp fake.sh $@ && chmod +x $@\n' >"$TMP/src5/schbench/Makefile"
cat >"$TMP/src5/schbench/fake.sh" <<F
#!/bin/sh
case " \$* " in
*" -m "*) v=800 ;;
*) n=\$(( \$(cat "$TMP/src5/ticks" 2>/dev/null || echo 0) + 1 ))
   echo \$n >"$TMP/src5/ticks"
   v=\$(echo 1300 700 710 | cut -d" " -f\$(( (n - 1) % 3 + 1 ))) ;;
esac
printf 'Wakeup Latencies percentiles (usec) runtime 1 (s)\n\t  50.0th: 3\n\t* 99.0th: 9\n'
printf 'Request Latencies percentiles (usec) runtime 1 (s)\n\t  50.0th: %s\n\t* 99.0th: %s\n' \$v \$v
printf 'RPS percentiles (requests) runtime 1 (s)\n\t  50.0th: 100\naverage rps: 100.00\n'
F
"$cb" --mimic "$MIMIC" --sources "$TMP/src5" --build "$TMP/b5" --runs 1 \
	--runtime 1 --only schbench >"$TMP/out5" 2>&1
grep -q "math_usec 710 (-C -n 1 -F 256," "$TMP/out5" &&
	grep -q "math_usec 142 (-C -n 5 -F 256," "$TMP/out5"
ok $? "schbench: math_usec is the median of three calibrations (710, 142 over -n 5)"
[ "$TEST_FAILED" -eq 0 ] || diag <"$TMP/out5"

# --schbench-work count: no calibration, no math_usec given or printed;
# the rows are there.
rm -f "$TMP/src5/ticks"
"$cb" --mimic "$MIMIC" --sources "$TMP/src5" --build "$TMP/b5" --runs 1 \
	--runtime 1 --only schbench --schbench-work count >"$TMP/out6" 2>&1
[ ! -e "$TMP/src5/ticks" ] && ! grep -q "math_usec" "$TMP/out6" &&
	grep -q "^schbench .* -m 1 -t 2 -F 1024 -n 1 -r 1  *req-p50  *800 " "$TMP/out6"
ok $? "--schbench-work count: schbench -C never run, no math_usec, the rows printed"
[ "$TEST_FAILED" -eq 0 ] || diag <"$TMP/out6"
"$cb" --schbench-work none >/dev/null 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "measured or count" "$TMP/err"
ok $? "--schbench-work none: exit 2, said"

# A stand-in rt-app, a plain autoconf tree: one log per instance of the
# file's task, two rows each (wu_lat 100 and 300), the first starting
# 50 ms after its exec, on the clock compare-benchmarks reads.
mkdir -p "$TMP/src/rt-app/src"
printf 'AC_INIT([fake-rt-app], [1])\nAC_OUTPUT\n' >"$TMP/src/rt-app/configure.ac"
printf 'src/rt-app: fake.sh\n\tcp fake.sh $@ && chmod +x $@\n' >"$TMP/src/rt-app/Makefile"
cat >"$TMP/src/rt-app/fake.sh" <<'F'
#!/bin/sh
n=$(sed -n 's/.*"instance": *\([0-9]*\).*/\1/p' "$1")
dir=$(sed -n 's/.*"logdir": *"\([^"]*\)".*/\1/p' "$1")
now=$(perl -MTime::HiRes=clock_gettime,CLOCK_MONOTONIC -e 'printf "%.0f\n", clock_gettime(CLOCK_MONOTONIC) * 1e6' 2>/dev/null ||
	awk '{ printf "%.0f\n", $1 * 1e6 }' /proc/uptime)
i=0
while [ "$i" -lt "$n" ]; do
	{ echo "#idx perf run period start end rel_st slack c_duration c_period wu_lat"
	  echo "0 1 100 10000 $((now + 50000)) $((now + 50100)) 50000 0 0 0 100"
	  echo "0 1 100 10000 $((now + 60000)) $((now + 60100)) 60000 0 0 0 300"
	} >"$dir/rt-app-thread-$i.log"
	i=$((i + 1))
done
F
if ! command -v autoreconf >/dev/null || [ ! -x /usr/bin/time ]; then
	for i in 1 2 3 4 5; do
		TEST_N=$((TEST_N + 1))
		echo "ok $TEST_N # SKIP rt-app rows: needs autoreconf and /usr/bin/time"
	done
else
	"$cb" --mimic "$MIMIC" --sources "$TMP/src" --build "$TMP/b2" --runs 1 \
		--runtime 1 --only rt-app-4 >"$TMP/out3" 2>&1
	row() { awk -v f="$1" '$1 == "rt-app" && $2 == "as" && $4 == 4 && $(NF - 5) == f' "$TMP/out3"; }
	row wu_lat-p50 | grep -q " 100  *[0-9][0-9]* " && row wu_lat-p99 | grep -q " 300  *[0-9][0-9]* "
	ok $? "rt-app rows: wu_lat p50 100 and p99 300 of the stand-in's logs"
	row startup-ms | awk '{ exit !($(NF - 4) >= 50 && $(NF - 4) < 60000 && $(NF - 3) ~ /^[0-9.]+$/) }'
	ok $? "start-up: exec to the last first row's start, >= the stand-in's 50 ms; mimic's too"
	grep -q "^rt-app as found 1 thr 100us/10ms 1s  *peak RSS [0-9]* / [0-9]* KB" "$TMP/out3"
	ok $? "each tool's 1-thread peak RSS, the base of RSS per thread"
	# A number each, maybe negative: 4 threads of a shell script or of
	# a short mimic run can peak a few pages under 1 thread's.
	row rss-thr-KB | awk '{ exit !($(NF - 4) ~ /^-?[0-9.]+$/ && $(NF - 3) ~ /^-?[0-9.]+$/) }'
	ok $? "RSS per thread, both tools"
	[ -n "$(row vol-cs)" ] && [ -n "$(row invol-cs)" ] &&
		row vol-cs | awk '{ exit !($(NF - 4) ~ /^[0-9]+$/ && $(NF - 3) ~ /^[0-9]+$/) }'
	ok $? "voluntary and involuntary context switches, both tools"
	[ "$TEST_FAILED" -eq 0 ] || diag <"$TMP/out3"
fi
