#!/usr/bin/env bash
# wrk (an HTTP load generator nobody here wrote) against the benchmark provider's httpjson port and against
# Triple's HTTP/1 JSON mode on its tri port: the same POST, the same JSON body (the rpcx-benchmark message of the
# echo call, echo-body.json), the same connections and duration. Prints requests/s of each and their ratio.
#
#   benchmark/wrk/run.sh [-d 20s] [-w 3s] [-c 100] [-t 2] [--pin] [--jar benchmark/target/httpjson-benchmark.jar]
#   (-d: measured time of each, -w: unreported warm-up of each, -c: connections, -t: wrk threads, --pin: the
#   provider on the last CPU and wrk on the others, with taskset, so that wrk takes no CPU from the provider)
#
# Needs the benchmark jar (mvn -B -ntp -pl benchmark -am package -DskipTests), curl and wrk; installs wrk with
# apt-get when it is missing and this runs as root on Debian or Ubuntu. Everything binds and calls 127.0.0.1.
# The provider's JVM flags: PROVIDER_JVM_ARGS (default -Xms1g -Xmx1g -XX:+UseG1GC, as the load client's).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
duration=20s
warmup=3s
connections=100
threads=2
pin=false
jar="$here/../target/httpjson-benchmark.jar"

usage() {
    sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
    exit 2
}
while [ $# -gt 0 ]; do
    case "$1" in
        -d) duration="${2:?-d needs a duration, e.g. 20s}"; shift 2 ;;
        -w) warmup="${2:?-w needs a duration, e.g. 3s}"; shift 2 ;;
        -c) connections="${2:?-c needs a number of connections}"; shift 2 ;;
        -t) threads="${2:?-t needs a number of threads}"; shift 2 ;;
        --pin) pin=true; shift ;;
        --jar) jar="${2:?--jar needs a path}"; shift 2 ;;
        -h|--help) usage ;;
        *) echo "run.sh: unknown argument '$1'" >&2; usage ;;
    esac
done
[[ "$duration" =~ ^[0-9]+[smh]?$ ]] || { echo "run.sh: -d $duration (expected: e.g. 20s, 3s, 1m)" >&2; exit 2; }
[[ "$warmup" =~ ^[0-9]+[smh]?$ ]] || { echo "run.sh: -w $warmup (expected: e.g. 3s, 10s)" >&2; exit 2; }
[[ "$connections" =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: -c $connections (expected: a positive number)" >&2; exit 2; }
[[ "$threads" =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: -t $threads (expected: a positive number)" >&2; exit 2; }
if [ "$threads" -gt "$connections" ]; then
    threads="$connections"
fi

if [ ! -f "$jar" ]; then
    echo "run.sh: no benchmark jar at $jar; build it: mvn -B -ntp -pl benchmark -am package -DskipTests" >&2
    exit 2
fi
if ! command -v wrk >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "wrk is missing: apt-get install -y wrk" >&2
        apt-get install -y wrk >&2 || { apt-get update >&2 && apt-get install -y wrk >&2; }
    fi
    command -v wrk >/dev/null 2>&1 || {
        echo "run.sh: wrk is missing; install it (Debian/Ubuntu: sudo apt-get install -y wrk)" >&2
        exit 2
    }
fi
provider_cpus=()
wrk_cpus=()
if [ "$pin" = true ]; then
    cpus="$(nproc)"
    [ "$cpus" -ge 2 ] || { echo "run.sh: --pin needs at least 2 CPUs (this machine has $cpus)" >&2; exit 2; }
    command -v taskset >/dev/null 2>&1 || { echo "run.sh: --pin needs taskset (sudo apt-get install -y util-linux)" >&2; exit 2; }
    provider_cpus=(taskset -c "$((cpus - 1))")
    wrk_cpus=(taskset -c "0-$((cpus - 2))")
    echo "pinned: the provider on CPU $((cpus - 1)), wrk on CPU 0-$((cpus - 2))"
fi
command -v curl >/dev/null 2>&1 || { echo "run.sh: curl is missing (sudo apt-get install -y curl)" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/httpjson-wrk.XXXXXX")"
provider_pid=""
cleanup() {
    exec 3>&- 2>/dev/null || true # the provider's lifeline: EOF on its stdin stops it
    if [ -n "$provider_pid" ]; then
        timeout 15 tail --pid="$provider_pid" -f /dev/null || kill "$provider_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# The provider in its own JVM, as the benchmark's load client starts it; stdin is a pipe this script holds open.
mkfifo "$work/lifeline"
# shellcheck disable=SC2086 # the flags are words
"${provider_cpus[@]}" java ${PROVIDER_JVM_ARGS:--Xms1g -Xmx1g -XX:+UseG1GC} -Djava.net.preferIPv4Stack=true -jar "$jar" provider \
    --export httpjson:fastjson2-text:0,tri:hessian2:0 --exit-on-stdin-eof \
    <"$work/lifeline" >"$work/provider.out" 2>"$work/provider.log" &
provider_pid=$!
exec 3>"$work/lifeline"
if ! ready="$(timeout 120 grep -m1 'HTTPJSON-BENCHMARK-PROVIDER READY' <(tail -n +1 -f "$work/provider.out"))"; then
    echo "run.sh: the provider did not start within 120 s; its log:" >&2
    tail -n 40 "$work/provider.log" >&2
    exit 1
fi
port_of() { sed -n "s/.* $1=127\.0\.0\.1:\([0-9]*\).*/\1/p" <<<"$ready"; }
httpjson_port="$(port_of httpjson)"
tri_port="$(port_of tri)"
echo "provider: pid $provider_pid, httpjson 127.0.0.1:$httpjson_port, tri 127.0.0.1:$tri_port"

path=/io.httpjson.benchmark.service.BenchmarkService/echo
body="$here/echo-body.json"

# One curl each first: 200 and a valid reply (the server sets field1 = "OK" and field2 = 100).
check() { # name port group
    local code
    code="$(curl -s -o "$work/$1.reply" -w '%{http_code}' --max-time 30 -H 'Content-Type: application/json' \
        -H "tri-service-group: $3" --data-binary "@$body" "http://127.0.0.1:$2$path")"
    if [ "$code" != 200 ] || ! grep -q '"field1":"OK"' "$work/$1.reply" || ! grep -q '"field2":100[,}]' "$work/$1.reply"; then
        echo "run.sh: $1 answered HTTP $code, not a valid echo reply: $(head -c 300 "$work/$1.reply")" >&2
        exit 1
    fi
    echo "$1: curl check passed (HTTP 200, field1 OK, field2 100, $(wc -c <"$work/$1.reply") bytes)"
}
check httpjson "$httpjson_port" httpjson-fastjson2-text-0ms
check tri "$tri_port" tri-hessian2-0ms

# wrk -d $duration each, after an unreported warm-up of each (-w, for the JIT), one after the other.
declare -A rps notes
run_wrk() { # name port group seconds-or-duration report?
    local out
    out="$(WRK_BODY="$body" WRK_GROUP="$3" "${wrk_cpus[@]}" wrk -t "$threads" -c "$connections" -d "$4" --latency \
        -s "$here/post.lua" "http://127.0.0.1:$2$path")"
    if [ "$5" = report ]; then
        echo
        echo "== $1 (wrk -t $threads -c $connections -d $4)"
        echo "$out"
        if grep -q 'Non-2xx or 3xx responses' <<<"$out"; then
            echo "run.sh: $1 answered with errors (see above)" >&2
            exit 1
        fi
        # connections the server reset or closed count here; the answers wrk got were all 2xx
        notes[$1]="$(sed -n 's/^ *Socket errors: \(.*\)/ (socket errors: \1)/p' <<<"$out")"
        rps[$1]="$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")"
    fi
}
run_wrk httpjson "$httpjson_port" httpjson-fastjson2-text-0ms "$warmup" warmup
run_wrk tri "$tri_port" tri-hessian2-0ms "$warmup" warmup
run_wrk httpjson "$httpjson_port" httpjson-fastjson2-text-0ms "$duration" report
run_wrk tri "$tri_port" tri-hessian2-0ms "$duration" report

echo
printf 'requests/s  httpjson %s  tri %s  httpjson/tri %s\n' "${rps[httpjson]}" "${rps[tri]}" \
    "$(awk -v a="${rps[httpjson]}" -v b="${rps[tri]}" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
for name in httpjson tri; do
    if [ -n "${notes[$name]}" ]; then
        echo "note: $name${notes[$name]}: wrk lost connections (reset or closed by the server) and reconnected"
    fi
done
