#!/usr/bin/env bash
# Runs every benchmark and prints one figure per line.
set -euo pipefail
cd "$(dirname "$0")"
./camera_list_load.sh "$@"
