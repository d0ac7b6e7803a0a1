#!/usr/bin/env bash
# Builds librvimport.so and packs the Blender add-on with it: build/io_import_rv.zip, which
# Blender's Preferences > Add-ons > Install accepts (the zip holds the io_import_rv/ folder).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=build bash scripts/build.sh >/dev/null
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -r scripts/blender/io_import_rv "$stage/"
rm -rf "$stage/io_import_rv/__pycache__"
cp build/librvimport.so "$stage/io_import_rv/"
rm -f build/io_import_rv.zip
(cd "$stage" && python3 -m zipfile -c "$OLDPWD/build/io_import_rv.zip" io_import_rv)
echo "build/io_import_rv.zip"
