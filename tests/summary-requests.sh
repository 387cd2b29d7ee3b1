#!/bin/sh
# "request" and "rate" in a user workload (no report style): the text
# summary's request block and the JSON summary's "requests" give the
# request count, rate, latency percentiles (last wake-up -> request) and
# the rate samples, like schbench's canned report.
. "${srcdir:-.}/tests/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not installed"
plan 7

# A server woken every 5 ms by a client's message, 1 ms of work per
# request; a monitor samples the rate every 200 ms.
cat >"$TMP/srv.json" <<'J'
{ "global": { "duration": 2, "log_size": "disable" },
  "tasks": {
    "client": { "timer": { "ref": "t", "period": 5000, "mode": "absolute" },
                "send": "req" },
    "server": { "recv": "req", "run": 1000, "request": "wake" },
    "monitor": { "sleep": 200000, "rate": "requests" } } }
J
run_bounded 30 "$MIMIC" --summary "$TMP/s.json" "$TMP/srv.json" \
	>"$TMP/out" 2>"$TMP/err"
ok $rc "a user workload with request and rate exits 0"
cat "$TMP/out" | diag
python3 - "$TMP/s.json" >"$TMP/r" 2>&1 <<'P'
import json, sys
s = json.load(open(sys.argv[1]))
t = {x["name"]: x for x in s["tasks"]}
q, m = t["server"]["requests"], t["monitor"]["requests"]
lat = q["latency_us"]
print(q["count"], t["server"]["loops"], lat["n"], lat["p50"], lat["p99"],
      lat["max"], m["count"], m["rate"]["n"], m["rate"]["p50"], q["rps"],
      s["duration_s"], "requests" in t["client"])
P
cat "$TMP/r" | diag
read -r count loops n p50 p99 max mcount rn rp50 rps secs client <"$TMP/r"
[ "$count" -eq "$loops" ] && [ "$n" -eq "$count" ] && [ "$count" -gt 20 ]
ok $? "JSON: one request per server iteration ($count), each a latency sample"
# Each request follows 1 ms of work after the wake-up: at least 1 ms.
[ "$p50" -ge 800 ] && [ "$p50" -le "$p99" ] && [ "$p99" -le "$max" ]
ok $? "JSON: request latency from the wake-up covers the 1 ms of work (p50 $p50 us, p99 $p99, max $max)"
# The monitor samples all threads' requests: 200 ms samples of a 5 ms
# client, plus the last interval (as schbench).
[ "$mcount" -eq 0 ] && [ "$rn" -ge 5 ] && [ "$rp50" -gt 0 ] &&
	[ "$rp50" -le 400 ] && [ "$client" = False ]
ok $? "JSON: the monitor's rate samples ($rn, p50 $rp50/s of a 200/s client)"
awk -v c="$count" -v r="$rps" -v s="$secs" 'BEGIN {
	d = (c / s - r) / r; exit !(d < 0.002 && d > -0.002) }'
ok $? "JSON: rps is requests / duration ($rps, $count in $secs s)"
grep -q "request latency: last wake-up -> request (us)" "$TMP/out"
ok $? "text: the request block"
awk -v c="$count" -v p="$p50" '$1 == "server" && $3 == c && $5 == p { f = 1 }
	END { exit !f }' "$TMP/out"
ok $? "text: the server's line has the JSON's count and p50"
