#!/usr/bin/env bash
# Cross-builds Assimp for 64-bit Windows with MinGW-w64, static, from Debian's source package of
# the suite whose Assimp writes FBX files that Blender and Godot open (sid's, 6.0.5 today: the one
# scripts/test_assimp_versions.sh tests in its sid chroot). Issue 41: rvimport.exe gets `batch` and
# every Assimp export format.
#
# Sources, all with `apt-get source`, so the archive's signatures are checked:
#   - Assimp from RV_MINGW_ASSIMP_SUITE (default sid), through a private apt state that knows only
#     that suite's source index (the machine's own apt sources are not touched);
#   - what Debian's "+ds" Assimp tarball leaves out and takes from the system, from this machine's
#     own suite (setup.sh enables its deb-src): minizip (zlib's contrib/minizip) and pugixml,
#     compiled here.
# Headers only, from the Debian packages setup.sh installs (a header-only library needs no cross
# build): RapidJSON (rapidjson-dev), utfcpp (libutfcpp-dev), stb_image (libstb-dev). zlib is
# Debian's own MinGW build (libz-mingw-w64-dev).
# Importers: only ours (added by rvimport itself) are needed to convert game files, so Assimp's
# own are left out: they are three quarters of its compile time. The exporters are all built.
#
# Built once: the result is kept outside the clone in RV_MINGW_CACHE (default
# ~/.cache/rvimport-mingw), one folder per Assimp version; a run that finds it only prints it.
# Prints the folder (an install prefix: include/, lib/libassimp.a, lib/cmake/assimp-*/ and the
# libraries it needs), which scripts/build-windows.sh hands to CMake as RV_MINGW_ASSIMP_ROOT.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="${RV_MINGW_CACHE:-$HOME/.cache/rvimport-mingw}"
SUITE="${RV_MINGW_ASSIMP_SUITE:-sid}"
CC=x86_64-w64-mingw32-gcc-posix CXX=x86_64-w64-mingw32-g++-posix AR=x86_64-w64-mingw32-ar

# The suite's source index, in a private apt state (deb-src of that suite only).
state="$CACHE/apt-$SUITE"
mkdir -p "$state/lists/partial" "$state/cache/archives/partial"
printf 'deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian %s main\n' \
  "$SUITE" >"$state/sources.list"
apt_opts=(-o "Dir::Etc::SourceList=$state/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State::Lists=$state/lists" -o "Dir::Cache=$state/cache" -o APT::Sandbox::User=root)
apt-get -q "${apt_opts[@]}" update >&2
version=$(apt-cache "${apt_opts[@]}" showsrc assimp | sed -n 's/^Version: //p' | sort -V | tail -1)
[ -n "$version" ] || { echo "mingw_assimp.sh: no assimp source in $SUITE" >&2; exit 1; }
prefix="$CACHE/assimp-$version"
if [ -f "$prefix/complete" ] && [ -f "$prefix/share/licenses/assimp.txt" ]; then
  echo "$prefix"
  exit 0
fi

start=$(date +%s)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
staged="$CACHE/.assimp-$version.$$"
rm -rf "$staged"
mkdir -p "$staged/include" "$staged/lib/pkgconfig" "$staged/lib/cmake/pugixml" "$staged/lib/cmake/RapidJSON" \
  "$staged/lib/cmake/draco"
(cd "$work" && apt-get source -q "${apt_opts[@]}" "assimp=$version" >&2 &&
  apt-get source -q zlib pugixml >&2)
src() { find "$work" -mindepth 1 -maxdepth 1 -type d -name "$1-[0-9]*" | head -1; } # not "<name>-build"

# minizip: zlib's contrib/minizip (what Debian's libminizip-dev is built from), with its Windows
# file API.
minizip="$(src zlib)/contrib/minizip"
for f in ioapi unzip zip iowin32; do
  $CC -O2 -c "$minizip/$f.c" -I"$minizip" -o "$work/minizip_$f.o"
done
$AR rcs "$staged/lib/libminizip.a" "$work"/minizip_*.o
mkdir -p "$staged/include/minizip"
cp "$minizip"/{ioapi,unzip,zip,iowin32,crypt}.h "$staged/include/minizip/"
printf 'prefix=%s\nName: minizip\nDescription: zlib contrib/minizip\nVersion: 1.1\nLibs: -L${prefix}/lib -lminizip -lz\nCflags: -I${prefix}/include/minizip\n' \
  "$staged" >"$staged/lib/pkgconfig/minizip.pc"

# pugixml: one file.
pugi="$(src pugixml)/src"
$CXX -O2 -c "$pugi/pugixml.cpp" -o "$work/pugixml.o"
$AR rcs "$staged/lib/libpugixml.a" "$work/pugixml.o"
cp "$pugi/pugixml.hpp" "$pugi/pugiconfig.hpp" "$staged/include/"
cat >"$staged/lib/cmake/pugixml/pugixmlConfig.cmake" <<'EOF'
if(NOT TARGET pugixml)
  add_library(pugixml STATIC IMPORTED)
  set_target_properties(pugixml PROPERTIES IMPORTED_LOCATION "${CMAKE_CURRENT_LIST_DIR}/../../libpugixml.a"
                        INTERFACE_INCLUDE_DIRECTORIES "${CMAKE_CURRENT_LIST_DIR}/../../../include")
endif()
EOF

# Headers only: RapidJSON (the glTF exporters), utfcpp, stb_image.
cp -r /usr/include/rapidjson "$staged/include/"
echo 'set(RapidJSON_INCLUDE_DIRS "${CMAKE_CURRENT_LIST_DIR}/../../../include")' \
  >"$staged/lib/cmake/RapidJSON/RapidJSONConfig.cmake"
cp -r /usr/include/utf8cpp/utf8.h /usr/include/utf8cpp/utf8 "$staged/include/"
mkdir -p "$staged/include/stb"
cp /usr/include/stb/stb_image.h "$staged/include/stb/"

# Debian's patches make Assimp require Draco, which only decompresses meshes for the glTF importer
# (and only with ASSIMP_ENABLE_DRACO, which Debian's rules define and this build does not): an
# empty target stands in for it.
echo 'if(NOT TARGET draco::draco)
  add_library(draco::draco INTERFACE IMPORTED)
endif()' >"$staged/lib/cmake/draco/dracoConfig.cmake"

# Upstream's MinGW static branch links with CMake's plain signature, which Debian's patches (the
# keyword one elsewhere) make an error; Debian never builds for MinGW. The same flags, keyword form.
assimp="$(src assimp)"
sed -i 's/TARGET_LINK_LIBRARIES ( assimp -static-libgcc/TARGET_LINK_LIBRARIES ( assimp PRIVATE -static-libgcc/' \
  "$assimp/code/CMakeLists.txt"

# Assimp itself, as Debian configures it (system libraries, no bundled zlib), static, exporters only.
PKG_CONFIG_LIBDIR="$staged/lib/pkgconfig" cmake -S "$assimp" -B "$work/assimp-build" -G Ninja \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE="$here/cmake/mingw-w64-x86_64.cmake" \
  -DCMAKE_INSTALL_PREFIX="$staged" -Dpugixml_DIR="$staged/lib/cmake/pugixml" \
  -DRapidJSON_DIR="$staged/lib/cmake/RapidJSON" -Ddraco_DIR="$staged/lib/cmake/draco" \
  -DCMAKE_CXX_FLAGS="-I$staged/include" -DCMAKE_C_FLAGS="-I$staged/include" \
  -DBUILD_SHARED_LIBS=OFF -DASSIMP_BUILD_TESTS=OFF -DASSIMP_BUILD_ASSIMP_TOOLS=OFF -DASSIMP_BUILD_SAMPLES=OFF \
  -DASSIMP_BUILD_DOCS=OFF -DASSIMP_BUILD_ZLIB=OFF -DASSIMP_WARNINGS_AS_ERRORS=OFF -DASSIMP_INSTALL_PDB=OFF \
  -DASSIMP_BUILD_ALL_IMPORTERS_BY_DEFAULT=OFF -DASSIMP_BUILD_ALL_EXPORTERS_BY_DEFAULT=ON \
  -DZLIB_LIBRARY=/usr/x86_64-w64-mingw32/lib/libz.a -DZLIB_INCLUDE_DIR=/usr/x86_64-w64-mingw32/include >&2
cmake --build "$work/assimp-build" -j "${RV_JOBS:-$(nproc)}" >&2
cmake --install "$work/assimp-build" >&2
# What is linked in, with its licence (each source package's debian/copyright), for the Windows
# zip's notices (scripts/build-windows.sh).
mkdir -p "$staged/share/licenses"
cp "$assimp/debian/copyright" "$staged/share/licenses/assimp.txt"
for p in pugixml zlib; do cp "$(src $p)/debian/copyright" "$staged/share/licenses/$p.txt"; done
echo "$version" >"$staged/complete"
mkdir -p "$CACHE"
rm -rf "$prefix"
mv "$staged" "$prefix" # whole, or not at all: a run cut short leaves no half-built folder under the name
echo "mingw_assimp.sh: Assimp $version for Windows built in $(($(date +%s) - start)) s" >&2
echo "$prefix"
