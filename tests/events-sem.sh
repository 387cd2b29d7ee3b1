#!/bin/sh
# "sem_post"/"sem_wait": a semaphore starting at 0; each wait takes one
# post, posts are remembered. The waiter is paced by the poster and ends
# exactly when the poster's 20 posts are used up.
. "${srcdir:-.}/tests/lib.sh"
plan 7
cat >"$TMP/w.json" <<J
{ "global": { "duration": 10, "calibration": 50, "logdir": "$TMP", "log_basename": "s" },
  "tasks": {
    "poster": { "loop": 20, "sleep": 5000, "sem_post": "s" },
    "waiter": { "loop": 20, "sem_wait": "s", "run": 10 } } }
J
t0=$(date +%s%N)
"$MIMIC" --quiet "$TMP/w.json"
ok $? "exits 0"
took=$(( ($(date +%s%N) - t0) / 1000000 ))
[ "$took" -lt 5000 ]
ok $? "ends with the loops, well before the 10 s duration ($took ms)"
[ "$(rows "$TMP/s-waiter-1.log")" -eq 20 ] && [ "$(rows "$TMP/s-poster-0.log")" -eq 20 ]
ok $? "the waiter has exactly 20 rows, like the poster ($(rows "$TMP/s-waiter-1.log"), $(rows "$TMP/s-poster-0.log"))"
# Waits block until the next post: the waiter's rows are ~5 ms apart.
mp=$(col "$TMP/s-waiter-1.log" period | median)
[ "$mp" -ge 3500 ]
ok $? "each wait blocked for a post (median waiter row $mp us, posts every 5 ms)"
# The n-th post comes after the poster's n-th 5 ms sleep, so the n-th wait
# cannot end before the poster's n-th row start + 5000 us. (Not before
# the poster's row end: that stamp is read after sem_post returns, and the
# woken waiter may legitimately finish first.)
early=$(paste "$TMP/s-poster-0.log" "$TMP/s-waiter-1.log" | awk 'NR > 1 && $17 < $5 + 5000 { n++ } END { print n + 0 }')
ok "$early" "no wait returned before its post ($early did)"

# Posts are remembered: 5 posts made while nobody waits, taken later.
cat >"$TMP/w2.json" <<J
{ "global": { "duration": 10, "calibration": 50, "logdir": "$TMP", "log_basename": "r" },
  "tasks": {
    "poster": { "loop": 5, "sem_post": "s" },
    "waiter": { "loop": 1, "phases": { "late": { "loop": 1, "sleep": 100000 },
                                       "take": { "loop": 5, "sem_wait": "s" } } } } }
J
t0=$(date +%s%N)
"$MIMIC" --quiet "$TMP/w2.json"
rc=$? took=$(( ($(date +%s%N) - t0) / 1000000 ))
[ $rc -eq 0 ] && [ "$took" -lt 5000 ] && [ "$(rows "$TMP/r-waiter-1.log")" -eq 6 ]
ok $? "posts made before anyone waits are kept: 5 later waits all return (exit $rc, $took ms, $(rows "$TMP/r-waiter-1.log") of 6 rows)"
slow=$(tail -n +3 "$TMP/r-waiter-1.log" | awk '$4 >= 2000 { n++ } END { print n + 0 }')
ok "$slow" "and none of those waits blocked ($slow took >= 2 ms)"
