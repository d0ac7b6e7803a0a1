#!/usr/bin/env bash
# Release artefacts in dist/, with SHA256SUMS:
#   io_import_rv-<version>.zip                  the Blender add-on with librvimport for Linux and Windows
#   rvimport-<version>-windows-x86_64.zip        rvimport.exe, rvimport.dll, rvimport.h, README, LICENSE
#   rvimport-<version>-Linux.tar.gz / .deb       `cmake --install` tree via CPack: the CLI, the C ABI,
#                                                the static libraries, headers and the CMake package
# Builds build/ (Linux) and build-windows/ (MinGW-w64) first.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=build bash scripts/build.sh >/dev/null
bash scripts/build-windows.sh >/dev/null
VERSION=$(sed -n 's/^project(rvimport VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
DIST=dist
rm -rf $DIST && mkdir -p $DIST
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

# The add-on: one zip for both platforms; io_import_rv/platforms.py picks the library.
bash scripts/package_blender_addon.sh build/librvimport.so build-windows/rvimport.dll "$DIST/io_import_rv-$VERSION.zip" >/dev/null

# Windows: what a user unzips next to their tools.
w="$stage/rvimport-$VERSION-windows-x86_64"
mkdir -p "$w"
cp build-windows/rvimport.exe build-windows/rvimport.dll include/rvimport.h README.md LICENSE "$w/"
(cd "$stage" && python3 -m zipfile -c "$OLDPWD/$DIST/rvimport-$VERSION-windows-x86_64.zip" "rvimport-$VERSION-windows-x86_64")

# Linux: CPack from the install rules (tar.gz and .deb).
(cd build && cpack -G "TGZ;DEB" -B "$stage/cpack" >/dev/null)
cp "$stage"/cpack/*.tar.gz "$stage"/cpack/*.deb $DIST/

(cd $DIST && sha256sum -- * > SHA256SUMS)
ls -l $DIST
