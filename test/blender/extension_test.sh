#!/bin/sh
# The Blender 4.2+ extensions as a user installs them (issue 41: one zip per platform).
# - Every io_import_rv-VERSION-<platform>.zip in ZIP_DIR passes `extension validate`, and
#   check_extension_zips.py finds in each its platform's library only, a manifest that declares
#   that platform only, and the licence files.
# - The Linux zip installs with `extension install-file` into a scratch user folder, then
#   test_extension.py imports models, a terrain, a texture and an animation through the installed
#   module (bl_ext.user_default.io_import_rv), writing nothing into its folder.
# - The Windows zip, when there is one, is refused by this Linux Blender for its platform.
# Skipped (77) on a Blender without extensions (3.x).
#   extension_test.sh BLENDER ZIP_DIR VERSION SCRATCH_DIR   (RV_DEMO_DIR, RV_SAMPLES_DIR in the environment)
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
blender="$1" zips="$2" version="$3" scratch="$4"
run() { "$here/run_blender.sh" "$blender" "$@"; }
major_minor=$(run --version 2>/dev/null | sed -n 's/^Blender \([0-9]*\)\.\([0-9]*\).*/\1 \2/p' | head -1)
set -- $major_minor
if [ "${1:-0}" -lt 4 ] || { [ "$1" -eq 4 ] && [ "$2" -lt 2 ]; }; then
  echo "Blender $1.$2 has no extensions: the legacy zip is blender_package's"
  exit 77
fi
linux="$zips/io_import_rv-$version-linux-x64.zip" windows="$zips/io_import_rv-$version-windows-x64.zip"
test -f "$linux" || { echo "no $linux"; exit 1; }
python3 "$here/check_extension_zips.py" "$zips" "$version"
rm -rf "$scratch"
mkdir -p "$scratch"
export BLENDER_USER_RESOURCES="$scratch"
for zip in "$linux" "$windows"; do
  [ -f "$zip" ] || continue
  out="$scratch/validate.log"
  run -b --factory-startup --command extension validate "$zip" >"$out" 2>&1 || { cat "$out"; exit 1; }
  grep -q "^Success" "$out" || { cat "$out"; echo "extension validate did not succeed on $zip"; exit 1; }
  echo "validated: $(basename "$zip")"
done
if [ -f "$windows" ]; then
  run -b --factory-startup --command extension install-file -r user_default -e "$windows" >"$scratch/install.log" 2>&1 || true
  grep -q "platform (linux-x64) isn't one of (windows-x64)" "$scratch/install.log" ||
    { cat "$scratch/install.log"; echo "a Linux Blender did not refuse the Windows zip for its platform"; exit 1; }
  test ! -e "$scratch/extensions/user_default/io_import_rv" || { echo "the Windows zip was installed on Linux"; exit 1; }
  echo "the Windows zip is refused here: $(grep -o "This platform.*" "$scratch/install.log" | head -1)"
fi
run -b --factory-startup --command extension install-file -r user_default -e "$linux" >"$scratch/install.log" 2>&1 ||
  { cat "$scratch/install.log"; exit 1; }
test -f "$scratch/extensions/user_default/io_import_rv/blender_manifest.toml" ||
  { cat "$scratch/install.log"; echo "not installed in $scratch/extensions/user_default"; exit 1; }
unset RVIMPORT_LIB
run -b --factory-startup -noaudio --python-exit-code 1 --python "$here/test_extension.py"
