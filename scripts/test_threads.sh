#!/usr/bin/env bash
# The C ABI from several threads under ThreadSanitizer (issue 29): librvimport and the test are
# both built with -fsanitize=thread in build-tsan/ (an uninstrumented library would hide its
# races), without Assimp (the C ABI does not use it), and only the targets the test needs.
# Runs test/capi/capi_threads_test.c on the demo crate and world, and on a real texture when
# ../shared/samples is there. Any report of a data race fails the run (halt_on_error).
set -euo pipefail
cd "$(dirname "$0")/.."
B=build-tsan
SAMPLES="${RV_SAMPLES_DIR:-../shared/samples}"
CC=clang CXX=clang++ cmake -S . -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRV_SANITIZE_THREAD=ON \
  -DRV_WITH_ASSIMP=OFF -DCMAKE_DISABLE_FIND_PACKAGE_assimp=ON -DRV_BUILD_BLENDER_ADDON=OFF >/dev/null
cmake --build "$B" -j "$(nproc)" --target capi_threads_test rv_make_demo
mkdir -p "$B/threads"
"$B/test/rv_make_demo" "$B/threads/rv_crate.p3d" "$B/threads/rv_world.wrp" >/dev/null
texture=()
t="$SAMPLES/textures/paa/DXT5/dxt5.paa"
[ -f "$t" ] || t=$(find "$SAMPLES/textures" -name '*.paa' 2>/dev/null | sort | head -n 1 || true)
[ -n "${t:-}" ] && [ -f "$t" ] && texture=("$t")
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
  "$B/test/capi_threads_test" "$B/threads/rv_crate.p3d" "$B/threads/rv_world.wrp" "${texture[@]}"
