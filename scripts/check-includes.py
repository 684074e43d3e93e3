#!/usr/bin/env python3
"""Checks that every #include follows the layers that CMake links.

The libraries' CMakeLists.txt say which core library links which (target_link_libraries); a
file may include only headers of its own library and of the libraries it links, directly or
through others. Beyond core:
  - widgets/ may include core up to roce_live (views over models, never the simulator or rocectl);
  - agent/ may include roce_proto and roce_prometheus only (what roce-agent links);
  - app/ wires everything and may include anything.
And the include graph between folders (core/<library>/<module>/, widgets/, app/, agent/...) has
no cycle. Exits 1 and names every offending include; --inject FILE:HEADER pretends FILE has one
more include, so that a test can prove the check fails where it should.

Usage: check-includes.py [--root DIR] [--inject FILE:HEADER ...] [--self-test]
--self-test proves the check can fail: one include upward, one across, a widget driving the
simulator, the agent reaching the live model and a folder cycle must each be reported.
"""
import argparse
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
LINK = re.compile(r'target_link_libraries\(\s*(roce_\w+)([^)]*)\)', re.S)


def core_libraries(root):
    """{folder: (target, set of folders it may include)} from core/<lib>/CMakeLists.txt."""
    direct = {}
    target_of = {}
    core = os.path.join(root, 'core')
    for lib in sorted(os.listdir(core)):
        cml = os.path.join(core, lib, 'CMakeLists.txt')
        if not os.path.isfile(cml):
            continue
        text = open(cml).read()
        target_of[lib] = 'roce_' + lib
        deps = set()
        for m in LINK.finditer(text):
            if m.group(1) != 'roce_' + lib:
                continue
            public = m.group(2).split('PRIVATE')[0]
            deps |= {t[len('roce_'):] for t in re.findall(r'\broce_(?!compile_options)\w+', public)}
        direct[lib] = deps
    allowed = {}
    for lib in direct:
        seen, stack = {lib}, [lib]
        while stack:
            for dep in direct.get(stack.pop(), ()):
                if dep not in seen:
                    seen.add(dep)
                    stack.append(dep)
        allowed[lib] = seen
    return target_of, allowed


def source_files(root):
    for top in ('core', 'widgets', 'app', 'agent'):
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if f.endswith(('.h', '.cpp')):
                    yield os.path.relpath(os.path.join(d, f), root)


def resolve(root, path, header):
    """The repository path an include names, or None for system and generated headers."""
    here = os.path.dirname(path)
    candidates = [os.path.join(here, header)]
    top = path.split('/')[0]
    if top in ('agent', 'widgets', 'app'):
        candidates.append(os.path.join(top, header))
    candidates += [os.path.join('core', header), os.path.join('widgets', header),
                   os.path.join('translations', header)]
    for c in candidates:
        if os.path.isfile(os.path.join(root, c)):
            return os.path.normpath(c)
    return None


def folder(path):
    parts = path.split('/')
    return '/'.join(parts[:3]) if parts[0] == 'core' else parts[0]


SELF_TEST = [
    ('core/proto/datamodel/portid.h:live/hub/livefabric.h',
     'core/proto/datamodel/portid.h includes "live/hub/livefabric.h" (roce_live), '
     'which roce_proto may not use'),
    ('core/nxapi/client/nxapiclient.h:prometheus/server/metricsserver.h',
     'core/nxapi/client/nxapiclient.h includes "prometheus/server/metricsserver.h" '
     '(roce_prometheus), which roce_nxapi may not use'),
    ('widgets/palette.h:sim/engine/fabric.h',
     'widgets/palette.h includes "sim/engine/fabric.h" (roce_sim), which widgets/ may not use'),
    ('agent/sampler.h:live/hub/livefabric.h',
     'agent/sampler.h includes "live/hub/livefabric.h" (roce_live), which agent/ may not use'),
    ('core/live/maplayout/fabriclayout.h:live/itemmodels/porttablemodel.h',
     'include cycle between folders'),
]


def self_test(root):
    clean = check(root, {})
    if clean:
        print('self-test: the tree itself has problems:\n' + '\n'.join(clean))
        return 1
    failed = 0
    for spec, expected in SELF_TEST:
        f, h = spec.split(':', 1)
        found = check(root, {f: [h]})
        if not any(expected in p for p in found):
            print(f'self-test: injecting {spec} was not reported as "{expected}"')
            failed += 1
        else:
            print(f'self-test: {spec}: reported')
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--root', default=os.path.join(os.path.dirname(__file__), '..'))
    ap.add_argument('--inject', action='append', default=[])
    ap.add_argument('--self-test', action='store_true')
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    if args.self_test:
        return self_test(root)
    injected = {}
    for spec in args.inject:
        f, h = spec.split(':', 1)
        injected.setdefault(f, []).append(h)
    problems = check(root, injected)
    for p in problems:
        print(p)
    if problems:
        print(f'{len(problems)} problem(s)')
        return 1
    print('includes follow the layers: no include crosses a layer, no folder cycle')
    return 0


def check(root, injected):
    """Every problem of the tree at @p root, with @p injected extra includes per file."""
    target_of, allowed = core_libraries(root)
    core_below_live = allowed.get('live', set())
    rules = {
        'widgets': core_below_live | {'widgets'},
        'agent': {'proto', 'prometheus', 'agent', 'translations'},
        'app': None,  # anything
    }
    problems = []
    edges = {}
    count = 0
    for path in source_files(root):
        lines = open(os.path.join(root, path), errors='replace').read().split('\n')
        headers = [m.group(1) for m in map(INCLUDE.match, lines) if m]
        headers += injected.get(path, [])
        parts = path.split('/')
        for header in headers:
            target = resolve(root, path, header)
            if target is None:
                continue
            count += 1
            tparts = target.split('/')
            src_key = parts[1] if parts[0] == 'core' else parts[0]
            dst_key = tparts[1] if tparts[0] == 'core' else tparts[0]
            if parts[0] == 'core':
                ok = tparts[0] == 'core' and dst_key in allowed.get(src_key, set())
                who = target_of.get(src_key, src_key)
            else:
                rule = rules.get(parts[0], {parts[0]})
                ok = rule is None or dst_key in rule or tparts[0] == parts[0]
                who = parts[0] + '/'
            if not ok:
                whose = target_of.get(dst_key, tparts[0] + '/') if tparts[0] == 'core' \
                    else tparts[0] + '/'
                problems.append(f'include violation: {path} includes "{header}" ({whose}), '
                                f'which {who} may not use')
            a, b = folder(path), folder(target)
            if a != b:
                edges.setdefault(a, {}).setdefault(b, f'{path} -> {header}')

    # Cycles between folders (Tarjan's strongly connected components).
    index, low, stack, on, counter, cycles = {}, {}, [], set(), [0], []

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    for comp in cycles:
        ties = [f'    {a} -> {b}: {edges[a][b]}' for a in comp for b in edges.get(a, {})
                if b in comp]
        problems.append('include cycle between folders ' + ', '.join(comp) + ':\n' +
                        '\n'.join(ties))

    return problems


if __name__ == '__main__':
    sys.exit(main())
