#!/usr/bin/env bash
# Cross-builds rvimport for 64-bit Windows into build-windows/ with MinGW-w64 (cmake/mingw-w64-
# x86_64.cmake): rvimport.dll (the C ABI) and rvimport.exe (the CLI, with Assimp's exporters and
# `batch`), both statically linked, plus the Windows test programs that ctest runs under Wine:
#   bash scripts/build-windows.sh            build
#   bash scripts/build-windows.sh --test     build, then run the Windows tests under wine64
# scripts/setup.sh installs g++-mingw-w64-x86-64-posix and wine64; scripts/mingw_libdeflate.sh
# cross-builds libdeflate, scripts/mingw_assimp.sh Assimp and scripts/mingw_gdal.sh GDAL (with
# PROJ, SQLite, libtiff and libpng), each once, cached outside the clone.
set -euo pipefail
cd "$(dirname "$0")/.."
B=build-windows
# libdeflate for Windows, cross-built from Debian's source package once and cached outside the clone.
libdeflate=$(bash scripts/mingw_libdeflate.sh)
assimp=$(bash scripts/mingw_assimp.sh)
gdal=$(bash scripts/mingw_gdal.sh) # `rvimport map`: GDAL with PROJ, SQLite, libtiff and libpng
cmake -S . -B $B -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake \
  -DRV_WITH_ASSIMP=ON -DRV_MINGW_ASSIMP_ROOT="$assimp" -DRV_LIBDEFLATE_ROOT="$libdeflate" \
  -DRV_WITH_GDAL=ON -DRV_MINGW_GDAL_ROOT="$gdal"
cmake --build $B -j "$(nproc)"
# The notices of every library linked into rvimport.exe and rvimport.dll (each one's Debian
# copyright file), which the Windows zip carries (scripts/package.sh).
{
  echo "rvimport.exe and rvimport.dll contain these libraries, linked statically. Each one's licence"
  echo "follows, as its Debian source package states it (debian/copyright)."
  for f in "$libdeflate"/share/licenses/*.txt "$assimp"/share/licenses/*.txt "$gdal"/share/licenses/*.txt \
    /usr/share/doc/libz-mingw-w64-dev/copyright /usr/share/doc/mingw-w64-x86-64-dev/copyright; do
    name=$(basename "$f" .txt)
    case "$f" in /usr/share/doc/*) name=$(basename "$(dirname "$f")") ;; esac
    printf '\n==== %s ====\n\n' "$name"
    cat "$f"
  done
} >$B/THIRD-PARTY-NOTICES.txt
# The DLL and the CLI must need nothing but Windows' own DLLs.
for f in $B/rvimport.dll $B/rvimport.exe; do
  deps=$(x86_64-w64-mingw32-objdump -p "$f" | sed -n 's/^\s*DLL Name: //p' | sort -u | tr '\n' ' ')
  echo "$f imports: $deps"
  for d in $deps; do
    case "$(echo "$d" | tr 'A-Z' 'a-z')" in
      kernel32.dll|msvcrt.dll|user32.dll|shell32.dll|advapi32.dll|ws2_32.dll|api-ms-win-*) ;;
      *) echo "$f depends on $d, which Windows does not ship" >&2; exit 1 ;;
    esac
  done
done
if [ "${1:-}" = "--test" ]; then
  # The demo files the C ABI test reads, from the Linux writer (it packs the world with liblzo2).
  # Configured as scripts/build.sh does (ccache included), so the release build reuses these objects.
  # shellcheck source=scripts/ccache_env.sh
  source scripts/ccache_env.sh
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" >/dev/null
  cmake --build build --target rv_make_demo >/dev/null
  mkdir -p $B/demo
  build/test/rv_make_demo $B/demo/rv_crate.p3d $B/demo/rv_world.wrp
  export WINEDEBUG=-all WINEPREFIX="$PWD/$B/wineprefix"
  ctest --test-dir $B --output-on-failure -j "$(nproc)"
fi
