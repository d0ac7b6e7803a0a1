#!/usr/bin/env bash
# The main job on the bundled default input: builds rvimport, writes the demo model rv_crate.p3d
# (made by the project's own test-side writer, no third-party content), prints its summary and
# dumps it to JSON.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh >/dev/null
mkdir -p build/demo
build/test/rv_make_demo build/demo/rv_crate.p3d
build/rvimport info build/demo/rv_crate.p3d
build/rvimport dump --json build/demo/rv_crate.p3d > build/demo/rv_crate.json
echo
echo "full decode written to build/demo/rv_crate.json ($(wc -c < build/demo/rv_crate.json) bytes)"
