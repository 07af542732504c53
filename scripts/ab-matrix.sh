#!/usr/bin/env bash
# Interleaved A/B of builds: each build's matrix (dubbo + hessian2 against httpjson + fastjson2-text, echo, 100 and
# 500 callers), the builds taken in turns, ROUNDS times, so that all of them see the same machine.
#   scripts/ab-matrix.sh OUT ROUNDS CHECKOUT...
# Each CHECKOUT is a checkout (e.g. `git worktree add --detach ../ab/SHA SHA`) whose benchmark jar is built:
#   (cd CHECKOUT && mvn -B -ntp -q -pl benchmark -am package -DskipTests)
# Results: OUT/NAME-ROUND/ (summary.csv, runs.csv, charts) and OUT/NAME-ROUND.log; scripts/ab-table.py OUT tabulates.
set -euo pipefail
out=$1; rounds=$2; shift 2
mkdir -p "$out"
for r in $(seq 1 "$rounds"); do
  for d in "$@"; do
    name=$(basename "$d")
    jar=$d/benchmark/target/httpjson-benchmark.jar
    # builds before the benchmark had subcommands take --matrix
    if java -jar "$jar" --help 2>&1 | grep -q -- '--matrix\]'; then sub=--matrix; else sub=matrix; fi
    echo "== round $r: $name $(date +%T)"
    (cd "$d" && java -Xms1g -Xmx1g -XX:+UseG1GC -jar "$jar" $sub \
      --configs=dubbo:hessian2,httpjson:fastjson2-text --concurrency-list=100,500 --server-threads 600 \
      --repeat 1 -n 40000 --warmup 15000 --warmup-seconds 8 --no-progress --out-dir "$out/$name-$r" \
      > "$out/$name-$r.log" 2>&1) || echo "   $name round $r failed: see $out/$name-$r.log"
  done
done
