# Sourced by the build scripts: ccache, where installed (scripts/setup.sh), so the builds of one
# run share what is compiled the same way (the Assimp-free build compiles none of the release
# build's files again). Its cache lives outside the clone ($XDG_CACHE_HOME/rvimport/ccache, or
# $CCACHE_DIR when set): a machine that builds again reuses it, a fresh one starts cold, as CI does.
# Sets `launcher`, the cmake arguments that put ccache in front of the compilers.
launcher=()
if command -v ccache >/dev/null; then
  export CCACHE_DIR="${CCACHE_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/rvimport/ccache}" CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}"
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
