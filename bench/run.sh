#!/usr/bin/env bash
# Runs every benchmark and prints one figure per line.
set -euo pipefail
cd "$(dirname "$0")"
./camera_list_load.sh "$@"
# Recording cost (issue 18): a real argusd beside one `ffmpeg -c copy -f segment` per camera on the same camsim 1080p
# 4 Mbit/s streams, N = 20 and the most cameras this machine sustains (a ramp); % of a core per stream, the ratio, RSS
# per camera. Then the recording path alone in-process (fragmenter → chunk files → SQLite index), N = 50 and 200.
../build/bin/argus_bench_recording
../build/bin/argus_bench_recording --in-process 50,200
# Export: an hour of recorded 1080p 4 Mbit/s remuxed into one faststart MP4 by argusd's exporter beside
# `ffmpeg -c copy -movflags +faststart` of the same recorded bytes (wall, CPU, ratio; target <= 1.2x), then 8 at once.
../build/bin/argus_bench_export --minutes 60 --concurrent 8
# Exports while recording: 8 exports at once of the last minute of 8 of 16 recording cameras, through the API;
# time to all complete, argusd CPU, and whether any camera's recording has a gap across the window (target 0).
node export_while_recording.mjs --cameras 16 --exports 8 --range-seconds 60
# Seek: historical playlist + first segment bytes for random instants of a synthetic 24 h index.
../build/bin/argus_bench_seek 200
# Global search (issue 13): GET /vision/search per keystroke through the API router over 10,000 cameras, 1,000 walls and
# 100,000 export jobs; p50/p99 per query kind for an administrator and a viewer (target <= 20 ms p99), seeding, size.
../build/bin/argus_bench_global_search
# Door events (issue 13): signed partner webhooks through the API router, events stored per second for batches of 1,
# 10 and 100, replayed batches (duplicates/s), and the shares of signature, JSON parsing and storing.
../build/bin/argus_bench_door_ingest
# Connect: RTSP connect → first keyframe from camsim (new stream / joining a running one), H.264 and H.265.
../build/bin/argus_bench_connect
../build/bin/argus_bench_connect --h265
# Motion: ROI searches over 3 days x 4 cameras of synthetic motion (median, p99), and analysis CPU per camera on the
# camsim footage at 5 fps.
../build/bin/argus_bench_motion 30
# Detector: NanoDet (416x416 and 416x256 input) and the HOG fallback per frame of the vtest sub-stream and main stream,
# latency and CPU, OpenCV at 1 thread and at every core, and what fetching its feature map and the appearance embeddings
# add (issue 11, docs/design/detection.md).
../build/bin/argus_bench_detector --frames 40
# Object detection in argusd's pipeline: the footage clips through MotionAnalyzer into the ObjectService (motion-gated,
# at most 2 and 1 frames/s), detection CPU per camera (target <= 5 % of one core on average; docs/design/detection.md).
../build/bin/argus_bench_objects
# Similarity: top-10 by cosine over 1,000,000 appearance embeddings, p50/p99 without and with camera, time, class and
# threshold filters, and the index's memory (issue 11, target <= 50 ms p99; docs/design/detection.md).
../build/bin/argus_bench_similarity
# Detector quality: precision / recall at IoU 0.5 of NanoDet and HOG on the hand-checked set (100 vtest frames, 623
# people; server/tests/data/detection), per class, NanoDet across score thresholds, and the colour attributes' accuracy.
../build/bin/argus_bench_detector_quality
# Live latency: SEI send time → LL-HLS part available (server side), then camera-to-screen read from the pixels of a
# camsim clock camera in headless Chromium for every portal live path (ws, hls, frames) and a WebRTC peer (janus),
# 60 s each (LIVE_LATENCY_SECONDS); a missing Chromium, janus or portal path prints a "skipped" line.
node live_latency.mjs --seconds "${LIVE_LATENCY_SECONDS:-60}"
# Live start: time to the first live frame on a cold camera page load and when switching cameras in the app, per
# transport (frames, ws, hls), N rounds (LIVE_START_ROUNDS, default 10); targets 400 and 250 ms.
node live_start.mjs --rounds "${LIVE_START_ROUNDS:-10}"
# Live wall: 16 of the portal's live players on one page (the demo's cameras' sub-streams, default transport) for 60 s
# (LIVE_WALL_SECONDS): frames shown per second per tile, freezes, Chromium CPU and argusd CPU.
node live_wall.mjs --seconds "${LIVE_WALL_SECONDS:-60}"
# Portal weight: JS/CSS on the wire for the sign-in and camera pages, cold, in headless Chromium.
node portal_weight.mjs
# Sign-in under attack: legitimate sign-ins (p50/p90, success) while 30 attackers guess one account's password.
node signin_under_attack.mjs
# Sign-in throughput (one client, 8 clients, per core) and the p50/p99 of a session-checked call alone and while
# 8 clients sign in, 5 s a phase.
node signin_throughput.mjs
# Camera outage: a demo camera hangs and comes back, 5 rounds: hang → offline in the API, on the live WebSocket and on
# the camera page in Chromium; restore → active, first media fragment, video playing again (targets 5 s and 5 s).
node camera_outage.mjs
# Camera flap storm (issue 14): the demo cameras dropped and restored 100 times a minute for 10 minutes
# (FLAP_STORM_MINUTES): argusd's memory, open file descriptors and threads from the storm's first to its last minute.
node camera_flap_storm.mjs --minutes "${FLAP_STORM_MINUTES:-10}" --flaps-per-minute 100
