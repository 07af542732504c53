#!/usr/bin/env bash
# CPU profiles of the client and the provider in the middle of one `load` run, and where the client's IO threads
# spend their wall-clock time: async-profiler (Maven Central's tools.profiler:async-profiler jar, fetched into
# ~/.m2 by Maven) attached to both JVMs with `jcmd JVMTI.agent_load`, 10 s from the 25th second.
#   scripts/profile-load.sh OUT PROTOCOL SERIALIZATION CALLERS DELAY_MS CALLS [CLIENT_JVM_FLAG...]
#   e.g. scripts/profile-load.sh /tmp/p httpjson fastjson2-text 2000 0 600000
# Writes OUT/NAME.txt (the load run's report), OUT/NAME-client.txt and OUT/NAME-provider.txt (collapsed CPU stacks),
# OUT/NAME-client-wall.txt (wall clock, one stack per thread), where NAME is PROTOCOL-CALLERS-DELAY_MS.
# PROFILES="cpu wall lock" chooses the runs (default "cpu wall"); lock writes OUT/NAME-client-lock.txt and
# OUT/NAME-provider-lock.txt: every contended lock, weighed by the nanoseconds waited (OUT/NAME-lock-run.txt).
# scripts/profile-split.py OUT/NAME-client.txt MICROS_PER_CALL splits a profile into parts per call.
# CALLS must keep the run going past the 35th second (at 20,000 calls/s: 600,000 or more).
# Needs perf events for kernel frames: `echo 1 > /proc/sys/kernel/perf_event_paranoid` (as root).
set -euo pipefail
out=$1; protocol=$2; serialization=$3; callers=$4; delay=$5; calls=$6; shift 6
here=$(cd "$(dirname "$0")/.." && pwd)
jar=$here/benchmark/target/httpjson-benchmark.jar
[[ -f $jar ]] || { echo "no $jar: build it (mvn -B -ntp -q install -DskipTests)" >&2; exit 2; }
version=4.0
lib_dir=$here/target/async-profiler-$version
lib=$lib_dir/linux-x64/libasyncProfiler.so
if [[ ! -f $lib ]]; then
  mvn -B -ntp -q dependency:copy -Dartifact=tools.profiler:async-profiler:$version -DoutputDirectory="$lib_dir"
  (cd "$lib_dir" && unzip -q -o "async-profiler-$version.jar" 'linux-x64/*')
fi
mkdir -p "$out"
name=$protocol-$callers-$delay
client_flags=("$@")
start() { jcmd "$1" JVMTI.agent_load "$lib" "\"start,$2,timeout=10,file=$3,collapsed\"" > /dev/null; }

# Starts a `load` run writing its report to $1, and waits until the client and its provider JVM are up and the
# run is 25 s old: sets load, client and provider.
run_load() {
  java -Xms2g -Xmx2g -XX:+UseG1GC "${client_flags[@]}" -jar "$jar" load --protocol "$protocol" \
    --serialization "$serialization" -c "$callers" --delay "$delay" -n "$calls" --warmup 20000 --warmup-seconds 10 \
    --server-threads $((callers + 100)) --no-progress > "$1" 2>&1 &
  load=$!
  trap 'kill $load 2>/dev/null || true' EXIT
  # the load client is the only JVM started with `load`; the provider is its child
  provider=
  for _ in $(seq 1 100); do
    client=$(pgrep -f "httpjson-benchmark.jar load" | head -1 || true)
    provider=$( [[ -n $client ]] && pgrep -P "$client" java | head -1 || true)
    [[ -n $provider ]] && break
    sleep 0.2
  done
  [[ -n $provider ]] || { echo "the load run did not start its provider: see $1" >&2; exit 1; }
  sleep 25
}

finish_load() {
  wait "$load"
  trap - EXIT
}

profiles=" ${PROFILES:-cpu wall} "
if [[ $profiles == *" cpu "* ]]; then
  run_load "$out/$name.txt"
  start "$client" "event=cpu,interval=1000000" "$out/$name-client.txt"
  start "$provider" "event=cpu,interval=1000000" "$out/$name-provider.txt"
  finish_load
  grep -E '^ *(throughput|client CPU|server CPU) ' "$out/$name.txt"
fi
# the wall-clock and lock profiles in runs of their own, so that they do not weigh on the CPU profiles
if [[ $profiles == *" wall "* ]]; then
  run_load "$out/$name-wall-run.txt"
  start "$client" "event=wall,interval=1000000,threads" "$out/$name-client-wall.txt"
  finish_load
fi
if [[ $profiles == *" lock "* ]]; then
  run_load "$out/$name-lock-run.txt"
  start "$client" "event=lock,lock=0,total" "$out/$name-client-lock.txt"
  start "$provider" "event=lock,lock=0,total" "$out/$name-provider-lock.txt"
  finish_load
  grep -E '^ *(throughput|client CPU|server CPU) ' "$out/$name-lock-run.txt"
fi
