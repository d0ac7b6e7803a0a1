#!/usr/bin/env bash
# The library targets compiled as unity builds of ONE batch each (every source of a target in one
# translation unit), at -O0: a helper name two sources repeat in their anonymous namespaces, or a
# name of ours that hides a system one (rv::open and POSIX open), fails here, whichever eight
# sources the real builds happen to group together as files are added (CMakeLists.txt). About a
# minute on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build-unity-check
cmake -S . -B $B -G Ninja -DCMAKE_BUILD_TYPE=None -DCMAKE_CXX_FLAGS=-O0 -DCMAKE_UNITY_BUILD=ON \
  -DCMAKE_UNITY_BUILD_BATCH_SIZE=0 -DRV_BUILD_TESTS=OFF >/dev/null
cmake --build $B -j "$(nproc)" --target rvimport_cli rvimport_capi rvimport_assimp_plugin
echo "unity check: every library target compiles as one translation unit"
