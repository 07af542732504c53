#!/usr/bin/env bash
# Runs the real Nacos server of the tests in the foreground on 127.0.0.1 (Ctrl-C stops it).
# Build first: mvn -B -ntp -q -pl nacos-test-server package
# Usage: nacos-test-server/nacos.sh [BASE_PORT=8848] [WORK_DIR=nacos-test-server/target/nacos-run]
# Ports: BASE (HTTP), BASE+1000 (client gRPC), BASE+1001 (cluster gRPC), BASE-1000 (Raft).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
port="${1:-8848}"
work="$(mkdir -p "${2:-$here/target/nacos-run}" && cd "${2:-$here/target/nacos-run}" && pwd)"
classes="$here/target/classes"
cpfile="$classes/META-INF/nacos-test-server/classpath.txt"
[ -f "$cpfile" ] || { echo "build it first: mvn -B -ntp -q -pl nacos-test-server package" >&2; exit 2; }
cd "$work"
exec java -Xms256m -Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.net.preferIPv4Stack=true \
  -Dnacos.standalone=true -Dnacos.home="$work" -Dnacos.logs.path="$work/logs" -Duser.home="$work" \
  -Dderby.stream.error.file="$work/derby.log" -Dnacos.server.main.port="$port" \
  -Dserver.address=127.0.0.1 -Dnacos.server.ip=127.0.0.1 -Dnacos.remote.grpc.listen.ip=127.0.0.1 \
  -cp "$classes:$(cat "$cpfile")" io.httpjson.nacos.server.NacosTestServerMain
