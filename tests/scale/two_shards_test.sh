#!/usr/bin/env bash
# Integration test of Argus as two shards behind nginx (deploy/README.md, docs/operations.md "Two shards behind
# nginx"). Starts the stack with deploy/local/two_shards.sh (throw-away PostgreSQL, shard 1 with the demo, network
# SHARD2_NETWORK_ID moved to shard 2, nginx) in a temporary RUN_DIR and checks, every call through nginx's port:
#   1. the demo administrator signs in (CSRF token, cookie jar, organization choice);
#   2. /vision/shard_for_network answers 1 for a shard-1 network and 2 for the moved one (through /n1 and /n2), the
#      network list says the same, and each network's camera list answers through its own shard;
#   3. the one session cookie (and its CSRF token) works on /n1 and on /n2, made through either;
#   4. the moved network's content asked through /n1 answers 421 with shard_id 2 and no camera data (and the other
#      way round);
#   5. live video of a camera of each network: the LL-HLS playlist, its init segment and a segment are H.264/H.265
#      (ffprobe), and the WebSocket frames feed upgrades through nginx and sends a config and frames;
#   6. `argusd network move` while it runs (the moved network back to shard 1, recordings copied; the command runs in
#      the background, it waits 12 s before its copy): within 15 s both shards agree (shard_for_network, and the
#      camera list 200 on shard 1, 421 on shard 2; what they answered meanwhile is printed), live works on the new
#      shard within 20 s, and once the command is done a recording shard 2 made before the move plays through shard
#      1 with all its segments (VOD playlist, init, a byte range of a chunk; ffprobe) and answers 421 on shard 2.
#      Reported, not required: the old recording through shard 1 before the copy, the last 10 s before the move, and
#      the recorded ranges around the move (the gap between the shards).
# Exit: 0 passed, 1 failed (the step, the request and its answer are printed), 77 skipped (nginx, PostgreSQL or
# ffprobe missing and not installable). Prints its runtime. Env: ARGUSD, WEB_ROOT (as two_shards.sh),
# ARGUSD_ARGS (default "--motion-fps 0": no motion analysis on a small machine), KEEP_RUN_DIR=1 keeps the run
# directory (logs) after a success too, SCALE_TEST_NO_INSTALL=1 never installs packages.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
recipe=$root/deploy/local/two_shards.sh
started=$SECONDS
MOVED_NETWORK=${SHARD2_NETWORK_ID:-102} # Downtown Store: cameras with video
SHARD1_NETWORK=101                      # Warehouse HQ: cameras with video, stays on shard 1
[ "$MOVED_NETWORK" != 101 ] || SHARD1_NETWORK=102
export ARGUSD=${ARGUSD:-$root/build/bin/argusd}
export ARGUSD_ARGS=${ARGUSD_ARGS---motion-fps 0}

log() { echo "two_shards_test: $*"; }
elapsed() { echo "$((SECONDS - started)) s"; }

step_name="prerequisites"
step() {
  step_name=$1
  log "step $step_name"
}
ok() { log "  ok: $*"; }
note() { log "  note: $*"; }

# The last request (http() or set_request) and its answer, kept in files so that calls made in $(...) leave them too;
# fail() prints them.
work=""
body_file=/dev/null
set_request() { [ -z "$work" ] || printf '%s\n' "$1" >"$work/last_request"; }
set_status() {
  status=$1
  [ -z "$work" ] || printf '%s\n' "$1" >"$work/last_status"
}
fail() {
  echo >&2
  echo "two_shards_test: FAIL in step $step_name: $*" >&2
  if [ -n "$work" ] && [ -f "$work/last_request" ]; then
    echo "  last request: $(cat "$work/last_request")" >&2
    echo "  answer: $(cat "$work/last_status" 2>/dev/null)" >&2
    echo "  body: $(head -c 600 "$body_file" 2>/dev/null | tr -d '\0' | cat -v)" >&2
  fi
  exit 1
}

skip() {
  echo "two_shards_test: SKIPPED (77): $*" >&2
  exit 77
}

# --- prerequisites ------------------------------------------------------------------------------------------------
have_postgresql() {
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || [ -x "${ARGUS_PG_BINDIR:-/nonexistent}/initdb" ]
}
missing_packages=()
command -v nginx >/dev/null || missing_packages+=(nginx)
have_postgresql || missing_packages+=(postgresql)
command -v ffprobe >/dev/null || missing_packages+=(ffmpeg)
if ((${#missing_packages[@]})); then
  missing_text="Debian package(s) ${missing_packages[*]} missing"
  [ "${SCALE_TEST_NO_INSTALL:-0}" != 1 ] || skip "$missing_text (SCALE_TEST_NO_INSTALL=1: not installing)"
  command -v apt-get >/dev/null || skip "$missing_text, and no apt-get to install them"
  [ "$(id -u)" = 0 ] || sudo -n true 2>/dev/null ||
    skip "$missing_text, and neither root nor passwordless sudo to apt-get install them"
  # shellcheck source=scripts/lib/install_missing_packages.sh
  source "$root/scripts/lib/install_missing_packages.sh"
  install_missing_packages test-scale "${missing_packages[@]}" ||
    skip "$missing_text, and apt-get could not install them"
  command -v nginx >/dev/null || skip "nginx is missing (apt-get install nginx)"
  have_postgresql || skip "PostgreSQL is missing (apt-get install postgresql)"
  command -v ffprobe >/dev/null || skip "ffprobe is missing (apt-get install ffmpeg)"
fi
for tool in curl python3 node; do command -v "$tool" >/dev/null || skip "$tool is missing"; done
[ -x "$ARGUSD" ] || fail "$ARGUSD is not built (make build)"
[ -f "${WEB_ROOT:-$root/web/dist}/index.html" ] || skip "the portal is not built (make build: web/dist)"
argusd_help=$("$ARGUSD" --help 2>&1) # not piped into grep -q: pipefail would see argusd's SIGPIPE
grep -q -- --shard-id <<<"$argusd_help" || fail "$ARGUSD has no --shard-id: it predates the shards"

# --- the stack ----------------------------------------------------------------------------------------------------
RUN_DIR=$(mktemp -d /tmp/argus-two-shards.XXXXXX)
chmod 755 "$RUN_DIR" # nginx's workers (nobody when we are root) reach RUN_DIR/nginx/tmp
export RUN_DIR PORTAL_PORT=0 SHARD2_NETWORK_ID=$MOVED_NETWORK
mkdir -p "$RUN_DIR/test"
work=$RUN_DIR/test
body_file=$work/body
jar=$work/cookies

move_pid=
finish() {
  local code=$?
  trap - EXIT INT TERM
  [ -z "$move_pid" ] || kill "$move_pid" 2>/dev/null
  "$recipe" stop >"$work/stop.log" 2>&1 || cat "$work/stop.log" >&2
  if [ "$code" = 0 ] && [ "${KEEP_RUN_DIR:-0}" != 1 ]; then
    rm -rf "$RUN_DIR"
  else
    log "logs: $RUN_DIR (shard1.log, shard2.log, nginx/logs/, postgres.log, test/)"
  fi
  if [ "$code" = 0 ]; then
    log "PASS in $(elapsed)"
  else
    log "exit $code after $(elapsed)"
  fi
  exit "$code"
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

step "0: start the stack (deploy/local/two_shards.sh start)"
"$recipe" start >"$work/start.log" 2>&1
start_code=$?
if [ "$start_code" != 0 ]; then
  cat "$work/start.log" >&2
  [ "$start_code" = 77 ] && skip "the recipe lacks a prerequisite (above)"
  fail "two_shards.sh start exited $start_code (its output above)"
fi
# shellcheck disable=SC1091
source "$RUN_DIR/state.env"
portal=$PORTAL_URL
stack_ready_ms=$(date +%s%3N)
ok "started in $(elapsed): portal $portal, shard 1 :$SHARD1_PORT, shard 2 :$SHARD2_PORT"

# --- helpers ------------------------------------------------------------------------------------------------------
# http METHOD PATH [curl args...]: a call through nginx with the cookie jar; sets status and body_file.
http() {
  local method=$1 path=$2
  shift 2
  local shown=() arg previous=
  for arg in "$@"; do
    [ "$previous" = --data ] && [[ $arg == *password* ]] && arg='{...password...}' # no password in the output
    shown+=("$arg")
    previous=$arg
  done
  set_request "$method $portal$path ${shown[*]}"
  local code
  code=$(curl -s -o "$body_file" -w '%{http_code}' --max-time 15 -X "$method" -b "$jar" -c "$jar" "$@" \
    "$portal$path") || code="curl failed ($?)"
  set_status "$code"
}
# expect_status CODE: fails unless the last call answered CODE.
expect_status() { [ "$status" = "$1" ] || fail "expected HTTP $1"; }
# json EXPR: evaluates a Python expression on the last answer's JSON (as j); prints the result.
json() {
  python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
r = eval(sys.argv[2])
print(json.dumps(r) if isinstance(r, (dict, list, bool)) or r is None else r)' "$body_file" "$1" 2>/dev/null
}
post_json() { http POST "$1" -H 'Content-Type: application/json' -H "X-CSRF-Token: $csrf" --data "$2"; }

shard_for_network() {
  http GET "/n$1/vision/shard_for_network?id=$2"
  [ "$status" = 200 ] && json 'j["shard_id"]'
}

# live_probe SHARD CAMERA: the live playlist of the camera's main stream through /n{SHARD}, its init segment and its
# newest complete segment (or a part when no segment is complete yet), probed with ffprobe. Prints what it found;
# returns non-zero (status and body_file kept) when any of it fails.
live_probe() {
  local shard=$1 camera=$2 base="/n$1/cameras/$2/live/main"
  http GET "$base/index.m3u8"
  [ "$status" = 200 ] || return 1
  cp "$body_file" "$work/live_${shard}_$camera.m3u8"
  local playlist=$work/live_${shard}_$camera.m3u8 media
  media=$(grep -E '^seg[0-9]+\.m4s$' "$playlist" | tail -n 1)
  # No complete segment yet: the newest part (not a preload hint).
  [ -n "$media" ] ||
    media=$(grep '^#EXT-X-PART:' "$playlist" | grep -oE 'URI="part[0-9]+\.[0-9]+\.m4s"' | tail -n 1 | cut -d'"' -f2)
  local init
  init=$(grep -oE '#EXT-X-MAP:URI="[^"]+"' "$playlist" | cut -d'"' -f2)
  [ -n "$init" ] && [ -n "$media" ] || {
    set_status "playlist without EXT-X-MAP or media"
    return 1
  }
  http GET "$base/$init"
  [ "$status" = 200 ] || return 1
  cp "$body_file" "$work/live.mp4"
  http GET "$base/$media"
  [ "$status" = 200 ] || return 1
  cat "$body_file" >>"$work/live.mp4"
  probe_video "$work/live.mp4" || return 1
  echo "$base/$media: $probe_result"
}

# probe_video FILE: sets probe_result to "codec WxH"; fails unless it holds H.264 or H.265 video.
probe_result=""
probe_video() {
  probe_result=$(ffprobe -v error -select_streams v:0 -show_entries stream=codec_name,width,height -of csv=p=0 \
    "$1" 2>&1)
  case $probe_result in
    h264,* | hevc,*) probe_result=$(tr ',' ' ' <<<"$probe_result" | awk '{print $1, $2 "x" $3}') ;;
    *)
      set_status "ffprobe: ${probe_result:-no video stream} ($(stat -c %s "$1") bytes)"
      return 1
      ;;
  esac
}

# wait_live SHARD SECONDS CAMERA...: the first of the cameras whose live video probes fine through /n{SHARD} within
# SECONDS (each round tries every camera); prints "camera<TAB>what it found".
wait_live() {
  local shard=$1 timeout=$2
  shift 2
  local deadline=$((SECONDS + timeout)) camera found
  while :; do
    for camera in "$@"; do
      if found=$(live_probe "$shard" "$camera"); then
        printf '%s\t%s\n' "$camera" "$found"
        return 0
      fi
    done
    ((SECONDS < deadline)) || return 1
    sleep 1
  done
}

# ws_frames SHARD CAMERA: the WebSocket frames feed through nginx, with the Origin a browser on the portal sends
# (argusd compares it with the Host nginx passes on); prints the config's codec and the frames received in 5 s.
ws_frames() {
  local cookie
  cookie=$(awk '$6 ~ /^argus_/ {printf "%s=%s; ", $6, $7}' "$jar")
  node --input-type=module - "ws://${portal#http://}/n$1/cameras/$2/live/main/frames" "$cookie" "$portal" \
    "$root/bench/support/websocket_client.mjs" <<'EOF'
const [url, cookie, origin, clientPath] = process.argv.slice(2);
const { openWebSocket } = await import(clientPath);
let codec = null, frames = 0;
const done = (code, text) => { console.log(text); process.exit(code); };
const timer = setTimeout(() => done(codec && frames > 0 ? 0 : 1, `codec ${codec}, ${frames} frames in 5 s`), 5000);
try {
  await openWebSocket(url, { Cookie: cookie, Origin: origin }, {
    onText: (text) => { const m = JSON.parse(text); if (m.type === 'config') codec = m.codec; },
    onBinary: () => { frames += 1; },
    onClose: () => {
      clearTimeout(timer);
      done(codec && frames > 0 ? 0 : 1, `closed: codec ${codec}, ${frames} frames`);
    },
  });
} catch (error) { clearTimeout(timer); done(1, String(error.message)); }
EOF
}

# camera_ids NETWORK SHARD: the ids of the network's cameras through /n{SHARD}, space-separated.
camera_ids() {
  http GET "/n$2/n/$1/manage/vision/cameras?fields=id,name,status"
  [ "$status" = 200 ] && json '" ".join(str(c["id"]) for c in j)'
}

# vod_probe SHARD CAMERA START_MS END_MS: the history (VOD) playlist of the range through /n{SHARD}, its first init
# segment and its first segment (a byte range of a chunk file); prints what it found, returns non-zero on a failure.
vod_probe() {
  local shard=$1 camera=$2 base="/n$1/cameras/$2/history/main"
  http GET "$base/index.m3u8?start_ms=$3&end_ms=$4"
  [ "$status" = 200 ] || return 1
  local playlist=$work/vod_${shard}_$camera.m3u8
  cp "$body_file" "$playlist"
  local init range chunk segments
  init=$(grep -oE '#EXT-X-MAP:URI="[^"]+"' "$playlist" | head -n 1 | cut -d'"' -f2)
  range=$(grep -m1 -oE '^#EXT-X-BYTERANGE:[0-9]+@[0-9]+' "$playlist" | cut -d: -f2)
  chunk=$(grep -m1 -E '^[^#].*\.m4s$' "$playlist")
  segments=$(grep -c '^#EXTINF' "$playlist")
  [ -n "$init" ] && [ -n "$range" ] && [ -n "$chunk" ] || {
    set_status "VOD playlist without EXT-X-MAP, EXT-X-BYTERANGE or chunk"
    return 1
  }
  local length=${range%@*} offset=${range#*@}
  http GET "$base/$init"
  [ "$status" = 200 ] || return 1
  cp "$body_file" "$work/vod.mp4"
  http GET "$base/$chunk" -H "Range: bytes=$offset-$((offset + length - 1))"
  [ "$status" = 206 ] || [ "$status" = 200 ] || return 1
  cat "$body_file" >>"$work/vod.mp4"
  probe_video "$work/vod.mp4" || return 1
  echo "$segments segments; ${base%/history/*}/${chunk#../../} bytes $offset+$length: $probe_result"
}
now_ms() { date +%s%3N; }

# --- 1. sign in ---------------------------------------------------------------------------------------------------
step "1: sign in as the demo administrator"
credentials=$RUN_DIR/shard1/demo-credentials.json
admin=$(python3 -c '
import json, sys
admin = next(c for c in json.load(open(sys.argv[1])) if c["email"].startswith("admin@"))
print(json.dumps({"email": admin["email"], "password": admin["password"], "remember": 0}))' "$credentials") ||
  fail "no admin in $credentials"
http GET /n1/csrf/token
expect_status 200
csrf=$(json 'j["csrf_token"]')
[ -n "$csrf" ] || fail "no csrf_token"
post_json /n1/login/login "$admin"
expect_status 200
if [ "$(json 'j.get("mode")')" = org_choose ]; then
  eid=$(json 'next(o["eid"] for o in j["orgs"] if o["name"] == "Northwind Logistics")') || fail "no Northwind Logistics"
  post_json /n1/login/org_choose "{\"eid\":\"$eid\"}"
  expect_status 200
fi
[ "$(json 'j.get("success")')" = true ] || fail "sign-in did not succeed"
csrf=$(json 'j["csrf_token"]')
user_email=$(json 'j["user"]["email"]')
ok "signed in as $user_email (Northwind Logistics) through /n1"

# --- 2. the network -> shard map ----------------------------------------------------------------------------------
step "2: shard_for_network and each network's cameras through its shard"
for via in 1 2; do
  got=$(shard_for_network "$via" "$SHARD1_NETWORK") || fail "shard_for_network of $SHARD1_NETWORK through /n$via"
  [ "$got" = 1 ] || fail "network $SHARD1_NETWORK: shard $got through /n$via, expected 1"
  got=$(shard_for_network "$via" "$MOVED_NETWORK") || fail "shard_for_network of $MOVED_NETWORK through /n$via"
  [ "$got" = 2 ] || fail "network $MOVED_NETWORK: shard $got through /n$via, expected 2"
done
ok "shard_for_network: $SHARD1_NETWORK -> 1, $MOVED_NETWORK -> 2 (asked through /n1 and /n2)"
http GET /n1/vision/networks
expect_status 200
shards=$(json "{str(n['id']): n.get('shard_id') for n in j}")
[ "$(json "next(n.get('shard_id') for n in j if n['id'] == $SHARD1_NETWORK)")" = 1 ] &&
  [ "$(json "next(n.get('shard_id') for n in j if n['id'] == $MOVED_NETWORK)")" = 2 ] ||
  fail "GET /n1/vision/networks: shard_id of the networks $shards"
ok "GET /n1/vision/networks: shard_id per network $shards"
shard1_cameras=$(camera_ids "$SHARD1_NETWORK" 1) || fail "cameras of network $SHARD1_NETWORK through /n1"
[ -n "$shard1_cameras" ] || fail "no cameras in network $SHARD1_NETWORK through /n1"
moved_cameras=$(camera_ids "$MOVED_NETWORK" 2) || fail "cameras of network $MOVED_NETWORK through /n2"
[ -n "$moved_cameras" ] || fail "no cameras in network $MOVED_NETWORK through /n2"
ok "cameras of $SHARD1_NETWORK through /n1: $shard1_cameras; of $MOVED_NETWORK through /n2: $moved_cameras"

# --- 3. one session on both shards --------------------------------------------------------------------------------
step "3: the same session cookie on /n1 and /n2"
for via in 1 2; do
  http GET "/n$via/vision/user"
  expect_status 200
  [ "$(json 'j["email"]')" = "$user_email" ] || fail "/n$via/vision/user is not $user_email"
done
http POST /n2/manage/dashboard/keep_idle_timeout_alive -H "X-CSRF-Token: $csrf"
expect_status 200
ok "/n1 and /n2 /vision/user answer $user_email; a POST with the CSRF token of the /n1 sign-in works on /n2"
# The other way round, in a second cookie jar: the organization-write administrator signs in through /n2.
admin_jar=$jar
jar=$work/cookies_writer
writer=$(python3 -c '
import json, sys
writer = next(c for c in json.load(open(sys.argv[1])) if c["email"].startswith("writer@"))
print(json.dumps({"email": writer["email"], "password": writer["password"], "remember": 0}))' "$credentials") ||
  fail "no writer in $credentials"
http GET /n2/csrf/token
expect_status 200
admin_csrf=$csrf
csrf=$(json 'j["csrf_token"]')
post_json /n2/login/login "$writer"
expect_status 200
[ "$(json 'j.get("success")')" = true ] || fail "the writer's sign-in through /n2 did not succeed"
writer_email=$(json 'j["user"]["email"]')
http GET /n1/vision/user
expect_status 200
[ "$(json 'j["email"]')" = "$writer_email" ] || fail "/n1/vision/user is not $writer_email"
ok "$writer_email signed in through /n2: /n1/vision/user answers $writer_email"
jar=$admin_jar
csrf=$admin_csrf

# --- 4. the wrong shard -------------------------------------------------------------------------------------------
step "4: network content through the wrong shard answers 421"
# expect_421 PATH SHARD: 421 naming SHARD, with errors and nothing of the network's cameras.
expect_421() {
  http GET "$1"
  expect_status 421
  [ "$(json 'j["shard_id"]')" = "$2" ] || fail "421 without shard_id $2"
  [ "$(json 'len(j["errors"]) > 0')" = true ] || fail "421 without errors"
  local id
  for id in $3; do
    ! grep -q "\"id\": *$id\b" "$body_file" || fail "the 421 carries camera $id"
  done
  [ "$(json 'sorted(j.keys())')" = '["errors", "shard_id"]' ] || note "the 421 also has $(json 'sorted(j.keys())')"
}
moved_camera=${moved_cameras%% *}
expect_421 "/n1/n/$MOVED_NETWORK/manage/vision/cameras" 2 "$moved_cameras"
ok "GET /n1/n/$MOVED_NETWORK/manage/vision/cameras: 421 $(head -c 200 "$body_file")"
expect_421 "/n1/cameras/$moved_camera/live/main/index.m3u8" 2 ""
ok "GET /n1/cameras/$moved_camera/live/main/index.m3u8: 421 shard_id 2"
expect_421 "/n2/n/$SHARD1_NETWORK/manage/vision/cameras" 1 "$shard1_cameras"
ok "GET /n2/n/$SHARD1_NETWORK/manage/vision/cameras: 421 shard_id 1"

# --- 5. live video of each network through its shard --------------------------------------------------------------
step "5: live video (LL-HLS and the WebSocket frames feed) of a camera of each network"
# shellcheck disable=SC2086 # camera id lists
found=$(wait_live 1 20 $shard1_cameras) || fail "no live video of network $SHARD1_NETWORK's cameras through /n1 in 20 s"
shard1_live_camera=${found%%$'\t'*}
ok "shard 1, camera $shard1_live_camera: ${found#*$'\t'}"
# shellcheck disable=SC2086
found=$(wait_live 2 20 $moved_cameras) || fail "no live video of network $MOVED_NETWORK's cameras through /n2 in 20 s"
moved_live_camera=${found%%$'\t'*}
ok "shard 2, camera $moved_live_camera: ${found#*$'\t'} ($(elapsed) since the start)"
for pair in "1 $shard1_live_camera" "2 $moved_live_camera"; do
  set -- $pair
  set_request "WebSocket $portal/n$1/cameras/$2/live/main/frames"
  : >"$body_file"
  ws=$(ws_frames "$1" "$2") || {
    set_status "$ws"
    fail "WebSocket frames feed through nginx"
  }
  ok "WebSocket /n$1/cameras/$2/live/main/frames through nginx: $ws"
done

# --- 6. a move while it runs --------------------------------------------------------------------------------------
step "6: argusd network move $MOVED_NETWORK back to shard 1 while the stack runs"
# A recording made by shard 2 before the move: what the availability route says it has since the recipe's move
# returned (shard 2 had the network then; shard 1 recorded its first seconds) and up to 3 s ago.
before_ms=$(now_ms)
http GET "/n2/n/$MOVED_NETWORK/manage/vision/cameras/$moved_live_camera/availability?t0=$((before_ms - 600000))&t1=\
$before_ms"
expect_status 200
range=$(json 'j["camera"][-1][0], j["camera"][-1][1]' | tr -d '(),') ||
  fail "no recorded range of camera $moved_live_camera on shard 2"
vod_start=${range%% *}
vod_end=${range##* }
((vod_start < stack_ready_ms)) && vod_start=$stack_ready_ms
((vod_end > before_ms - 3000)) && vod_end=$((before_ms - 3000))
((vod_end > vod_start + 2000)) ||
  fail "camera $moved_live_camera has under 2 s recorded by shard 2 ($range, the stack was up at $stack_ready_ms)"
found=$(vod_probe 2 "$moved_live_camera" "$vod_start" "$vod_end") || fail "the recording on shard 2 does not play"
before_segments=${found%% segments*}
ok "before the move, /n2 plays camera $moved_live_camera's recording $vod_start-$vod_end" \
  "($(((vod_end - vod_start) / 1000)) s): $found"

# The move runs in the background: it changes the map at once, then waits 12 s for shard 2 to let go of the cameras
# before it copies their recordings; the shards follow the map meanwhile.
move_ms=$(now_ms)
"$ARGUSD" network move --database "$DATABASE_URL" --network-id "$MOVED_NETWORK" --to-shard 1 \
  --from-data-dir "$RUN_DIR/shard2" --to-data-dir "$RUN_DIR/shard1" >"$work/move.log" 2>&1 &
move_pid=$!
# Until both shards agree (shard_for_network 1 through /n1 and /n2, the camera list 200 through /n1 and 421 through
# /n2), ~5 times a second; each change of what they answer is printed.
deadline=$((SECONDS + 15))
last_state=""
timeline=$work/move_timeline
: >"$timeline"
while :; do
  sfn1=$(shard_for_network 1 "$MOVED_NETWORK")
  sfn2=$(shard_for_network 2 "$MOVED_NETWORK")
  http GET "/n1/n/$MOVED_NETWORK/manage/vision/cameras?fields=id"
  list1=$status
  http GET "/n2/n/$MOVED_NETWORK/manage/vision/cameras?fields=id"
  list2=$status
  state="shard_for_network: /n1 ${sfn1:-?}, /n2 ${sfn2:-?}; camera list: /n1 $list1, /n2 $list2"
  if [ "$state" != "$last_state" ]; then
    echo "+$(($(now_ms) - move_ms)) ms: $state" >>"$timeline"
    last_state=$state
  fi
  [ "$sfn1" = 1 ] && [ "$sfn2" = 1 ] && [ "$list1" = 200 ] && [ "$list2" = 421 ] && break
  if ((SECONDS >= deadline)); then
    cat "$timeline" >&2
    fail "the shards do not agree that network $MOVED_NETWORK is on shard 1 15 s after the move started (above)"
  fi
  sleep 0.2
done
ok "both shards follow the map $(($(now_ms) - move_ms)) ms after the move started; what they answered meanwhile:"
sed 's/^/      /' "$timeline"
# shellcheck disable=SC2086
found=$(wait_live 1 20 $moved_live_camera $moved_cameras) ||
  fail "no live video of network $MOVED_NETWORK through /n1 within 20 s of the move"
ok "live on shard 1 $(($(now_ms) - move_ms)) ms after the move started, camera ${found%%$'\t'*}: ${found#*$'\t'}"
if kill -0 "$move_pid" 2>/dev/null; then
  # Reported, not required: the old recording through the new shard before the copy is done.
  if found=$(vod_probe 1 "$moved_live_camera" "$vod_start" "$vod_end"); then
    note "$(($(now_ms) - move_ms)) ms after the move started, before its copy: /n1 plays the old recording: $found"
  else
    note "$(($(now_ms) - move_ms)) ms after the move started, before its copy: the old recording through /n1:" \
      "$(cat "$work/last_request") -> $(cat "$work/last_status") $(head -c 200 "$body_file")"
  fi
fi
set_request "$ARGUSD network move --network-id $MOVED_NETWORK --to-shard 1 --from-data-dir shard2 --to-data-dir shard1"
wait "$move_pid"
move_code=$?
move_pid=
set_status "exit $move_code"
cp "$work/move.log" "$body_file"
[ "$move_code" = 0 ] || fail "argusd network move failed"
ok "argusd network move returned after $(($(now_ms) - move_ms)) ms: $(tr '\n' ' ' <"$work/move.log" | head -c 400)"
http GET "/n1/n/$MOVED_NETWORK/manage/vision/cameras?fields=id"
expect_status 200
expect_421 "/n2/n/$MOVED_NETWORK/manage/vision/cameras" 1 "$moved_cameras"
ok "the old shard: GET /n2/n/$MOVED_NETWORK/manage/vision/cameras answers 421 shard_id 1"
expect_421 "/n2/cameras/$moved_live_camera/history/main/index.m3u8?start_ms=$vod_start&end_ms=$vod_end" 1 ""
ok "the old shard: its history playlist answers 421 shard_id 1"
found=$(vod_probe 1 "$moved_live_camera" "$vod_start" "$vod_end") ||
  fail "the recording made on shard 2 before the move ($vod_start-$vod_end) does not play through /n1"
[ "${found%% segments*}" = "$before_segments" ] ||
  fail "after the move the recording has ${found%% segments*} segments through /n1, $before_segments before through /n2"
ok "after the move, /n1 plays the recording made on shard 2 before it: $found"
# The last seconds before the move (shard 2 still recorded them while the copy ran): reported, not required.
if found=$(vod_probe 1 "$moved_live_camera" "$((move_ms - 10000))" "$move_ms"); then
  note "the 10 s before the move play through /n1 too: $found"
else
  note "the 10 s before the move do not play through /n1: $(cat "$work/last_request") ->" \
    "$(cat "$work/last_status") $(head -c 200 "$body_file")"
fi
# What was recorded around the move (the gap between the old shard letting go and the new one starting): reported.
now=$(now_ms)
http GET "/n1/n/$MOVED_NETWORK/manage/vision/cameras/$moved_live_camera/availability?t0=$((move_ms - 30000))&t1=$now"
if [ "$status" = 200 ]; then
  note "camera $moved_live_camera recorded around the move (ms from the move's start):" \
    "$(json "' '.join('[%+d, %+d]' % (a - $move_ms, b - $move_ms) for a, b in j['camera'])")"
fi

step "done"
exit 0
