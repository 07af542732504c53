#!/usr/bin/env bash
# The measurements behind docs/benchmarks.md, in one go, on 127.0.0.1 (about an hour on 2 cores):
#   concurrency  echo at 100, 500, 1000 and 2000 callers: dubbo + hessian2, httpjson + fastjson2-text and gson-text,
#                gRPC-java + protobuf
#   payload      echoList of 1 KB, 16 KB, 256 KB and 1 MB lists of users, httpjson's gzip off and on
#   delay        echo with 0, 10 and 30 ms of server time at 100, 500 and 1000 callers, with gRPC-java as the
#                multiplexed HTTP/2 reference
#   wrk          wrk against httpjson's and Triple's HTTP/1 JSON endpoints, 3 rounds sharing the CPUs and 3 with
#                the provider and wrk on CPUs of their own (--pin), in turns (skipped if wrk is missing)
# Every matrix is interleaved and repeated 3 times; ratios are to dubbo + hessian2 of the same run.
# A part whose calls fail (any error counted in a matrix) does not stop the parts after it: the report is still
# written, with the errors in its tables, and the script then exits 1 naming the parts.
# Then scripts/benchmark-report.py writes the tables that docs/benchmarks.md shows to OUT/report.md and its
# SVG charts to OUT/charts.
#
#   scripts/benchmark-report.sh [OUT]        OUT defaults to target/benchmark-report
#   PARTS="concurrency delay" scripts/benchmark-report.sh OUT    runs only those parts
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-target/benchmark-report}
PARTS=${PARTS:-concurrency payload delay wrk}
JAR=benchmark/target/httpjson-benchmark.jar
[[ -f $JAR ]] || mvn -B -ntp -q -pl benchmark -am package -DskipTests
mkdir -p "$OUT"
bench() { java -Xms2g -Xmx2g -XX:+UseG1GC -jar "$JAR" "$@"; }
COMMON=(--repeat 3 --warmup-rounds 1 --no-progress)
failed=

for part in $PARTS; do
  case $part in
    concurrency)
      # 2000 callers need 2000 provider threads: Dubbo's fixed pool refuses calls beyond its size.
      bench matrix --configs dubbo:hessian2,httpjson:fastjson2-text,httpjson:gson-text,grpc:protobuf \
        --concurrency-list 100,500,1000,2000 --server-threads 2100 -n 40000 --warmup 15000 --warmup-seconds 8 \
        "${COMMON[@]}" --out-dir "$OUT/concurrency" | tee "$OUT/concurrency.txt" || failed+=" concurrency" ;;
    payload)
      P=(--call echoList --gzip-list off,on --configs dubbo:hessian2,httpjson:fastjson2-text,httpjson:gson-text
         --concurrency-list 16 --provider-jvm-args "-Xms2g -Xmx2g -XX:+UseG1GC")
      bench matrix "${P[@]}" --payload-kb-list 1,16 -n 20000 --warmup 4000 "${COMMON[@]}" \
        --out-dir "$OUT/payload-small" | tee "$OUT/payload-small.txt" || failed+=" payload-small"
      bench matrix "${P[@]}" --payload-kb-list 256 -n 2000 --warmup 400 "${COMMON[@]}" \
        --out-dir "$OUT/payload-256k" | tee "$OUT/payload-256k.txt" || failed+=" payload-256k"
      bench matrix "${P[@]}" --payload-kb-list 1024 -n 500 --warmup 100 "${COMMON[@]}" \
        --out-dir "$OUT/payload-1m" | tee "$OUT/payload-1m.txt" || failed+=" payload-1m" ;;
    delay)
      # 12 s of warm-up per cell, however many calls: httpjson's pool finds how many connections pay meanwhile
      bench matrix --configs dubbo:hessian2,httpjson:fastjson2-text,httpjson:gson-text,grpc:protobuf --delays 0,10,30 \
        --concurrency-list 100,500,1000 --server-threads 1100 -n 20000 --warmup 10000000 --warmup-seconds 12 \
        "${COMMON[@]}" --out-dir "$OUT/delay" | tee "$OUT/delay.txt" || failed+=" delay" ;;
    wrk)
      if command -v wrk >/dev/null || [[ $(id -u) == 0 ]]; then
        # in turns: sharing the cores, then the provider and wrk each on CPUs of their own
        for round in 1 2 3; do
          benchmark/wrk/run.sh -d 20s -w 20s -c 100 -t 2 | tee "$OUT/wrk-$round.txt"
          benchmark/wrk/run.sh -d 20s -w 20s -c 100 -t 2 --pin | tee "$OUT/wrk-pinned-$round.txt"
        done
      else
        echo "wrk: skipped (install it: sudo apt-get install -y wrk)" | tee "$OUT/wrk.txt"
      fi ;;
    *) echo "unknown part: $part (expected: concurrency payload delay wrk)" >&2; exit 2 ;;
  esac
done
python3 scripts/benchmark-report.py "$OUT" --charts "$OUT/charts" | tee "$OUT/report.md"
echo "Tables: $OUT/report.md; charts: $OUT/charts"
if [[ -n $failed ]]; then
  echo "calls failed in:$failed (see the errors column and $OUT/*.txt)" >&2
  exit 1
fi
