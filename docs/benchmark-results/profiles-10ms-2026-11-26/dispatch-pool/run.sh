#!/usr/bin/env bash
# dispatch=jetty (default) vs dispatch=pool vs dubbo, 10 ms server time, interleaved load runs
cd /work/main
J="java -Xms2g -Xmx2g -XX:+UseG1GC -jar benchmark/target/httpjson-benchmark.jar load --delay 10 -n 20000 --warmup 10000000 --warmup-seconds 12 --server-threads 1100 --no-progress"
for round in 1 2 3; do
  for c in 100 500; do
    $J --protocol dubbo --serialization hessian2 -c $c > OUT/dubbo-$c-$round.txt 2>&1
    $J --protocol httpjson --serialization fastjson2-text -c $c > OUT/jetty-$c-$round.txt 2>&1
    $J --protocol httpjson --serialization fastjson2-text -c $c --provider-jvm-args "-Xms1g -Xmx1g -XX:+UseG1GC -Dbenchmark.httpjson.params=httpjson.dispatch=pool" > OUT/pool-$c-$round.txt 2>&1
  done
done
echo done
