#!/usr/bin/env bash
# Small-body gzip A/B: httpjson + fastjson2-text against dubbo + hessian2, echoList of 1 and 4 KB, 16 callers, gzip
# on for every body; the variants' matrices in turns, ROUNDS times: fixed = FixedDeflate up to 8 KB (as now), zlib =
# zlib at level 1 for every body (as before). It needs the trial build that read -Dhttpjson.trial.gzip-small (main
# has no such key).
#   ab.sh OUT ROUNDS JAR; then table.py OUT
set -uo pipefail
out=$1; rounds=$2; jar=$3
mkdir -p $out
for r in $(seq 1 $rounds); do
  for v in ${VARIANTS:-zlib fixed}; do
    [ $v = fixed ] && D="-Dhttpjson.trial.gzip-small=true" || D="-Dhttpjson.trial.gzip-small=false"
    echo "== round $r $v $(date +%T)"
    name=$v-$r
    java -Xms2g -Xmx2g -XX:+UseG1GC $D -jar $jar matrix --call echoList --gzip-list on \
      --configs dubbo:hessian2,httpjson:fastjson2-text --concurrency-list 16 \
      --provider-jvm-args "-Xms2g -Xmx2g -XX:+UseG1GC $D" --payload-kb-list 1,4 -n 20000 --warmup 4000 \
      --repeat 1 --warmup-rounds 1 --no-progress --out-dir $out/$name > $out/$name.log 2>&1 && cp $out/$name/summary.csv $out/$name.csv || echo "failed $name"
  done
done
