#!/usr/bin/env bash
# The add-on's import times on Blender 3.4 (the host), 4.3 (trixie) and 5.2 (sid), on the same files
# (test/blender/bench_import.py): every sample model, the 40 000-material model and the 50k world.
#   scripts/bench_blender.sh [host|trixie|sid ...]     default: all three
# Needs the build (scripts/build.sh), the samples, and root for the chroots (scripts/chroot.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
where=("$@")
[ ${#where[@]} -gt 0 ] || where=(host trixie sid)
BUILD_DIR="${BUILD_DIR:-build}"
SAMPLES="$(cd "${RV_SAMPLES_DIR:-../shared/samples}" && pwd -P)"
LIMITS="$PWD/$BUILD_DIR/test/blender_limits"
[ -f "$LIMITS/many_materials.p3d" ] || "$BUILD_DIR/test/rv_make_blender_limits" "$LIMITS"
export RV_ADDON_DIR="$PWD/scripts/blender" RVIMPORT_LIB="$PWD/$BUILD_DIR/librvimport.so"
for w in "${where[@]}"; do
  if [ "$w" = host ]; then run=(blender); else
    bash scripts/chroot.sh setup "$w" blender python3-numpy >/dev/null
    run=(bash scripts/chroot.sh run "$w" blender)
  fi
  "${run[@]}" -b --factory-startup -noaudio --python test/blender/bench_import.py -- "$SAMPLES" "$LIMITS" 2>/dev/null |
    grep '^bench ' || true
done
