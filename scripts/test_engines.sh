#!/usr/bin/env bash
# The engine tier (issue 25): the glTF our CLI writes, opened by clients none of us wrote, in a
# Debian sid chroot: Godot 4.6 (headless import, textures and placements), f3d 3.5 (an offscreen
# render of every file); Blender 5.2's glTF importer runs in scripts/test_blender.sh, the Khronos
# validator on the host (ctest -L engines).
#   scripts/test_engines.sh
# Needs root (or sudo) for the chroot, cached in $RV_CHROOT_DIR (default /var/cache/rv-chroots).
set -euo pipefail
cd "$(dirname "$0")/.."
export BUILD_DIR=build
bash scripts/build.sh
trap 'bash scripts/chroot.sh umount sid || true' EXIT
start=$(date +%s)
# libegl-mesa0 + libegl-dev: f3d's VTK opens "libEGL.so" to render without a display.
bash scripts/chroot.sh setup sid godot f3d libegl-mesa0 libegl-dev
bash scripts/chroot.sh mount sid
echo "== $(bash scripts/chroot.sh run sid godot --version 2>/dev/null | tail -1), f3d $(bash scripts/chroot.sh run sid f3d --version 2>/dev/null | sed -n 's/^Version: //p') in sid (set up in $(($(date +%s) - start)) s)"
start=$(date +%s)
RV_ENGINE_SUITE=sid RV_REQUIRE_ENGINES=1 RV_REQUIRE_GLTF_VALIDATOR=1 \
  ctest --test-dir "$BUILD_DIR" -L engines -j "$(nproc)" --output-on-failure
echo "== engine tests in sid: $(($(date +%s) - start)) s"
