# tests/lib.sh - TAP helpers for mimic's shell tests; sourced by each test.
# MIMIC is the binary under test; srcdir the source tree (set by make check).
: "${MIMIC:=$(dirname "$0")/../src/mimic}"
: "${srcdir:=$(dirname "$0")/..}"
TEST_N=0
TEST_FAILED=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/mimic-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

plan() { echo "1..$1"; }
skip_all() { echo "1..0 # SKIP $*"; exit 0; }
ok() { # ok CONDITION-STATUS DESCRIPTION
	TEST_N=$((TEST_N + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $TEST_N - $2"
	else
		echo "not ok $TEST_N - $2"
		TEST_FAILED=$((TEST_FAILED + 1))
	fi
}
diag() { sed 's/^/# /'; }

# Column values of an rt-app log by header name: col FILE NAME
col() {
	awk -v name="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name || ($i == "#" name)) c = i; next }
		c { print $c }' "$1"
}
rows() { tail -n +2 "$1" | wc -l; }
# A summary's calibration.drift_pct (empty when null): how far the work
# loop's speed after the run was from the value the run used.
calib_drift() { sed -n 's/^    "drift_pct": \(-*[0-9.]*\)$/\1/p' "$1"; }
# drifted D PCT: true when that drift is past PCT %: the CPU's speed
# changed after calibrating, so wall times of runs are not the work's
# (a test whose bound on a run's time is B % skips a miss past B - 5 or so).
drifted() { awk -v d="$1" -v l="$2" 'BEGIN { exit !(d != "" && (d > l || d < -l)) }'; }
# sped_up D PCT: the loop got faster by more than PCT % (only that makes a
# run's wall time fall below its floor; a slower loop makes it longer).
sped_up() { awk -v d="$1" -v l="$2" 'BEGIN { exit !(d != "" && d < -l) }'; }
# ok_or_skip STATUS EXPLAINED DESCRIPTION REASON: as ok STATUS DESCRIPTION,
# but a miss that the machine explains (EXPLAINED 0: drifted, sped_up) is a
# skip with REASON.
ok_or_skip() {
	if [ "$1" -ne 0 ] && [ "$2" -eq 0 ]; then
		ok 0 "$3 # SKIP $4"
	else
		ok "$1" "$3"
	fi
}
# Median of numbers on stdin.
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'; }
# Runs a command killed after $1 s if still running; sets rc (137 when
# killed) and took (ms). Output of the watchdog goes away, so a leftover
# sleep cannot hold the TAP pipe open.
run_bounded() {
	limit=$1
	shift
	t0=$(date +%s%N)
	"$@" &
	pid=$!
	( sleep "$limit"; kill -KILL $pid ) >/dev/null 2>&1 &
	watchdog=$!
	wait $pid
	rc=$?
	kill $watchdog 2>/dev/null
	took=$(( ($(date +%s%N) - t0) / 1000000 ))
}
# Tests that read or freeze the kernel's trace buffer (markers, tracing_on)
# hold this lock for their whole run: make -j runs tests side by side and
# one test's --break-us freeze would eat another's markers.
tracefs_lock() {
	command -v flock >/dev/null 2>&1 || return 0
	exec 9>"${TMPDIR:-/tmp}/mimic-test-tracefs.lock"
	flock 9
}
# Whether mimic record can record here (root, tracefs, a probe recording),
# taking the tracefs lock first: record.sh counts the recording instances,
# so one recording test at a time from the probe on. Else WHY says why.
can_record() {
	tracefs_lock
	why="needs root and tracefs to record"
	if [ "$(id -u)" -ne 0 ] || ! grep -q tracefs /proc/filesystems; then
		return 1
	fi
	"$MIMIC" record -q -o "$TMP/probe.dat" -- true 2>"$TMP/probe.err" && return 0
	[ -s "$TMP/probe.err" ] && why="mimic record cannot record here: $(head -1 "$TMP/probe.err")"
	return 1
}
