#!/usr/bin/env python3
"""Tabulates ab.sh's matrices: httpjson + fastjson2-text, gzip on, against dubbo + hessian2, per variant and size.
usage: table.py DIR   (DIR holds VARIANT-ROUND.csv, each a matrix's summary.csv)"""
import collections, csv, glob, os, statistics, sys

rows = collections.defaultdict(list)
for f in sorted(glob.glob(os.path.join(sys.argv[1], '*.csv'))):
    name = os.path.basename(f).split('-')[0]
    for r in csv.DictReader(open(f)):
        if r['protocol'] == 'httpjson':
            rows[(name, int(r['payload_kb']))].append(r)
print('| variant | KB | vs dubbo, each round | median | client / provider CPU µs per call (median) | p99 vs dubbo |')
print('|---|---:|---|---:|---|---:|')
for kb in sorted({k for _, k in rows}):
    for name in ('zlib', 'fixed'):
        rs = rows.get((name, kb))
        if not rs:
            continue
        v = [float(r['throughput_vs_baseline']) for r in rs]
        m = lambda k: statistics.median(float(r[k]) for r in rs)
        print(f"| {name} | {kb} | {', '.join(f'{x:.2f}x' for x in v)} | {statistics.median(v):.2f}x "
              f"| {m('client_cpu_us_per_call'):.1f} / {m('server_cpu_us_per_call'):.1f} | {m('p99_vs_baseline'):.2f}x |")
