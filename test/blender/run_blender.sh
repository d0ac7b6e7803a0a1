#!/bin/sh
# ctest's launcher for every headless Blender test: BLENDER [ARG...]. With RV_BLENDER_SUITE set (trixie
# or sid, as scripts/test_blender.sh sets it) the same command runs in that Debian chroot's Blender,
# which sees the checkout and the samples at their host paths (scripts/chroot.sh); without it, the
# host's Blender.
if [ -n "$RV_BLENDER_SUITE" ]; then
  shift
  exec "$(dirname "$0")/../../scripts/chroot.sh" run "$RV_BLENDER_SUITE" blender "$@"
fi
exec "$@"
