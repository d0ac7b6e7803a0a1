#!/usr/bin/env bash
# The main job on the bundled default inputs: builds rvimport, writes the demo model rv_crate.p3d
# and the demo terrain rv_world.wrp (made by the project's own test-side writers, no third-party
# content), prints their summaries, dumps them to JSON and converts them: the model to glTF
# binary, the terrain to glTF binary, an ESRI ASCII grid and a Terrain Builder object list.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh >/dev/null
D=build/demo
mkdir -p $D
build/test/rv_make_demo $D/rv_crate.p3d $D/rv_world.wrp
build/rvimport info $D/rv_crate.p3d
build/rvimport dump --json $D/rv_crate.p3d > $D/rv_crate.json
build/rvimport export $D/rv_crate.p3d $D/rv_crate.glb
echo
build/rvimport info $D/rv_world.wrp
build/rvimport dump --json $D/rv_world.wrp > $D/rv_world.json
build/rvimport export $D/rv_world.wrp $D/rv_world.glb
build/rvimport export $D/rv_world.wrp $D/rv_world.asc
build/rvimport export $D/rv_world.wrp $D/rv_world_objects.txt
echo
for f in rv_crate.json rv_crate.glb rv_world.json rv_world.glb rv_world.asc rv_world_objects.txt; do
  echo "written: $D/$f ($(wc -c < $D/$f) bytes)"
done
