# Sourced by benches: start_throwaway_postgres starts a PostgreSQL cluster in a temporary directory on a free loopback
# port (as `nobody` when run as root: initdb refuses root) and sets POSTGRES_URL to a fresh database of it;
# stop_throwaway_postgres stops it and deletes the directory. The binaries: $ARGUS_PG_BINDIR or the newest
# /usr/lib/postgresql/<version>/bin (Debian's postgresql, which scripts/setup.sh installs).
start_throwaway_postgres() {
  local bin_dir=${ARGUS_PG_BINDIR:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
  [ -x "$bin_dir/initdb" ] || { echo "PostgreSQL is missing (scripts/setup.sh installs it)" >&2; return 1; }
  POSTGRES_DIR=$(mktemp -d)
  local as_owner=()
  if [ "$(id -u)" = 0 ]; then
    chown nobody "$POSTGRES_DIR"
    as_owner=(runuser -u nobody --)
  fi
  local port
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  "${as_owner[@]}" "$bin_dir/initdb" -D "$POSTGRES_DIR/data" -U argus --auth=trust >"$POSTGRES_DIR/initdb.log" 2>&1
  "${as_owner[@]}" "$bin_dir/pg_ctl" -D "$POSTGRES_DIR/data" -l "$POSTGRES_DIR/server.log" -w \
    -o "-p $port -k $POSTGRES_DIR -c listen_addresses=127.0.0.1" start >/dev/null
  POSTGRES_BIN_DIR=$bin_dir
  POSTGRES_OWNER=("${as_owner[@]}")
  "$bin_dir/createdb" -h 127.0.0.1 -p "$port" -U argus argus_bench
  POSTGRES_URL="postgresql://argus@127.0.0.1:$port/argus_bench"
}

stop_throwaway_postgres() {
  [ -n "${POSTGRES_DIR:-}" ] || return 0
  "${POSTGRES_OWNER[@]}" "$POSTGRES_BIN_DIR/pg_ctl" -D "$POSTGRES_DIR/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$POSTGRES_DIR"
  POSTGRES_DIR=
}
