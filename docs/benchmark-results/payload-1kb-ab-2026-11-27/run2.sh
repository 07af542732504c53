#!/usr/bin/env bash
# payload 1 KB and 16 KB, dubbo + hessian2 against httpjson + fastjson2-text gzip off, builds in turns
cd /tmp/ab
for r in 4 5 6 7 8; do
  for d in /tmp/ab/b96cd5ed /work/main; do
    n=$(basename $d)-$r
    (cd $d && java -Xms2g -Xmx2g -XX:+UseG1GC -jar benchmark/target/httpjson-benchmark.jar matrix --call echoList \
      --gzip-list off --configs dubbo:hessian2,httpjson:fastjson2-text --concurrency-list 16 \
      --provider-jvm-args "-Xms2g -Xmx2g -XX:+UseG1GC" --payload-kb-list 1 -n 60000 --warmup 10000 \
      --repeat 1 --warmup-rounds 1 --no-progress --out-dir /tmp/ab/$n > /tmp/ab/$n.txt 2>&1)
  done
done
touch /tmp/ab/done2
