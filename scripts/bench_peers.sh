#!/usr/bin/env bash
# ODOL decode speed of our reader next to a peer reader, in the same run, on the real samples:
#   ours: build/rvimport bench -n N   (the existing release build; this script never builds it)
#   peer: arma-tools (lamasutra/arma-tools, libs/p3d + binutil/lzo/lzss, C++20), through the
#         harness test/bench/peers/armatools_odol.cpp (same shape of output: best of N per file,
#         total_ms = sum of the bests; only the decode is timed, from memory).
# Totals and the ratio are over the files both sides decode; files either side fails on are named.
#
# The peer's source: $ARMATOOLS_SRC (default /tmp/arma-tools), exported from the bare mirror
# $ARMATOOLS_MIRROR when missing. Its pieces are compiled one file at a time (no -j) into
# $PEER_BUILD_DIR (default /tmp/arma-tools-build) and reused while the flags are unchanged.
# Its top CMakeLists is not used (it wants FetchContent).
# Environment: RUNS (default 20), RV_SAMPLES_DIR (default ../shared/samples), CXX (default g++),
# PEER_CXXFLAGS (default "-std=c++20 -O2 -DNDEBUG"; ours is built -O3 -DNDEBUG).
# Extra arguments replace the sample list (files to compare).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

RUNS="${RUNS:-20}"
SAMPLES="${RV_SAMPLES_DIR:-../shared/samples}"
ARMATOOLS_SRC="${ARMATOOLS_SRC:-/tmp/arma-tools}"
ARMATOOLS_MIRROR="${ARMATOOLS_MIRROR:-/work/.mirror/lamasutra+arma-tools/repo}"
PEER_BUILD_DIR="${PEER_BUILD_DIR:-/tmp/arma-tools-build}"
CXX="${CXX:-g++}"
PEER_CXXFLAGS="${PEER_CXXFLAGS:--std=c++20 -O2 -DNDEBUG}"
OURS="$ROOT/build/rvimport"

[ -x "$OURS" ] || { echo "no $OURS: build the release tree first (scripts/build.sh)"; exit 1; }

# --- the peer's source
if [ ! -f "$ARMATOOLS_SRC/libs/p3d/src/p3d.cpp" ]; then
  [ -d "$ARMATOOLS_MIRROR" ] || { echo "no arma-tools source at $ARMATOOLS_SRC nor mirror at $ARMATOOLS_MIRROR"; exit 1; }
  echo "== exporting arma-tools from $ARMATOOLS_MIRROR to $ARMATOOLS_SRC" >&2
  mkdir -p "$ARMATOOLS_SRC"
  git --git-dir="$ARMATOOLS_MIRROR" archive HEAD | tar -x -C "$ARMATOOLS_SRC"
fi

# --- the peer's library and our harness (one compiler process at a time)
LIBS=(p3d binutil lzo lzss)
INCLUDES=()
for l in "${LIBS[@]}"; do INCLUDES+=(-I "$ARMATOOLS_SRC/libs/$l/include"); done
# libstdc++ 12 has no <format>: a minimal std::format stand-in, found only when the real one is absent.
INCLUDES+=(-idirafter "$ROOT/test/bench/peers/compat")
mkdir -p "$PEER_BUILD_DIR"
LIB="$PEER_BUILD_DIR/libarmatools_p3d.a"
STAMP="$PEER_BUILD_DIR/flags"
FLAGS_NOW="$CXX $PEER_CXXFLAGS"
if [ ! -f "$LIB" ] || [ "$(cat "$STAMP" 2>/dev/null)" != "$FLAGS_NOW" ]; then
  echo "== building the arma-tools p3d reader into $LIB ($FLAGS_NOW)" >&2
  objs=()
  for l in "${LIBS[@]}"; do
    for src in "$ARMATOOLS_SRC/libs/$l"/src/*.cpp; do
      obj="$PEER_BUILD_DIR/$l-$(basename "${src%.cpp}").o"
      # shellcheck disable=SC2086
      "$CXX" $PEER_CXXFLAGS "${INCLUDES[@]}" -c "$src" -o "$obj"
      objs+=("$obj")
    done
  done
  rm -f "$LIB"
  ar rcs "$LIB" "${objs[@]}"
  echo "$FLAGS_NOW" > "$STAMP"
fi
HARNESS="$PEER_BUILD_DIR/armatools_odol"
HARNESS_SRC="$ROOT/test/bench/peers/armatools_odol.cpp"
if [ ! -x "$HARNESS" ] || [ "$HARNESS_SRC" -nt "$HARNESS" ] || [ "$LIB" -nt "$HARNESS" ]; then
  echo "== building $HARNESS" >&2
  # shellcheck disable=SC2086
  "$CXX" $PEER_CXXFLAGS "${INCLUDES[@]}" "$HARNESS_SRC" "$LIB" -o "$HARNESS"
fi

# --- the files
if [ $# -gt 0 ]; then
  files=("$@")
else
  [ -d "$SAMPLES/real" ] || { echo "no samples at $SAMPLES/real (set RV_SAMPLES_DIR)"; exit 1; }
  mapfile -t all < <(find "$SAMPLES/real" -name '*.p3d' | sort)
  files=()
  for f in "${all[@]}"; do  # ODOL only (editable MLOD models are not what this compares)
    [ "$(head -c 4 "$f")" = "ODOL" ] && files+=("$f")
  done
  echo "== ${#files[@]} ODOL files of ${#all[@]} .p3d under $SAMPLES/real, best of $RUNS each" >&2
fi

# --- both, in the same run
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$OURS" bench -n "$RUNS" "${files[@]}" > "$out/ours.txt" 2> "$out/ours.err" || true
"$HARNESS" -n "$RUNS" "${files[@]}" > "$out/peer.txt" 2> "$out/peer.err" || true

echo "ours: $(tail -1 "$out/ours.txt")"
echo "peer: $(grep 'total_ms=' "$out/peer.txt")"
if [ -s "$out/ours.err" ]; then echo "ours failed on:"; sed 's/^/  /' "$out/ours.err"; fi
if [ -s "$out/peer.err" ]; then echo "peer failed on:"; sed 's/^/  /' "$out/peer.err"; fi

# Per-file bests, "PATH  BYTES bytes  best X ms  Y MB/s"; compare the files both decoded.
awk -v slowest="${SLOWEST:-5}" '
  FNR == 1 { side++ }
  / bytes  best .* ms / {
    ms = $(NF - 3); bytes = $(NF - 6); path = $0; sub(/  [0-9]+ bytes  best .*$/, "", path)
    if (side == 1) { ours[path] = ms; size[path] = bytes } else peer[path] = ms
  }
  END {
    n = 0; to = 0; tp = 0; tb = 0
    for (p in ours) if (p in peer) { n++; to += ours[p]; tp += peer[p]; tb += size[p] }
    printf "common files=%d bytes=%d  ours total_ms=%.3f  peer total_ms=%.3f  ratio peer/ours=%.2fx (ours/peer=%.3f)\n",
           n, tb, to, tp, (to > 0 ? tp / to : 0), (tp > 0 ? to / tp : 0)
    # the files where we are slowest relative to the peer
    m = 0
    for (p in ours) if (p in peer && peer[p] > 0) { r[++m] = sprintf("%10.3f %s ours %.3f ms peer %.3f ms", ours[p] / peer[p], p, ours[p], peer[p]) }
    # insertion sort, descending by ours/peer
    for (i = 2; i <= m; i++) { v = r[i]; j = i - 1; while (j > 0 && r[j] + 0 < v + 0) { r[j + 1] = r[j]; j-- } r[j + 1] = v }
    if (m > 0) print "highest ours/peer per file:"
    for (i = 1; i <= m && i <= slowest; i++) { split(r[i], a, " "); line = r[i]; sub(/^ *[0-9.]+ /, "", line); printf "  %.2f  %s\n", a[1], line }
  }' "$out/ours.txt" "$out/peer.txt"
