#!/usr/bin/env bash
# The pool taken last-in first-out (the state used last, warm in the caches) against first-in first-out, as now:
# a trial build that read -Dhttpjson.trial.gzip-fifo (main has no such key).   ab.sh OUT ROUNDS; ../table.py OUT
set -uo pipefail
out=$1; rounds=$2
jar=${3:-$(cd "$(dirname "$0")" && pwd)/../../../../benchmark/target/httpjson-benchmark.jar}
mkdir -p $out
for r in $(seq 1 $rounds); do
  for v in fifo lifo; do
    f=false; [ $v = fifo ] && f=true
    D="-Dhttpjson.trial.gzip-fifo=$f"
    echo "== round $r $v $(date +%T)"
    for sz in "1,16 -n 20000 --warmup 4000" "256 -n 2000 --warmup 400"; do
      set -- $sz
      kb=$1; shift
      n=$v-$r-${kb/,/-}
      java -Xms2g -Xmx2g -XX:+UseG1GC $D -jar $jar matrix --call echoList --gzip-list on \
        --configs dubbo:hessian2,httpjson:fastjson2-text --concurrency-list 16 \
        --provider-jvm-args "-Xms2g -Xmx2g -XX:+UseG1GC $D" --payload-kb-list $kb "$@" \
        --repeat 1 --warmup-rounds 1 --no-progress --out-dir $out/$n > $out/$n.log 2>&1 && cp $out/$n/summary.csv $out/$n.csv || echo "failed $n"
    done
  done
done
