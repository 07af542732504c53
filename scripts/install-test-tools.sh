#!/usr/bin/env bash
# Installs the optional tools some tests use, from Debian's packages: nginx (NginxTest), jq (the curl runner of
# the conformance kit), headless Chromium and its WebDriver (CatalogPageTest), wrk (WrkScriptIT, and the report's
# wrk rounds). Safe to run again: it installs only what is missing. Without a tool, the tests that
# need it are skipped and say how to get it.
set -euo pipefail

# command -> Debian packages (the first that installs wins; alternatives separated by '|')
tools=(
    "nginx:nginx-light|nginx"
    "jq:jq"
    "chromium:chromium"
    "chromedriver:chromium-driver"
    "wrk:wrk"
)

missing=()
for t in "${tools[@]}"; do
    cmd=${t%%:*}
    if command -v "$cmd" >/dev/null 2>&1 || [ -x "/usr/sbin/$cmd" ]; then
        echo "$cmd: already installed"
    else
        missing+=("$t")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "missing: ${missing[*]%%:*}; no apt-get here: install them with your package manager" >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
status=0
for t in "${missing[@]}"; do
    cmd=${t%%:*}
    IFS='|' read -r -a choices <<< "${t#*:}"
    done_ok=0
    for pkgs in "${choices[@]}"; do
        # shellcheck disable=SC2086
        if $SUDO apt-get install -y -qq $pkgs >/dev/null; then
            echo "$cmd: installed ($pkgs)"
            done_ok=1
            break
        fi
    done
    [ $done_ok = 1 ] || { echo "$cmd: could not be installed (tried: ${t#*:})" >&2; status=1; }
done
# the nginx package may start a system nginx on port 80; the tests start their own, so stop it when it did
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet nginx 2>/dev/null; then
    $SUDO systemctl stop nginx || true
fi
exit $status
