#!/usr/bin/env bash
# Argus as two shards behind nginx on one machine (deploy/README.md): a throw-away PostgreSQL store, shard 1
# (argusd --shard-id 1 --demo: the demo fleet and its camera simulator), shard 2 (argusd --shard-id 2), nginx in front
# (deploy/nginx/argus.conf.template), then one demo network moved to shard 2 with `argusd network move` (its
# recordings copied). All of it listens on 127.0.0.1 only.
#
# Usage: deploy/local/two_shards.sh start|stop|status
#   start   starts everything (fresh: a new store, empty data directories), waits until each part answers, prints the
#           portal's address and the demo credentials. On a failure it stops what it started and exits non-zero.
#   stop    stops nginx, both shards and PostgreSQL (the data directories and logs stay in RUN_DIR).
#   status  what runs, and the network -> shard map.
# Env (start):
#   RUN_DIR            where everything goes (default var/two-shards): shard1/ and shard2/ (--data-dir), shard1.log,
#                      shard2.log, nginx/ (config, pid, logs, temp files), state.env (what stop and status read)
#   ARGUSD             the argusd binary (default build/bin/argusd)
#   WEB_ROOT           the built portal (default web/dist)
#   PORTAL_PORT        nginx's port (default 8080; 0: a free one)
#   SHARD1_PORT, SHARD2_PORT  the shards' ports (default 0: free ones)
#   SHARD2_NETWORK_ID  the demo network moved to shard 2 (default 102, Downtown Store: 2 cameras with video)
#   DATABASE_URL       an existing PostgreSQL (postgresql://USER@HOST:PORT/DB) instead of a throw-away cluster
#   ARGUSD_ARGS        more argusd flags for both shards (e.g. "--motion-fps 0" on a small machine)
#   START_TIMEOUT_S    how long each part may take to answer (default 60)
# Exit codes: 0 done, 1 failed, 2 usage, 77 a prerequisite is missing (nginx, PostgreSQL, argusd with --shard-id ...).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
RUN_DIR=${RUN_DIR:-$root/var/two-shards}
state_file=$RUN_DIR/state.env

say() { echo "two_shards: $*"; }
fail() {
  echo "two_shards: FAILED: $*" >&2
  exit 1
}
missing() {
  echo "two_shards: MISSING: $*" >&2
  exit 77
}

# A free port on 127.0.0.1 below the kernel's ephemeral range, so that no process asking the system for any free port
# (camsim, the demo inbox ...) can be handed it between this choice and its use.
free_port() {
  python3 - <<'EOF'
import random, socket
low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
ports = list(range(20000, min(low, 32768)))
random.shuffle(ports)
for port in ports:
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port))
    except OSError:
        continue
    finally:
        s.close()
    print(port)
    break
else:
    raise SystemExit("no free port")
EOF
}

port_is_free() {
  python3 -c 'import socket,sys; s=socket.socket(); s.bind(("127.0.0.1", int(sys.argv[1])))' "$1" 2>/dev/null
}

# Whether PID is alive and runs a program whose command line contains WORD (a pid from state.env may be reused).
alive() {
  local pid=$1 word=$2
  [ -n "$pid" ] && [ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q -- "$word"
}

# stop_pids TIMEOUT PID WORD NAME [PID WORD NAME ...]: SIGTERM to each PID that still runs WORD, then SIGKILL to
# those still running after TIMEOUT seconds.
stop_pids() {
  local timeout=$1
  shift
  local -a pids=() words=() names=()
  while (($# >= 3)); do
    if alive "$1" "$2"; then
      kill -TERM "$1" 2>/dev/null || true
      pids+=("$1") words+=("$2") names+=("$3")
    fi
    shift 3
  done
  local deadline=$((SECONDS + timeout)) i
  for ((i = 0; i < ${#pids[@]}; i++)); do
    while alive "${pids[i]}" "${words[i]}"; do
      if ((SECONDS >= deadline)); then
        say "${names[i]} did not stop within ${timeout}s: SIGKILL"
        kill -KILL "${pids[i]}" 2>/dev/null || true
        sleep 0.2
        break
      fi
      sleep 0.1
    done
    say "${names[i]} stopped"
  done
}

record_state() { printf '%s=%q\n' "$1" "$2" >>"$state_file"; }

# Waits until URL answers 2xx while PID lives; on failure prints the log's end.
wait_for_http() {
  local name=$1 url=$2 pid=$3 word=$4 log=$5 timeout=${START_TIMEOUT_S:-60}
  local deadline=$((SECONDS + timeout))
  until curl -fs -o /dev/null --max-time 2 "$url"; do
    if ! alive "$pid" "$word"; then
      [ -n "$log" ] && tail -n 30 "$log" >&2
      fail "$name exited during start (log: $log)"
    fi
    if ((SECONDS >= deadline)); then
      [ -n "$log" ] && tail -n 30 "$log" >&2
      fail "$name did not answer $url within ${timeout}s (log: $log)"
    fi
    sleep 0.2
  done
}

# Not `argusd --help | grep -q`: with pipefail, argusd's SIGPIPE (grep leaves at the first match) fails the pipe.
argusd_supports() {
  local help
  help=$("$ARGUSD" --help 2>&1)
  grep -q -- "$1" <<<"$help"
}

start_shard() {
  local shard=$1 port=$2
  shift 2
  local data_dir=$RUN_DIR/shard$shard log=$RUN_DIR/shard$shard.log
  mkdir -p "$data_dir"
  # setsid: the shard outlives this script (stop ends it by its pid); its camsim and other children die with it.
  # shellcheck disable=SC2086 # ARGUSD_ARGS is a list of flags
  setsid "$ARGUSD" --shard-id "$shard" --data-dir "$data_dir" --listen "127.0.0.1:$port" --database "$DATABASE_URL" \
    --web-root "$WEB_ROOT" --trusted-proxy 127.0.0.1 --public-url "$PORTAL_URL" "$@" ${ARGUSD_ARGS:-} \
    >"$log" 2>&1 </dev/null &
  local pid=$!
  record_state "SHARD${shard}_PID" "$pid"
  record_state "SHARD${shard}_PORT" "$port"
  say "shard $shard: pid $pid, http://127.0.0.1:$port (log $log)"
  wait_for_http "shard $shard" "http://127.0.0.1:$port/n$shard/csrf/token" "$pid" argusd "$log"
}

nginx_user_directive() {
  [ "$(id -u)" = 0 ] || return 0 # unprivileged: nginx runs as the caller (the directive would only warn)
  local group
  group=$(id -gn nobody 2>/dev/null || true)
  if [ -n "$group" ] && runuser -u nobody -- test -r "$WEB_ROOT/index.html" &&
    runuser -u nobody -- test -x "$RUN_DIR/nginx/tmp"; then
    echo "user nobody $group;"
  else
    # Workers need to read WEB_ROOT and write RUN_DIR/nginx/tmp: run them as root rather than fail (local use only).
    say "nobody cannot read $WEB_ROOT or reach $RUN_DIR/nginx/tmp: nginx workers run as root" >&2
    echo "user root;"
  fi
}

start_nginx() {
  local dir=$RUN_DIR/nginx template=$root/deploy/nginx/argus.conf.template
  mkdir -p "$dir/logs" "$dir/tmp"
  local conf
  conf=$(<"$template")
  conf=${conf//@USER_DIRECTIVE@/"$(nginx_user_directive)"}
  conf=${conf//@RUN_DIR@/"$dir"}
  conf=${conf//@LISTEN@/"127.0.0.1:$PORTAL_PORT"}
  conf=${conf//@WEB_ROOT@/"$WEB_ROOT"}
  conf=${conf//@SHARD1@/"127.0.0.1:$SHARD1_PORT"}
  conf=${conf//@SHARD2@/"127.0.0.1:$SHARD2_PORT"}
  printf '%s\n' "$conf" >"$dir/nginx.conf"
  local nginx_cmd=(nginx -p "$dir" -c "$dir/nginx.conf" -e "$dir/logs/error.log")
  "${nginx_cmd[@]}" -t -q || fail "nginx refused $dir/nginx.conf (nginx -t above)"
  port_is_free "$PORTAL_PORT" || fail "port $PORTAL_PORT is in use: set PORTAL_PORT (0: a free one)"
  "${nginx_cmd[@]}" || fail "nginx did not start (log: $dir/logs/error.log)"
  local deadline=$((SECONDS + 10)) pid=
  while [ -z "$pid" ]; do
    pid=$(cat "$dir/nginx.pid" 2>/dev/null || true)
    ((SECONDS < deadline)) || fail "nginx wrote no pid file (log: $dir/logs/error.log)"
    [ -n "$pid" ] || sleep 0.1
  done
  record_state NGINX_PID "$pid"
  say "nginx: pid $pid, $PORTAL_URL/ (config $dir/nginx.conf, logs $dir/logs)"
  wait_for_http nginx "$PORTAL_URL/n1/csrf/token" "$pid" nginx "$dir/logs/error.log"
  wait_for_http "nginx -> shard 2" "$PORTAL_URL/n2/csrf/token" "$pid" nginx "$dir/logs/error.log"
}

print_credentials() {
  local file=$RUN_DIR/shard1/demo-credentials.json
  [ -f "$file" ] || return 0
  echo "Demo credentials ($file):"
  python3 -c '
import json, sys
for c in json.load(open(sys.argv[1])):
    print("  %-22s %s   (%s)" % (c["email"], c["password"], c["role"]))' "$file"
}

network_list() {
  { "$ARGUSD" network list --database "$DATABASE_URL" 2>&1 || true; } | sed 's/^/  /'
}

# The EXIT trap of a start: on a failure, stops what was started (what state.env names, and a PostgreSQL cluster whose
# start failed half-way).
on_start_exit() {
  local status=$?
  trap - EXIT
  [ "$status" -ne 0 ] || return 0
  say "start failed: stopping what it started"
  if [ -n "${POSTGRES_DIR:-}" ] && ! grep -q '^POSTGRES_DIR=' "$state_file"; then
    record_state POSTGRES_DIR "$POSTGRES_DIR"
    record_state POSTGRES_BIN_DIR \
      "${POSTGRES_BIN_DIR:-${ARGUS_PG_BINDIR:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}}"
    record_state POSTGRES_AS_NOBODY "$([ "$(id -u)" = 0 ] && echo 1 || echo 0)"
  fi
  cmd_stop
  exit "$status"
}

# The demo network goes to shard 2 while both shards run, as a move in production: shard 1 lets go of its cameras and
# shard 2 takes them within ~5 s. With both data directories `network move` waits 12 s for shard 1 to close its
# chunks, then copies what shard 1 recorded of the network (its first seconds) to shard 2's directory.
move_network_to_shard2() {
  local copy=(--from-data-dir "$RUN_DIR/shard1" --to-data-dir "$RUN_DIR/shard2")
  say "moving network $SHARD2_NETWORK_ID to shard 2"
  if ! "$ARGUSD" network move --database "$DATABASE_URL" --network-id "$SHARD2_NETWORK_ID" --to-shard 2 "${copy[@]}" \
    2>&1 | sed 's/^/  /'; then
    fail "argusd network move --network-id $SHARD2_NETWORK_ID --to-shard 2 failed"
  fi
}

cmd_start() {
  ARGUSD=${ARGUSD:-$root/build/bin/argusd}
  WEB_ROOT=${WEB_ROOT:-$root/web/dist}
  PORTAL_PORT=${PORTAL_PORT:-8080}
  SHARD1_PORT=${SHARD1_PORT:-0}
  SHARD2_PORT=${SHARD2_PORT:-0}
  SHARD2_NETWORK_ID=${SHARD2_NETWORK_ID:-102}
  DATABASE_URL=${DATABASE_URL:-}

  if [ -f "$state_file" ]; then
    # shellcheck disable=SC1090
    if (source "$state_file" && { alive "${SHARD1_PID:-}" argusd || alive "${SHARD2_PID:-}" argusd ||
      alive "${NGINX_PID:-}" nginx; }); then
      fail "already running (RUN_DIR $RUN_DIR): $0 stop first"
    fi
  fi
  [ -x "$ARGUSD" ] || missing "$ARGUSD is not built (make build)"
  argusd_supports --shard-id || missing "$ARGUSD has no --shard-id (build a newer argusd)"
  command -v nginx >/dev/null || missing "nginx is not installed (apt-get install nginx)"
  command -v python3 >/dev/null || missing "python3 is not installed"
  if [ -z "$DATABASE_URL" ]; then
    ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || [ -x "${ARGUS_PG_BINDIR:-/nonexistent}/initdb" ] ||
      missing "PostgreSQL is not installed (apt-get install postgresql), or set DATABASE_URL"
    command -v node >/dev/null || missing "node is not installed (bench/support/throwaway_postgres.sh uses it)"
  fi
  [ -f "$WEB_ROOT/index.html" ] ||
    say "warning: $WEB_ROOT/index.html is missing: the portal is not built (the API works)"
  WEB_ROOT=$(cd "$WEB_ROOT" 2>/dev/null && pwd || echo "$WEB_ROOT")
  [ "$PORTAL_PORT" != 0 ] || PORTAL_PORT=$(free_port)
  port_is_free "$PORTAL_PORT" || fail "port $PORTAL_PORT is in use: set PORTAL_PORT (0: a free one)"
  [ "$SHARD1_PORT" != 0 ] || SHARD1_PORT=$(free_port)
  [ "$SHARD2_PORT" != 0 ] || until SHARD2_PORT=$(free_port) && [ "$SHARD2_PORT" != "$SHARD1_PORT" ] &&
    [ "$SHARD2_PORT" != "$PORTAL_PORT" ]; do :; done
  PORTAL_URL=http://127.0.0.1:$PORTAL_PORT

  # Fresh each time: a new store does not know an old data directory's recordings.
  mkdir -p "$RUN_DIR"
  rm -rf "$RUN_DIR/shard1" "$RUN_DIR/shard2" "$RUN_DIR/nginx" "$RUN_DIR"/*.log
  : >"$state_file"
  record_state ARGUSD "$ARGUSD"
  record_state PORTAL_URL "$PORTAL_URL"
  record_state SHARD2_NETWORK_ID "$SHARD2_NETWORK_ID"
  trap on_start_exit EXIT

  local started=$SECONDS
  if [ -z "$DATABASE_URL" ]; then
    # shellcheck source=bench/support/throwaway_postgres.sh
    source "$root/bench/support/throwaway_postgres.sh"
    start_throwaway_postgres # a failure exits here (set -e); on_start_exit stops what it started
    DATABASE_URL=$POSTGRES_URL
    record_state POSTGRES_DIR "$POSTGRES_DIR"
    record_state POSTGRES_BIN_DIR "$POSTGRES_BIN_DIR"
    record_state POSTGRES_AS_NOBODY "$([ ${#POSTGRES_OWNER[@]} -gt 0 ] && echo 1 || echo 0)"
    say "PostgreSQL: $DATABASE_URL (throw-away cluster in $POSTGRES_DIR)"
  else
    say "PostgreSQL: $DATABASE_URL (given)"
  fi
  record_state DATABASE_URL "$DATABASE_URL"

  start_shard 1 "$SHARD1_PORT" --demo
  local credentials=$RUN_DIR/shard1/demo-credentials.json deadline=$((SECONDS + 10))
  until [ -f "$credentials" ]; do
    ((SECONDS < deadline)) || fail "shard 1 wrote no $credentials (log $RUN_DIR/shard1.log)"
    sleep 0.2
  done
  start_shard 2 "$SHARD2_PORT"
  start_nginx
  move_network_to_shard2
  trap - EXIT

  echo
  echo "Argus: 2 shards behind nginx, started in $((SECONDS - started)) s"
  echo "  Portal:      $PORTAL_URL/"
  echo "  Shard 1:     http://127.0.0.1:$SHARD1_PORT (demo; log $RUN_DIR/shard1.log)"
  echo "  Shard 2:     http://127.0.0.1:$SHARD2_PORT (log $RUN_DIR/shard2.log)"
  echo "  PostgreSQL:  $DATABASE_URL"
  echo "Networks (id, name, shard):"
  network_list
  print_credentials
  if [ "$RUN_DIR" = "$root/var/two-shards" ]; then
    echo "Stop: $0 stop"
  else
    echo "Stop: RUN_DIR=$RUN_DIR $0 stop"
  fi
}

cmd_stop() {
  [ -f "$state_file" ] || {
    say "nothing to stop ($state_file is missing)"
    return 0
  }
  local NGINX_PID='' SHARD1_PID='' SHARD2_PID='' POSTGRES_DIR='' POSTGRES_BIN_DIR='' POSTGRES_AS_NOBODY=0
  # shellcheck disable=SC1090
  source "$state_file"
  stop_pids 5 "$NGINX_PID" nginx nginx
  # Both shards at once: each drains its requests and stops recording within a few seconds.
  stop_pids 15 "$SHARD1_PID" argusd "shard 1" "$SHARD2_PID" argusd "shard 2"
  if [ -n "$POSTGRES_DIR" ] && [ -d "$POSTGRES_DIR" ]; then
    cp "$POSTGRES_DIR/server.log" "$RUN_DIR/postgres.log" 2>/dev/null || true
    # shellcheck source=bench/support/throwaway_postgres.sh
    source "$root/bench/support/throwaway_postgres.sh"
    POSTGRES_OWNER=()
    [ "$POSTGRES_AS_NOBODY" = 1 ] && POSTGRES_OWNER=(runuser -u nobody --)
    stop_throwaway_postgres
    say "PostgreSQL stopped (its log: $RUN_DIR/postgres.log)"
  fi
  mv "$state_file" "$state_file.stopped"
}

cmd_status() {
  [ -f "$state_file" ] || {
    echo "not started ($state_file is missing)"
    return 3
  }
  local NGINX_PID='' SHARD1_PID='' SHARD2_PID='' SHARD1_PORT='' SHARD2_PORT='' PORTAL_URL='' DATABASE_URL=''
  # shellcheck disable=SC1090
  source "$state_file"
  local running=0 name pid word
  for name in nginx shard1 shard2; do
    case $name in
      nginx) pid=$NGINX_PID word=nginx ;;
      shard1) pid=$SHARD1_PID word=argusd ;;
      shard2) pid=$SHARD2_PID word=argusd ;;
    esac
    if alive "$pid" "$word"; then
      echo "$name: running (pid $pid)"
      running=$((running + 1))
    else
      echo "$name: not running"
    fi
  done
  echo "portal: $PORTAL_URL/   shard 1: 127.0.0.1:$SHARD1_PORT   shard 2: 127.0.0.1:$SHARD2_PORT"
  echo "PostgreSQL: $DATABASE_URL"
  if [ -n "$DATABASE_URL" ] && [ -n "${ARGUSD:-}" ]; then
    echo "Networks (id, name, shard):"
    network_list || true
  fi
  [ "$running" = 3 ]
}

case ${1:-} in
  start) cmd_start ;;
  stop) cmd_stop ;;
  status) cmd_status ;;
  *)
    echo "usage: $0 start|stop|status (see the comment at the top for the environment)" >&2
    exit 2
    ;;
esac
