#!/usr/bin/env bash
# Transcodes the camera simulator's footage ONCE into H.264 (and a few H.265) clips (see docs/design/camsim.md):
#   scripts/prepare-footage.sh [OUT_DIR]        (default: var/footage)
# For every source video it writes OUT_DIR/NN-name_main.mp4 (1280x720) and OUT_DIR/NN-name_sub.mp4 (640x360):
# H.264 main profile, yuv420p, constant frame rate (the source's), no B-frames, a keyframe every GOP_SECONDS, no audio,
# between 10 and 30 s long (shorter sources are looped). Outputs newer than their source and this script are kept.
# The first H265_CLIPS sources are also written as H.265 (libx265, same sizes, rate and keyframes, no B-frames) to
# OUT_DIR/h265/NN-name_{main,sub}.mp4 for `camsim --h265-cameras`; skipped with a warning when ffmpeg has no libx265.
# The first FISHEYE_CLIPS sources also become fisheye clips for `camsim --fisheye-cameras`: OUT_DIR/fisheye/NN-name_
# {main,sub}.mp4, 1024x1024 and 512x512, the source's centre square (as a 150-degree view) through a 180-degree lens
# (FFmpeg's v360 flat -> fisheye), a circular image with black outside; H.264 with the settings above.
#
# Environment (tests use them to make a tiny clip quickly):
#   FOOTAGE_SOURCES  space-separated input files (default: vtest.avi, tree.avi, Megamind.avi from opencv-doc)
#   FOOTAGE_SECONDS  exact clip length in seconds (default: the source's duration clamped to 10..30)
#   GOP_SECONDS      keyframe interval in seconds (default 2)
#   H265_CLIPS       how many sources also get H.265 clips (default 1; 0 = none)
#   FISHEYE_CLIPS    how many sources also get fisheye clips (default 1; 0 = none)
set -euo pipefail
script=$(realpath "$0")
out_dir=$(realpath -m "${1:-$(dirname "$script")/../var/footage}")
data_dir=/usr/share/doc/opencv-doc/examples/data
sources=${FOOTAGE_SOURCES:-"$data_dir/vtest.avi $data_dir/tree.avi $data_dir/Megamind.avi"}
gop_seconds=${GOP_SECONDS:-2}
h265_clips=${H265_CLIPS:-1}
fisheye_clips=${FISHEYE_CLIPS:-1}
# The lens: 180 degrees, like the MV32 (the portal's dewarp assumes it: web/src/features/dewarp DEFAULT_LENS_FOV_DEG).
# The flat source (a square crop) is taken as a 150-degree view, so it fills the circle but its outer 15-degree ring.
fisheye_fov=180
source_fov=150

if ! command -v ffmpeg >/dev/null || ! command -v ffprobe >/dev/null; then
  echo "prepare-footage: ffmpeg/ffprobe not installed (run scripts/setup.sh)" >&2
  exit 1
fi
mkdir -p "$out_dir"
if ((h265_clips > 0)) && [[ $(ffmpeg -hide_banner -encoders 2>/dev/null) != *libx265* ]]; then
  echo "prepare-footage: ffmpeg has no libx265 encoder, no H.265 clips (camsim --h265-cameras needs them)" >&2
  h265_clips=0
fi

index=0
prepared=0
for source in $sources; do
  if [[ ! -f $source ]]; then
    echo "prepare-footage: skipping missing $source" >&2
    continue
  fi
  index=$((index + 1))
  name=$(printf '%02d-%s' "$index" "$(basename "${source%.*}" | tr '[:upper:]' '[:lower:]')")
  prepared=$((prepared + 1))

  # Probe once: frame rate (kept, made constant) and duration (clamped, or looped up to 10 s).
  rate=$(ffprobe -v error -select_streams v:0 -show_entries stream=r_frame_rate -of default=nw=1:nk=1 "$source")
  duration=$(ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "$source")
  fps=$(awk -v r="$rate" 'BEGIN { split(r, p, "/"); f = (p[2] ? p[1] / p[2] : p[1]); if (f <= 0 || f > 60) f = 15; print f }')
  gop=$(awk -v f="$fps" -v g="$gop_seconds" 'BEGIN { n = int(f * g + 0.5); print (n < 1 ? 1 : n) }')
  seconds=${FOOTAGE_SECONDS:-$(awk -v d="$duration" 'BEGIN { if (d < 10) d = 10; if (d > 30) d = 30; print d }')}

  kinds=h264
  ((index <= h265_clips)) && kinds="$kinds h265"
  ((index <= fisheye_clips)) && kinds="$kinds fisheye"
  for codec in $kinds; do
    variants="main:1280:720 sub:640:360"
    [[ $codec == fisheye ]] && variants="main:1024:1024 sub:512:512"
    for variant in $variants; do
      IFS=: read -r stream width height <<<"$variant"
      # Crop to 16:9 like a camera would frame it.
      filter=(-vf "scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1")
      if [[ $codec == h264 || $codec == fisheye ]]; then
        out="$out_dir/${name}_${stream}.mp4"
        encoder=(-c:v libx264 -preset veryfast -profile:v main -pix_fmt yuv420p -bf 0
                 -g "$gop" -keyint_min "$gop" -sc_threshold 0 -x264-params repeat-headers=1)
      fi
      if [[ $codec == fisheye ]]; then
        mkdir -p "$out_dir/fisheye"
        out="$out_dir/fisheye/${name}_${stream}.mp4"
        # The unmapped corners are transparent (alpha_mask) and laid over black: a circle on black, like a lens.
        filter=(-filter_complex "[0:v]crop=ih:ih,format=yuva420p,v360=input=flat:output=fisheye:\
ih_fov=$source_fov:iv_fov=$source_fov:h_fov=$fisheye_fov:v_fov=$fisheye_fov:w=$width:h=$height:alpha_mask=1[lens];\
color=black:s=${width}x${height}:r=$rate[black];[black][lens]overlay=shortest=1,format=yuv420p,setsar=1")
      elif [[ $codec == h265 ]]; then
        mkdir -p "$out_dir/h265"
        out="$out_dir/h265/${name}_${stream}.mp4"
        encoder=(-c:v libx265 -preset ultrafast -profile:v main -pix_fmt yuv420p -tag:v hvc1 -x265-params
                 "keyint=$gop:min-keyint=$gop:scenecut=0:open-gop=0:bframes=0:repeat-headers=1:log-level=error")
      fi
      if [[ -f $out && $out -nt $source && $out -nt $script && -z ${FOOTAGE_FORCE:-} ]]; then
        continue
      fi
      echo "prepare-footage: $source -> $out (${codec}, ${width}x${height}, ${fps} fps, keyframe every $gop frames, ${seconds} s)"
      # Written to a temporary name so an interrupted run leaves no clip.
      nice -n 10 ffmpeg -hide_banner -loglevel error -y -stream_loop -1 -i "$source" -t "$seconds" -an \
        "${filter[@]}" -fps_mode cfr -r "$rate" "${encoder[@]}" -movflags +faststart -f mp4 "$out.tmp"
      mv "$out.tmp" "$out"
    done
  done
done

if ((prepared == 0)); then
  echo "prepare-footage: no source videos found (install opencv-doc or set FOOTAGE_SOURCES)" >&2
  exit 1
fi
