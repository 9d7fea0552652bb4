#!/usr/bin/env bash
# `make test-sanitize`: builds everything with AddressSanitizer (leaks included) and UndefinedBehaviorSanitizer in
# build-sanitize (CMake option ARGUS_SANITIZE) and runs every CTest test there. The reports of every process (the
# test binaries and the argusd, camsim and doorsim they start) go to build-sanitize/sanitizer-reports/; the run fails
# when a test fails or any process wrote a report, and prints the reports' first lines. Prints the build and test time.
#
#   SANITIZE_BUILD_DIR=build-sanitize
#   JOBS=2                  build and test parallelism
#   CTEST_ARGS="-R Walls"   extra ctest arguments (a subset)
# The web tests are not run here: they drive the argusd of the normal build.
set -euo pipefail
cd "$(dirname "$0")/.."

BUILD_DIR=${SANITIZE_BUILD_DIR:-build-sanitize}
JOBS=${JOBS:-2}

scripts/setup.sh
started=$(date +%s)
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARGUS_SANITIZE=ON >/dev/null
cmake --build "$BUILD_DIR" -j"$JOBS"
built=$(date +%s)

reports="$PWD/$BUILD_DIR/sanitizer-reports"
rm -rf "$reports"
mkdir -p "$reports"
# log_path: every process writes its reports to its own file (asan.<pid>), child processes included.
export ASAN_OPTIONS="log_path=$reports/asan:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1"
export LSAN_OPTIONS="suppressions=$PWD/scripts/sanitizer/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="log_path=$reports/ubsan:print_stacktrace=1:halt_on_error=1"

status=0
# shellcheck disable=SC2086
ctest --test-dir "$BUILD_DIR" --output-on-failure -j"$JOBS" --timeout 900 ${CTEST_ARGS:-} || status=$?
finished=$(date +%s)

echo "test-sanitize: build $(((built - started) / 60)) min $(((built - started) % 60)) s," \
  "tests $(((finished - built) / 60)) min $(((finished - built) % 60)) s"
if compgen -G "$reports/*" >/dev/null; then
  echo "test-sanitize: sanitizer reports in $reports:"
  for report in "$reports"/*; do
    echo "== $report"
    head -n 40 "$report"
  done
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "test-sanitize: tests failed (exit $status)"
  exit "$status"
fi
echo "test-sanitize: every test passed with no sanitizer report"
