#!/bin/sh
# The progress line: on a terminal (faked with script(1)), an open-ended
# run shows "\rmimic: S s, N loops" about once a second on standard error
# and erases it before the summary; never when not a terminal, nor with
# --no-progress or --quiet, nor for a run of 3 s or less.
. "${srcdir:-.}/tests/lib.sh"
command -v script >/dev/null || skip_all "script (util-linux) not found"
script -qec true /dev/null </dev/null >/dev/null 2>&1 || skip_all "script cannot open a pty"
plan 5
# No duration: 150 periods of 10 ms, about 1.5 s, longer on a loaded machine.
cat >"$TMP/open.json" <<J
{ "global": { "calibration": 50, "log_size": "disable" },
  "tasks": { "tick": { "loop": 150, "timer": { "ref": "unique", "period": 10000 } } } }
J
esc=$(printf '\033')
cr=$(printf '\r')
on_tty() { script -qec "$*" /dev/null </dev/null; }

on_tty "$MIMIC" "$TMP/open.json" >"$TMP/tty"
grep -q "${cr}mimic: 1 s, [0-9][0-9]* loops${esc}\[K" "$TMP/tty" &&
	grep -q "${cr}${esc}\[Kmimic: ran " "$TMP/tty"
ok $? "on a terminal: the progress line, then erased before the summary"
"$MIMIC" "$TMP/open.json" >"$TMP/out" 2>"$TMP/err"
! grep -q "$cr" "$TMP/err" && ! grep -q " loops" "$TMP/err"
ok $? "not on a terminal: no progress line"
on_tty "$MIMIC" --no-progress "$TMP/open.json" >"$TMP/tty"
! grep -q " loops${esc}" "$TMP/tty"
ok $? "--no-progress: none on a terminal"
on_tty "$MIMIC" --quiet "$TMP/open.json" >"$TMP/tty"
[ ! -s "$TMP/tty" ]
ok $? "--quiet: nothing at all on a terminal"
on_tty "$MIMIC" -D 2 "$TMP/open.json" >"$TMP/tty"
! grep -q " loops${esc}" "$TMP/tty"
ok $? "a 2 s duration: too short for a progress line"
