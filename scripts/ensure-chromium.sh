#!/usr/bin/env bash
# The browser tests use Debian's Chromium, never a downloaded browser build.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing: run 'sudo apt-get install -y chromium' and try again." >&2
  exit 1
fi
echo "== installing Debian's chromium"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq && apt-get install -y -qq chromium > /dev/null
