#!/bin/sh
# The Blender 4.2+ extension as a user installs it: `extension validate` on the zip, then
# `extension install-file` into a scratch user folder, then test_extension.py imports models and
# a terrain through the installed module (bl_ext.user_default.io_import_rv). Skipped (77) on a
# Blender without extensions (3.x).
#   extension_test.sh BLENDER ZIP SCRATCH_DIR      (RV_DEMO_DIR, RV_SAMPLES_DIR in the environment)
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
blender="$1" zip="$2" scratch="$3"
run() { "$here/run_blender.sh" "$blender" "$@"; }
version=$(run --version 2>/dev/null | sed -n 's/^Blender \([0-9]*\)\.\([0-9]*\).*/\1 \2/p' | head -1)
set -- $version
if [ "${1:-0}" -lt 4 ] || { [ "$1" -eq 4 ] && [ "$2" -lt 2 ]; }; then
  echo "Blender $1.$2 has no extensions: the legacy zip is blender_package's"
  exit 77
fi
rm -rf "$scratch"
mkdir -p "$scratch"
export BLENDER_USER_RESOURCES="$scratch"
out="$scratch/validate.log"
run -b --factory-startup --command extension validate "$zip" >"$out" 2>&1 || { cat "$out"; exit 1; }
grep -q "^Success" "$out" || { cat "$out"; echo "extension validate did not succeed"; exit 1; }
run -b --factory-startup --command extension install-file -r user_default -e "$zip" >"$scratch/install.log" 2>&1 ||
  { cat "$scratch/install.log"; exit 1; }
test -f "$scratch/extensions/user_default/io_import_rv/blender_manifest.toml" ||
  { cat "$scratch/install.log"; echo "not installed in $scratch/extensions/user_default"; exit 1; }
unset RVIMPORT_LIB
run -b --factory-startup -noaudio --python-exit-code 1 --python "$here/test_extension.py"
