#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer targets of fuzz/ with clang in build-fuzz (cmake/Fuzz.cmake), runs each for
# FUZZ_SECONDS on a working copy of its seed corpus and prints one line of figures per target (fuzz/README.md).
# Exits non-zero when a target crashes (or leaks, times out, runs out of memory); the reproducer's path is printed.
#
#   FUZZ_SECONDS=60       time per target
#   FUZZ_TARGETS="..."    which targets (default: all seven)
#   FUZZ_BUILD_DIR=build-fuzz
#   FUZZ_FRESH=1          start from the seeds alone (default: keep what earlier runs added to the working corpus)
#   FUZZ_JOBS=2           build parallelism
# Everything runs under `nice -n 19`. The repository's seed corpus (fuzz/corpus) is only read.
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_TARGETS=${FUZZ_TARGETS:-"fuzz_http_request fuzz_json_inputs fuzz_media_parsers fuzz_wall_requests fuzz_export_requests fuzz_history_queries fuzz_search_queries"}
FUZZ_BUILD_DIR=${FUZZ_BUILD_DIR:-build-fuzz}
FUZZ_JOBS=${FUZZ_JOBS:-2}

# clang with libFuzzer and the sanitizer runtimes, and the few libraries the targets compile against; the same way
# scripts/setup.sh installs packages: only the missing ones.
packages=(clang libclang-rt-dev cmake ninja-build ccache libboost-dev nlohmann-json3-dev libspdlog-dev libfmt-dev)
# shellcheck source=scripts/lib/install_missing_packages.sh
source scripts/lib/install_missing_packages.sh
install_missing_packages fuzz "${packages[@]}"

CC=clang CXX=clang++ nice -n 19 cmake -S . -B "$FUZZ_BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DARGUS_FUZZ=ON >/dev/null
# shellcheck disable=SC2086
nice -n 19 cmake --build "$FUZZ_BUILD_DIR" -j"$FUZZ_JOBS" --target $FUZZ_TARGETS

max_len() {
  case $1 in
    fuzz_http_request) echo 8192 ;;  # request line and headers (the server allows 32 KiB) plus a small body
    fuzz_json_inputs) echo 4096 ;;   # a few events
    fuzz_media_parsers) echo 8192 ;; # an init segment and a fragment
    fuzz_wall_requests) echo 4096 ;; # 16 tiles with every field
    fuzz_export_requests) echo 2048 ;; # every field of an export body
    fuzz_history_queries) echo 1024 ;; # a query string and a file name
    fuzz_search_queries) echo 1024 ;;  # every search parameter
    *) echo 4096 ;;
  esac
}

failed=0
summary=()
for target in $FUZZ_TARGETS; do
  corpus="$FUZZ_BUILD_DIR/corpus/$target"
  artifacts="$FUZZ_BUILD_DIR/artifacts/$target"
  log="$FUZZ_BUILD_DIR/logs/$target.log"
  if [[ ${FUZZ_FRESH:-0} == 1 ]]; then rm -rf "$corpus"; fi
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  cp -n fuzz/corpus/"$target"/* "$corpus"/ 2>/dev/null || true
  options=(-max_total_time="$FUZZ_SECONDS" -max_len="$(max_len "$target")" -timeout=10 -rss_limit_mb=2048
           -print_final_stats=1 -artifact_prefix="$artifacts/")
  if [[ -f fuzz/$target.dict ]]; then options+=(-dict="fuzz/$target.dict"); fi
  if [[ $target == fuzz_http_request ]]; then options+=(-dict=fuzz/http.dict); fi

  echo "fuzz: $target for ${FUZZ_SECONDS}s (log $log)"
  touch "$artifacts/.start"
  status=0
  nice -n 19 "$FUZZ_BUILD_DIR/bin/$target" "${options[@]}" "$corpus" >"$log" 2>&1 || status=$?

  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  files=$(find "$corpus" -type f | wc -l)
  bytes=$(du -sb "$corpus" | cut -f1)
  line=$(printf '%-20s runs %10s  exec/s %7s  cov %5s  ft %6s  corpus %5s files %8s bytes' "$target" "${runs:-?}" \
         "${rate:-?}" "${cov:-?}" "${ft:-?}" "$files" "$bytes")
  if ((status != 0)); then
    failed=1
    artifact=$(find "$artifacts" -type f -newer "$artifacts/.start" -printf '%T@ %p\n' | sort -n | tail -1 |
               cut -d' ' -f2-)
    line+="  CRASH (exit $status): ${artifact:-see $log}"
    grep -m1 -E 'SUMMARY: |ERROR: libFuzzer' "$log" | sed "s/^/fuzz: $target: /" >&2 || true
  else
    line+="  crashes 0"
  fi
  summary+=("$line")
done

echo
echo "fuzz: $(date -u '+%Y-%m-%d %H:%M UTC'), ${FUZZ_SECONDS}s per target"
printf '%s\n' "${summary[@]}"
exit $failed
