#!/usr/bin/env bash
# Configures and builds rvimport into BUILD_DIR (default: build). Extra arguments go to cmake.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${BUILD_DIR:-build}"
# shellcheck source=scripts/ccache_env.sh
source scripts/ccache_env.sh
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" "${launcher[@]}" "$@"
cmake --build "$BUILD_DIR" -j "$(nproc)"
