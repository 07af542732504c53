#!/usr/bin/env python3
"""Where the CPU samples of a JFR recording fall: by component and by method; or when the JIT compiled.

    jfr print --events jdk.ExecutionSample --stack-depth 64 rec.jfr > samples.txt
    scripts/jfr-top.py samples.txt [N]
    scripts/jfr-top.py --jit rec.jfr [SECONDS]

A sample counts for the component of its innermost frame that is not the JDK's own (java.*, jdk.*, sun.*), so
time in a JDK collection called by the codec counts for the codec. "self" lists the innermost frames as they are.
--jit counts the recording's jdk.Compilation and jdk.Deoptimization events (recorded with a threshold of 0 ms) in
windows of SECONDS (default 5) from the first compilation: how many compilations, how many of them C2's, how
long they took from start to end (wall time, so a compiler thread that waits for a core counts), and the
deoptimizations.
"""
import collections
import re
import subprocess
import sys

COMPONENTS = [
    ("io.httpjson.codec", "httpjson codec"),
    ("io.httpjson.serialization", "httpjson engine adapters"),
    ("io.httpjson.protocol.internal.client", "httpjson consumer"),
    ("io.httpjson.protocol.internal.server", "httpjson provider"),
    ("io.httpjson.protocol", "httpjson protocol (other)"),
    ("io.httpjson.benchmark", "benchmark callers / service"),
    ("com.alibaba.fastjson2", "fastjson2"),
    ("com.google.gson", "Gson"),
    ("com.alibaba.com.caucho.hessian", "hessian2"),
    ("io.netty", "Netty"),
    ("io.grpc", "gRPC"),
    ("org.eclipse.jetty", "Jetty"),
    ("org.apache.dubbo", "Dubbo"),
    ("org.HdrHistogram", "HdrHistogram"),
]
JDK = ("java.", "jdk.", "sun.", "javax.")


def component(frame):
    for prefix, comp in COMPONENTS:
        if frame.startswith(prefix):
            return comp
    return "other: " + ".".join(frame.split(".")[:2])


def main(path, n):
    stacks, cur, in_stack = [], None, False
    for line in open(path):
        s = line.strip()
        if s.startswith("jdk.ExecutionSample"):
            cur = []
        elif s.startswith("stackTrace = ["):
            in_stack = True
        elif in_stack and s == "]":
            in_stack = False
            stacks.append(cur)
        elif in_stack and s and s != "...":
            cur.append(re.sub(r"\s+line:.*$", "", s))
    total = len(stacks)
    if not total:
        sys.exit("no jdk.ExecutionSample events in " + path)
    by_comp, self_frames, jdk_in = collections.Counter(), collections.Counter(), collections.Counter()
    for st in stacks:
        self_frames[st[0]] += 1
        owner = next((f for f in st if not f.startswith(JDK)), None)
        comp = component(owner) if owner else "JDK only (threads, GC-free JDK code)"
        by_comp[comp] += 1
        if st[0].startswith(JDK):
            jdk_in[comp] += 1
    print(f"{total} samples\n\n| component | share | of it in JDK code |\n|---|---:|---:|")
    for comp, c in by_comp.most_common():
        print(f"| {comp} | {c / total:.1%} | {jdk_in[comp] / total:.1%} |")
    print(f"\n| innermost frame | share |\n|---|---:|")
    for fr, c in self_frames.most_common(n):
        print(f"| `{fr}` | {c / total:.1%} |")


def started(event):
    """An event's startTime (hh:mm:ss.fff as jfr print writes it) in seconds of its day."""
    h, m, sec = re.search(r"startTime = (\S+)", event).group(1).split(":")
    return int(h) * 3600 + int(m) * 60 + float(sec)


UNITS_MS = {"s": 1000.0, "ms": 1.0, "us": 0.001, "µs": 0.001, "ns": 1e-6}


def jit(recording, window):
    text = subprocess.run(["jfr", "print", "--events", "jdk.Compilation,jdk.Deoptimization", recording],
                          check=True, capture_output=True, text=True).stdout
    events = [(e.lstrip().split(" ", 1)[0], started(e), e) for e in re.split(r"\n(?=jdk\.)", text)
              if "startTime = " in e]
    comps = [(t, e) for kind, t, e in events if kind == "jdk.Compilation"]
    if not comps:
        sys.exit("no jdk.Compilation events in " + recording + " (record them with threshold 0 ms)")
    start = min(t for t, _ in comps)
    count, c2, took, deopt = (collections.Counter() for _ in range(4))
    for t, e in comps:
        w = int((t - start) // window)
        count[w] += 1
        c2[w] += "compileLevel = 4" in e
        d = re.search(r"duration = (\S+) (\S+)", e)
        took[w] += float(d.group(1)) * UNITS_MS[d.group(2)] if d else 0.0
    for kind, t, _ in events:
        if kind == "jdk.Deoptimization":
            deopt[int((t - start) // window)] += 1
    print("| s from the first compilation | compilations | of them C2 | compile ms (wall) | deoptimizations |")
    print("|---|---:|---:|---:|---:|")
    for w in sorted(set(count) | set(deopt)):
        print(f"| {w * window}-{(w + 1) * window} | {count[w]} | {c2[w]} | {took[w]:.0f} | {deopt[w]} |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    if sys.argv[1] == "--jit":
        if len(sys.argv) < 3:
            sys.exit(__doc__)
        jit(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 5)
    else:
        main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 25)
