#!/usr/bin/env bash
# Regenerates the generated tables in docs/ on purpose, from a test run:
#   sizes        docs/serialization-sizes.md and docs/serialization-sizes-benchmark.md (under a minute)
#   reliability  the generated figures at the end of docs/reliability.md (about 5 minutes on 2 cores)
#   all          both (the default)
# Extra arguments go to Maven, e.g. `docs/regenerate.sh sizes -q`.
# Tests write their tables only under each module's target/figures/; this script runs them and then copies
# those tables into docs/ (for reliability.md, in place of the block between the GENERATED FIGURES markers).
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
mvn -B -ntp test -pl "$modules" -am -Dtest="$tests" -Dsurefire.failIfNoSpecifiedTests=false "$@"

if [ "$what" != reliability ]; then
  cp dubbo-fastjson-serialization/target/figures/serialization-sizes.md docs/serialization-sizes.md
  cp benchmark/target/figures/serialization-sizes-benchmark.md docs/serialization-sizes-benchmark.md
  echo "docs/regenerate.sh: wrote docs/serialization-sizes.md and docs/serialization-sizes-benchmark.md"
fi
if [ "$what" != sizes ]; then
  block=dubbo-http-json-protocol/target/figures/reliability.md
  doc=docs/reliability.md
  # the hand-written part of the doc (up to the BEGIN marker), then the block this run generated
  tmp=$(mktemp)
  sed '/^<!-- BEGIN GENERATED FIGURES/,$d' "$doc" > "$tmp"
  cat "$block" >> "$tmp"
  mv "$tmp" "$doc"
  echo "docs/regenerate.sh: wrote the generated figures of $doc"
fi
