#!/usr/bin/env bash
# Installs what building and testing Argus needs: only missing Debian packages, and web/node_modules only when it is
# missing or older than web/package-lock.json. Idempotent and quick when everything is present.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build ccache pkg-config curl
  libboost-dev libssl-dev libsodium-dev nlohmann-json3-dev libspdlog-dev libcli11-dev libfmt-dev libsqlite3-dev
  libgtest-dev libgmock-dev libbenchmark-dev libbrotli-dev zlib1g-dev wrk chromium
  ffmpeg libavformat-dev libavcodec-dev libavutil-dev libswscale-dev opencv-doc
  libgstrtspserver-1.0-dev libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-plugins-ugly
)
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then sudo=(sudo); fi
  "${sudo[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
fi

if [[ -f web/package.json ]]; then
  if [[ ! -d web/node_modules || (-f web/package-lock.json && web/package-lock.json -nt web/node_modules) ]]; then
    echo "setup: installing web dependencies"
    if [[ -f web/package-lock.json ]]; then (cd web && npm ci); else (cd web && npm install); fi
    touch web/node_modules
  fi
fi
