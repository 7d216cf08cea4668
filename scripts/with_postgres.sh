#!/usr/bin/env bash
# Runs a command with a private, throw-away PostgreSQL server for its tests:
#
#     scripts/with_postgres.sh COMMAND [ARGS...]
#
# The PostgreSQL store's tests need a server; this starts one of their own (no shared
# server, no network, nothing downloaded at run time), tells the command where it is in
# EUCHRE_TEST_POSTGRES (postgresql:///postgres?host=DIR&user=euchre, a superuser trusted
# without a password), and stops it and removes everything it made when the command ends,
# however it ends (Ctrl+C included). Its exit status is the command's.
#
# - The server listens only on a Unix socket in a new folder under /tmp (a short path,
#   which a socket's name needs, and one any user can reach), on no TCP port, so runs side
#   by side never meet. fsync is off: nothing of it outlives the command. A benchmark
#   that measures the store's writes sets WITH_POSTGRES_DURABLE=1 for PostgreSQL's own
#   defaults (fsync on, full page writes), as a real server runs.
# - EUCHRE_TEST_POSTGRES already set: the command runs against that server, and this
#   starts none.
# - PostgreSQL's programs (initdb, pg_ctl, postgres) are those of Debian's newest
#   /usr/lib/postgresql/*/bin, else the folder of `initdb` on the PATH; the environment
#   variable WITH_POSTGRES_BIN, when set, names the folder to use instead of searching (a
#   folder without them, e.g. /nonexistent, runs the command as if PostgreSQL were not
#   installed). Not installed: one line says so, and the command runs without the
#   variable (the tests that need a server skip).
# - PostgreSQL refuses to run as root, and CI runs as root: as root the server runs as
#   the system user euchre-pg (made here when missing; `nobody` if it can not be made).
#   The command itself runs as the calling user.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGS...]" >&2
    exit 2
fi

if [ -n "${EUCHRE_TEST_POSTGRES+set}" ]; then
    exec "$@"
fi

# Whether a folder holds initdb, pg_ctl and postgres; bin: the first that does, if any.
has_postgres() {
    [ -x "$1/initdb" ] && [ -x "$1/pg_ctl" ] && [ -x "$1/postgres" ]
}
bin=
if [ -n "${WITH_POSTGRES_BIN+set}" ]; then
    if has_postgres "$WITH_POSTGRES_BIN"; then bin=$WITH_POSTGRES_BIN; fi
else
    for candidate in $(printf '%s\n' /usr/lib/postgresql/*/bin | sort -rV); do
        if has_postgres "$candidate"; then bin=$candidate; break; fi
    done
    if [ -z "$bin" ] && initdb=$(command -v initdb); then
        candidate=$(dirname "$initdb")
        if has_postgres "$candidate"; then bin=$candidate; fi
    fi
fi
if [ -z "$bin" ]; then
    echo "with_postgres: PostgreSQL is not installed (apt-get install postgresql):" \
        "its tests will skip" >&2
    exec "$@"
fi

# Who runs the server: the calling user, or, as root, a user of its own.
as_server=()
if [ "$(id -u)" -eq 0 ]; then
    server_user=euchre-pg
    if ! id "$server_user" >/dev/null 2>&1; then
        useradd --system --no-create-home --shell /usr/sbin/nologin "$server_user" \
            >/dev/null 2>&1 || server_user=nobody
    fi
    if command -v runuser >/dev/null 2>&1; then
        as_server=(runuser -u "$server_user" --)
    else
        as_server=(setpriv --reuid="$(id -u "$server_user")" --regid="$(id -g "$server_user")"
                   --clear-groups --)
    fi
fi

tmp=$(mktemp -d /tmp/euchre-pg.XXXXXXXXXX)
# Run a PostgreSQL program as the server's user, from the server's folder (the server's
# user may not reach the calling one's working folder). (The array's odd expansion: an
# empty one is "unbound" to `set -u` in bash before 4.4.)
server() {
    (cd "$tmp" && ${as_server[@]+"${as_server[@]}"} "$bin/$1" "${@:2}")
}

cleanup() {
    local status=$?
    trap - EXIT INT TERM HUP
    if [ -f "$tmp/data/postmaster.pid" ]; then
        server pg_ctl -D "$tmp/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$tmp" || true
    exit "$status"
}
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

# The socket's folder: the server's user writes it, the tests' user reaches the socket
# (made with mode 0777).
chmod 0755 "$tmp"
if [ "${#as_server[@]}" -gt 0 ]; then
    chown "$server_user:" "$tmp"
fi

if ! server initdb -D "$tmp/data" -U euchre -A trust --no-sync -E UTF8 --locale=C \
        >"$tmp/initdb.log" 2>&1; then
    echo "with_postgres: initdb failed:" >&2
    cat "$tmp/initdb.log" >&2
    exit 1
fi
settings="-k $tmp -c listen_addresses='' -c max_connections=300"
if [ -z "${WITH_POSTGRES_DURABLE:-}" ]; then
    settings="$settings -c fsync=off -c synchronous_commit=on -c full_page_writes=off"
fi
if ! server pg_ctl -D "$tmp/data" -l "$tmp/server.log" -w -t 60 -o "$settings" \
        start >/dev/null; then
    echo "with_postgres: the server did not start:" >&2
    if [ -f "$tmp/server.log" ]; then cat "$tmp/server.log" >&2; fi
    exit 1
fi
echo "with_postgres: a private PostgreSQL server at $tmp (stopped when the command ends)" >&2

export EUCHRE_TEST_POSTGRES="postgresql:///postgres?host=$tmp&user=euchre"
status=0
"$@" || status=$?
exit "$status"
