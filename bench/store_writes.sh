#!/usr/bin/env bash
# The store's write load for a fleet (bench/store_writes.cpp): SQLite, then PostgreSQL on a throw-away cluster
# (bench/support/throwaway_postgres.sh), with the same cameras and pace.
#   bench/store_writes.sh [--cameras 1000] [--seconds 20] [--flush-ms 1000]
set -euo pipefail
cd "$(dirname "$0")/.."
bench=${BUILD_DIR:-build}/bin/argus_bench_store_writes
[ -x "$bench" ] || { echo "build $bench first (make build)" >&2; exit 1; }
# shellcheck source=bench/support/throwaway_postgres.sh
source bench/support/throwaway_postgres.sh
"$bench" "$@"
start_throwaway_postgres
trap stop_throwaway_postgres EXIT
"$bench" "$@" --database "$POSTGRES_URL"
