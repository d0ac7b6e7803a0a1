#!/usr/bin/env bash
# Builds and runs the whole test suite under ctest.
#   scripts/test.sh              release build in build/
#   scripts/test.sh --sanitize   AddressSanitizer + UndefinedBehaviorSanitizer build in build-asan/,
#                                asserts on
#   scripts/test.sh --no-assimp  -DRV_WITH_ASSIMP=OFF in build-noassimp/, with CMake forbidden to
#                                find Assimp: the decoder, view, C ABI, CLI and add-on without it
# Real-file tests read ../shared/samples (or $RV_SAMPLES_DIR) and skip when it is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
--sanitize)
  export BUILD_DIR=build-asan BUILD_TYPE=RelWithDebInfo
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  # RelWithDebInfo without its -DNDEBUG: the asserts (Result::value() of a failed result) are on.
  bash scripts/build.sh -DRV_SANITIZE=ON "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g"
  ;;
--no-assimp)
  export BUILD_DIR=build-noassimp
  bash scripts/build.sh -DRV_WITH_ASSIMP=OFF -DCMAKE_DISABLE_FIND_PACKAGE_assimp=ON
  if ldd "$BUILD_DIR/librvimport.so" | grep -i assimp; then
    echo "librvimport.so links Assimp" >&2
    exit 1
  fi
  ;;
*)
  export BUILD_DIR=build
  bash scripts/build.sh
  ;;
esac
ctest --test-dir "$BUILD_DIR" -j "$(nproc)" --output-on-failure
