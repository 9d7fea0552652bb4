#!/usr/bin/env bash
# Transcodes ONCE the footage of bench/recording_cost (a 1080p camera at 4 Mbit/s, see docs/design/recording.md "Cost"):
#   scripts/prepare-bench-footage.sh [OUT_DIR]        (default: var/footage-1080p)
# Writes OUT_DIR/01-vtest_main.mp4: vtest.avi from Debian's opencv-doc, 1920x1080, 25 fps, H.264 main profile,
# constant 4 Mbit/s (x264 CBR with HRD), a keyframe every 2 s (closed GOPs, no scene cuts), no B-frames, 20 s.
# camsim wants a NAME_sub.mp4 beside every NAME_main.mp4; the bench records main streams only, so the sub "clip" is a
# link to the main one. An output newer than the source and this script is kept (reruns cost nothing).
set -euo pipefail
script=$(realpath "$0")
out_dir=$(realpath -m "${1:-$(dirname "$script")/../var/footage-1080p}")
source=/usr/share/doc/opencv-doc/examples/data/vtest.avi
out="$out_dir/01-vtest_main.mp4"

if ! command -v ffmpeg >/dev/null; then
  echo "prepare-bench-footage: ffmpeg not installed (run scripts/setup.sh)" >&2
  exit 1
fi
if [[ ! -f $source ]]; then
  echo "prepare-bench-footage: $source missing (install opencv-doc)" >&2
  exit 1
fi
mkdir -p "$out_dir"
if [[ ! -f $out || ! $out -nt $source || ! $out -nt $script ]]; then
  echo "prepare-bench-footage: $source -> $out (H.264, 1920x1080, 25 fps, 4 Mbit/s, keyframe every 2 s, 20 s)"
  # Temporary name first, so that an interrupted run leaves no clip.
  nice -n 10 ffmpeg -hide_banner -loglevel error -y -stream_loop -1 -i "$source" -t 20 -an \
    -vf "scale=1920:1080:force_original_aspect_ratio=increase,crop=1920:1080,setsar=1" -fps_mode cfr -r 25 \
    -c:v libx264 -preset veryfast -profile:v main -pix_fmt yuv420p -bf 0 -g 50 -keyint_min 50 -sc_threshold 0 \
    -b:v 4M -maxrate 4M -bufsize 4M -x264-params repeat-headers=1:nal-hrd=cbr -movflags +faststart -f mp4 "$out.tmp"
  mv "$out.tmp" "$out"
fi
ln -sf "$(basename "$out")" "$out_dir/01-vtest_sub.mp4"
