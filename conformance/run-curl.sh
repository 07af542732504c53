#!/usr/bin/env bash
# httpjson conformance kit, curl runner: curl makes every request, jq reads the cases and compares the answers.
#
# usage: conformance/run-curl.sh [BASE_URL] [CASES_JSON]
# BASE_URL defaults to $HTTPJSON_URL, then http://127.0.0.1:18080; CASES_JSON to cases.json beside this script.
# Prints one line per failed case, then "N passed, M failed"; exits 1 if any case failed, 2 if a tool is missing
# or the cases cannot be read.
#
# jq 1.6 reads every number as a double (9007199254740993 becomes 9007199254740992), so integers of 16 digits or
# more are turned into strings "@num:DIGITS" (by awk, outside JSON strings) before jq sees the cases or an answer,
# and back into numbers in request bodies: longs beyond 2^53 are compared digit by digit.
set -u

for tool in curl jq gzip awk; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "run-curl.sh needs $tool (Debian/Ubuntu: sudo apt-get install -y $tool)" >&2
    exit 2
  fi
done

here=$(cd "$(dirname "$0")" && pwd)
base=${1:-${HTTPJSON_URL:-http://127.0.0.1:18080}}
base=${base%/}
cases_file=${2:-$here/cases.json}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Quotes integers of 16 or more digits that stand outside JSON strings: 123...9 -> "@num:123...9".
bignums() {
  awk '
    BEGIN { instr = 0; esc = 0 }
    $0 !~ /[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]/ { print; next }
    {
      line = $0; out = ""; n = length(line); i = 1
      while (i <= n) {
        c = substr(line, i, 1)
        if (instr) {
          out = out c
          if (esc) esc = 0; else if (c == "\\") esc = 1; else if (c == "\"") instr = 0
          i++
        } else if (c == "\"") {
          instr = 1; out = out c; i++
        } else if (c ~ /[-0-9]/) {
          j = i + 1
          while (j <= n && substr(line, j, 1) ~ /[0-9.eE+-]/) j++
          num = substr(line, i, j - i)
          if (num ~ /^-?[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]+$/) {
            out = out "\"@num:" num "\""
          } else {
            out = out num
          }
          i = j
        } else {
          out = out c; i++
        }
      }
      print out
    }'
}

# mismatch(want; got; where): nothing if got matches want (docs/conformance.md, "Matching"), else what differs.
read -r -d '' compare <<'JQ'
def show: tojson | if length > 200 then .[:200] + "..." else . end;
def only($k): type == "object" and keys == [$k];
def mismatch($want; $got; $where):
  if ($want | only("$regex")) then
    if ($got | type) == "string" and ($got | test($want["$regex"])) then empty
    else "\($where): \($got | show) does not match /\($want["$regex"])/" end
  elif ($want | type) == "object" then
    if ($got | type) != "object" then "\($where): \($got | show), expected an object"
    else [ $want | to_entries[] | . as $e
           | if ($e.value | only("$absent")) then
               (if ($got | has($e.key)) then "\($where).\($e.key): \($got[$e.key] | show), expected no such key"
                else empty end)
             elif ($got | has($e.key)) then mismatch($e.value; $got[$e.key]; "\($where).\($e.key)")
             else "\($where).\($e.key) missing" end ] | .[0] // empty
    end
  elif ($want | type) == "array" then
    if ($got | type) != "array" or ($got | length) != ($want | length) then
      "\($where): \($got | show), expected \($want | length) elements"
    else [ range(0; $want | length) as $i | mismatch($want[$i]; $got[$i]; "\($where)[\($i)]") ] | .[0] // empty
    end
  elif ($want | type) == ($got | type) and $want == $got then empty
  else "\($where): \($got | show), expected \($want | show)" end;
if ($got | length) != 1 then error("not one JSON value") else mismatch($want; $got[0]; "$") end
JQ

short() { head -c 200 "$1" | tr '\n' ' '; [ "$(wc -c <"$1")" -gt 200 ] && printf '...'; }
unmark() { sed -E 's/"@num:(-?[0-9]+)"/\1/g'; }

# the value of a response header, several joined by ", " (curl -D writes "Name: value\r")
header() {
  awk -v name="$1" '
    BEGIN { name = tolower(name); found = 0 }
    {
      sub(/\r$/, "")
      p = index($0, ":")
      if (p > 0 && tolower(substr($0, 1, p - 1)) == name) {
        v = substr($0, p + 1); sub(/^[ \t]+/, "", v); sub(/[ \t]+$/, "", v)
        out = found ? out ", " v : v; found = 1
      }
    }
    END { if (found) print out; else exit 1 }' "$work/headers"
}

run_case() {
  local c=$1 method path gz want_status body_kind request_body hdrs want_names want_kinds want_values
  local expect_kind want_text want_body
  eval "$(jq -r '
    def kind: if type == "object" then "regex" elif . == null then "absent" else "exact" end;
    (.expect.headers // {} | to_entries) as $wh
    | @sh "method=\(.request.method) path=\(.request.path) gz=\(.request.gzip // false) want_status=\(.expect.status)",
      @sh "hdrs=(\([(.request.headers // {}) | to_entries[] | "\(.key): \(.value)"]))",
      @sh "body_kind=\(if (.request | has("bodyText")) then "text" elif (.request | has("body")) then "json" else "none" end)",
      @sh "request_body=\(.request.bodyText // (.request.body | tojson))",
      @sh "want_names=(\([$wh[] | .key])) want_kinds=(\([$wh[] | .value | kind]))",
      @sh "want_values=(\([$wh[] | .value | if type == "object" then .["$regex"] else (. // "") end]))",
      @sh "expect_kind=\(if (.expect | has("bodyText")) then "text" elif (.expect | has("body")) then "json" else "none" end)",
      @sh "want_text=\(.expect.bodyText // "") want_body=\(.expect.body | tojson)"' <<<"$c")"
  local args=(-s -S -o "$work/body" -D "$work/headers" -w '%{http_code}' --max-time 30 -X "$method" -H 'Expect:')
  local h
  for h in "${hdrs[@]}"; do args+=(-H "$h"); done
  if [ "$body_kind" != none ]; then
    if [ "$body_kind" = json ]; then
      printf '%s' "$request_body" | unmark >"$work/request"
    else
      printf '%s' "$request_body" >"$work/request"
    fi
    if [ "$gz" = true ]; then gzip -c -n "$work/request" >"$work/request.gz" && mv "$work/request.gz" "$work/request"; fi
    args+=(--data-binary "@$work/request")
  fi
  local status
  if ! status=$(curl "${args[@]}" "$base$path" 2>"$work/curl-error"); then
    echo "curl: $(cat "$work/curl-error")"
    return
  fi
  if [ "$(header Content-Encoding | tr 'A-Z' 'a-z')" = gzip ]; then
    if ! gzip -dc "$work/body" >"$work/body.plain"; then echo "gunzip failed"; return; fi
    mv "$work/body.plain" "$work/body"
  fi

  if [ "$status" != "$want_status" ]; then
    echo "status $status, expected $want_status; body $(short "$work/body")"
    return
  fi
  local i got name
  for i in "${!want_names[@]}"; do
    name=${want_names[$i]}
    if ! got=$(header "$name"); then
      [ "${want_kinds[$i]}" = absent ] || echo "header $name missing, expected ${want_values[$i]}"
      [ "${want_kinds[$i]}" = absent ] || return
      continue
    fi
    case ${want_kinds[$i]} in
      absent) echo "header $name: \"$got\", expected none"; return ;;
      exact)
        if [ "$got" != "${want_values[$i]}" ]; then echo "header $name: \"$got\", expected \"${want_values[$i]}\""; return; fi ;;
      regex)
        if ! jq -e -n --arg got "$got" --arg re "${want_values[$i]}" '$got | test($re)' >/dev/null; then
          echo "header $name: \"$got\" does not match /${want_values[$i]}/"
          return
        fi ;;
    esac
  done

  if [ "$expect_kind" = text ]; then
    printf '%s' "$want_text" >"$work/want"
    if ! cmp -s "$work/want" "$work/body"; then
      echo "body $(short "$work/body"), expected $(jq -n -c --arg t "$want_text" '$t')"
    fi
  elif [ "$expect_kind" = json ]; then
    local problem
    if ! bignums <"$work/body" >"$work/body.marked" \
      || ! problem=$(jq -r -n --argjson want "$want_body" --slurpfile got "$work/body.marked" "$compare" 2>&1); then
      echo "body is not JSON: $(short "$work/body")"
      return
    fi
    problem=$(head -n 1 <<<"$problem")
    if [ -n "$problem" ]; then
      echo "$(unmark <<<"$problem"); body $(short "$work/body")"
    fi
  fi
}

if ! jq -e '.cases | type == "array"' "$cases_file" >/dev/null 2>&1; then
  echo "cannot read the cases from $cases_file"
  exit 2
fi
passed=0
failed=0
while IFS= read -r c; do
  name=$(jq -r '.name' <<<"$c")
  problem=$(run_case "$c" 2>&1)
  if [ -z "$problem" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $name: $problem"
  fi
done < <(bignums <"$cases_file" | jq -c '.cases[]')
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
