# Starts a throw-away PostgreSQL cluster on a loopback port (sourced by scripts/test.sh and the bench).
# Takes the server binaries from PG_BIN when set, else from Debian's postgresql package (.ci/run
# installs it). Sets PG_URL.

pg_bin() {
  local dir
  if [ -n "${PG_BIN:-}" ]; then
    dir=$PG_BIN
  else
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  fi
  if [ -z "$dir" ] || [ ! -x "$dir/initdb" ]; then
    echo "PostgreSQL server binaries not found: set PG_BIN, or apt-get install postgresql (see .ci/run)" >&2
    return 1
  fi
  echo "$dir"
}

# Starts the cluster of PG_DIR on a port (a first start, or again after pause_postgres).
serve_postgres() {
  local bin run=()
  bin=$(pg_bin)
  [ "$(id -u)" = 0 ] && run=(runuser -u postgres --)
  "${run[@]}" "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $1 -k $PG_DIR -c fsync=off -c max_connections=200" start >/dev/null
}

# An outage for a test: stops the cluster of PG_DIR at once, keeping its files; serve_postgres PORT resumes it.
pause_postgres() {
  local bin run=()
  bin=$(pg_bin)
  [ "$(id -u)" = 0 ] && run=(runuser -u postgres --)
  "${run[@]}" "$bin/pg_ctl" -D "$PG_DIR/data" -m immediate -w stop >/dev/null
}

start_postgres() {
  local bin port
  bin=$(pg_bin)
  port=${PG_PORT:-54329}
  PG_DIR=$(mktemp -d /tmp/comptoir-pg.XXXXXX)
  local run=()
  if [ "$(id -u)" = 0 ]; then
    chown postgres "$PG_DIR"
    run=(runuser -u postgres --)
  fi
  "${run[@]}" "$bin/initdb" -D "$PG_DIR/data" -U comptoir --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  serve_postgres "$port"
  PG_URL="postgres://comptoir@127.0.0.1:$port/postgres"
  PG_RUN=("${run[@]}")
  PG_BIN=$bin
  export PG_URL
  echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
}

stop_postgres() {
  if [ -n "${PG_DIR:-}" ]; then
    "${PG_RUN[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$PG_DIR"
  fi
}
