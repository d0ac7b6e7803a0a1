#!/usr/bin/env bash
# `batch` over the real sample models with the samples' data root, this build against an earlier
# commit's, in the same run (issue 42's acceptance: at least 3x faster, identical decoded pixels in
# every embedded image, at least 25% fewer bytes):
#   ours:     build/rvimport (the existing release build; this script never builds it)
#   baseline: BASE (default e8f8ffe^, the commit issue 42 was filed against), its CLI built once
#             into $BASE_BUILD_DIR (default /tmp/rv-base-build) from `git archive`, reused after.
# Rounds alternate baseline and ours (ROUNDS, default 3) so that a busy machine slows both alike;
# each side's best and median wall times are printed. Then bench_batch_compare.py checks that
# both trees hold the same .glb files with the same images, pixel for pixel, and totals the bytes.
# Environment: ROUNDS, JOBS (batch -j, default nproc), BASE, BASE_BUILD_DIR, RV_SAMPLES_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
ROUNDS="${ROUNDS:-3}"
JOBS="${JOBS:-$(nproc)}"
BASE="${BASE:-e8f8ffe^}"
BASE_BUILD_DIR="${BASE_BUILD_DIR:-/tmp/rv-base-build}"
SAMPLES="${RV_SAMPLES_DIR:-../shared/samples}"
OURS="$ROOT/build/rvimport"
REAL="$SAMPLES/real" DATA_ROOT="$SAMPLES/textures/data-root"

[ -x "$OURS" ] || { echo "no $OURS: build the release tree first (scripts/build.sh)"; exit 1; }
[ -d "$REAL" ] && [ -d "$DATA_ROOT" ] || { echo "no samples at $SAMPLES (set RV_SAMPLES_DIR)"; exit 1; }

# --- the baseline's CLI, built once per commit
base_sha=$(git rev-parse --verify "$BASE^{commit}")
BASE_BIN="$BASE_BUILD_DIR/build/rvimport"
if [ ! -x "$BASE_BIN" ] || [ "$(cat "$BASE_BUILD_DIR/commit" 2>/dev/null)" != "$base_sha" ]; then
  echo "== building the baseline's CLI ($base_sha) in $BASE_BUILD_DIR" >&2
  rm -rf "$BASE_BUILD_DIR" && mkdir -p "$BASE_BUILD_DIR/src"
  git archive "$base_sha" | tar -x -C "$BASE_BUILD_DIR/src"
  cmake -S "$BASE_BUILD_DIR/src" -B "$BASE_BUILD_DIR/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DRV_BUILD_TESTS=OFF >/dev/null
  cmake --build "$BASE_BUILD_DIR/build" --target rvimport -j "$(nproc)" >/dev/null
  echo "$base_sha" > "$BASE_BUILD_DIR/commit"
fi

WORK=$(mktemp -d /tmp/rv-bench-batch.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
# One timed batch: prints its wall seconds; the tree it wrote is kept as $WORK/<side>.
run_batch() {
  local side=$1 bin=$2 t0 t1
  rm -rf "$WORK/$side"
  t0=$EPOCHREALTIME
  # (no -q: the baseline's batch has no such option; its lines go to the log)
  "$bin" batch "$REAL" "$WORK/$side" --data-root "$DATA_ROOT" -j "$JOBS" >"$WORK/$side.log" 2>&1 ||
    { cat "$WORK/$side.log" >&2; echo "$side: batch failed" >&2; exit 1; }
  t1=$EPOCHREALTIME
  python3 -c "print('%.3f' % ($t1 - $t0))"
}
base_times=() our_times=()
for ((i = 1; i <= ROUNDS; i++)); do
  base_times+=("$(run_batch base "$BASE_BIN")")
  our_times+=("$(run_batch ours "$OURS")")
  echo "round $i: baseline ${base_times[-1]} s, ours ${our_times[-1]} s"
done
python3 - "${base_times[*]}" "${our_times[*]}" <<'EOF'
import statistics, sys
base, ours = ([float(t) for t in a.split()] for a in sys.argv[1:3])
print("baseline: best %.3f s, median %.3f s" % (min(base), statistics.median(base)))
print("ours:     best %.3f s, median %.3f s" % (min(ours), statistics.median(ours)))
print("speed-up: %.2fx (best), %.2fx (median)" % (min(base) / min(ours), statistics.median(base) / statistics.median(ours)))
EOF
python3 "$ROOT/test/bench/bench_batch_compare.py" "$WORK/base" "$WORK/ours"
