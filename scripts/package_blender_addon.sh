#!/usr/bin/env bash
# Packs the Blender add-on with its libraries into a zip that Blender's Preferences > Add-ons >
# Install accepts (the zip holds the io_import_rv/ folder):
#   scripts/package_blender_addon.sh [LINUX_SO [WINDOWS_DLL [OUT_ZIP]]]
# Defaults: build/librvimport.so (built if missing), build-windows/rvimport.dll when it exists,
# build/io_import_rv.zip. Libraries go to io_import_rv/lib/<os>-<arch>/, where platforms.py
# looks for the one of the running Blender.
set -euo pipefail
cd "$(dirname "$0")/.."
SO="${1:-build/librvimport.so}"
DLL="${2:-build-windows/rvimport.dll}"
OUT="${3:-build/io_import_rv.zip}"
if [ ! -f "$SO" ]; then BUILD_DIR=build bash scripts/build.sh >/dev/null; fi
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/io_import_rv/lib/linux-x86_64"
cp scripts/blender/io_import_rv/*.py "$stage/io_import_rv/"
cp "$SO" "$stage/io_import_rv/lib/linux-x86_64/librvimport.so"
if [ -f "$DLL" ]; then
  mkdir -p "$stage/io_import_rv/lib/windows-x86_64"
  cp "$DLL" "$stage/io_import_rv/lib/windows-x86_64/rvimport.dll"
fi
mkdir -p "$(dirname "$OUT")"
OUT="$(cd "$(dirname "$OUT")" && pwd)/$(basename "$OUT")"
rm -f "$OUT"
(cd "$stage" && python3 -m zipfile -c "$OUT" io_import_rv)
echo "$OUT"
