#!/usr/bin/env bash
# The main job, self-contained on 127.0.0.1: build and install every module, run the demo consumer
# against an embedded provider over httpjson and over dubbo, then a side-by-side benchmark matrix.
# Needs only JDK 17, Maven and Maven Central.  Quick look: QUICK=1 ./run.sh
set -euo pipefail
cd "$(dirname "$0")"

echo "== build (mvn install, tests skipped: run 'mvn -B -ntp verify' for those)"
mvn -B -ntp -q install -DskipTests

echo "== demo: consumer -> embedded provider over httpjson"
java -jar demo-consumer/target/demo-consumer-0.1.0-SNAPSHOT.jar --protocol httpjson --embedded-provider
echo "== demo: consumer -> embedded provider over dubbo"
java -jar demo-consumer/target/demo-consumer-0.1.0-SNAPSHOT.jar --protocol dubbo --embedded-provider

out=target/benchmark-results
mkdir -p "$out"
if [ "${QUICK:-0}" = 1 ]; then
  n=20000; warmup=10000; repeat=1
else
  n=200000; warmup=30000; repeat=3
fi
echo "== benchmark: echo of the 581-byte BenchmarkMessage, provider in its own JVM, results in $out"
java -jar benchmark/target/httpjson-benchmark.jar matrix \
  --configs=dubbo:hessian2,httpjson:fastjson2-text,httpjson:gson-text,tri:hessian2 \
  --concurrency-list=100 --repeat="$repeat" -n "$n" --warmup "$warmup" --out-dir="$out"
