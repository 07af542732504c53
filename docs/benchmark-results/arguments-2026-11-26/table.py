#!/usr/bin/env python3
"""Tabulates the count-first / read-first matrices: httpjson against dubbo + hessian2 per way, engine and size.
usage: table.py DIR"""
import collections, csv, glob, os, statistics, sys

rows = collections.defaultdict(list)
for f in sorted(glob.glob(os.path.join(sys.argv[1], '*.csv'))):
    name = os.path.basename(f).split('-')[0]
    for r in csv.DictReader(open(f)):
        if r['protocol'] == 'httpjson':
            rows[(name, r['serialization'], int(r['payload_kb']))].append(r)
print('| way | serialization | KB | vs dubbo, each round | median | provider CPU µs per call (median) |')
print('|---|---|---:|---|---:|---:|')
for ser in ('fastjson2-text', 'gson-text'):
    for kb in (1, 16, 256):
        for name in ('count', 'read'):
            rs = rows.get((name, ser, kb))
            if not rs:
                continue
            v = [float(r['throughput_vs_baseline']) for r in rs]
            m = statistics.median(float(r['server_cpu_us_per_call']) for r in rs)
            print(f"| {name} | {ser} | {kb} | {', '.join(f'{x:.2f}x' for x in v)} | {statistics.median(v):.2f}x | {m:.0f} |")
