#!/bin/sh
# The stages of src/ depend on each other one way only (HACKING.md,
# "Dependency rules"): every #include "..." of every file under src/ is
# checked against the table below, and the include graph between modules
# (a module is a .c and its .h) has no cycle.
. "${srcdir:-.}/tests/lib.sh"
command -v python3 >/dev/null 2>&1 || skip_all "python3 is not installed"
python3 - "$srcdir/src" <<'EOF'
import os, re, sys
src = sys.argv[1]

# A file's stage: its folder, or the plug-in interface it is.
def stage(rel):
    if rel == 'main.c':
        return 'main'
    top = rel.split('/')[0]
    if top == rel:                     # event.[ch], resource.[ch], ...
        return os.path.splitext(rel)[0]
    if rel.startswith('report/styles/'):
        return 'styles'
    return top

# Which stages each stage may include (besides itself). The plug-in
# interfaces (event, event_ctx, resource, report_style) are headers every
# stage that drives or implements them sees.
allowed = {
    'lib': set(),
    'model': {'lib'},
    'parse': {'lib', 'model', 'event', 'resource', 'report_style'},
    'event': {'lib', 'model', 'event_ctx'},
    'event_ctx': {'lib', 'model', 'event'},
    # An event sees the live state of the resource kinds it uses
    # (resources/<kind>.h), never the engine's table of them.
    'events': {'lib', 'model', 'event', 'event_ctx', 'resource',
               'resources'},
    'resource': {'lib', 'model'},
    'resources': {'lib', 'model', 'resource'},
    'record': {'lib', 'model', 'event'},
    'engine': {'lib', 'model', 'event', 'event_ctx', 'events', 'resource',
               'resources', 'record'},
    'report_style': {'lib', 'model', 'record'},
    'cli': {'lib', 'model', 'parse'},
    'trace': {'lib'},
    'report': {'lib', 'model', 'record', 'report_style', 'event'},
    'styles': {'lib', 'model', 'record', 'report_style', 'report'},
}

# Headers of another stage a stage may include one by one, beyond the
# table above. Event and resource kinds parse their own JSON through the
# parser's helper API: its state and messages (parser.h), the JSON tree
# (jtree.h) and the key walker (keys.h); never parse.h, the root, task and
# phase parser, which drives them.
parse_helpers = {'parse/parser.h', 'parse/jtree.h', 'parse/keys.h'}
allowed_files = {
    'events': parse_helpers,
    'resources': parse_helpers,
}

inc = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
files = []
for root, _, names in os.walk(src):
    for n in names:
        if n.endswith(('.c', '.h')):
            files.append(os.path.relpath(os.path.join(root, n), src))
files.sort()
checks = []
graph = {}
for rel in files:
    me = stage(rel)
    mod = os.path.splitext(rel)[0]
    text = open(os.path.join(src, rel)).read()
    bad = []
    for target in inc.findall(text):
        if target == 'config.h':
            continue
        if not os.path.exists(os.path.join(src, target)):
            bad.append(target + ' (not a path from src/)')
            continue
        tmod = os.path.splitext(target)[0]
        if tmod != mod:
            graph.setdefault(mod, set()).add(tmod)
        them = stage(target)
        if me == 'main' or them == me or them in allowed.get(me, set()):
            continue
        if target in allowed_files.get(me, set()):
            continue
        bad.append(f'{target} ({me} -> {them})')
    checks.append((rel, bad))

# Cycles between modules (Tarjan's strongly connected components).
index, low, stack, on, sccs = {}, {}, [], set(), []
def connect(v):
    index[v] = low[v] = len(index)
    stack.append(v); on.add(v)
    for w in graph.get(v, ()):
        if w not in index:
            connect(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            sccs.append(sorted(comp))
sys.setrecursionlimit(10000)
for v in sorted(graph):
    if v not in index:
        connect(v)

print(f'1..{len(checks) + 1}')
n = 0
for rel, bad in checks:
    n += 1
    if bad:
        print(f'not ok {n} - src/{rel} includes only what its stage may: ' + ', '.join(bad))
    else:
        print(f'ok {n} - src/{rel} includes only what its stage may')
n += 1
if sccs:
    print(f'not ok {n} - no include cycle between modules: ' +
          '; '.join(' <-> '.join(c) for c in sccs))
else:
    print(f'ok {n} - no include cycle between modules')
EOF
