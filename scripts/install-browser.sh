#!/usr/bin/env bash
# Debian's Chromium and Thai fonts for the Playwright browser tests. Safe to run again.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium fonts-thai-tlwg >/dev/null
