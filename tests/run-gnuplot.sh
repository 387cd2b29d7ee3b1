#!/bin/sh
# global.gnuplot writes rt-app's .plot scripts, one per thread and two for
# all threads, and gnuplot (when installed) renders them.
. "${srcdir:-.}/tests/lib.sh"
plan 3
cat >"$TMP/w.json" <<J
{ "global": { "calibration": 50, "logdir": "$TMP", "gnuplot": true },
  "tasks": { "g": { "instance": 2, "loop": 5, "run": 100, "sleep": 1000 } } }
J
"$MIMIC" --quiet "$TMP/w.json"
ok $? "exits 0"
[ -f "$TMP/rt-app-g-0.plot" ] && [ -f "$TMP/rt-app-g-1.plot" ] &&
	[ -f "$TMP/rt-app-period.plot" ] && [ -f "$TMP/rt-app-run.plot" ] &&
	grep -q "rt-app-g-1.log" "$TMP/rt-app-run.plot"
ok $? "per-thread and global scripts name the logs"
if command -v gnuplot >/dev/null; then
	(cd "$TMP" && for p in *.plot; do gnuplot "$p" 2>/dev/null || exit 1; done) &&
		[ -s "$TMP/rt-app-g-0.eps" ] && [ -s "$TMP/rt-app-period.eps" ]
	ok $? "gnuplot renders every script"
else
	ok 0 "# SKIP gnuplot is not installed"
fi
