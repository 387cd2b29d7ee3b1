#!/bin/sh
# utils/mimic-plot draws a 2 s periodic run's logs (per-thread timelines,
# wake-up latency CDF and histogram) and a JSON summary's wake paths, as PNG
# or SVG files that are what they claim and not empty.
. "${srcdir:-.}/tests/lib.sh"
command -v gnuplot >/dev/null || skip_all "gnuplot not installed"
command -v python3 >/dev/null || skip_all "python3 not installed"
plot="$srcdir/utils/mimic-plot"
plan 11

is_png() { [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }
big() { [ "$(wc -c <"$1")" -gt 10000 ]; }

# Light enough that its timers sleep on a loaded machine too.
cat >"$TMP/w.json" <<J
{ "global": { "duration": 2, "calibration": 50, "logdir": "$TMP",
              "log_basename": "mimic-periodic" },
  "tasks": { "periodic": { "instance": 2, "run": 200,
             "timer": { "ref": "unique", "period": 10000 } } } }
J
"$MIMIC" --quiet "$TMP/w.json"
ok $? "a 2 s periodic run"
n=$(rows "$TMP/mimic-periodic-periodic-0.log")
[ "$n" -ge 20 ]
ok $? "it logged rows ($n, about 200)"

# A summary as the JSON summary writes it: tasks, wake paths, histograms.
cat >"$TMP/summary.json" <<'J'
{ "tasks": [
  { "name": "periodic", "wake": {
    "timer": { "n": 6, "p50": 60, "p99": 900, "hist": [[40, 1], [60, 3], [75, 1], [900, 1]] },
    "pipe": { "n": 4, "p50": 8, "hist": [[0, 1], [8, 2], [30, 1]] } } },
  { "name": "idle", "wake": {} } ] }
J
mkdir "$TMP/png" "$TMP/svg"
"$plot" -b mimic-periodic -w periodic --summary "$TMP/summary.json" \
	-o "$TMP/png" "$TMP" >"$TMP/out" 2>"$TMP/err"
ok $? "mimic-plot exits 0"
diag <"$TMP/err"
bad=""
for f in timeline-periodic-0 timeline-periodic-1 latency-cdf latency-hist \
	summary-cdf summary-hist; do
	p="$TMP/png/$f.png"
	{ [ -f "$p" ] && is_png "$p" && big "$p" && grep -qxF "$p" "$TMP/out"; } ||
		bad="$bad $f"
done
[ -z "$bad" ]
ok $? "six PNGs over 10 kB, each named on stdout (bad:${bad:-none})"
[ "$(ls "$TMP/png" | wc -l)" -eq 6 ]
ok $? "and nothing else in the output directory"

"$plot" --format svg -b mimic-periodic --summary "$TMP/summary.json" \
	-o "$TMP/svg" "$TMP/mimic-periodic-periodic-0.log" >/dev/null 2>&1
ok $? "--format svg exits 0"
python3 - "$TMP/svg" <<'P'
import os, sys
import xml.etree.ElementTree as ET
d = sys.argv[1]
names = sorted(os.listdir(d))
assert names == sorted(["timeline-periodic-0.svg", "latency-cdf.svg",
                        "latency-hist.svg", "summary-cdf.svg",
                        "summary-hist.svg"]), names
for n in names:
    p = os.path.join(d, n)
    assert os.path.getsize(p) > 10000, (n, os.path.getsize(p))
    root = ET.parse(p).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg", (n, root.tag)
P
ok $? "five SVGs (one thread given): XML with an <svg> root, over 10 kB"
grep -q "periodic-0 (task periodic)" "$TMP/svg/timeline-periodic-0.svg" &&
	grep -q "time since time zero (m\{0,1\}s)" "$TMP/svg/timeline-periodic-0.svg" &&
	grep -q "microseconds" "$TMP/svg/timeline-periodic-0.svg"
ok $? "the timeline names the thread and task, its axes say their units"

"$plot" --format jpg "$TMP" >/dev/null 2>&1
[ $? -eq 2 ]
ok $? "an unknown --format is a usage error"
printf 'not a log\n' >"$TMP/junk.log"
"$plot" -o "$TMP/png" "$TMP/junk.log" >/dev/null 2>"$TMP/err"
[ $? -eq 2 ] && grep -q "junk.log: not an rt-app log" "$TMP/err"
ok $? "a file that is not an rt-app log is named and refused"

# A run directory (mimic --outdir): the titles name its workload file and
# its run id without -b or -w.
sed 's|"logdir": "[^"]*",||' "$TMP/w.json" | sed 's/"duration": 2/"duration": 0.5/' \
	>"$TMP/tick.json"
mkdir "$TMP/runs" "$TMP/rsvg"
"$MIMIC" --quiet --outdir "$TMP/runs" "$TMP/tick.json" &&
	"$plot" --format svg -o "$TMP/rsvg" "$TMP/runs/run-001" >/dev/null 2>&1 &&
	grep -q "workload tick, run-001" "$TMP/rsvg/latency-cdf.svg"
ok $? "a run directory's pictures are titled with its workload file and run id"
