#!/usr/bin/env bash
# Line and region coverage of the decoders reached by the fuzz corpora (run scripts/fuzz.sh
# first): rebuilds the fuzz targets with clang's source-based coverage in build-cov/, replays
# each corpus once (-runs=0) and prints llvm-cov's report for code/.
set -euo pipefail
cd "$(dirname "$0")/.."
CC=clang CXX=clang++ BUILD_DIR=build-cov BUILD_TYPE=RelWithDebInfo bash scripts/build.sh -DRV_FUZZ=ON \
  -DRV_BUILD_TESTS=OFF -DCMAKE_CXX_FLAGS="-fprofile-instr-generate -fcoverage-mapping" \
  -DCMAKE_EXE_LINKER_FLAGS="-fprofile-instr-generate" >/dev/null
rm -f build-cov/*.profraw
objects=()
for target in fuzz_lzss fuzz_lzo fuzz_odol fuzz_wrp fuzz_assimp_odol fuzz_assimp_wrp; do
  [ -d build-fuzz/corpus/$target ] || continue
  LLVM_PROFILE_FILE=build-cov/$target.profraw ASAN_OPTIONS=detect_leaks=0 \
    build-cov/test/fuzz/$target -runs=0 build-fuzz/corpus/$target >/dev/null 2>&1 || true
  objects+=(-object build-cov/test/fuzz/$target)
done
llvm-profdata merge -sparse build-cov/*.profraw -o build-cov/fuzz.profdata
llvm-cov report "${objects[@]:1}" -instr-profile=build-cov/fuzz.profdata code/odol code/wrp code/compression code/core code/assimp
