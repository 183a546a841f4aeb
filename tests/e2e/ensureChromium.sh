#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (playwright-core never downloads a browser here). Install it
# when missing and the machine allows it; otherwise fail loudly.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Chromium not found: installing Debian's chromium and CJK fonts with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
  exit 0
fi
echo "ERROR: the browser tests need /usr/bin/chromium (Debian package 'chromium')." >&2
echo "       Install it as root: apt-get install -y chromium fonts-noto-cjk" >&2
exit 1
