#!/usr/bin/env bash
# The main job on the bundled default input: builds rvimport, writes the demo model rv_crate.p3d
# (made by the project's own test-side writer, no third-party content), prints its summary,
# dumps it to JSON and converts it to glTF binary through the Assimp importer.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh >/dev/null
mkdir -p build/demo
build/test/rv_make_demo build/demo/rv_crate.p3d
build/rvimport info build/demo/rv_crate.p3d
build/rvimport dump --json build/demo/rv_crate.p3d > build/demo/rv_crate.json
build/rvimport export build/demo/rv_crate.p3d build/demo/rv_crate.glb
echo
echo "full decode written to build/demo/rv_crate.json ($(wc -c < build/demo/rv_crate.json) bytes)"
echo "glTF binary written to build/demo/rv_crate.glb ($(wc -c < build/demo/rv_crate.glb) bytes)"
