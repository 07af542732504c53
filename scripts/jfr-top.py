#!/usr/bin/env python3
"""Where the CPU samples of a JFR recording fall: by component and by method.

    jfr print --events jdk.ExecutionSample --stack-depth 64 rec.jfr > samples.txt
    scripts/jfr-top.py samples.txt [N]

A sample counts for the component of its innermost frame that is not the JDK's own (java.*, jdk.*, sun.*), so
time in a JDK collection called by the codec counts for the codec. "self" lists the innermost frames as they are.
"""
import collections
import re
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


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 25)
