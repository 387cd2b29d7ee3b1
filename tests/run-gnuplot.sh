#!/bin/sh
# global.gnuplot writes rt-app's .plot scripts, one per thread and two for
# all threads, and gnuplot (when installed) renders them. Names from the
# workload are gnuplot strings, never commands: tasks named to break out
# of a single- or double-quoted string and run system() or a `backquote`
# only give strange titles (doc/security.md).
. "${srcdir:-.}/tests/lib.sh"
plan 6
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

mkdir "$TMP/q"
cat >"$TMP/q.json" <<'J'
{ "global": { "calibration": 50, "logdir": "LOGDIR", "gnuplot": true,
              "log_basename": "b'.system('touch PWNED-base').'" },
  "tasks": { "x'.system('touch PWNED-quote').'": { "loop": 2, "run": 100, "sleep": 100 },
             "y\"`touch PWNED-backquote`@z\\": { "loop": 2, "run": 100, "sleep": 100 } } }
J
sed -i "s|LOGDIR|$TMP/q|" "$TMP/q.json"
"$MIMIC" --quiet "$TMP/q.json"
ok $? "tasks named with quotes and backquotes: exits 0"
[ "$(ls "$TMP/q"/*.plot | wc -l)" -eq 4 ] &&
	grep -qF "'b''.system(''touch PWNED-base'').''-x''.system(''touch PWNED-quote'').''-0.log'" "$TMP/q/b'.system('touch PWNED-base').'-run.plot"
ok $? "4 scripts; names in single quotes, a quote written twice"
if command -v gnuplot >/dev/null; then
	(cd "$TMP/q" && for p in *.plot; do gnuplot "$p" 2>/dev/null || exit 1; done)
	rc=$?
	ls "$TMP/q" | diag
	[ "$rc" -eq 0 ] && [ "$(ls "$TMP/q"/*.eps | wc -l)" -eq 4 ] &&
		[ -z "$(ls "$TMP/q" | grep '^PWNED')" ]
	ok $? "gnuplot renders them and runs no command (no PWNED-* file)"
else
	ok 0 "# SKIP gnuplot is not installed"
fi
