#!/usr/bin/env bash
# gzip A/B: httpjson + fastjson2-text against dubbo + hessian2, echoList of 1, 16 and 256 KB, 16 callers, gzip on
# for every body; the variants' matrices in turns, ROUNDS times. Variants (VARIANTS, default below) are MODE:LEVEL:
# streams = the JDK's GZIPOutputStream / GZIPInputStream made for every body (as before), pool = zlib's state
# reused (as now); LEVEL is zlib's level. It needs the trial build that read them from -Dhttpjson.trial.gzip and
# -Dhttpjson.trial.gzip-level (main has neither).
#   ab.sh OUT ROUNDS [JAR]; then table.py OUT
set -uo pipefail
out=$1; rounds=$2
here=$(cd "$(dirname "$0")" && pwd)
jar=${3:-$here/../../../benchmark/target/httpjson-benchmark.jar}
mkdir -p $out
for r in $(seq 1 $rounds); do
  for v in ${VARIANTS:-streams:6 pool:6 pool:3 pool:1}; do
    mode=${v%%:*}; level=${v##*:}; name=$mode$level
    D="-Dhttpjson.trial.gzip=$mode -Dhttpjson.trial.gzip-level=$level"
    echo "== round $r $name $(date +%T)"
    for sz in "1,16 -n 20000 --warmup 4000" "256 -n 2000 --warmup 400"; do
      set -- $sz
      kb=$1; shift
      java -Xms2g -Xmx2g -XX:+UseG1GC $D -jar $jar matrix --call echoList --gzip-list on \
        --configs dubbo:hessian2,httpjson:fastjson2-text --concurrency-list 16 \
        --provider-jvm-args "-Xms2g -Xmx2g -XX:+UseG1GC $D" --payload-kb-list $kb "$@" \
        --repeat 1 --warmup-rounds 1 --no-progress --out-dir $out/$name-$r-${kb/,/-} > $out/$name-$r-${kb/,/-}.log 2>&1 && cp $out/$name-$r-${kb/,/-}/summary.csv $out/$name-$r-${kb/,/-}.csv || echo "failed $name $r $kb"
    done
  done
done
