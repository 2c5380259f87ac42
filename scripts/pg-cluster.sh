#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests of the PostgreSQL backend (store-pg/).
#
#   scripts/pg-cluster.sh start [DIR]   initdb into DIR (default: a new temp dir), start on a free
#                                       loopback port; prints DIR. DIR/url holds the connection URL
#                                       (user fourx, a random password, scram-sha-256); with
#                                       `openssl` installed TLS is on and DIR/ca.crt is the
#                                       root of its self-signed certificate.
#   scripts/pg-cluster.sh restart DIR   fast restart (clients see their connection drop)
#   scripts/pg-cluster.sh stop DIR      stop the server and remove DIR
#   scripts/pg-cluster.sh available     exit 0 when the PostgreSQL binaries are installed
#
# Debian puts the binaries in /usr/lib/postgresql/<version>/bin (off PATH); initdb refuses to run
# as root, so as root the cluster runs as the `postgres` system user (the package creates it).
set -euo pipefail

pg_bin() {
  local d best=""
  for d in /usr/lib/postgresql/*/bin; do
    [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && best=$d
  done
  if [ -z "$best" ] && command -v pg_ctl >/dev/null 2>&1; then
    best=$(dirname "$(command -v pg_ctl)")
  fi
  [ -n "$best" ] || return 1
  echo "$best"
}

as_owner() { # runs a command as the cluster's owner
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

cmd=${1:-}
case "$cmd" in
  available)
    pg_bin >/dev/null && { [ "$(id -u)" != 0 ] || id postgres >/dev/null 2>&1; }
    ;;
  start)
    bin=$(pg_bin) || { echo "pg-cluster: PostgreSQL is not installed (apt-get install -y postgresql)" >&2; exit 2; }
    dir=${2:-$(mktemp -d /tmp/fourx-pg.XXXXXX)}
    mkdir -p "$dir"
    pw=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
    printf '%s\n' "$pw" > "$dir/pw"
    chmod 600 "$dir/pw"
    if [ "$(id -u)" = 0 ]; then chown -R postgres: "$dir"; fi
    as_owner "$bin/initdb" -D "$dir/data" -U fourx --auth=scram-sha-256 --pwfile="$dir/pw" \
      -E UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    port=$(free_port)
    {
      echo "listen_addresses = '127.0.0.1'"
      echo "port = $port"
      echo "unix_socket_directories = '$dir'"
      echo "max_connections = 200"
      echo "shared_buffers = 32MB"
      echo "log_min_messages = warning"
    } >> "$dir/data/postgresql.conf"
    # TLS on, with a throwaway self-signed certificate for 127.0.0.1 (DIR/ca.crt is the root a
    # client trusts): clients that do not ask for TLS are unaffected; the `tls` feature's tests
    # connect with sslmode=require and this root.
    if command -v openssl >/dev/null 2>&1; then
      if openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=127.0.0.1" \
          -addext "subjectAltName=IP:127.0.0.1" -keyout "$dir/data/server.key" \
          -out "$dir/data/server.crt" >"$dir/openssl.log" 2>&1; then
        chmod 600 "$dir/data/server.key"
        if [ "$(id -u)" = 0 ]; then chown postgres: "$dir/data/server.key" "$dir/data/server.crt"; fi
        cp "$dir/data/server.crt" "$dir/ca.crt" && chmod 644 "$dir/ca.crt"
        echo "ssl = on" >> "$dir/data/postgresql.conf"
      fi
    fi
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null \
      || { cat "$dir/server.log" >&2; exit 1; }
    printf 'postgresql://fourx:%s@127.0.0.1:%s/postgres\n' "$pw" "$port" > "$dir/url"
    if [ "$(id -u)" = 0 ]; then chmod 644 "$dir/url"; fi
    echo "$dir"
    ;;
  restart)
    bin=$(pg_bin); dir=${2:?usage: pg-cluster.sh restart DIR}
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -m fast restart >/dev/null
    ;;
  stop)
    dir=${2:?usage: pg-cluster.sh stop DIR}
    if bin=$(pg_bin) && [ -d "$dir/data" ]; then
      as_owner "$bin/pg_ctl" -D "$dir/data" -w -t 60 -m fast stop >/dev/null 2>&1 || true
    fi
    case "$dir" in /tmp/fourx-pg.*) rm -rf "$dir" ;; esac
    ;;
  *)
    echo "usage: scripts/pg-cluster.sh start [DIR] | restart DIR | stop DIR | available" >&2
    exit 2
    ;;
esac
