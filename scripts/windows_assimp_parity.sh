#!/usr/bin/env bash
# rvimport.exe's Assimp formats under Wine against the Linux rvimport built on the same Assimp
# (issue 41): scripts/mingw_assimp.sh cross-builds sid's Assimp, and scripts/test_assimp_versions.sh
# builds the Linux CLI on it in the sid chroot (build-assimp-sid/). scripts/windows_parity.sh
# runs this after its own comparisons.
# - `--version` and `listexport`: the same Assimp and the same export formats, byte for byte.
# - Every real sample model exported to .obj, .dae and .fbx with the samples' data root, on both
#   sides, read back by the sid chroot's own `assimp info`: Windows' files have the vertex and
#   triangle counts of Linux's, and the triangles of `dump --json`'s first LOD (its polygons
#   fanned), which independent readers agree on (the samples' manifest). Assimp's FBX importer
#   returns a skinned model without its mesh (the file has it: Blender imports it), so an .fbx
#   that Assimp reads as empty on both sides is counted by the sid chroot's Blender 5.2 instead.
# - Blender 5.2 imports Windows' .fbx of every model at the size of `dump --json`'s first LOD box.
# - `batch -f fbx` over the same models: the same summary line and the same files, read back alike.
# Needs build/, build-windows/ and build-assimp-sid/ with its chroot; without the last two it says
# SKIPPED, unless RV_REQUIRE_WINDOWS_ASSIMP=1 (CI), where that is a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
SAMPLES="$(cd "${RV_SAMPLES_DIR:-../shared/samples}" && pwd)"
WINE="${WINE64:-$(command -v wine64 || echo /usr/lib/wine/wine64)}"
export WINEDEBUG=-all WINEPREFIX="$PWD/build-windows/wineprefix"
LINUX=build-assimp-sid/rvimport
skip() {
  if [ "${RV_REQUIRE_WINDOWS_ASSIMP:-0}" = 1 ]; then echo "windows Assimp parity: $1" >&2; exit 1; fi
  echo "windows Assimp parity: SKIPPED ($1)"
  exit 0
}
[ -x "$LINUX" ] || skip "no $LINUX: run scripts/test_assimp_versions.sh sid first"
[ -d "$(bash scripts/chroot.sh path sid)/usr" ] || skip "no sid chroot"
# The chroot is unmounted at the end only when this script mounted it (`run` mounts on demand).
if ! mountpoint -q "$(bash scripts/chroot.sh path sid)$(pwd -P)" 2>/dev/null; then
  trap 'bash scripts/chroot.sh umount sid || true' EXIT
fi
win() { "$WINE" build-windows/rvimport.exe "$@"; }
sid() { bash scripts/chroot.sh run sid "$@"; }
OUT=build-windows/assimp_parity
rm -rf $OUT && mkdir -p $OUT/windows $OUT/linux
fail=0
differ() { echo "differs: $1"; fail=$((fail + 1)); }

# The same Assimp, the same formats.
[ "$(win --version)" = "$(sid $LINUX --version)" ] || differ "--version: $(win --version) / $(sid $LINUX --version)"
win listexport >$OUT/windows/listexport.txt
sid $LINUX listexport >$OUT/linux/listexport.txt
cmp -s $OUT/windows/listexport.txt $OUT/linux/listexport.txt || differ "listexport"
echo "windows Assimp parity: $(win --version), $(wc -l <$OUT/windows/listexport.txt) export formats"

# Every real model to .obj, .dae and .fbx: Windows through one cmd session, Linux in the chroot.
ROOT="$SAMPLES/textures/data-root"
mapfile -t MODELS < <(find "$SAMPLES/real" -name '*.p3d' | sort)
printf '@echo off\r\n' >$OUT/run.bat
printf '%s\n' "${MODELS[@]}" >$OUT/models.txt
k=0
for m in "${MODELS[@]}"; do
  for ext in obj dae fbx; do
    printf 'build-windows\\rvimport.exe export "%s" build-windows\\assimp_parity\\windows\\%d.%s --data-root "%s" -q\r\n' \
      "$m" $k $ext "$ROOT" >>$OUT/run.bat
  done
  k=$((k + 1))
done
"$WINE" cmd /c "$(echo $OUT/run.bat | tr / '\\')" >$OUT/windows/exports.log 2>&1 &
wine_pid=$!
sid bash -c 'k=0; while read -r m; do for ext in obj dae fbx; do
  "$1" export "$m" "$2/$k.$ext" --data-root "$3" -q; done; k=$((k + 1)); done <"$4"' _ \
  "$LINUX" "$OUT/linux" "$ROOT" "$OUT/models.txt" >$OUT/linux/exports.log 2>&1 || true
wait $wine_pid || true
# batch -f fbx over the same folder, both sides.
win batch "$SAMPLES/real" 'build-windows\assimp_parity\windows\batch' -f fbx --data-root "$ROOT" \
  >$OUT/windows/batch.txt 2>$OUT/windows/batch.err || true
sid $LINUX batch "$SAMPLES/real" "$OUT/linux/batch" -f fbx --data-root "$ROOT" \
  >$OUT/linux/batch.txt 2>$OUT/linux/batch.err || true

# Read back by sid's `assimp info` (raw: no post-processing), every file of both sides.
sid bash -c 'cd "$1" && find windows linux -type f \( -name "*.obj" -o -name "*.dae" -o -name "*.fbx" \) | sort |
  while read -r f; do printf "%s %s %s\n" "$f" \
    "$(assimp info "$f" -r 2>/dev/null | sed -n "s/^Vertices: *//p")" \
    "$(assimp info "$f" -r 2>/dev/null | sed -n "s/^Faces: *//p")"; done' _ "$OUT" >$OUT/counts.txt
# In Blender 5.2's FBX importer, in one session: Windows' .fbx of every model (its size), and
# every .fbx that Assimp read as empty (its polygons).
mapfile -t BLENDER < <({ awk '$1 ~ /\.fbx$/ && $3 == 0 {print $1}' $OUT/counts.txt
  awk '$1 ~ /^windows\/[0-9]+\.fbx$/ {print $1}' $OUT/counts.txt; } | sort -u)
sid blender -b --factory-startup --python test/blender/count_meshes.py -- "${BLENDER[@]/#/$OUT/}" 2>/dev/null |
  sed -n "s|^COUNT $OUT/||p" >$OUT/blender_counts.txt
for i in $(seq 0 $((${#MODELS[@]} - 1))); do
  build/rvimport dump --json "${MODELS[$i]}" >$OUT/$i.json
done
python3 - "$OUT" "$fail" <<'PYEOF'
import json, os, sys
out, fail = sys.argv[1], int(sys.argv[2])
models = open(f"{out}/models.txt", encoding="utf-8").read().splitlines()
counts = {}
for line in open(f"{out}/counts.txt", encoding="utf-8"):
    path, *numbers = line.split()
    counts[path] = tuple(int(n) for n in numbers) if len(numbers) == 2 else None
blender, extents = {}, {}
for line in open(f"{out}/blender_counts.txt", encoding="utf-8"):
    path, polygons, *size = line.split()
    blender[path], extents[path] = int(polygons), sorted((float(v) for v in size), reverse=True)
def read_back(path):
    """(vertices, triangles) by Assimp, or (None, polygons) by Blender for an FBX Assimp read as empty."""
    c = counts.get(path)
    if c is not None and c[1] == 0 and blender.get(path):
        return (None, blender[path])
    return c
def report(what):
    global fail
    print("differs: " + what)
    fail += 1
compared = 0
for k, model in enumerate(models):
    lod = json.load(open(f"{out}/{k}.json"))["lods"][0]
    triangles = sum(len(face) - 2 for face in lod["faces"])
    # Blender brings Windows' .fbx in at the model's size (the file's unit is the metre).
    want = sorted((hi - lo for lo, hi in zip(lod["bbox_min"], lod["bbox_max"])), reverse=True)
    got = extents.get(f"windows/{k}.fbx")
    if got is None or any(abs(g - w) > 0.01 * w + 0.002 for g, w in zip(got, want)):
        report(f"{model} as .fbx in Blender: {got} m, the first LOD's box is {want} m")
    for ext in ("obj", "dae", "fbx"):
        w, l = read_back(f"windows/{k}.{ext}"), read_back(f"linux/{k}.{ext}")
        if w is None or w != l:
            report(f"{model} as .{ext}: Windows {w}, Linux {l} (vertices, triangles)")
        elif w[1] != triangles:
            report(f"{model} as .{ext}: {w[1]} triangles, dump --json's first LOD has {triangles}")
        compared += 1
win_batch = sorted(p[len("windows/batch/"):] for p in counts if p.startswith("windows/batch/"))
lin_batch = sorted(p[len("linux/batch/"):] for p in counts if p.startswith("linux/batch/"))
if not win_batch or win_batch != lin_batch:
    report(f"batch -f fbx wrote {len(win_batch)} files on Windows, {len(lin_batch)} on Linux")
for rel in win_batch:
    w, l = read_back(f"windows/batch/{rel}"), read_back(f"linux/batch/{rel}")
    if w != l or not w or not w[1]:
        report(f"batch {rel}: {w} / {l}")
summary = [open(f"{out}/{side}/batch.txt", encoding="utf-8", errors="replace").read().split(" to fbx")[0]
           for side in ("windows", "linux")]
if summary[0] != summary[1] or not summary[0].startswith("converted "):
    report(f"batch summary: {summary}")
print(f"windows Assimp parity: {len(models)} models x 3 formats and a batch of {len(win_batch)} .fbx read back "
      f"({sum(1 for p in blender if counts.get(p, (0, 1))[1] == 0)} skinned .fbx counted by Blender, "
      f"{len(models)} sized in Blender), {compared} exports compared, {fail} differ")
sys.exit(1 if fail else 0)
PYEOF
