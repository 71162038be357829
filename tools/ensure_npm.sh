#!/usr/bin/env bash
# Make sure npm is here for the JupyterLite build and the course site: lite/build.py fetches
# the npm package `pyodide`, tools/site.py the widgets' `@jupyter-widgets/html-manager` and
# `requirejs`, each with `npm pack`, once, into lite/.cache/offline/npm/.
#
#   tools/ensure_npm.sh        # called by `make test`, `make lite` and `make site`
#
# Nothing to do when npm is on PATH or the packages are already cached. Otherwise, as root with
# apt-get, install Debian's npm. When it still cannot be had, say so and exit 0: the build then
# stops with one line naming what is missing (never a site that quietly needs the internet).
set -uo pipefail
cd "$(dirname "$0")/.."

if command -v npm >/dev/null 2>&1 || { compgen -G "lite/.cache/offline/npm/pyodide-*.tgz" >/dev/null \
    && compgen -G "lite/.cache/offline/npm/jupyter-widgets-html-manager-*.tgz" >/dev/null \
    && compgen -G "lite/.cache/offline/npm/requirejs-*.tgz" >/dev/null; }; then
    exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "ensure_npm: npm is missing; installing Debian's npm package with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    if apt-get update -qq && apt-get install -y -qq --no-install-recommends npm >/dev/null && command -v npm >/dev/null; then
        echo "ensure_npm: installed $(command -v npm)"
        exit 0
    fi
fi
echo "ensure_npm: npm is NOT installed and could not be installed here: the JupyterLite build and the course" \
     "site need it once to fetch Pyodide and the widgets' JavaScript (install npm, e.g. sudo apt-get install npm)" >&2
exit 0
