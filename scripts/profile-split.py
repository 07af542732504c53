#!/usr/bin/env python3
"""Splits a collapsed async-profiler profile (scripts/profile-load.sh) into parts.

    scripts/profile-split.py PROFILE MICROS_PER_CALL     CPU: µs per call of each part
    scripts/profile-split.py --wall PROFILE THREAD        wall clock: where threads named THREAD* spend their time
    scripts/profile-split.py --part PROFILE MICROS_PER_CALL PART
                                                          one part's µs per call by its innermost frame outside
                                                          the kernel and the nearest caller outside the JDK
    scripts/profile-split.py --near PROFILE [N]           CPU: share of samples by the nearest frame outside the
                                                          JDK, marked "kernel" when the kernel's frames are innermost
    scripts/profile-split.py --lock PROFILE               lock (profile-load.sh's PROFILES=lock): seconds waited
                                                          per lock and nearest caller outside the JDK

A CPU sample goes to the first of: callers waiting for their responses (parked in Dubbo's ThreadlessExecutor),
waking any thread (LockSupport.unpark), GC, the kernel filling a page on its first touch (a fresh JVM's heap),
JIT; otherwise to the library of the innermost frame that belongs to one of
httpjson, fastjson2, Gson, Netty, Jetty, hessian, Dubbo, the benchmark or the JDK; what is left is the kernel and
the JVM's own code. MICROS_PER_CALL is the process's CPU per call from the same run.
"""
import collections
import sys

JDK = ("java/", "jdk/", "sun/")

LIBRARIES = [
    ("httpjson", "io/httpjson/protocol"),
    ("httpjson", "io/httpjson/codec"),
    ("httpjson", "io/httpjson/serialization"),
    ("fastjson2", "com/alibaba/fastjson2"),
    ("gson", "com/google/gson"),
    ("netty", "io/netty"),
    ("jetty", "org/eclipse/jetty"),
    ("hessian", "com/alibaba/com/caucho"),
    ("dubbo", "org/apache/dubbo"),
    ("benchmark", "io/httpjson/benchmark"),
    ("jdk", "java/"),
    ("jdk", "jdk/"),
    ("jdk", "sun/"),
]


def samples(path):
    with open(path) as f:
        for line in f:
            stack, _, n = line.rstrip().rpartition(" ")
            if stack:
                yield stack.split(";"), int(n)


def part(frames):
    joined = ";".join(frames)
    if "ThreadlessExecutor.waitAndDrain" in joined and "Unsafe.park" in joined:
        return "callers waiting (park)"
    if "Unsafe.unpark" in joined:
        return "waking threads (unpark)"
    if "G1" in joined or "GCTask" in joined:
        return "gc"
    if "exc_page_fault" in joined:
        return "first touch of memory (page faults)"
    if "CompileBroker" in joined:
        return "jit"
    for frame in reversed(frames):
        for name, prefix in LIBRARIES:
            if frame.startswith(prefix):
                return name
    return "kernel and jvm"


def cpu(path, per_call):
    total = 0
    parts = collections.Counter()
    for frames, n in samples(path):
        total += n
        parts[part(frames)] += n
    print(f"{path}: {total} samples, {per_call} µs per call")
    for name, n in parts.most_common():
        print(f"  {n / total * per_call:7.2f} µs  {100 * n / total:5.1f}%  {name}")


def wall(path, thread):
    total = 0
    leaves = collections.Counter()
    for frames, n in samples(path):
        if not frames[0].startswith("[" + thread):
            continue
        total += n
        leaves[frames[-1]] += n
    print(f"{path}: threads {thread}*, {total} samples")
    for leaf, n in leaves.most_common(12):
        print(f"  {100 * n / total:5.1f}%  {leaf}")


def detail(path, per_call, name):
    total = 0
    places = collections.Counter()
    for frames, n in samples(path):
        total += n
        if part(frames) != name:
            continue
        # the innermost frame outside the kernel: a Java method, or the C library's call into the kernel
        inner = next((f for f in reversed(frames) if not f.endswith("_[k]")), "?")
        caller = next((f for f in reversed(frames) if f.startswith(("io/", "org/", "com/"))), "?")
        places[(inner, caller)] += n
    print(f"{path}: part {name}, by innermost frame outside the kernel <- nearest caller outside the JDK")
    for (inner, caller), n in places.most_common(25):
        print(f"  {n / total * per_call:7.2f} µs  {inner}  <-  {caller}")


def outside_jdk(frames):
    return next((f for f in reversed(frames) if "/" in f and not f.startswith(JDK) and not f.endswith("_[k]")), "?")


def near(path, n):
    total = 0
    places = collections.Counter()
    for frames, count in samples(path):
        total += count
        kernel = any(f.endswith("_[k]") for f in frames[-3:])
        places[(outside_jdk(frames), "kernel" if kernel else "")] += count
    print(f"{path}: {total} samples, by the nearest frame outside the JDK")
    for (frame, kernel), count in places.most_common(n):
        print(f"  {100 * count / total:5.1f}%  {frame} {kernel}")


def lock(path):
    total = 0
    places = collections.Counter()
    for frames, ns in samples(path):
        total += ns
        places[(frames[-1], outside_jdk(frames[:-1]))] += ns
    print(f"{path}: {total / 1e9:.1f} s waited")
    for (held, caller), ns in places.most_common(10):
        print(f"  {ns / 1e9:7.2f} s  {held}  {caller}")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--wall":
        wall(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 5 and sys.argv[1] == "--part":
        detail(sys.argv[2], float(sys.argv[3]), sys.argv[4])
    elif len(sys.argv) in (3, 4) and sys.argv[1] == "--near":
        near(sys.argv[2], int(sys.argv[3]) if len(sys.argv) == 4 else 25)
    elif len(sys.argv) == 3 and sys.argv[1] == "--lock":
        lock(sys.argv[2])
    elif len(sys.argv) == 3:
        cpu(sys.argv[1], float(sys.argv[2]))
    else:
        sys.exit(__doc__)
