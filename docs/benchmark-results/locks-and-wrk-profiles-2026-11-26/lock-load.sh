#!/usr/bin/env bash
# Lock profiles of the client and the provider in the middle of one `load` run (echo): async-profiler in lock mode,
# every contended lock weighed by the time waited, 10 s from the 25th second. Needs the benchmark jar and the
# profiler that scripts/profile-load.sh fetches into target/async-profiler-4.0.
#   lock-load.sh OUT PROTOCOL SERIALIZATION CALLERS CALLS
#   e.g. lock-load.sh /tmp/l httpjson fastjson2-text 2000 700000; then split.py --lock /tmp/l/httpjson-2000-client-lock.txt
set -euo pipefail
out=$1; protocol=$2; ser=$3; callers=$4; calls=$5
here=$(cd "$(dirname "$0")/../../.." && pwd)
jar=$here/benchmark/target/httpjson-benchmark.jar
lib=$here/target/async-profiler-4.0/linux-x64/libasyncProfiler.so
[[ -f $lib ]] || { echo "no $lib: run scripts/profile-load.sh once to fetch it" >&2; exit 2; }
mkdir -p "$out"
java -Xms2g -Xmx2g -XX:+UseG1GC -jar "$jar" load --protocol "$protocol" --serialization "$ser" -c "$callers" \
  --delay 0 -n "$calls" --warmup 20000 --warmup-seconds 10 --server-threads $((callers + 100)) --no-progress \
  > "$out/$protocol-$callers.txt" 2>&1 &
load=$!
for _ in $(seq 1 100); do
  client=$(pgrep -f "httpjson-benchmark.jar load" | head -1 || true)
  provider=$( [[ -n $client ]] && pgrep -P "$client" java | head -1 || true)
  [[ -n $provider ]] && break
  sleep 0.2
done
[[ -n $provider ]] || { echo "the load run did not start its provider: see $out/$protocol-$callers.txt" >&2; exit 1; }
sleep 25
for side in client provider; do
  pid=${!side}
  jcmd "$pid" JVMTI.agent_load "$lib" \
    "\"start,event=lock,lock=0,total,timeout=10,file=$out/$protocol-$callers-$side-lock.txt,collapsed\"" > /dev/null
done
wait "$load"
