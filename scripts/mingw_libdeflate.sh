#!/usr/bin/env bash
# Cross-builds libdeflate (the PNG encoder's deflate) for 64-bit Windows with MinGW-w64, from
# Debian's own source package of the libdeflate-dev the Linux build uses (apt-get source; setup.sh
# enables deb-src and installs dpkg-dev). Built once: the result is kept outside the clone in
# RV_MINGW_CACHE (default ~/.cache/rvimport-mingw), one folder per package version, and a run that
# finds it there only prints it. Prints the folder (include/libdeflate.h, lib/libdeflate.a, its
# licence in share/licenses/), which
# scripts/build-windows.sh hands to CMake as RV_LIBDEFLATE_ROOT.
set -euo pipefail
CACHE="${RV_MINGW_CACHE:-$HOME/.cache/rvimport-mingw}"
version=$(dpkg-query -W -f='${source:Version}' libdeflate-dev)
prefix="$CACHE/libdeflate-$version"
if [ -f "$prefix/lib/libdeflate.a" ] && [ -f "$prefix/share/licenses/libdeflate.txt" ]; then
  echo "$prefix"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get source -q "libdeflate=$version" >&2)
src=$(find "$work" -mindepth 1 -maxdepth 1 -type d -name 'libdeflate-*' | head -1)
# Its Makefile cross-compiles when CC is a MinGW compiler, and names the static library
# libdeflatestatic.lib then (an ar archive, as MinGW's libdeflate.a would be); only that is wanted.
make -C "$src" -j "$(nproc)" CC=x86_64-w64-mingw32-gcc-posix AR=x86_64-w64-mingw32-ar libdeflatestatic.lib >&2
mkdir -p "$CACHE"
staged="$CACHE/.libdeflate-$version.$$"
rm -rf "$staged"
mkdir -p "$staged/include" "$staged/lib" "$staged/share/licenses"
cp "$src/libdeflate.h" "$staged/include/"
cp "$src/debian/copyright" "$staged/share/licenses/libdeflate.txt" # for the Windows zip's notices
cp "$src/libdeflatestatic.lib" "$staged/lib/libdeflate.a"
rm -rf "$prefix"
mv "$staged" "$prefix"  # whole, or not at all: a run cut short leaves no half-built folder under the name
echo "$prefix"
