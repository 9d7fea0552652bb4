#!/usr/bin/env bash
# Runs every benchmark and prints one figure per line.
set -euo pipefail
cd "$(dirname "$0")"
./camera_list_load.sh "$@"
# Recording cost (fragmenter → chunk files → SQLite index), N = 50 and 200 streams.
../build/bin/argus_bench_recording 50 200
# Seek: historical playlist + first segment bytes for random instants of a synthetic 24 h index.
../build/bin/argus_bench_seek 200
# Connect: RTSP connect → first keyframe from camsim (new stream / joining a running one), H.264 and H.265.
../build/bin/argus_bench_connect
../build/bin/argus_bench_connect --h265
# Motion: ROI searches over 3 days x 4 cameras of synthetic motion (median, p99), and analysis CPU per camera on the
# camsim footage at 5 fps.
../build/bin/argus_bench_motion 30
# Live latency: SEI send time → LL-HLS part available (server) and → frame on screen in headless Chromium (skipped,
# with a line saying so, when Chromium is missing).
node live_latency.mjs
# Portal weight: JS/CSS on the wire for the sign-in and camera pages, cold, in headless Chromium.
node portal_weight.mjs
# Sign-in under attack: legitimate sign-ins (p50/p90, success) while 30 attackers guess one account's password.
node signin_under_attack.mjs
# Camera outage: a demo camera hangs and comes back, 5 rounds: hang → offline in the API, on the live WebSocket and on
# the camera page in Chromium; restore → active, first media fragment, video playing again (targets 5 s and 5 s).
node camera_outage.mjs
