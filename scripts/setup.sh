#!/usr/bin/env bash
# Installs everything rvimport needs to build and test on Debian bookworm (run as root, or with sudo):
# compilers and CMake, Assimp, glm, GoogleTest, Google Benchmark, nlohmann-json (the glTF writer), liblzo2 (the tests' reference
# codec), libsquish (the tests' DXT oracle), stb (PNG and TGA reading), libdeflate (the PNG writer's deflate; its source package for Windows), clang + libFuzzer, clang-format (the layout check), Blender
# (the add-on's headless tests), MinGW-w64 + Wine (the Windows cross build and its tests), and the
# Khronos glTF validator (npm, into test/gltf/node_modules), GDAL (rvimport map; gdal-bin, python3-gdal, headless QGIS
# and Chromium read its files back in the tests), Leaflet (npm, for map --tiles), and two unmodified Assimp hosts the
# LD_PRELOAD plugin is tested in: Debian's assimp tool (assimp-utils) and Qt 3D's qgltf (qt3d5-dev-tools),
# and debootstrap (scripts/chroot.sh: the Debian trixie/sid chroots with current Blender).
# sqlite3 and tcl: scripts/mingw_gdal.sh makes SQLite's amalgamation (tclsh) and PROJ's proj.db (sqlite3).
set -euo pipefail
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
# Debian's source packages too (deb-src, the same archive as the binaries): the Windows build
# cross-compiles libdeflate, minizip and pugixml from their own (scripts/mingw_libdeflate.sh,
# scripts/mingw_assimp.sh; Assimp itself from sid's, through a private apt state).
if ! grep -rqs "deb-src" /etc/apt/sources.list /etc/apt/sources.list.d/; then
  printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    | $SUDO tee /etc/apt/sources.list.d/rvimport-deb-src.sources >/dev/null
fi
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends \
  build-essential cmake ninja-build pkg-config time \
  libassimp-dev libglm-dev googletest libgtest-dev libbenchmark-dev \
  liblzo2-dev libsquish-dev libstb-dev nlohmann-json3-dev clang clang-format libclang-rt-14-dev blender python3-numpy libgdal-dev gdal-bin python3-gdal python3-qgis qgis-providers chromium assimp-utils qt3d5-dev-tools \
  g++-mingw-w64-x86-64-posix wine64 debootstrap ccache libdeflate-dev dpkg-dev \
  libz-mingw-w64-dev rapidjson-dev libutfcpp-dev sqlite3 tcl
# The Khronos glTF validator (npm gltf-validator, pinned by test/gltf/package-lock.json) checks
# every glTF the tests write. Node.js and npm come with the machine; Debian's are the fallback.
if ! command -v npm >/dev/null; then
  $SUDO apt-get install -y -q --no-install-recommends nodejs npm
fi
npm ci --prefix "$(dirname "$0")/../test/gltf" --no-audit --no-fund
# Leaflet, which `rvimport map --tiles` ships in its output (pinned by code/cli/leaflet/package-lock.json).
npm ci --prefix "$(dirname "$0")/../code/cli/leaflet" --no-audit --no-fund
