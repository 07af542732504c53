#!/usr/bin/env bash
# Interleaved A/B of builds just after start: how many calls each build's fresh client and provider make in their
# first 10 seconds (the warm-up, all of it, reported as "warm-up N calls"), then 100,000 measured calls. Echo of the
# benchmark message over httpjson + fastjson2-text, 500 and 2,000 callers, the builds taken in turns, ROUNDS times.
#   scripts/ab-warmup.sh OUT ROUNDS CHECKOUT...
# Each CHECKOUT is a checkout whose benchmark jar is built (see scripts/ab-matrix.sh). One line per run in
# OUT/warmup.txt: build, callers, round, warm-up calls, measured calls/s, client and provider CPU µs per call.
set -euo pipefail
out=$1; rounds=$2; shift 2
mkdir -p "$out"
for r in $(seq 1 "$rounds"); do
  for d in "$@"; do
    for c in 500 2000; do
      name=$(basename "$d")
      line=$(cd "$d" && java -Xms2g -Xmx2g -XX:+UseG1GC -jar benchmark/target/httpjson-benchmark.jar load -c "$c" \
        -n 100000 --warmup 10000000 --warmup-seconds 10 --server-threads 2100 --no-progress 2>&1 |
        grep -E '^ *(warm-up|throughput|client CPU|server CPU) ' | awk '{print $2, $3}' | tr '\n' ' ')
      echo "$name c=$c r=$r: $line" | tee -a "$out/warmup.txt"
    done
  done
done
