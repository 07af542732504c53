#!/usr/bin/env bash
# Installs headless Chromium and its WebDriver from Debian's packages, for the catalog page's browser test
# (dubbo-http-json-protocol, CatalogPageTest). Safe to run again: it does nothing when they are already there.
# Without them that test is skipped and says how to get them.
set -euo pipefail

if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
    echo "chromium: already installed ($(chromedriver --version 2>&1 | head -n 1))"
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "chromium: not installed and no apt-get here; install chromium and chromedriver with your package manager" >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
echo "chromium: installed ($(chromedriver --version 2>&1 | head -n 1))"
