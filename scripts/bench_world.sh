#!/usr/bin/env bash
# Scale targets of issue 17, measured: wall time and peak RSS (/usr/bin/time -v) of
#   rvimport export WORLD.wrp out.glb --data-root DATA
# on synthetic worlds written by test/support/make_world.cpp (rv_make_world) and on the samples
# in ../shared/samples/terrain (skipped when absent), plus Blender's own glTF importer on our glb
# of the 1024^2 / 50k world, and the growth of the export time with objects and with samples.
#
#   scripts/bench_world.sh [SECTION...]    sections: worlds samples blender growth perf
#                                          (default: all but perf)
# Environment:
#   BUILD_DIR            build to use (default build); RV_BENCH_SKIP_BUILD=1 uses it as it is
#   RVIMPORT, MAKE_WORLD binaries to use instead of BUILD_DIR's (e.g. an older build, for "before")
#   RV_WORLD_CACHE       where the generated worlds stay between runs (default /tmp/rv-worlds);
#                        a world is written again only when missing (RV_WORLD_REGEN=1: always)
#   RV_BENCH_TIMEOUT     seconds one export may take before it is stopped (default 900)
#   RV_BENCH_BIG=0       leaves out the 4096^2 and 8192^2 worlds
#   RV_SAMPLES_DIR       the samples (default ../shared/samples)
# Options the CLI does not have yet (--terrain-step, --via-assimp) are skipped with a note; until
# our own glTF writer lands, the plain export to .glb is the Assimp path.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR="${BUILD_DIR:-build}"
CACHE="${RV_WORLD_CACHE:-/tmp/rv-worlds}"
TIMEOUT="${RV_BENCH_TIMEOUT:-900}"
SAMPLES="${RV_SAMPLES_DIR:-../shared/samples}"
sections=("$@")
[ ${#sections[@]} -gt 0 ] || sections=(worlds samples blender growth)
want() { local s; for s in "${sections[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }

[ -x /usr/bin/time ] || { echo "bench_world: /usr/bin/time is missing (Debian package 'time', scripts/setup.sh)"; exit 1; }
if [ -z "${RV_BENCH_SKIP_BUILD:-}" ] && { [ -z "${RVIMPORT:-}" ] || [ -z "${MAKE_WORLD:-}" ]; }; then
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$BUILD_DIR" --target rvimport_cli rv_make_world -j "$(nproc)" >/dev/null
fi
RVIMPORT="${RVIMPORT:-$BUILD_DIR/rvimport}"
MAKE_WORLD="${MAKE_WORLD:-$BUILD_DIR/test/rv_make_world}"
mkdir -p "$CACHE"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# has_option NAME [VALUE]: whether export knows an option; an unknown one is a usage error
# (exit 2) before any input is read.
has_option() {
  local rc=0
  "$RVIMPORT" export "$work/none.wrp" "$work/none.glb" "$@" </dev/null >/dev/null 2>&1 || rc=$?
  [ $rc != 2 ]
}
echo "rvimport: $RVIMPORT ($(git log -1 --format='%h %cs' 2>/dev/null || echo '?'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"

# world NAME SAMPLES OBJECTS MODELS: generates $CACHE/NAME once; prints its directory.
world() {
  local dir="$CACHE/$1"
  if [ -n "${RV_WORLD_REGEN:-}" ] || [ ! -f "$dir/done" ]; then
    rm -rf "$dir"
    "$MAKE_WORLD" "$dir" --samples "$2" --objects "$3" --models "$4" >"$work/gen.txt"
    cp "$work/gen.txt" "$dir/done"
  fi
  echo "$dir"
}

# measure OUT CMD...: runs CMD under /usr/bin/time -v and timeout; sets secs (wall), cpu (user +
# system: steadier than wall on a shared machine), rss_mb, out_mb, status.
measure() {
  local out="$1"
  shift
  local rc=0
  /usr/bin/time -v -o "$work/time.txt" timeout "$TIMEOUT" "$@" </dev/null >"$work/run.log" 2>&1 || rc=$?
  secs=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; ++i) s = s * 60 + p[i]; printf "%.2f", s}' "$work/time.txt")
  cpu=$(awk -F': ' '/(User|System) time \(seconds\)/ {s += $2} END {printf "%.2f", s}' "$work/time.txt")
  rss_mb=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$work/time.txt")
  out_mb="-"
  [ -n "$out" ] && [ -f "$out" ] && out_mb=$(awk -v b="$(stat -c %s "$out")" 'BEGIN {printf "%.1f", b / 1048576}')
  case $rc in
    0) status=ok ;;
    124) status="timeout ${TIMEOUT}s" ;;
    *) status="exit $rc: $(grep -v '^\s*$' "$work/run.log" | tail -1 | cut -c1-90)" ;;
  esac
}

row() { printf '%-30s %9s %9s %6s %8s %8s %8s %8s  %s\n' "$@"; }
header() { row world samples objects models wall_s cpu_s rss_MB out_MB status; }
# export_row LABEL SAMPLES OBJECTS MODELS WRP DATA [ARGS...]: one export, one row.
export_row() {
  local label="$1" s="$2" o="$3" m="$4" wrp="$5" data="$6"
  shift 6
  local out="$work/out.glb"
  rm -f "$out"
  local args=()
  [ -n "$data" ] && args+=(--data-root "$data")
  measure "$out" "$RVIMPORT" export "$wrp" "$out" "${args[@]}" "$@"
  row "$label" "$s" "$o" "$m" "$secs" "$cpu" "$rss_mb" "$out_mb" "$status"
}
# The side, object and model counts of a terrain, from rvimport info.
info_counts() {
  "$RVIMPORT" info "$1" 2>/dev/null | awk '
    /^heights/ {s = $2 "x" $4} /^objects/ {o = $2} /^models/ {m = $2}
    END {print (s ? s : "?"), (o ? o : "?"), (m ? m : "?")}'
}

via_assimp=()
has_option --via-assimp && via_assimp=(--via-assimp)

if want worlds; then
  echo
  echo "== Synthetic worlds (rv_make_world, cached in $CACHE): export to .glb with the data root"
  header
  w=$(world s1024_o50000_m100 1024 50000 100)
  export_row "1024^2 / 50k" 1024^2 50000 100 "$w/world.wrp" "$w/data"
  # The default writes one node per object (every importer shows them); the instanced file is
  # the baseline it costs against.
  has_option --target blender && export_row "1024^2 / 50k --instancing gpu" 1024^2 50000 100 "$w/world.wrp" "$w/data" --instancing gpu
  if [ ${#via_assimp[@]} -gt 0 ]; then
    export_row "1024^2 / 50k --via-assimp" 1024^2 50000 100 "$w/world.wrp" "$w/data" --via-assimp
  else
    echo "  (no --via-assimp yet: the row above is the Assimp path)"
  fi
  if [ "${RV_BENCH_BIG:-1}" != 0 ]; then
    w=$(world s4096_o250000_m500 4096 250000 500)
    export_row "4096^2 / 250k" 4096^2 250000 500 "$w/world.wrp" "$w/data"
    w=$(world s8192_o1000000_m2000 8192 1000000 2000)
    export_row "8192^2 / 1M" 8192^2 1000000 2000 "$w/world.wrp" "$w/data"
    has_option --target blender && export_row "8192^2 / 1M --instancing gpu" 8192^2 1000000 2000 "$w/world.wrp" "$w/data" --instancing gpu
    if has_option --terrain-step 4; then
      export_row "8192^2 / 1M --terrain-step 4" 8192^2 1000000 2000 "$w/world.wrp" "$w/data" --terrain-step 4
    else
      echo "  (no --terrain-step yet)"
    fi
  fi
fi

if want samples; then
  echo
  echo "== Samples in $SAMPLES/terrain (no data root: every object is a missing model)"
  header
  shopt -s nullglob
  found=0
  for f in "$SAMPLES"/terrain/*.wrp; do
    found=1
    read -r s o m <<<"$(info_counts "$f")"
    export_row "$(basename "$f")" "$s" "$o" "$m" "$f" ""
  done
  [ $found = 1 ] || echo "  (no samples at $SAMPLES/terrain)"
fi

# Blender 3.4's glTF importer refuses EXT_mesh_gpu_instancing (a required extension) and uses
# np.bool, which numpy 1.24 (Debian bookworm) no longer has: the expression restores that alias,
# and our glb is written with --instancing nodes (one node per object) when the CLI has it.
blender_import() {
  measure "" blender -b --factory-startup -noaudio --python-expr "import bpy, time, numpy; \
numpy.bool = getattr(numpy, 'bool_', bool); t = time.time(); \
bpy.ops.import_scene.gltf(filepath='$2'); \
print('gltf import %.2f s, %d objects' % (time.time() - t, len(bpy.data.objects)))"
  local line
  line=$(grep -a '^gltf import' "$work/run.log" || true)
  echo "  $1 ($(awk -v b="$(stat -c %s "$2")" 'BEGIN {printf "%.1f", b / 1048576}') MB): ${line:-no result: $(grep -a Error "$work/run.log" | tail -1 | cut -c1-100)}"
  echo "    blender process: ${secs} s wall, ${cpu} s CPU, ${rss_mb} MB max RSS, $status"
}

if want blender; then
  echo
  echo "== Blender's own glTF importer on our glb of 1024^2 / 50k"
  if ! command -v blender >/dev/null; then
    echo "  (no blender)"
  else
    w=$(world s1024_o50000_m100 1024 50000 100)
    nodes=()
    has_option --instancing nodes && nodes=(--instancing nodes)
    for variant in default via-assimp; do
      args=("${nodes[@]}")
      if [ $variant = via-assimp ]; then
        [ ${#via_assimp[@]} -gt 0 ] || continue
        args=(--via-assimp)
      fi
      glb="$work/blender-$variant.glb"
      if "$RVIMPORT" export "$w/world.wrp" "$glb" --data-root "$w/data" "${args[@]}" >/dev/null 2>&1; then
        blender_import "export ${args[*]:-(default)}" "$glb"
      else
        echo "  (the export ${args[*]} of 1024^2 / 50k failed; nothing to import)"
      fi
      rm -f "$glb"
    done
  fi
fi

# series TITLE UNIT then rows "LABEL COUNT NAME SAMPLES OBJECTS MODELS" on stdin: the export time
# per unit and the marginal time per unit between neighbouring points (linear: about constant),
# from CPU time (user + system), which the machine's other load disturbs less than wall time.
series() {
  local title="$1" unit="$2" label count name s o m prev_n="" prev_t=""
  echo
  echo "== Growth with $title"
  printf "%-16s %10s %8s %8s %8s %12s %18s  %s\n" world "$unit" wall_s cpu_s rss_MB "us/$unit" "marginal us/$unit" status
  while read -r label count name s o m; do
    local w
    w=$(world "$name" "$s" "$o" "$m")
    rm -f "$work/out.glb"
    measure "$work/out.glb" "$RVIMPORT" export "$w/world.wrp" "$work/out.glb" --data-root "$w/data"
    local per marg="-"
    per=$(awk -v t="$cpu" -v n="$count" 'BEGIN {printf "%.2f", t * 1e6 / n}')
    [ -n "$prev_n" ] && marg=$(awk -v t="$cpu" -v n="$count" -v pt="$prev_t" -v pn="$prev_n" \
      'BEGIN {printf "%.2f", (t - pt) * 1e6 / (n - pn)}')
    printf "%-16s %10s %8s %8s %8s %12s %18s  %s\n" "$label" "$count" "$secs" "$cpu" "$rss_mb" "$per" "$marg" "$status"
    prev_n=$count prev_t=$cpu
  done
}

if want growth; then
  series "objects (1024^2 samples, 100 models)" objects <<'EOF'
1024^2/25k 25000 s1024_o25000_m100 1024 25000 100
1024^2/50k 50000 s1024_o50000_m100 1024 50000 100
1024^2/100k 100000 s1024_o100000_m100 1024 100000 100
EOF
  series "samples (50k objects, 100 models)" samples <<'EOF'
1024^2/50k 1048576 s1024_o50000_m100 1024 50000 100
1448^2/50k 2096704 s1448_o50000_m100 1448 50000 100
2048^2/50k 4194304 s2048_o50000_m100 2048 50000 100
EOF
fi

if want perf; then
  echo
  echo "== perf profile of the 1024^2 / 50k export (top symbols, children excluded)"
  if command -v perf >/dev/null; then
    w=$(world s1024_o50000_m100 1024 50000 100)
    perf record -q -g -o "$work/perf.data" -- "$RVIMPORT" export "$w/world.wrp" "$work/out.glb" --data-root "$w/data" \
      >/dev/null 2>&1 || true
    perf report -i "$work/perf.data" --no-children --stdio --percent-limit 2 -g none 2>/dev/null |
      grep -v '^#' | grep -v '^$' | head -25
  else
    echo "  (no perf)"
  fi
fi
