#!/usr/bin/env bash
# Make sure Debian's Chromium is on this machine for the real-browser tests (tests/browser/).
#
#   tools/ensure_chromium.sh        # called by `make test` and .ci/run
#
# Playwright drives the system browser (/usr/bin/chromium, or $CHROMIUM); it never downloads
# one (`playwright install` is not used). When Chromium is missing and we are root with
# apt-get, install it. When it still cannot be had, say so loudly and exit 0: the browser
# tests then skip with an explicit reason in the pytest summary, never a silent pass.
# Set EUCHRE_LEARN_REQUIRE_BROWSER=1 to make a missing Chromium an error instead.
set -uo pipefail

find_chromium() {
    if [ -n "${CHROMIUM:-}" ] && [ -x "${CHROMIUM}" ]; then echo "$CHROMIUM"; return 0; fi
    for name in chromium chromium-browser; do
        if command -v "$name" >/dev/null 2>&1; then command -v "$name"; return 0; fi
    done
    return 1
}

if path=$(find_chromium); then
    echo "ensure_chromium: using $path"
    exit 0
fi

reason=""
if [ "$(id -u)" != "0" ]; then
    reason="not root, so apt-get cannot install it (run: sudo apt-get install -y chromium)"
elif ! command -v apt-get >/dev/null 2>&1; then
    reason="no apt-get on this machine (install Chromium and set CHROMIUM=/path/to/chromium)"
else
    echo "ensure_chromium: Chromium is missing; installing Debian's chromium package with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    if apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null; then
        if path=$(find_chromium); then
            echo "ensure_chromium: installed $path"
            exit 0
        fi
        reason="apt-get install chromium succeeded but no chromium binary is on PATH"
    else
        reason="apt-get install chromium failed"
    fi
fi

bar="!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
echo "$bar" >&2
echo "ensure_chromium: NO CHROMIUM: $reason." >&2
echo "ensure_chromium: the real-browser tests (tests/browser/) will be SKIPPED." >&2
echo "$bar" >&2
if [ "${EUCHRE_LEARN_REQUIRE_BROWSER:-0}" = "1" ]; then
    exit 1
fi
exit 0
