#!/usr/bin/env bash
# Make sure configurable-http-proxy (JupyterHub's proxy, an npm package) is here for the class
# server's real-hub test (tests/classroom/server/test_hub.py, hubkit.py): installed once
# with npm into .cache/hub-proxy (git ignores .cache/).
#
#   tools/ensure_hub_proxy.sh        # called by `make test`, after tools/ensure_npm.sh
#
# Nothing to do when it is on PATH or already in .cache/hub-proxy. When npm is missing or the
# install fails, say so and exit 0: the hub test then skips with the reason, and the end of the
# run says so in a banner (EUCHRE_LEARN_REQUIRE_HUB=1 makes that a failure, here too).
set -uo pipefail
cd "$(dirname "$0")/.."

BIN=.cache/hub-proxy/node_modules/.bin/configurable-http-proxy
if command -v configurable-http-proxy >/dev/null 2>&1 || [ -x "$BIN" ]; then
    exit 0
fi
if command -v npm >/dev/null 2>&1; then
    echo "ensure_hub_proxy: installing configurable-http-proxy with npm into .cache/hub-proxy"
    mkdir -p .cache/hub-proxy
    if npm install --prefix .cache/hub-proxy --no-audit --no-fund --loglevel=error configurable-http-proxy@5 >/dev/null \
        && [ -x "$BIN" ]; then
        echo "ensure_hub_proxy: installed $("$BIN" --version 2>/dev/null | head -1)"
        exit 0
    fi
fi
echo "ensure_hub_proxy: configurable-http-proxy is NOT installed and could not be installed here (npm missing or" \
     "the install failed): the class server's JupyterHub test will be skipped" >&2
[ "${EUCHRE_LEARN_REQUIRE_HUB:-}" = "1" ] && exit 1
exit 0
