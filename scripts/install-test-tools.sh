#!/usr/bin/env bash
# Installs the optional tools some tests use (nginx, from Debian's packages). Safe to run again: it does nothing
# when they are already there. Without them those tests are skipped and say how to get them.
set -euo pipefail

if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
    echo "nginx: already installed ($( (nginx -v || /usr/sbin/nginx -v) 2>&1 ))"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "nginx: not installed and no apt-get here; install nginx with your package manager" >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# nginx-light is the smallest build; older releases only have nginx
$SUDO apt-get install -y -qq --no-install-recommends nginx-light >/dev/null \
    || $SUDO apt-get install -y -qq --no-install-recommends nginx >/dev/null
# the package may start a system nginx on port 80; the tests start their own, so stop it when it did
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet nginx 2>/dev/null; then
    $SUDO systemctl stop nginx || true
fi
echo "nginx: installed ($( (nginx -v || /usr/sbin/nginx -v) 2>&1 ))"
