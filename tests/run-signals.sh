#!/bin/sh
# SIGINT, SIGTERM and SIGHUP stop a run whose threads are blocked in each
# kind of wait (an empty pipe or socket, a futex, a mutex held by a thread
# that never lets go, a barrier never completed, a long sleep, a long timer
# period, a condition never signalled, a suspend never resumed, a
# semaphore never posted): every thread comes home well within 1 s (the
# design aim is 100 ms; the measured time is printed), the exit status is 0
# as mimic(1) documents for a first stop signal, and every log is whole.
# Then SIGKILL: rows reach the files every 100 ms, so a run killed after
# 2.5 s has rows up to at least 1.4 s.
. "${srcdir:-.}/tests/lib.sh"

kinds="recv-pipe recv-socket futex lock barrier sleep timer cond suspend sem"
signals="INT TERM HUP"
plan $(( $(echo $kinds | wc -w) * $(echo $signals | wc -w) * 2 + 2 ))

# The blocked task(s) of each kind; a ticker beside them makes rows.
tasks() {
	case $1 in
	recv-pipe) echo '"b": { "recv": "p" }' ;;
	recv-socket) echo '"b": { "recv": "s" }' ;;
	futex) echo '"b": { "futex_wait": "f" }' ;;
	lock) echo '"holder": { "lock": "m", "suspend": "never", "unlock": "m" },
		"b": { "delay": 50000, "lock": "m", "unlock": "m" }' ;;
	barrier) echo '"b": { "barrier": "bar" },
		"late": { "sleep": 100000000, "barrier": "bar" }' ;;
	sleep) echo '"b": { "sleep": 100000000 }' ;;
	timer) echo '"b": { "timer": { "ref": "unique", "period": 100000000 } }' ;;
	cond) echo '"b": { "wait": { "ref": "c", "mutex": "m" } }' ;;
	suspend) echo '"b": { "suspend": "never" }' ;;
	sem) echo '"b": { "sem_wait": "sem" }' ;;
	esac
}

for sig in $signals; do
	for kind in $kinds; do
		d=$TMP/$sig-$kind
		mkdir "$d"
		cat >"$d/w.json" <<J
{ "global": { "calibration": 50, "logdir": "$d" },
  "resources": { "s": { "type": "socket" } },
  "tasks": { $(tasks "$kind"),
    "tick": { "timer": { "ref": "unique", "period": 5000 } } } }
J
		"$MIMIC" --quiet "$d/w.json" 2>"$d/err" &
		pid=$!
		# Signal once the ticker has rows in its file (the engine
		# drains every 100 ms): a start slowed by a loaded machine or
		# a sanitizer build must not leave it no time to tick.
		sleep 0.25
		for _ in $(seq 100); do
			[ "$(rows "$d"/rt-app-tick-*.log 2>/dev/null)" -ge 10 ] 2>/dev/null && break
			sleep 0.05
		done
		start=$(date +%s%N)
		kill -"$sig" $pid
		# A thread that is never woken would hang the test: bound it.
		( sleep 10; kill -KILL $pid ) >/dev/null 2>&1 &
		watchdog=$!
		wait $pid
		rc=$?
		took=$(( ($(date +%s%N) - start) / 1000000 ))
		kill $watchdog 2>/dev/null
		diag <"$d/err"
		[ "$rc" -eq 0 ] && [ "$took" -lt 1000 ]
		ok $? "SIG$sig, blocked in $kind: exit $rc, stopped in $took ms"
		# Every log: the header, then whole rows of 11 fields; the
		# ticker's rows up to the signal are there.
		bad=0
		for f in "$d"/rt-app-*.log; do
			head -n 1 "$f" | grep -q '^#idx' || bad=$((bad + 1))
			awk 'NR > 1 && NF != 11' "$f" | grep -q . && bad=$((bad + 1))
			[ -z "$(tail -c 1 "$f")" ] || bad=$((bad + 1))
		done
		n=$(rows "$d"/rt-app-tick-*.log)
		[ "$bad" -eq 0 ] && [ "$n" -ge 10 ]
		ok $? "SIG$sig, $kind: logs whole ($bad bad), ticker rows $n"
	done
done

# SIGKILL after 2.5 s: nothing is flushed at the end, yet the rows of the
# first 1.4 s at least are in the file.
d=$TMP/kill
mkdir "$d"
cat >"$d/w.json" <<J
{ "global": { "calibration": 50, "logdir": "$d" },
  "tasks": { "tick": { "timer": { "ref": "unique", "period": 1000 } } } }
J
"$MIMIC" --quiet "$d/w.json" &
pid=$!
sleep 2.5
kill -KILL $pid
wait $pid
rc=$?
ok $(( rc != 137 )) "SIGKILL: killed (status $rc)"
# (the last line may be cut by the kill: only whole rows count)
last=$(awk 'NR > 1 && NF == 11 { v = $7 } END { print v + 0 }' "$d/rt-app-tick-0.log")
[ "${last:-0}" -ge 1400000 ]
ok $? "SIGKILL after 2.5 s: rows up to ${last:-0} us are in the log (>= 1400000)"
