#!/usr/bin/env bash
# `rvimport map` at scale (issue 37): wall time and peak RSS of a whole map folder on synthetic
# worlds of x1, x2 and x4 size (heights, objects and layers together), written by rv_make_world
# --segments, and in the same run the baselines: reading the world (cat), the .asc export the map
# folder grew from, and GDAL's own gdal_translate of the DEM it wrote.
#
#   scripts/bench_map.sh            BUILD_DIR (default build), RV_WORLD_CACHE (default /tmp/rv-worlds)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${BUILD_DIR:-build}"
CACHE="${RV_WORLD_CACHE:-/tmp/rv-worlds}"
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$BUILD_DIR" --target rvimport_cli rv_make_world >/dev/null
RV="$BUILD_DIR/rvimport"
mkdir -p "$CACHE"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
measure() {  # prints "seconds peak_MiB" of the command
  /usr/bin/time -f '%e %M' -o "$work/t" "$@" >/dev/null 2>"$work/err" || { cat "$work/err"; return 1; }
  awk '{printf "%.1f %.0f\n", $1, $2 / 1024}' "$work/t"
}
printf '%-6s %-28s %9s %9s %9s %11s %9s\n' size world cat_s asc_s gdal_s map_s map_MiB
base=""
for spec in "x1 4096 250000 8" "x2 5793 500000 11" "x4 8192 1000000 16"; do
  set -- $spec
  dir="$CACHE/map2-$2-$3-$4"  # map2: layers with surfaces
  [ -f "$dir/world.wrp" ] || "$BUILD_DIR/test/rv_make_world" "$dir" --samples "$2" --objects "$3" --models 50 \
    --segments "$4" >/dev/null
  cat_s=$(measure cat "$dir/world.wrp" | cut -d' ' -f1)
  asc_s=$(measure "$RV" export "$dir/world.wrp" "$work/dem.asc" | cut -d' ' -f1)
  rm -rf "$work/map"
  read -r map_s map_mib < <(measure "$RV" map "$dir/world.wrp" "$work/map" --data-root "$dir/data")
  gdal_s=$(measure gdal_translate -q -co COMPRESS=DEFLATE -co PREDICTOR=3 -co TILED=YES "$work/map/dem.tif" \
    "$work/copy.tif" | cut -d' ' -f1)
  printf '%-6s %-28s %9s %9s %9s %11s %9s\n' "$1" "$2^2, $3 obj, $(( $4 * $4 )) layers" "$cat_s" "$asc_s" \
    "$gdal_s" "$map_s" "$map_mib"
  [ -n "$base" ] || base=$map_s
  rm -rf "$work/map" "$work/copy.tif" "$work/dem.asc"
done
echo "map time per x1: the last column over the first is the growth (linear: x2 ~2, x4 ~4)"
