#!/usr/bin/env bash
# Debian's Chromium and Thai fonts for the Playwright browser tests, and rsvg-convert for
# `amath render -o board.png`. Safe to run again.
set -euo pipefail
if [ -x /usr/bin/chromium ] && command -v rsvg-convert >/dev/null; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium fonts-thai-tlwg librsvg2-bin >/dev/null
