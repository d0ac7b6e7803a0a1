#!/usr/bin/env bash
# The Blender tier on the Blender our users run: the whole headless Blender suite (ctest -L blender)
# in Debian trixie (Blender 4.3) and sid (Blender 5.2 LTS) chroots, with the librvimport.so, fixtures
# and add-on the host built (scripts/chroot.sh binds the checkout at its host path). The host's own
# Blender 3.4 runs the same suite in scripts/test.sh.
#   scripts/test_blender.sh [SUITE...]     default: trixie sid
# Needs root (or sudo) for the chroots. Each chroot is cached in $RV_CHROOT_DIR (default
# /var/cache/rv-chroots): about 1 min and 1.4-1.6 GB each the first time.
set -euo pipefail
cd "$(dirname "$0")/.."
suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(trixie sid)
export BUILD_DIR=build
bash scripts/build.sh
cleanup() { for s in "${suites[@]}"; do bash scripts/chroot.sh umount "$s" || true; done; }
trap cleanup EXIT
for s in "${suites[@]}"; do
  start=$(date +%s)
  bash scripts/chroot.sh setup "$s" blender python3-numpy
  bash scripts/chroot.sh mount "$s"
  echo "== Blender in $s: $(bash scripts/chroot.sh run "$s" blender --version 2>/dev/null | head -1) (set up in $(($(date +%s) - start)) s)"
  start=$(date +%s)
  RV_BLENDER_SUITE="$s" ctest --test-dir "$BUILD_DIR" -L blender -j "$(nproc)" --output-on-failure
  echo "== Blender suite in $s: $(($(date +%s) - start)) s"
done
