#!/usr/bin/env bash
# Load benchmark of the hot read path: a signed-in user loading a network's camera list, and the smallest
# session-checked call (GET /vision/user).
# Starts `argusd --demo` on a free loopback port with a fresh data dir, signs in as the demo org admin, then drives
# GET /n1/n/{networkId}/manage/vision/cameras, then GET /n1/vision/user, with wrk and prints requests/s and latency
# percentiles of each.
# Usage: bench/camera_list_load.sh [duration_s=10] [connections=32]
# Env: ARGUSD_BIN (another build, e.g. to compare with an older commit), ARGUSD_ARGS (extra flags, e.g. "--motion-fps 0"),
# ARGUS_STORE=postgresql (argusd on a throw-away PostgreSQL cluster, bench/support/throwaway_postgres.sh; default
# sqlite).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
argusd="${ARGUSD_BIN:-$root/build/bin/argusd}"
duration_s=${1:-10}
connections=${2:-32}
[ -x "$argusd" ] || { echo "build first: $argusd is missing" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk is missing (make setup installs it)" >&2; exit 1; }

store=${ARGUS_STORE:-sqlite}
database_args=()
if [ "$store" = postgresql ]; then
  source "$root/bench/support/throwaway_postgres.sh"
  start_throwaway_postgres
  database_args=(--database "$POSTGRES_URL")
elif [ "$store" != sqlite ]; then
  echo "ARGUS_STORE=$store: expected sqlite or postgresql" >&2
  exit 2
fi
data_dir=$(mktemp -d)
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
"$argusd" --data-dir "$data_dir" --listen "127.0.0.1:$port" --demo --log-level warn "${database_args[@]}" ${ARGUSD_ARGS:-} >"$data_dir/argusd.log" 2>&1 &
server_pid=$!
cleanup() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  rm -rf "$data_dir"
  [ "$store" = postgresql ] && stop_throwaway_postgres
  return 0
}
trap cleanup EXIT

base="http://127.0.0.1:$port/n1"
for _ in $(seq 1 100); do curl -fs "$base/csrf/token" >/dev/null 2>&1 && break; sleep 0.1; done

jar="$data_dir/cookies"
token=$(curl -fs -c "$jar" -b "$jar" "$base/csrf/token" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).csrf_token))')
login_body=$(node -e '
  const creds = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const admin = creds.find(c => c.email.startsWith("admin@"));
  console.log(JSON.stringify({ email: admin.email, password: admin.password, remember: 0 }));' "$data_dir/demo-credentials.json")
login_answer=$(curl -fs -c "$jar" -b "$jar" -H "Content-Type: application/json" -H "X-CSRF-Token: $token" \
  -d "$login_body" "$base/login/login")
# The demo admin belongs to two organizations: choose the one with the lowest id (spec 01 ORG_CHOOSE).
choice=$(node -e '
  const answer = JSON.parse(process.argv[1]);
  if (answer.mode === "org_choose") console.log(JSON.stringify({ eid: [...answer.orgs].sort((a, b) => a.id - b.id)[0].eid }));' "$login_answer")
if [ -n "$choice" ]; then
  curl -fs -c "$jar" -b "$jar" -H "Content-Type: application/json" -H "X-CSRF-Token: $token" \
    -d "$choice" "$base/login/org_choose" >/dev/null
fi
network_id=$(curl -fs -b "$jar" "$base/vision/networks" | node -e '
  let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{
    const nets = JSON.parse(s); console.log(nets.find(n => n.name === "Warehouse HQ")?.id ?? nets[0].id)})')
cookie_header=$(awk '$6 ~ /^argus_/ {printf "%s=%s; ", $6, $7}' "$jar")
url="$base/n/$network_id/manage/vision/cameras"
cameras=$(curl -fs -b "$jar" "$url" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).length))')
body_bytes=$(curl -fs -b "$jar" "$url" | wc -c)

# One wrk run: prints <name>.requests_per_s, latency p50/p99 and non-2xx answers.
measure() {
  local name=$1 target=$2 out
  out=$(wrk -t1 -c"$connections" -d"${duration_s}s" --latency -H "Cookie: $cookie_header" "$target")
  echo "$name.connections: $connections"
  echo "$name.requests_per_s: $(awk '/^Requests\/sec/ {print $2}' <<<"$out")   (target >= 20000)"
  echo "$name.latency_p50: $(awk '$1 == "50%" {print $2}' <<<"$out")"
  echo "$name.latency_p99: $(awk '$1 == "99%" {print $2}' <<<"$out")   (target <= 20ms)"
  local non2xx
  non2xx=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
  echo "$name.non_2xx: ${non2xx:-0}"
}
echo "camera_list.store: $store"
echo "camera_list.cameras_per_answer: $cameras"
echo "camera_list.answer_bytes: $body_bytes"
measure camera_list "$url"
# The smallest call that checks the session (cookie → session → user): what every API call pays before its own work.
echo "session_call.answer_bytes: $(curl -fs -b "$jar" "$base/vision/user" | wc -c)"
measure session_call "$base/vision/user"
