#!/usr/bin/env python3
"""Tabulates scripts/ab-matrix.sh results: httpjson against dubbo + hessian2 per build, callers and round.
usage: scripts/ab-table.py OUT [BUILD ...]   (builds in the order to print; default: all, sorted)"""
import csv, glob, os, statistics, sys

out, order = sys.argv[1], sys.argv[2:]
rows = {}
for d in sorted(glob.glob(os.path.join(out, '*-[0-9]*'))):
    if not os.path.isdir(d):
        continue
    name = os.path.basename(d).rsplit('-', 1)[0]
    for r in csv.DictReader(open(os.path.join(d, 'summary.csv'))):
        if r['protocol'] == 'httpjson':
            rows.setdefault((name, int(r['concurrency'])), []).append(r)
order = order or sorted({n for n, _ in rows})
print('| build | callers | calls/s vs dubbo, each round | median | p99 vs dubbo, median '
      '| httpjson CPU µs/call client / provider, median | errors |')
print('|---|---:|---|---:|---:|---|---:|')
med = lambda rs, k: statistics.median(float(r[k]) for r in rs)
for name in order:
    for c in sorted({c for n, c in rows if n == name}):
        rs = rows[(name, c)]
        print('| %s | %d | %s | **%.2fx** | %.2fx | %.1f / %.1f | %d |' % (
            name, c, ', '.join('%.2f' % float(r['throughput_vs_baseline']) for r in rs),
            med(rs, 'throughput_vs_baseline'), med(rs, 'p99_vs_baseline'),
            med(rs, 'client_cpu_us_per_call'), med(rs, 'server_cpu_us_per_call'),
            sum(int(r['errors']) for r in rs)))
