#!/usr/bin/env bash
# The layout check CI runs: clang-format (Debian's 14, .clang-format) over code/, include/ and the
# C ABI's C test reports nothing. Apply it with: scripts/check_format.sh --fix
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files 'code/*.cpp' 'code/*.hpp' 'code/*.h' 'include/*.hpp' 'include/*.h' 'test/capi/*.c')
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
else
  clang-format --dry-run -Werror "${files[@]}"
  echo "clang-format: ${#files[@]} files formatted"
fi
