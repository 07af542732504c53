#!/usr/bin/env bash
# The one array argument: counted first (as before) against read as the wrapped form first (the change);
# echoList with gzip off, 16 callers, the two ways' matrices in turns. Trial build: -Dhttpjson.trial.count-first.
#   ab.sh OUT ROUNDS [JAR]
set -uo pipefail
out=$1; rounds=$2
jar=${3:-$(cd "$(dirname "$0")" && pwd)/../../../benchmark/target/httpjson-benchmark.jar}
mkdir -p $out
for r in $(seq 1 $rounds); do
  for v in count read; do
    f=false; [ $v = count ] && f=true
    D="-Dhttpjson.trial.count-first=$f"
    echo "== round $r $v $(date +%T)"
    for sz in "1,16 -n 20000 --warmup 4000" "256 -n 2000 --warmup 400"; do
      set -- $sz
      kb=$1; shift
      n=$v-$r-${kb/,/-}
      java -Xms2g -Xmx2g -XX:+UseG1GC -jar $jar matrix --call echoList --gzip-list off \
        --configs dubbo:hessian2,httpjson:fastjson2-text,httpjson:gson-text --concurrency-list 16 \
        --provider-jvm-args "-Xms2g -Xmx2g -XX:+UseG1GC $D" --payload-kb-list $kb "$@" \
        --repeat 1 --warmup-rounds 1 --no-progress --out-dir $out/$n > $out/$n.log 2>&1 && cp $out/$n/summary.csv $out/$n.csv || echo "failed $n"
    done
  done
done
