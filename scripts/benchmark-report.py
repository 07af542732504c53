#!/usr/bin/env python3
"""Prints the tables of docs/benchmarks.md from the output of scripts/benchmark-report.sh.

    scripts/benchmark-report.py OUT

With --charts DIR it also draws SVG charts into DIR: calls/s, p99 and CPU per call against callers, and the
ratio to dubbo, MB/s and CPU per KB against payload size.

Reads OUT/<part>/summary.csv (medians of the repetitions, written by the benchmark's matrix), OUT/<part>/runs.csv
(each repetition) and OUT/wrk*.txt. Ratios are to dubbo + hessian2 of the same matrix, at the same concurrency,
delay and payload: "vs dubbo" divides the two medians; "paired" is the median of each repetition's own ratio (the
two configurations ran in turns within a repetition, so the pair saw the same state of the machine).
"""
import csv
import glob
import os
import re
import statistics
import sys


def rows(path):
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def name(r):
    n = r["protocol"] + " + " + r["serialization"]
    return n + (" gzip " + r["gzip"] if r.get("gzip") else "")


def f(x, fmt="{:.2f}"):
    return fmt.format(float(x)) if x not in (None, "") else ""


def paired(out, *parts):
    """(name, concurrency, delay, payload) -> median over the repetitions of calls/s over dubbo + hessian2's."""
    runs = [r for part in parts for r in rows(os.path.join(out, part, "runs.csv"))]

    def cell(r):
        return r["concurrency"], r["delay_ms"], r.get("payload_kb", "")

    base = {cell(r) + (r["repeat"],): float(r["throughput_cps"]) for r in runs
            if r["protocol"] == "dubbo" and r["serialization"] == "hessian2" and not r.get("params")}
    ratios = {}
    for r in runs:
        b = base.get(cell(r) + (r["repeat"],))
        if b:
            ratios.setdefault((name(r),) + cell(r), []).append(float(r["throughput_cps"]) / b)
    return {k: statistics.median(v) for k, v in ratios.items()}


def pair(ratios, r):
    v = ratios.get((name(r), r["concurrency"], r["delay_ms"], r.get("payload_kb", "")))
    return f"{v:.2f}x" if v is not None else ""


def concurrency(out):
    data = rows(os.path.join(out, "concurrency", "summary.csv"))
    if not data:
        return
    print("### Callers (echo, 581-byte message)\n")
    ratios = paired(out, "concurrency")
    print("| callers | configuration | calls/s | vs dubbo | paired | p99 ms | p99 vs dubbo "
          "| CPU µs/call client + provider | CPU vs its 100 callers | errors |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    cpu100 = {}
    for r in data:
        cpu = float(r["client_cpu_us_per_call"]) + float(r["server_cpu_us_per_call"])
        if r["concurrency"] == "100":
            cpu100[name(r)] = cpu
    for r in sorted(data, key=lambda r: (int(r["concurrency"]), r["protocol"] != "dubbo", name(r))):
        cpu = float(r["client_cpu_us_per_call"]) + float(r["server_cpu_us_per_call"])
        base = cpu100.get(name(r))
        vs100 = f"{cpu / base:.2f}x" if base else ""
        print(f"| {r['concurrency']} | {name(r)} | {f(r['throughput_cps'], '{:,.0f}')} "
              f"| {f(r['throughput_vs_baseline'])}x | {pair(ratios, r)} | {float(r['p99_us']) / 1000:.1f} "
              f"| {f(r['p99_vs_baseline'])}x "
              f"| {f(r['client_cpu_us_per_call'], '{:.0f}')} + {f(r['server_cpu_us_per_call'], '{:.0f}')} "
              f"| {vs100} | {r['errors']} |")
    print()
    by = {}
    for r in data:
        by[(r["concurrency"], name(r))] = float(r["throughput_cps"])
    print("| callers | httpjson + fastjson2-text vs grpc + protobuf |")
    print("|---:|---:|")
    for c in sorted({int(r["concurrency"]) for r in data}):
        a = by.get((str(c), "httpjson + fastjson2-text"))
        g = by.get((str(c), "grpc + protobuf"))
        if a and g:
            print(f"| {c} | {a / g:.2f}x |")
    print()


def payload_rows(out):
    return [r for part in ("payload-small", "payload-256k", "payload-1m")
            for r in rows(os.path.join(out, part, "summary.csv"))]


def payload(out):
    data = payload_rows(out)
    if not data:
        return
    ratios = paired(out, "payload-small", "payload-256k", "payload-1m")
    print("### Payload size (echoList of users, 16 callers)\n")
    print("| KB | configuration | calls/s | vs dubbo | paired | MB/s each way | CPU µs/KB client / provider | p99 ms "
          "| errors |")
    print("|---:|---|---:|---:|---:|---:|---|---:|---:|")
    for r in sorted(data, key=lambda r: (int(r["payload_kb"]), r["protocol"] != "dubbo", name(r))):
        print(f"| {r['payload_kb']} | {name(r)} | {f(r['throughput_cps'], '{:,.0f}')} "
              f"| {f(r['throughput_vs_baseline'])}x | {pair(ratios, r)} | {float(r['kb_per_s']) / 1024:.1f} "
              f"| {f(r['client_cpu_us_per_kb'])} / {f(r['server_cpu_us_per_kb'])} "
              f"| {float(r['p99_us']) / 1000:.1f} | {r['errors']} |")
    print()


def delay(out):
    data = rows(os.path.join(out, "delay", "summary.csv"))
    if not data:
        return
    echo_max = {}
    for r in data:
        if r["delay_ms"] == "0":
            echo_max[name(r)] = max(echo_max.get(name(r), 0), float(r["throughput_cps"]))
    print("### Server time (echo with 10 and 30 ms of sleep in the provider)\n")
    ratios = paired(out, "delay")
    print("| delay ms | callers | configuration | calls/s | vs dubbo | paired | of c·1000/delay | p99 ms | errors |")
    print("|---:|---:|---|---:|---:|---:|---:|---:|---:|")
    for r in sorted(data, key=lambda r: (int(r["delay_ms"]), int(r["concurrency"]), r["protocol"] != "dubbo", name(r))):
        d = int(r["delay_ms"])
        if d == 0:
            continue
        ideal = int(r["concurrency"]) * 1000 / d
        share = float(r["throughput_cps"]) / ideal
        bound = " (CPU-bound)" if ideal >= echo_max.get(name(r), 0) / 2 else ""
        print(f"| {d} | {r['concurrency']} | {name(r)} | {f(r['throughput_cps'], '{:,.0f}')} "
              f"| {f(r['throughput_vs_baseline'])}x | {pair(ratios, r)} | {share:.0%}{bound} "
              f"| {float(r['p99_us']) / 1000:.1f} "
              f"| {r['errors']} |")
    print()
    print("Echo maximum in the same run (0 ms, best of the callers): "
          + ", ".join(f"{k} {v:,.0f}/s" for k, v in sorted(echo_max.items())) + "\n")


def wrk(out):
    """wrk's rounds, those with the cores shared and those with wrk and the provider each on CPUs of their own."""
    found = {False: [], True: []}
    for path in sorted(glob.glob(os.path.join(out, "wrk*.txt"))):
        pinned = False
        for line in open(path):
            pinned = pinned or line.startswith("pinned:")
            m = re.search(r"requests/s\s+httpjson\s+([\d.]+)\s+tri\s+([\d.]+)\s+httpjson/tri\s+([\d.]+)", line)
            if m:
                found[pinned].append(tuple(float(x) for x in m.groups()))
    if not found[False] and not found[True]:
        return
    print("### wrk (HTTP/1.1 keep-alive, 100 connections, the same JSON body)\n")
    for pinned, title in ((False, "wrk and the provider share every CPU"),
                          (True, "the provider on one CPU, wrk on the other (`--pin`)")):
        rounds = found[pinned]
        if not rounds:
            continue
        print(f"{title}:\n")
        print("| run | httpjson requests/s | Triple requests/s | httpjson / Triple |")
        print("|---:|---:|---:|---:|")
        for i, (h, t, q) in enumerate(rounds, 1):
            print(f"| {i} | {h:,.0f} | {t:,.0f} | {q:.2f}x |")
        qs = sorted(q for _, _, q in rounds)
        print(f"\nMedian: {qs[len(qs) // 2]:.2f}x\n")


COLORS = ["#3366cc", "#ff9900", "#9933cc", "#33aa33", "#cc3333", "#999999"]


def svg_chart(path, title, xlabel, ylabel, series, logx=False):
    """A line chart as SVG: series is {name: [(x, y), ...]}. No plotting library needed."""
    import math
    w, h, left, right, top, bottom = 760, 420, 80, 230, 40, 60
    xs = sorted({x for pts in series.values() for x, _ in pts})
    ys = [y for pts in series.values() for _, y in pts]
    if not xs or not ys:
        return
    fx = (lambda x: math.log10(x)) if logx else (lambda x: x)
    x0, x1 = fx(xs[0]), fx(xs[-1])
    y1 = max(ys) * 1.08
    sx = lambda x: left + (fx(x) - x0) / ((x1 - x0) or 1) * (w - left - right)
    sy = lambda y: h - bottom - y / y1 * (h - top - bottom)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{w / 2 - right / 2}" y="22" text-anchor="middle" font-size="14" font-weight="bold">{title}</text>']
    for i in range(6):
        y = y1 * i / 5
        out.append(f'<line x1="{left}" x2="{w - right}" y1="{sy(y):.1f}" y2="{sy(y):.1f}" stroke="#ddd"/>')
        label = f"{y:,.0f}" if y1 >= 50 else f"{y:.1f}" if y1 >= 5 else f"{y:.2f}"
        out.append(f'<text x="{left - 6}" y="{sy(y) + 4:.1f}" text-anchor="end">{label}</text>')
    for x in xs:
        out.append(f'<line x1="{sx(x):.1f}" x2="{sx(x):.1f}" y1="{top}" y2="{h - bottom}" stroke="#eee"/>')
        out.append(f'<text x="{sx(x):.1f}" y="{h - bottom + 16}" text-anchor="middle">{x:,}</text>')
    out.append(f'<text x="{(left + w - right) / 2}" y="{h - 18}" text-anchor="middle">{xlabel}</text>')
    out.append(f'<text transform="translate(18,{(top + h - bottom) / 2}) rotate(-90)" text-anchor="middle">{ylabel}</text>')
    for i, (name_, pts) in enumerate(series.items()):
        col = COLORS[i % len(COLORS)]
        pts = sorted(pts)
        out.append('<polyline fill="none" stroke-width="2" stroke="%s" points="%s"/>'
                   % (col, " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in pts)))
        for x, y in pts:
            out.append(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="3" fill="{col}"/>')
        ly = top + 10 + i * 20
        out.append(f'<line x1="{w - right + 15}" x2="{w - right + 35}" y1="{ly}" y2="{ly}" stroke="{col}" stroke-width="2"/>')
        out.append(f'<text x="{w - right + 40}" y="{ly + 4}">{name_}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def draw(dest, prefix, title, xlabel, data, xkey, metrics, logx=False):
    """One chart per metric: a line per configuration, x from the column xkey; title has a {label} field."""
    for key, label, get in metrics:
        series = {}
        for r in data:
            series.setdefault(name(r), []).append((int(r[xkey]), get(r)))
        svg_chart(os.path.join(dest, f"{prefix}-{key}.svg"), title.format(label=label), xlabel, label, series, logx)


def charts(out, dest):
    os.makedirs(dest, exist_ok=True)
    draw(dest, "callers", "echo: {label} against callers", "callers", rows(os.path.join(out, "concurrency", "summary.csv")), "concurrency",
         [("calls", "calls/s", lambda r: float(r["throughput_cps"])),
          ("p99", "p99 latency, ms", lambda r: float(r["p99_us"]) / 1000),
          ("cpu", "CPU µs per call, client + provider",
           lambda r: float(r["client_cpu_us_per_call"]) + float(r["server_cpu_us_per_call"]))])
    draw(dest, "payload", "echoList, 16 callers: {label}", "payload KB (log scale)", payload_rows(out), "payload_kb",
         [("vs-dubbo", "calls/s vs dubbo + hessian2", lambda r: float(r["throughput_vs_baseline"])),
          ("mb", "MB/s each way", lambda r: float(r["kb_per_s"]) / 1024),
          ("cpu", "CPU µs per KB, client + provider",
           lambda r: float(r["client_cpu_us_per_kb"]) + float(r["server_cpu_us_per_kb"]))],
         logx=True)

if __name__ == "__main__":
    if len(sys.argv) not in (2, 4) or (len(sys.argv) == 4 and sys.argv[2] != "--charts"):
        sys.exit("usage: scripts/benchmark-report.py OUT [--charts DIR] (OUT: what scripts/benchmark-report.sh wrote)")
    for part in (concurrency, payload, delay, wrk):
        part(sys.argv[1])
    if len(sys.argv) == 4:
        charts(sys.argv[1], sys.argv[3])
