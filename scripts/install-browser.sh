#!/bin/sh
# Installs headless Chromium and its WebDriver from Debian's packages, for the catalog page's browser test
# (dubbo-http-json-protocol, CatalogPageTest). Without them that test is skipped and says so. Run as root.
set -eu
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
    echo "chromium and chromedriver are installed"
    exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium chromium-driver
chromium --version
chromedriver --version
