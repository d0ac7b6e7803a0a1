#!/usr/bin/env bash
# Fuzzes every byte parser with libFuzzer (clang, ASan + UBSan), FUZZ_SECONDS each (default 30):
#   fuzz_lzss, fuzz_lzo      the codecs, output at the very end of its allocation
#   fuzz_odol, fuzz_wrp      the ODOL decoder (v7, v28..v75) and the WRP decoder (all families)
#   fuzz_mlod                the MLOD decoder (P3DM, SP3X, tags), then the view of every LOD
#   fuzz_paa                 the PAA/PAC decoder: header, then every mip
#   fuzz_image               the .png/.tga stand-ins for missing .paa files (stb_image behind our checks)
#   fuzz_config              the config reader (text and raP), then readRvmat and the procedural parser
#   fuzz_pbo                 PBO headers, then every entry (stored and LZSS-packed)
#   fuzz_rtm                 the animation decoder: RTM_0101, RTM_MDAT, BMTR v3..v5 (raw and LZO)
#   fuzz_assimp_odol/_wrp    Assimp's ReadFileFromMemory with our importers, ValidateDataStructure on
#   fuzz_capi                the C ABI: the model, terrain and texture opens, every getter with exactly sized buffers
#   fuzz_gltf                our glTF writer on every model and terrain the decoders accept, written whole
#   fuzz_open                the front door (rv::open): every kind by signature or name, with the view
# Seeds: our writers' fixtures (rv_make_fuzz_seeds) plus every .p3d / .wrp / .paa / .pac (under
# 64 KiB: small inputs fuzz faster), every .rvmat and every .rtm under 64 KiB under ../shared/samples.
# Corpora grow in build-fuzz/corpus/; a crash fails the script and leaves its input in
# build-fuzz/artifacts/ (turn it into a regression test under test/).
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZ_SECONDS="${FUZZ_SECONDS:-30}"
SAMPLES="${RV_SAMPLES_DIR:-../shared/samples}"

BUILD_DIR=build bash scripts/build.sh >/dev/null   # the seed writer lives in the normal build
# -g1: the line tables a crash report needs (a quarter less compile time than -g); asserts off as before.
CC=clang CXX=clang++ BUILD_DIR=build-fuzz BUILD_TYPE=RelWithDebInfo \
  bash scripts/build.sh -DRV_FUZZ=ON -DRV_BUILD_TESTS=OFF "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" \
  "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG" >/dev/null

F=build-fuzz
mkdir -p $F/seeds/odol $F/seeds/mlod $F/seeds/wrp $F/seeds/lzss $F/seeds/lzo $F/seeds/paa $F/seeds/config $F/seeds/pbo $F/seeds/image $F/seeds/rtm $F/artifacts
build/test/rv_make_fuzz_seeds $F/seeds
if [ -d "$SAMPLES" ]; then
  find "$SAMPLES" -name '*.p3d' -size -2M -exec cp -f {} $F/seeds/odol/ \; 2>/dev/null || true
  # editable models (same base names in several folders: one copy per folder)
  find "$SAMPLES/editable" -name '*.p3d' -size -512k 2>/dev/null | while read -r f; do
    cp -f "$f" "$F/seeds/mlod/$(echo "$f" | md5sum | cut -c1-8)-$(basename "$f")"
  done
  find "$SAMPLES" -name '*.wrp' -size -2M -exec cp -f {} $F/seeds/wrp/ \; 2>/dev/null || true
  find "$SAMPLES" \( -name '*.paa' -o -name '*.pac' \) -size -64k -exec cp -f {} $F/seeds/paa/ \; 2>/dev/null || true
  find "$SAMPLES" -name '*.pbo' -size -128k -exec cp -f {} $F/seeds/pbo/ \; 2>/dev/null || true
  # animations: several folders hold the same base name (saw_idle.rtm in three formats)
  find "$SAMPLES" -name '*.rtm' -size -64k 2>/dev/null | while read -r f; do
    cp -f "$f" "$F/seeds/rtm/$(echo "$f" | md5sum | cut -c1-8)-$(basename "$f")"
  done
  # PNG stand-ins: small sample textures exported by the CLI of the normal build
  for f in $(find "$SAMPLES/textures/paa" -name '*.paa' -size -8k -not -path '*negative*' 2>/dev/null | head -8); do
    build/rvimport export "$f" "$F/seeds/image/$(basename "$f" .paa).png" >/dev/null 2>&1 || true
  done
  # every .rvmat, text and rapified; the same base name in several folders is kept once per folder
  # and the preprocessor corpus's sources (macros, #if, #include), so fuzz_config reaches the preprocessor
  find "$SAMPLES" \( -name '*.rvmat' -o -path '*preprocessor/cases/*/input/*' -type f \) -size -64k | while read -r f; do
    cp -f "$f" "$F/seeds/config/$(echo "$f" | md5sum | cut -c1-8)-$(basename "$f")"
  done
fi

printf '\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x01\x00\x20\x28\x00\x00\xff\xff\xff\x00\x00\x80' \
  > $F/seeds/image/two_pixels.tga

# fuzz_capi reads its options from a first byte: every model and terrain seed once per axes value.
mkdir -p $F/seeds/capi $F/seeds/gltf
for f in $F/seeds/odol/* $F/seeds/wrp/*; do
  for b in 0 1 2; do
    { printf "\\x0$b"; cat "$f"; } > "$F/seeds/capi/$b-$(basename "$(dirname "$f")")-$(basename "$f")"
  done
done
# ... and the texture seeds as .paa (selector 0) and as .pac (selector 1), for rv_texture_open_memory.
for f in $F/seeds/paa/*; do
  for b in 0 1; do { printf "\\x0$b"; cat "$f"; } > "$F/seeds/capi/$b-paa-$(basename "$f")"; done
done
# fuzz_gltf: bit 0 of its first byte says terrain; models as glb and as gltf with all LODs,
# terrains with and without a region and a step.
for f in $F/seeds/odol/*; do
  for b in 00 82; do { printf "\\x$b"; cat "$f"; } > "$F/seeds/gltf/$b-$(basename "$f")"; done
done
for f in $F/seeds/wrp/*; do
  for b in 01 5d; do { printf "\\x$b"; cat "$f"; } > "$F/seeds/gltf/$b-$(basename "$f")"; done
done

# fuzz_open: one seed of each kind under a name that matches it and with the view (bit 3).
mkdir -p $F/seeds/open
for kind in odol:0 wrp:1 paa:2 config:4 pbo:5 rtm:7; do
  dir=${kind%%:*} n=${kind##*:}
  for f in $(ls $F/seeds/$dir 2>/dev/null | head -20); do
    { printf "$(printf '\\%03o' $((n + 8)))"; cat "$F/seeds/$dir/$f"; } > "$F/seeds/open/$dir-$f"
  done
done

# One libFuzzer process per core at a time, each for FUZZ_SECONDS: the 15 targets take 15 x 30 s / cores.
run() {
  local target=$1 seeds=$2
  mkdir -p $F/corpus/$target
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    $F/test/fuzz/$target -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix=$F/artifacts/$target- \
      $F/corpus/$target "$seeds" > $F/$target.log 2>&1
}
report() {
  local target=$1 rc=$2
  echo "== $target: ${FUZZ_SECONDS}s"
  grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb)|^Done [0-9]+ runs" $F/$target.log || true
  if [ "$rc" != 0 ]; then
    tail -40 $F/$target.log
    echo "$target failed (exit $rc); crash inputs, if any, are in $F/artifacts/"
  fi
}
targets=(lzss:lzss lzo:lzo odol:odol mlod:mlod image:image wrp:wrp paa:paa config:config pbo:pbo rtm:rtm
  assimp_odol:odol assimp_wrp:wrp capi:capi gltf:gltf open:open)
failed=0 running=()
for t in "${targets[@]}"; do
  run "fuzz_${t%%:*}" "$F/seeds/${t##*:}" &
  running+=("fuzz_${t%%:*}:$!")
  if [ ${#running[@]} -ge "$(nproc)" ] || [ "$t" = "${targets[-1]}" ]; then
    for r in "${running[@]}"; do
      rc=0
      wait "${r##*:}" || rc=$?
      report "${r%%:*}" $rc
      [ $rc = 0 ] || failed=1
    done
    running=()
  fi
done
exit $failed
