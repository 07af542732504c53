#!/usr/bin/env python3
"""Groups a collapsed async-profiler profile by the nearest frame outside the JDK (library or class), marking
samples whose innermost frames are the kernel's.
    split.py PROFILE [N]        CPU: share of samples per group, N groups (default 25)
    split.py --lock PROFILE     lock (collapsed with 'total'): seconds blocked per lock class and caller
"""
import collections
import sys

JDK = ("java/", "jdk/", "sun/")


def samples(path):
    with open(path) as f:
        for line in f:
            stack, _, n = line.rstrip().rpartition(" ")
            if stack:
                yield stack.split(";"), int(n)


def nearest(frames):
    for f in reversed(frames):
        if "/" in f and not f.startswith(JDK) and not f.endswith("_[k]"):
            return f
    return "?"


def cpu(path, n):
    total, groups = 0, collections.Counter()
    for frames, count in samples(path):
        total += count
        kernel = any(f.endswith("_[k]") for f in frames[-3:])
        groups[(nearest(frames), "kernel" if kernel else "")] += count
    print(f"{path}: {total} samples")
    for (frame, kernel), count in groups.most_common(n):
        print(f"  {100 * count / total:5.1f}%  {frame} {kernel}")


def lock(path):
    total, groups = 0, collections.Counter()
    for frames, ns in samples(path):
        total += ns
        groups[(frames[-1], nearest(frames[:-1]))] += ns
    print(f"{path}: {total / 1e9:.1f} s blocked")
    for (cls, frame), ns in groups.most_common(10):
        print(f"  {ns / 1e9:7.2f} s  {cls}  {frame}")


if __name__ == "__main__":
    if sys.argv[1] == "--lock":
        lock(sys.argv[2])
    else:
        cpu(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 25)
