#!/usr/bin/env bash
# The Assimp tier on the Assimp our users have: the importers, the LD_PRELOAD plugin, the CLI and
# their tests built and run against Debian trixie's Assimp 5.4.3 and sid's 6.0.5 (the host builds
# against bookworm's 5.2.5 in scripts/test.sh), each inside its chroot (scripts/chroot.sh), in
# build-assimp-SUITE/. The tests are the ones that go through Assimp: the importer gtests, the C
# ABI's agreement with them, the plugin in the suite's unmodified `assimp` tool and qgltf
# (assimp_host_*, with RV_REQUIRE_ASSIMP_HOST=1), the CLI's Assimp exports, the installed package.
#   scripts/test_assimp_versions.sh [SUITE...]     default: trixie sid
# Needs root (or sudo). The chroots are shared with scripts/test_blender.sh (cached in
# $RV_CHROOT_DIR); only the packages dpkg says are missing are installed. Prints the time of the
# package install, the build and the tests per suite.
set -euo pipefail
cd "$(dirname "$0")/.."
suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(trixie sid)

# The build's and the tests' packages (scripts/setup.sh's, less Blender, the MinGW and clang
# toolchains): qt3d5-dev-tools for assimp_host_qgltf, nodejs for the glTF validator that
# test/gltf/node_modules holds (run by assimp_host_export and cli_textures).
packages=(build-essential cmake ninja-build pkg-config python3 libassimp-dev assimp-utils qt3d5-dev-tools
  libgtest-dev nlohmann-json3-dev libstb-dev libdeflate-dev liblzo2-dev libsquish-dev nodejs)
# Only what those tests run: no benchmarks, fuzz seeds, world generator or Blender add-on zips.
targets=(rvimport_cli rvimport_assimp_plugin rvimport_capi rv_assimp_tests rv_capi_tests rv_make_demo rv_make_cli_inputs
  rv_make_hostile)
tests='Assimp|^HostileScenes\.|^capi\.|^assimp_host_|^cli_(demo_dump|export_batch|safe_.*|hostile_memory|textures|skeleton)$|^install_find_package$|^gltf_writer$'
jobs="${RV_JOBS:-$(nproc)}"

# Unmount at the end only what this script mounted: another run (scripts/test_blender.sh) may be
# using a chroot that was already mounted.
mounted_here=()
# shellcheck disable=SC2317  # run by the EXIT trap
cleanup() { for s in "${mounted_here[@]}"; do bash scripts/chroot.sh umount "$s" || true; done; }
trap cleanup EXIT

summary=()
status=0
for s in "${suites[@]}"; do
  d="$(bash scripts/chroot.sh path "$s")"
  mountpoint -q "$d$(pwd -P)" 2>/dev/null || mounted_here+=("$s")
  t0=$(date +%s)
  bash scripts/chroot.sh setup "$s" "${packages[@]}"
  bash scripts/chroot.sh mount "$s"
  t1=$(date +%s)
  version="$(bash scripts/chroot.sh run "$s" dpkg-query -W -f='${Version}' libassimp-dev)"
  echo "== Assimp $version in $s (packages in $((t1 - t0)) s)"
  build="build-assimp-$s"
  bash scripts/chroot.sh run "$s" cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DRV_BUILD_BLENDER_ADDON=OFF
  bash scripts/chroot.sh run "$s" cmake --build "$build" -j "$jobs" --target "${targets[@]}"
  t2=$(date +%s)
  echo "== built against Assimp $version in $s in $((t2 - t1)) s"
  # The plugin's load-time check accepts the suite's libassimp (assimp_host_version: and refuses another).
  RVIMPORT_ASSIMP_VERBOSE=1 RVIMPORT_ASSIMP_PLUGIN="$PWD/$build/plugin/librvimport_assimp.so" \
    bash scripts/chroot.sh run "$s" scripts/rvimport-assimp assimp version 2>&1 >/dev/null | grep -m1 'rvimport-assimp: ' || true
  log="$build/assimp_tests.log"
  rc=0
  RV_REQUIRE_ASSIMP_HOST=1 bash scripts/chroot.sh run "$s" ctest --test-dir "$build" -R "$tests" -LE blender \
    -j "$jobs" --output-on-failure 2>&1 | tee "$log" || rc=$?
  t3=$(date +%s)
  # ctest counts a skipped test (exit 77) among the passed ones; they are told apart here.
  total="$(sed -n 's/.* tests failed out of \([0-9]*\)$/\1/p' "$log" | tail -1)"
  failed="$(sed -n 's/.*, \([0-9]*\) tests failed out of .*/\1/p' "$log" | tail -1)"
  skipped="$(grep -cE '^[[:space:]]+[0-9]+ - .* \(Skipped\)$' "$log" || true)"
  summary+=("$(printf '%-7s Assimp %-12s packages %4d s  build %4d s  tests %4d s  total %4d s  tests: %d passed, %d failed, %d skipped' \
    "$s" "$version" $((t1 - t0)) $((t2 - t1)) $((t3 - t2)) $((t3 - t0)) $((${total:-0} - ${failed:-0} - skipped)) \
    "${failed:-0}" "$skipped")")
  [ "$rc" = 0 ] || status=$rc  # the other suites still run: their results tell more together
done
printf '%s\n' "${summary[@]}"
exit "$status"
