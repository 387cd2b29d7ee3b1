#!/bin/sh
# A channel of "messages": "unstamped": its messages are bytes only, no send
# time. Every message still arrives whole and is counted (a pipe, a
# datagram socket under 8 bytes, a framed stream socket of drawn sizes),
# none is damaged, and no latency is recorded for them: no message or
# wake-up row, no chain. A stamped channel beside it keeps its rows.
# --dump shows it; another value is exit 2 naming the key. The canned
# hackbench is unstamped by default and stamped on request. A ping-pong
# (one message a recv: send_plain and recv_one) counts every message and
# byte both ways, over a pipe and a stream socket.
. "${srcdir:-.}/tests/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not found"
plan 8

cat >"$TMP/un.json" <<J
{ "global": { "calibration": 50, "log_size": "disable" },
  "resources": {
    "p": { "type": "pipe", "messages": "unstamped" },
    "d": { "type": "socket", "mode": "dgram", "messages": "unstamped" },
    "f": { "type": "socket", "messages": "unstamped" },
    "s": { "type": "pipe" } },
  "tasks": {
    "snd": { "loop": 200,
	     "send": { "to": "p", "bytes": 100 },
	     "send1": { "to": "d", "bytes": 3 },
	     "send2": { "to": "f", "bytes": { "uniform": [10, 3000] } },
	     "send3": { "to": "s", "bytes": 100 } },
    "rp": { "loop": 1, "recv": { "from": "p", "bytes": 100, "count": 200 } },
    "rd": { "loop": 1, "recv": { "from": "d", "bytes": 3, "count": 200 } },
    "rf": { "loop": 1, "recv": { "from": "f", "bytes": 3000, "count": 200 } },
    "rs": { "loop": 1, "recv": { "from": "s", "bytes": 100, "count": 200 } } } }
J
run_bounded 30 "$MIMIC" --summary "$TMP/un-s.json" "$TMP/un.json" \
	>"$TMP/un.out" 2>"$TMP/un.err"
ok $rc "a workload of unstamped and stamped channels runs (rc $rc)"

python3 - "$TMP/un-s.json" <<'P' && ! grep -q damaged "$TMP/un.err"
import json, sys
t = {x["name"]: x for x in json.load(open(sys.argv[1]))["tasks"]}
bad = [n for n in ("rp", "rd", "rf", "rs") if t[n].get("received") != 200]
if t["snd"].get("sent") != 800 or bad:
    print("# sent %s; received other than 200: %s" % (t["snd"].get("sent"), bad))
    sys.exit(1)
P
ok $? "every message arrives whole and is counted once, none damaged"

python3 - "$TMP/un-s.json" <<'P'
import json, sys
t = {x["name"]: x for x in json.load(open(sys.argv[1]))["tasks"]}
for n in ("rp", "rd", "rf"):
    if t[n].get("message") or t[n].get("wake") or t[n].get("e2e"):
        print("# %s has latency: %s" % (n, {k: t[n].get(k) for k in ("message", "wake", "e2e")}))
        sys.exit(1)
if t["rs"]["message"]["pipe"]["n"] != 200:
    print("# the stamped pipe's receiver: %s" % t["rs"].get("message"))
    sys.exit(1)
P
ok $? "no latency recorded for unstamped messages; the stamped pipe's 200 are"

cat >"$TMP/pp.json" <<J
{ "global": { "calibration": 50, "log_size": "disable" },
  "resources": {
    "a": { "type": "pipe", "messages": "unstamped" },
    "b": { "type": "socket", "messages": "unstamped" } },
  "tasks": {
    "ping": { "loop": 300, "recv": { "from": "a", "bytes": 24 },
	      "send": { "to": "b", "bytes": 40 } },
    "pong": { "loop": 300, "send": { "to": "a", "bytes": 24 },
	      "recv": { "from": "b", "bytes": 40 } } } }
J
run_bounded 30 "$MIMIC" --summary "$TMP/pp-s.json" "$TMP/pp.json" \
	>"$TMP/pp.out" 2>"$TMP/pp.err" &&
python3 - "$TMP/pp-s.json" <<'P'
import json, sys
t = {x["name"]: x for x in json.load(open(sys.argv[1]))["tasks"]}
want = {"ping": (300, 300, 300 * 24, 300 * 40), "pong": (300, 300, 300 * 40, 300 * 24)}
got = {n: tuple(t[n].get(k) for k in ("received", "sent", "received_bytes", "sent_bytes")) for n in want}
if got != want:
    print("# received, sent, their bytes: %s, want %s" % (got, want))
    sys.exit(1)
P
ok $? "a ping-pong of one message a recv: every message and byte counted, both ways"

"$MIMIC" --dump --quiet "$TMP/un.json" >"$TMP/dump.json" 2>/dev/null
python3 - "$TMP/dump.json" <<'P'
import json, sys
seen = {}
def walk(o):
    if isinstance(o, dict):
        if "channel" in o:
            seen[o["channel"]] = o.get("messages")
        for v in o.values():
            walk(v)
    elif isinstance(o, list):
        for v in o:
            walk(v)
walk(json.load(open(sys.argv[1])))
sys.exit(not (seen == {"p": "unstamped", "d": "unstamped", "f": "unstamped", "s": None}))
P
ok $? "--dump shows the unstamped channels' messages, nothing for a stamped one"

sed 's/"messages": "unstamped" },$/"messages": "none" },/' "$TMP/un.json" \
	>"$TMP/none.json"
"$MIMIC" --check "$TMP/none.json" >/dev/null 2>"$TMP/none.err"
rc=$?
[ $rc -eq 2 ] && grep -q 'resources\.p\.messages' "$TMP/none.err" &&
	grep -q unstamped "$TMP/none.err"
ok $? "another value is exit 2 naming resources.p.messages (rc $rc)"

# The canned hackbench: unstamped by default, as hackbench's; stamped on request.
"$MIMIC" --summary "$TMP/hb-s.json" --set groups=1 --set fds=2 \
	--set loops=50 --set channel=pipe hackbench >/dev/null 2>&1 &&
"$MIMIC" --summary "$TMP/hbs-s.json" --set groups=1 --set fds=2 \
	--set loops=50 --set channel=pipe --set messages=stamped \
	hackbench >/dev/null 2>&1
rc=$?
[ $rc -eq 0 ] && python3 - "$TMP/hb-s.json" "$TMP/hbs-s.json" <<'P'
import json, sys
def rx(f):
    t = [x for x in json.load(open(f))["tasks"] if x["name"].startswith("rcv")]
    return sum(x.get("received", 0) for x in t), \
           sum(x.get("message", {}).get("pipe", {}).get("n", 0) for x in t)
b, s = rx(sys.argv[1]), rx(sys.argv[2])
if b != (200, 0) or s != (200, 200):
    print("# received, measured: unstamped %s, stamped %s" % (b, s))
    sys.exit(1)
P
ok $? "hackbench: unstamped by default, messages=stamped measures all 200 (rc $rc)"

grep -q '"messages": "unstamped"' "$TMP/dump.json" &&
	"$MIMIC" --list-keys >"$TMP/keys" 2>/dev/null &&
	grep -q '^pipe *messages *enum' "$TMP/keys" &&
	grep -q '^socket *messages *enum' "$TMP/keys"
ok $? "--list-keys lists the messages key of a pipe and of a socket"
