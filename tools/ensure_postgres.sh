#!/usr/bin/env bash
# Make sure Debian's PostgreSQL server is on this machine for the class server's tests on
# PostgreSQL (tests/classroom/server/: the same suite as on SQLite, docs/class-server.md).
#
#   tools/ensure_postgres.sh        # called by `make test`
#
# The tests start a private cluster themselves (initdb into a temporary folder, pg_ctl on a
# free port of 127.0.0.1, stopped at the end): nothing here starts a service or touches the
# system's clusters. When the binaries (initdb, pg_ctl) are missing and we are root with
# apt-get, install Debian's `postgresql` package. When they still cannot be had, say so loudly
# and exit 0: those tests then skip with an explicit reason in the pytest summary, never a
# silent pass. Set EUCHRE_LEARN_REQUIRE_POSTGRES=1 to make a missing PostgreSQL an error instead.
set -uo pipefail

find_initdb() {
    if [ -n "${PG_BINDIR:-}" ] && [ -x "${PG_BINDIR}/initdb" ]; then echo "${PG_BINDIR}/initdb"; return 0; fi
    # Debian keeps the server's programs in /usr/lib/postgresql/<version>/bin (newest first)
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -rn); do
        if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir/initdb"; return 0; fi
    done
    if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then command -v initdb; return 0; fi
    return 1
}

if path=$(find_initdb); then
    echo "ensure_postgres: using $path"
    exit 0
fi

reason=""
if [ "$(id -u)" != "0" ]; then
    reason="not root, so apt-get cannot install it (run: sudo apt-get install -y postgresql)"
elif ! command -v apt-get >/dev/null 2>&1; then
    reason="no apt-get on this machine (install PostgreSQL and set PG_BINDIR=/path/to/its/bin)"
else
    echo "ensure_postgres: PostgreSQL is missing; installing Debian's postgresql package with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    if apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql >/dev/null; then
        if path=$(find_initdb); then
            echo "ensure_postgres: installed $path"
            exit 0
        fi
        reason="apt-get install postgresql succeeded but no initdb was found in /usr/lib/postgresql/*/bin"
    else
        reason="apt-get install postgresql failed"
    fi
fi

bar="!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
echo "$bar" >&2
echo "ensure_postgres: NO POSTGRESQL: $reason." >&2
echo "ensure_postgres: the class server's tests on PostgreSQL (tests/classroom/server/) will be SKIPPED." >&2
echo "$bar" >&2
if [ "${EUCHRE_LEARN_REQUIRE_POSTGRES:-0}" = "1" ]; then
    exit 1
fi
exit 0
