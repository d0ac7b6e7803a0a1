#!/usr/bin/env bash
# Packs the Blender add-on with its libraries (cmake/blender_addon_zip.cmake):
#   OUT_DIR/io_import_rv-<version>-linux-x64.zip    the extension for Blender 4.2+ on Linux
#   OUT_DIR/io_import_rv-<version>-windows-x64.zip  the same for Windows (when WINDOWS_DLL exists)
#   OUT_DIR/io_import_rv.zip                        the legacy add-on (Blender 3.x), both libraries
# Each extension zip holds its platform's library only and a manifest that declares only it.
#   scripts/package_blender_addon.sh [LINUX_SO [WINDOWS_DLL [OUT_DIR]]]
# Defaults: build/librvimport.so (built if missing), build-windows/rvimport.dll when it exists, build/.
set -euo pipefail
cd "$(dirname "$0")/.."
SO="${1:-build/librvimport.so}"
DLL="${2:-build-windows/rvimport.dll}"
OUT="${3:-build}"
if [ ! -f "$SO" ]; then BUILD_DIR=build bash scripts/build.sh >/dev/null; fi
mkdir -p "$OUT"
cmake -DADDON="$PWD/scripts/blender/io_import_rv" -DLIB="$(realpath "$SO")" -DWINDLL="$(realpath -m "$DLL")" \
  -DOUT="$(realpath "$OUT")" -P cmake/blender_addon_zip.cmake
