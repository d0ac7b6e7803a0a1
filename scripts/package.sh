#!/usr/bin/env bash
# Release artefacts in dist/, with SHA256SUMS:
#   io_import_rv-<version>-linux-x64.zip        the Blender 4.2+ extension for Linux (librvimport.so)
#   io_import_rv-<version>-windows-x64.zip      the same for Windows (rvimport.dll)
#   io_import_rv-<version>-legacy.zip           the legacy add-on (Blender 3.x; installs anywhere) with both
#   rvimport-<version>-windows-x86_64.zip        rvimport.exe, rvimport.dll, rvimport.h (+ _terrain.h), README, docs/, LICENSE,
#                                                THIRD-PARTY-NOTICES.txt, proj/proj.db (PROJ's EPSG database, for map)
#   rvimport-<version>-Linux.tar.gz / .deb       `cmake --install` tree via CPack: the CLI, the C ABI,
#                                                the static libraries, headers, the CMake package and
#                                                pkg-config files, the LD_PRELOAD plugin with its
#                                                wrapper (bin/rvimport-assimp), the Blender add-on zip
# Builds build/ (Linux) and build-windows/ (MinGW-w64) first.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=build bash scripts/build.sh >/dev/null
bash scripts/build-windows.sh >/dev/null
VERSION=$(sed -n 's/^project(rvimport VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
DIST=dist
rm -rf $DIST && mkdir -p $DIST
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

# The add-on: one extension zip per platform (Blender's extensions platform asks for that), and
# the legacy zip with both libraries, renamed; io_import_rv/platforms.py picks the library.
bash scripts/package_blender_addon.sh build/librvimport.so build-windows/rvimport.dll "$DIST" >/dev/null
for p in linux-x64 windows-x64; do
  [ -f "$DIST/io_import_rv-$VERSION-$p.zip" ] || { echo "package.sh: no io_import_rv-$VERSION-$p.zip" >&2; exit 1; }
done
python3 test/blender/check_extension_zips.py "$DIST" "$VERSION" >/dev/null
mv "$DIST/io_import_rv.zip" "$DIST/io_import_rv-$VERSION-legacy.zip"

# Windows: what a user unzips next to their tools.
w="$stage/rvimport-$VERSION-windows-x86_64"
mkdir -p "$w"
cp build-windows/rvimport.exe build-windows/rvimport.dll include/rvimport.h include/rvimport_terrain.h README.md LICENSE \
  build-windows/THIRD-PARTY-NOTICES.txt "$w/"
cp -r build-windows/proj "$w/" # proj\proj.db: the EPSG database `rvimport.exe map` reads
cp -r docs "$w/"  # the README's links point into docs/
(cd "$stage" && python3 -m zipfile -c "$OLDPWD/$DIST/rvimport-$VERSION-windows-x86_64.zip" "rvimport-$VERSION-windows-x86_64")

# Linux: CPack from the install rules (tar.gz and .deb).
(cd build && cpack -G "TGZ;DEB" -B "$stage/cpack" >/dev/null)
cp "$stage"/cpack/*.tar.gz "$stage"/cpack/*.deb $DIST/

# The .deb holds the CLI, the LD_PRELOAD plugin and its wrapper, the headers, the libraries, the
# CMake package and pkg-config files; unpacked, the wrapper finds the plugin and the stock assimp
# tool (when installed) reads a model through it.
deb=$(ls $DIST/*.deb)
dpkg-deb -c "$deb" > "$stage/deb.txt"
for f in ./usr/bin/rvimport ./usr/bin/rvimport-assimp ./usr/lib/rvimport/librvimport_assimp.so ./usr/lib/rvimport/rvimport-map \
         ./usr/include/rv/assimp_importer.hpp ./usr/include/rvimport.h ./usr/include/rvimport_terrain.h \
         ./usr/lib/librvimport.so \
         ./usr/lib/cmake/rvimport/rvimportConfig.cmake ./usr/lib/pkgconfig/rvimport.pc; do
  grep -q " $f\$" "$stage/deb.txt" || { echo "package.sh: $deb lacks $f" >&2; exit 1; }
done
dpkg-deb -x "$deb" "$stage/root"
build/test/rv_make_demo "$stage/rv_crate.p3d" "$stage/rv_world.wrp" >/dev/null
# The installed `rvimport map` finds its GDAL program under lib/rvimport/ (code/cli/map_program.cpp).
"$stage/root/usr/bin/rvimport" map "$stage/rv_world.wrp" "$stage/map" -q 2>/dev/null
[ -s "$stage/map/dem.tif" ] || { echo "package.sh: the installed rvimport map wrote no dem.tif" >&2; exit 1; }
# The Windows zip as a user unzips it: its rvimport.exe maps a world with the proj\proj.db beside it.
python3 -m zipfile -e "$DIST/rvimport-$VERSION-windows-x86_64.zip" "$stage/win"
WINEDEBUG=-all WINEPREFIX="$PWD/build-windows/wineprefix" "$(command -v wine64 || echo /usr/lib/wine/wine64)" \
  "$stage/win/rvimport-$VERSION-windows-x86_64/rvimport.exe" map "$stage/rv_world.wrp" "$stage/winmap" -q 2>/dev/null
[ -s "$stage/winmap/dem.tif" ] || { echo "package.sh: the unzipped rvimport.exe map wrote no dem.tif" >&2; exit 1; }
if command -v assimp >/dev/null; then
  info=$(env -u RVIMPORT_ASSIMP_PLUGIN "$stage/root/usr/bin/rvimport-assimp" assimp info "$stage/rv_crate.p3d" -r)
  grep -q "^Vertices:" <<<"$info" || { echo "package.sh: the packaged plugin does not reach assimp" >&2; exit 1; }
fi

# Every release file name the docs promise is one made here, and the other way round.
python3 test/docs_test.py names "$DIST" "$VERSION"

(cd $DIST && sha256sum -- * > SHA256SUMS)
ls -l $DIST
