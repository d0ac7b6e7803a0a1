#!/usr/bin/env bash
# Builds and runs the whole test suite under ctest.
#   scripts/test.sh              release build in build/
#   scripts/test.sh --sanitize   AddressSanitizer + UndefinedBehaviorSanitizer build in build-asan/
# Real-file tests read ../shared/samples (or $RV_SAMPLES_DIR) and skip when it is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--sanitize" ]; then
  export BUILD_DIR=build-asan BUILD_TYPE=RelWithDebInfo
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  bash scripts/build.sh -DRV_SANITIZE=ON
else
  export BUILD_DIR=build
  bash scripts/build.sh
fi
ctest --test-dir "$BUILD_DIR" -j "$(nproc)" --output-on-failure
