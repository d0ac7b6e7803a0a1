#!/usr/bin/env bash
# Builds and runs the whole test suite under ctest.
#   scripts/test.sh              release build in build/
#   scripts/test.sh --sanitize   AddressSanitizer + UndefinedBehaviorSanitizer build in build-asan/,
#                                asserts on
#   scripts/test.sh --no-assimp  -DRV_WITH_ASSIMP=OFF in build-noassimp/, with CMake forbidden to
#                                find Assimp: the decoder, view, C ABI, CLI and add-on without it
# In every mode the gtest programs' ~1,200 cases run in one gtest shard per core and the rest under ctest: a
# process per case cost 6.6 of a release run's 7 minutes (and 15 of 29 under ASan); the cases
# themselves take 60 s in one process.
# Real-file tests read ../shared/samples (or $RV_SAMPLES_DIR) and skip when it is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
--sanitize)
  export BUILD_DIR=build-asan BUILD_TYPE=RelWithDebInfo
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  # RelWithDebInfo without its -DNDEBUG: the asserts (Result::value() of a failed result) are on.
  # -g1: the line tables a sanitizer's report needs, a quarter less compile time than -g.
  bash scripts/build.sh -DRV_SANITIZE=ON "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g1"
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

# Every case of the gtest programs (rv_tests, and rv_assimp_tests where Assimp is built), each split
# over one process per core (gtest sharding); a shard's log is printed when it fails, and its
# summary either way.
run_gtest_shards() {
  local program=$1 n pids=() failed=0 i
  n=$(nproc)
  for ((i = 0; i < n; i++)); do
    (cd "$BUILD_DIR/test" && GTEST_TOTAL_SHARDS=$n GTEST_SHARD_INDEX=$i timeout 1800 "./$program" --gtest_brief=1 \
      > "$program.shard$i.log" 2>&1) &
    pids+=($!)
  done
  for ((i = 0; i < n; i++)); do
    if ! wait "${pids[$i]}"; then
      failed=1
      cat "$BUILD_DIR/test/$program.shard$i.log"
    fi
    echo "$program shard $i of $n: $(grep -E '^\[  (PASSED|FAILED)  \]|tests? from .* ran' "$BUILD_DIR/test/$program.shard$i.log" | tr '\n' ' ')"
  done
  return $failed
}

ctest --test-dir "$BUILD_DIR" -j "$(nproc)" --output-on-failure -LE rv_tests
status=0
run_gtest_shards rv_tests || status=1
if [ -x "$BUILD_DIR/test/rv_assimp_tests" ]; then run_gtest_shards rv_assimp_tests || status=1; fi
exit $status
