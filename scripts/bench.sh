#!/usr/bin/env bash
# Speed and memory figures, each next to its baseline in the same run (release build):
#   - Google Benchmark suite (test/bench): LZSS vs memcpy, our LZO1X vs liblzo2, ODOL decode of
#     the real samples with peak heap, Assimp importing .p3d vs the same model as .glb;
#   - `rvimport bench` over every ODOL file in ../shared/samples/real (sum of per-file bests);
#   - `rvimport batch` over all samples with 1 thread and with one per core;
#   - the data-root index at P: drive scale: 200,000 files, 20,000 folders, 500 PBOs, 1,000
#     models' references (test/bench/data_root_index.cpp), against a bare listing of the tree;
#   - PNG size and encode time of the data root's textures at stb_image_write's levels and row
#     filters, against RGBA at stb's defaults (test/bench/png_levels.cpp).
# Beside it, each against a peer or an earlier commit built from source (not run from here: they
# build that baseline first): scripts/bench_peers.sh (ODOL against arma-tools) and
# scripts/bench_batch.sh (batch over the real models against the commit issue 42 was filed on).
# Needs ../shared/samples (or RV_SAMPLES_DIR). Extra arguments go to the benchmark binary.
set -euo pipefail
cd "$(dirname "$0")/.."
export BUILD_DIR=build BUILD_TYPE=Release
bash scripts/build.sh >/dev/null
SAMPLES="${RV_SAMPLES_DIR:-../shared/samples}"
[ -d "$SAMPLES" ] || { echo "no samples at $SAMPLES (set RV_SAMPLES_DIR)"; exit 1; }

echo "== Google Benchmark suite"
build/test/rv_bench --benchmark_min_time=0.5 "$@"

echo
echo "== rvimport bench: every ODOL file under $SAMPLES/real (best of 50 each)"
mapfile -t real < <(find "$SAMPLES/real" -name '*.p3d' | sort)
build/rvimport bench -n 50 "${real[@]}" | tail -1
echo "== rvimport bench: every terrain under $SAMPLES/terrain (best of 10 each)"
build/rvimport bench -n 10 "$SAMPLES"/terrain/*.wrp | tail -1

echo
echo "== rvimport batch over $SAMPLES to glb2: 1 thread vs $(nproc)"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for j in 1 "$(nproc)"; do
  rm -rf "$out"/*
  start=$(date +%s%N)
  build/rvimport batch "$SAMPLES" "$out" -j "$j" | tail -1
  echo "  wall $(( ($(date +%s%N) - start) / 1000000 )) ms with -j $j"
done

echo
echo "== the data-root index: a generated P: drive (kept in /tmp/rv-bench-data-root)"
build/test/rv_bench_data_root

echo
echo "== PNG size and encode time of $SAMPLES/textures/data-root (best of 3)"
RV_SAMPLES_DIR="$SAMPLES" build/test/rv_png_levels -n 3
