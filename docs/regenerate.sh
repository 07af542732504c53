#!/usr/bin/env bash
# Regenerates the generated tables in docs/ on purpose, from a test run:
#   sizes        docs/serialization-sizes.md and docs/serialization-sizes-benchmark.md (under a minute)
#   reliability  the generated figures at the end of docs/reliability.md (about 5 minutes on 2 cores)
#   all          both (the default)
# Extra arguments go to Maven, e.g. `docs/regenerate.sh sizes -o`.
# An ordinary test run writes the same tables only under each module's target/figures/ and leaves docs/ alone;
# this script runs the tests with -Dhttpjson.update-docs=true, which makes them write into docs/ as well.
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
[ $# -gt 0 ] && shift
sizes_modules=dubbo-fastjson-serialization,benchmark
sizes_tests=SerializationSizesTest,SizesDocTest
reliability_modules=dubbo-http-json-protocol
reliability_tests='io.httpjson.protocol.reliability.*Test'
case "$what" in
  sizes) modules=$sizes_modules; tests=$sizes_tests ;;
  reliability) modules=$reliability_modules; tests=$reliability_tests ;;
  all) modules=$sizes_modules,$reliability_modules; tests=$sizes_tests,$reliability_tests ;;
  *) echo "docs/regenerate.sh: what: $what (expected: sizes, reliability or all)" >&2; exit 2 ;;
esac
exec mvn -B -ntp test -pl "$modules" -am -Dtest="$tests" -Dsurefire.failIfNoSpecifiedTests=false \
    -Dhttpjson.update-docs=true "$@"
