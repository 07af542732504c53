#!/usr/bin/env bash
# httpjson.dispatch=jetty (the default) against =pool and dubbo + hessian2, 10 ms of server time, load runs in turns,
# 3 rounds; each run's report goes to OUT/CONFIG-CALLERS-ROUND.txt.
#   docs/benchmark-results/profiles-10ms-2026-11-26/dispatch-pool/run.sh OUT
set -euo pipefail
out=$(mkdir -p "${1:?usage: run.sh OUT}" && cd "$1" && pwd)
cd "$(dirname "$0")/../../../.."
load() {
  java -Xms2g -Xmx2g -XX:+UseG1GC -jar benchmark/target/httpjson-benchmark.jar load --delay 10 -n 20000 \
    --warmup 10000000 --warmup-seconds 12 --server-threads 1100 --no-progress "$@"
}
for round in 1 2 3; do
  for c in 100 500; do
    load --protocol dubbo --serialization hessian2 -c "$c" > "$out/dubbo-$c-$round.txt" 2>&1
    load --protocol httpjson --serialization fastjson2-text -c "$c" > "$out/jetty-$c-$round.txt" 2>&1
    load --protocol httpjson --serialization fastjson2-text -c "$c" \
      --provider-jvm-args "-Xms1g -Xmx1g -XX:+UseG1GC -Dbenchmark.httpjson.params=httpjson.dispatch=pool" \
      > "$out/pool-$c-$round.txt" 2>&1
  done
done
