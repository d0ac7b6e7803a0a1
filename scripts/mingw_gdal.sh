#!/usr/bin/env bash
# Cross-builds GDAL for 64-bit Windows with MinGW-w64, static, so that rvimport.exe has `rvimport
# map` with the same outputs as Linux (issue 37). Every library is this machine's suite's own
# source package (apt-get source: the archive's signatures are checked; setup.sh enables deb-src),
# at the versions the Linux build links, so both sides write the same bytes:
#   SQLite  (sqlite3)  the amalgamation made from its source, with R*Tree (GeoPackage's index);
#   PROJ    (proj)     EPSG codes to CRS definitions; its proj.db is generated from its own SQL;
#   libtiff (tiff)     with libdeflate, as Debian's libtiff6 is: a GeoTIFF's deflated tiles are
#                      libdeflate's bytes on Linux, so they must be on Windows too;
#   libpng  (libpng1.6);
#   GDAL    (gdal)     with only the drivers `map` uses: GTiff, MEM, PNG, GPKG, SQLite, Shapefile
#                      (a map's own roads.shp), and the core ones GDAL always builds. libgeotiff
#                      and the JSON parser are GDAL's bundled copies: this mirror has no libgeotiff
#                      source tarball, and GDAL's copy is the same 1.7.1 Debian links on Linux.
# zlib is Debian's own MinGW build (libz-mingw-w64-dev), libdeflate scripts/mingw_libdeflate.sh's.
#
# Built once: kept outside the clone in RV_MINGW_CACHE (default ~/.cache/rvimport-mingw), one folder
# per GDAL version; a run that finds it only prints it. Prints the folder (an install prefix:
# include/, lib/*.a, lib/cmake/gdal/, share/proj/proj.db), which scripts/build-windows.sh hands to
# CMake as RV_MINGW_GDAL_ROOT.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="${RV_MINGW_CACHE:-$HOME/.cache/rvimport-mingw}"
CC=x86_64-w64-mingw32-gcc-posix
JOBS="${RV_JOBS:-$(nproc)}"
version=$(dpkg-query -W -f='${source:Version}' libgdal-dev)
prefix="$CACHE/gdal-$version"
if [ -f "$prefix/complete" ] && [ -f "$prefix/share/licenses/gdal.txt" ]; then
  echo "$prefix"
  exit 0
fi
libdeflate=$(bash "$here/scripts/mingw_libdeflate.sh")

start=$(date +%s)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Installed in place (GDAL's CMake package names its libraries by absolute path). Each library
# marks itself done; "complete" is written last. A run that was cut short goes on from the library
# it was building, which is built again from nothing.
staged="$prefix"
mkdir -p "$staged/include" "$staged/lib" "$staged/share/proj"
# The source of the version installed here; if the index has moved on (a security update not yet
# installed), the index's own.
get_source() { # source package, the -dev package built from it
  local v
  v=$(dpkg-query -W -f='${source:Version}' "$2")
  (cd "$work" && { apt-get source -q "$1=$v" >&2 || apt-get source -q "$1" >&2; })
}
get_source sqlite3 libsqlite3-dev
get_source proj libproj-dev
get_source tiff libtiff-dev
get_source libpng1.6 libpng-dev
get_source gdal libgdal-dev
src() { find "$work" -mindepth 1 -maxdepth 1 -type d -name "$1-[0-9]*" | head -1; } # not "<name>-build"

# Our toolchain, with the staged prefix searched too (the toolchain searches only MinGW's root).
toolchain="$work/toolchain.cmake"
printf 'include("%s/cmake/mingw-w64-x86_64.cmake")\nlist(APPEND CMAKE_FIND_ROOT_PATH "%s" "%s")\n' \
  "$here" "$staged" "$libdeflate" >"$toolchain"
# pkg-config sees only what is built here: the machine's own .pc files name Linux libraries, which
# GDAL's link checks would then try (and fail) to link into Windows programs.
export PKG_CONFIG_LIBDIR="$staged/lib/pkgconfig" PKG_CONFIG_PATH=""
cmake_build() { # source dir, build dir, options...
  local s="$1" b="$2"
  shift 2
  # -O2, as Debian builds the Linux libraries, not CMake's -O3: 15% less compile time (432 s, not 509).
  cmake -S "$s" -B "$b" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
    -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
    -DCMAKE_INSTALL_PREFIX="$staged" -DBUILD_SHARED_LIBS=OFF -DBUILD_TESTING=OFF "$@" >&2
  cmake --build "$b" -j "$JOBS" >&2
  cmake --install "$b" >&2
}
lap() { echo "mingw_gdal.sh: $1 after $(($(date +%s) - start)) s" >&2; }
stage() { # name, command...: runs the command unless that library is built already
  local name="$1"
  shift
  [ -f "$staged/.done-$name" ] && return
  "$@"
  touch "$staged/.done-$name"
  lap "$name"
}

# SQLite: the amalgamation (one C file) is made by its own build on this machine (tclsh), then
# compiled for Windows. R*Tree is the GeoPackage's spatial index; column metadata GDAL asks for.
build_sqlite() {
  (cd "$work" && mkdir sqlite-host && cd sqlite-host && "$(src sqlite3)/configure" --disable-tcl >/dev/null &&
    make -j "$JOBS" sqlite3.c >/dev/null)
  $CC -O2 -c "$work/sqlite-host/sqlite3.c" -o "$work/sqlite3.o" -DSQLITE_ENABLE_RTREE=1 \
    -DSQLITE_ENABLE_COLUMN_METADATA=1 -DSQLITE_THREADSAFE=1 -DSQLITE_OMIT_LOAD_EXTENSION=1
  x86_64-w64-mingw32-ar rcs "$staged/lib/libsqlite3.a" "$work/sqlite3.o"
  cp "$work/sqlite-host/sqlite3.h" "$work/sqlite-host/sqlite3ext.h" "$staged/include/"
}
stage sqlite build_sqlite

# PROJ: the library and proj.db (made with this machine's sqlite3 from PROJ's SQL), no network
# grids, no TIFF grids, no programs.
stage proj cmake_build "$(src proj)" "$work/proj-build" -DENABLE_TIFF=OFF -DENABLE_CURL=OFF -DBUILD_APPS=OFF \
  -DBUILD_PROJSYNC=OFF -DEXE_SQLITE3=/usr/bin/sqlite3

# libtiff: deflate through libdeflate (and zlib), nothing else: `map` writes DEFLATE tiles only.
stage tiff cmake_build "$(src tiff)" "$work/tiff-build" -Dlibdeflate=ON -Dzlib=ON -Djpeg=OFF -Dold-jpeg=OFF -Djbig=OFF \
  -Dlerc=OFF -Dlzma=OFF -Dzstd=OFF -Dwebp=OFF -Dpixarlog=OFF -Dtiff-tools=OFF -Dtiff-tests=OFF \
  -Dtiff-contrib=OFF -Dtiff-docs=OFF -Dcxx=OFF -DDeflate_INCLUDE_DIR="$libdeflate/include" \
  -DDeflate_LIBRARY="$libdeflate/lib/libdeflate.a"

stage png cmake_build "$(src libpng1.6)" "$work/png-build" -DPNG_SHARED=OFF -DPNG_TESTS=OFF \
  -DPNG_EXECUTABLES=OFF

# GDAL: the drivers `map` writes and reads, nothing optional, no programs or bindings.
drivers=()
for d in PNG; do drivers+=("-DGDAL_ENABLE_DRIVER_$d=ON"); done
for d in GPKG SQLITE SHAPE; do drivers+=("-DOGR_ENABLE_DRIVER_$d=ON"); done
stage gdal cmake_build "$(src gdal)" "$work/gdal-build" -DGDAL_BUILD_OPTIONAL_DRIVERS=OFF -DOGR_BUILD_OPTIONAL_DRIVERS=OFF \
  "${drivers[@]}" -DBUILD_APPS=OFF -DBUILD_PYTHON_BINDINGS=OFF -DBUILD_CSHARP_BINDINGS=OFF \
  -DGDAL_USE_EXTERNAL_LIBS=OFF -DGDAL_USE_SQLITE3=ON -DGDAL_USE_TIFF=ON \
  -DGDAL_USE_PNG=ON -DGDAL_USE_ZLIB=ON -DGDAL_USE_DEFLATE=ON -DGDAL_USE_GEOTIFF_INTERNAL=ON \
  -DGDAL_USE_JSONC_INTERNAL=ON -DGDAL_USE_ZLIB_INTERNAL=OFF -DGDAL_USE_JPEG_INTERNAL=OFF -DGDAL_USE_JPEG12_INTERNAL=OFF \
  -DGDAL_USE_GIF_INTERNAL=OFF -DGDAL_USE_LERC_INTERNAL=OFF -DGDAL_USE_QHULL_INTERNAL=OFF -DGDAL_USE_OPENCAD_INTERNAL=OFF \
  -DDeflate_INCLUDE_DIR="$libdeflate/include" -DDeflate_LIBRARY="$libdeflate/lib/libdeflate.a" \
  -DZLIB_LIBRARY=/usr/x86_64-w64-mingw32/lib/libz.a -DZLIB_INCLUDE_DIR=/usr/x86_64-w64-mingw32/include

# The licence of each library linked in (its source package's debian/copyright), for the Windows
# zip's notices (scripts/build-windows.sh).
mkdir -p "$staged/share/licenses"
for p in sqlite3 proj tiff libpng1.6 gdal; do cp "$(src $p)/debian/copyright" "$staged/share/licenses/$p.txt"; done
echo "$version" >"$staged/complete"
echo "mingw_gdal.sh: GDAL $version for Windows built in $(($(date +%s) - start)) s" >&2
echo "$prefix"
