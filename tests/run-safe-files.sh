#!/bin/sh
# A shared, world-writable log directory (mode 1777, as /tmp) where another
# user planted symbolic links to a victim file, hard links to it and FIFOs
# at every name mimic creates (logs, .plot scripts, --summary,
# --trace-json): mimic writes nothing through them, never hangs, names the
# file and the reason, and exits 1 (set-up, after-run) or 2 (looked at
# before the run). io_device: a character device, a new or empty file are
# written; a non-empty file, FIFO, directory or link is refused (exit 2)
# unless --io-device-overwrite allows a non-empty file (doc/security.md).
# The links are planted by the test's own user: the kernel's
# fs.protected_symlinks does not protect that case, mimic must.
. "${srcdir:-.}/tests/lib.sh"
plan 34
chmod 755 "$TMP"
shared="$TMP/shared"
mkdir -m 1777 "$shared"
echo "victim: not to be written" >"$TMP/victim"
cp "$TMP/victim" "$TMP/victim.orig"
victim_same() { cmp -s "$TMP/victim" "$TMP/victim.orig"; }
cat >"$TMP/w.json" <<J
{ "global": { "calibration": 50, "logdir": "$shared", "gnuplot": true },
  "tasks": { "t": { "loop": 3, "run": 100, "sleep": 500 } } }
J
names="rt-app-t-0.log rt-app-t-0.plot rt-app-period.plot rt-app-run.plot
summary.json trace.json"
clean() { rm -f "$shared"/* "$TMP/err"; }
# run LIMIT ARGS: mimic bounded in time; rc and $TMP/err
run() { run_bounded 20 "$MIMIC" -q "$@" >/dev/null 2>"$TMP/err"; diag <"$TMP/err"; }

# 1. One planted symbolic link at a time.
for n in rt-app-t-0.log rt-app-t-0.plot rt-app-period.plot; do
	clean
	ln -s "$TMP/victim" "$shared/$n"
	run "$TMP/w.json"
	[ "$rc" -eq 1 ] && grep -q "$n: is a symbolic link (not followed)" "$TMP/err"
	ok $? "symlink at $n: exit $rc (1), named with its reason"
	victim_same && [ -L "$shared/$n" ]
	ok $? "symlink at $n: victim unchanged, link left alone"
done
for opt in --summary --trace-json; do
	clean
	ln -s "$TMP/victim" "$shared/${opt#--}.json"
	run "$opt" "$shared/${opt#--}.json" "$TMP/w.json"
	[ "$rc" -eq 2 ] && grep -q "${opt#--}.json: is a symbolic link (not followed)" "$TMP/err" &&
		[ ! -e "$shared/rt-app-t-0.log" ]
	ok $? "symlink at $opt FILE: exit $rc (2) before the run"
	victim_same
	ok $? "symlink at $opt FILE: victim unchanged"
done

# 2. FIFOs: no reader (open would block without O_NONBLOCK) and a reader.
for n in rt-app-t-0.log rt-app-run.plot; do
	clean
	mkfifo "$shared/$n"
	run "$TMP/w.json"
	[ "$rc" -eq 1 ] && grep -q "$n: is a FIFO (not opened)" "$TMP/err"
	ok $? "FIFO at $n: exit $rc (1) in ${took} ms, no hang"
done
clean
mkfifo "$shared/rt-app-t-0.log"
sleep 30 <>"$shared/rt-app-t-0.log" &
reader=$!
run "$TMP/w.json"
kill $reader
[ "$rc" -eq 1 ] && grep -q "rt-app-t-0.log: is a FIFO" "$TMP/err"
ok $? "FIFO with a reader at the log: exit $rc (1), refused"
for opt in --summary --trace-json; do
	clean
	mkfifo "$shared/${opt#--}.json"
	run "$opt" "$shared/${opt#--}.json" "$TMP/w.json"
	[ "$rc" -eq 2 ] && grep -q "${opt#--}.json: is a FIFO (not opened)" "$TMP/err"
	ok $? "FIFO at $opt FILE: exit $rc (2) in ${took} ms, no hang"
done

# 3. A hard link to the victim (same file system) is not truncated.
clean
ln "$TMP/victim" "$shared/rt-app-t-0.log"
run "$TMP/w.json"
[ "$rc" -eq 1 ] && grep -q "rt-app-t-0.log: has 2 hard links (not replaced)" "$TMP/err"
ok $? "hard link at the log: exit $rc (1), named"
victim_same
ok $? "hard link at the log: victim unchanged"

# 4. Everything planted at once, links and FIFOs.
clean
for n in $names; do ln -s "$TMP/victim" "$shared/$n"; done
rm "$shared/rt-app-run.plot"
mkfifo "$shared/rt-app-run.plot"
run --summary "$shared/summary.json" --trace-json "$shared/trace.json" "$TMP/w.json"
[ "$rc" -eq 2 ]
ok $? "every name planted: exit $rc (2), in ${took} ms"
run "$TMP/w.json"
[ "$rc" -eq 1 ] && victim_same
ok $? "every name planted, no --summary: exit $rc (1), victim unchanged"

# 5. A logdir that is itself a link, to a directory the victim is in.
clean
ln -s "$TMP" "$TMP/linkdir"
sed "s|$shared|$TMP/linkdir|" "$TMP/w.json" >"$TMP/l.json"
run --check "$TMP/l.json"
[ "$rc" -eq 2 ] && grep -q "global.logdir: $TMP/linkdir: is a symbolic link" "$TMP/err"
ok $? "logdir a symbolic link: --check exit $rc (2)"
run -L "$TMP/linkdir/" "$TMP/w.json"
[ "$rc" -eq 2 ] && [ ! -e "$TMP/rt-app-t-0.log" ]
ok $? "--logdir a symbolic link with a trailing /: exit $rc (2), nothing written"

# 6. The ordinary case: files are created 0644 and a second run replaces
# its own logs.
clean
umask 022
run --summary "$shared/summary.json" --trace-json "$shared/trace.json" "$TMP/w.json"
first=$(head -2 "$shared/rt-app-t-0.log" | tail -1)
[ "$rc" -eq 0 ]
ok $? "nothing planted: exit $rc (0)"
modes=$(cd "$shared" && stat -c %a $names | sort -u)
[ "$modes" = 644 ]
ok $? "every file created mode 0644 ($(echo $modes))"
echo "old content, longer than a log line would be: ................" >>"$shared/rt-app-t-0.log"
run --summary "$shared/summary.json" --trace-json "$shared/trace.json" "$TMP/w.json"
[ "$rc" -eq 0 ] && [ "$(rows "$shared/rt-app-t-0.log")" -eq 3 ] &&
	! grep -q "old content" "$shared/rt-app-t-0.log" &&
	[ "$(head -2 "$shared/rt-app-t-0.log" | tail -1)" != "$first" ]
ok $? "a second run replaces its regular files (3 rows, nothing old)"

# 7. io_device.
cat >"$TMP/io.sh" <<'S'
printf '{ "global": { "calibration": 50, "logdir": "%s", "io_device": "%s" },
  "tasks": { "t": { "loop": 2, "iorun": 64, "sleep": 100 } } }\n' "$1" "$2"
S
io() { sh "$TMP/io.sh" "$shared" "$1" >"$TMP/io.json"; }
cp /etc/passwd "$TMP/passwd"
cp /etc/passwd "$TMP/passwd.orig"
clean
io "$TMP/passwd"
run "$TMP/io.json"
[ "$rc" -eq 2 ] && grep -q "global.io_device: $TMP/passwd: is a regular file of [0-9]* bytes: iorun would overwrite it" "$TMP/err"
ok $? "io_device a copy of /etc/passwd: exit $rc (2), named"
cmp -s "$TMP/passwd" "$TMP/passwd.orig" && [ ! -e "$shared/rt-app-t-0.log" ]
ok $? "io_device a copy of /etc/passwd: untouched, nothing run"
run --io-device-overwrite "$TMP/io.json"
[ "$rc" -eq 0 ] && ! cmp -s "$TMP/passwd" "$TMP/passwd.orig"
ok $? "--io-device-overwrite: exit $rc (0), the file written"
mkfifo "$TMP/io.fifo"
io "$TMP/io.fifo"
run "$TMP/io.json"
[ "$rc" -eq 2 ] && grep -q "io.fifo: is a FIFO (not opened)" "$TMP/err"
ok $? "io_device a FIFO: exit $rc (2) in ${took} ms, no hang"
run --io-device-overwrite "$TMP/io.json"
[ "$rc" -eq 2 ]
ok $? "io_device a FIFO with --io-device-overwrite: still exit $rc (2)"
io "$TMP"
run "$TMP/io.json"
[ "$rc" -eq 2 ] && grep -q "is a directory" "$TMP/err"
ok $? "io_device a directory: exit $rc (2)"
ln -s /dev/null "$TMP/null-link"
io "$TMP/null-link"
run "$TMP/io.json"
[ "$rc" -eq 2 ] && grep -q "null-link: is a symbolic link" "$TMP/err"
ok $? "io_device a symbolic link (even to /dev/null): exit $rc (2)"
io /dev/null
run "$TMP/io.json"
ok "$rc" "io_device /dev/null: exit $rc (0)"
io "$TMP/new.io"
run "$TMP/io.json"
[ "$rc" -eq 0 ] && [ "$(stat -c %s:%a "$TMP/new.io")" = 128:644 ]
ok $? "io_device a new file: exit $rc (0), created 0644 with 2 x 64 bytes"
: >"$TMP/empty.io"
io "$TMP/empty.io"
run "$TMP/io.json"
[ "$rc" -eq 0 ] && [ "$(stat -c %s "$TMP/empty.io")" = 128 ]
ok $? "io_device an empty file: exit $rc (0), written"
echo "$(ls "$shared" | wc -l) files in the shared directory at the end" | diag
