"""Headless Blender: every sample model and terrain imports through the add-on with the counts
`rvimport dump --json` gives (make_sample_counts.py wrote them on the host): per LOD the object,
its vertices (binarized models: the stored vertices; editable ones split corners by normal and UV),
its triangles (polygons of n corners count n - 2, so a folded quad split in two counts the same),
vertex groups, proxies and UV maps; per terrain the height grid's cells and every placed object.

Environment: RV_ADDON_DIR, RVIMPORT_LIB, RV_SAMPLE_COUNTS (the JSON), RV_SAMPLES_DIR."""
import array
import json
import os
import sys
import time

import bpy

sys.path.insert(0, os.environ["RV_ADDON_DIR"])
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_checks import check, failures, reset  # noqa: E402
from io_import_rv import build  # noqa: E402

samples = os.environ.get("RV_SAMPLES_DIR", "")
with open(os.environ["RV_SAMPLE_COUNTS"], encoding="utf-8") as f:
    expected = json.load(f)
if not expected["models"]:
    print("no samples: skipped")
    raise SystemExit(0)

start = time.monotonic()
for rel, want in sorted(expected["models"].items()):
    reset()
    try:
        build.import_model(bpy.context, os.path.join(samples, rel))
    except build.ImportFailed as e:
        check(False, "%s imports: %s" % (rel, e))
        continue
    lods = {o["rv_lod_name"]: o for o in bpy.data.objects if o.type == "MESH" and "rv_lod_name" in o}
    check(len(lods) == len(want["lods"]), "%s: %d LOD objects, dump has %d" % (rel, len(lods), len(want["lods"])))
    for lod in want["lods"]:
        o = lods.get(lod["name"])
        if o is None:
            check(False, "%s: LOD %s" % (rel, lod["name"]))
            continue
        me = o.data
        totals = array.array("i", bytes(4 * len(me.polygons)))
        me.polygons.foreach_get("loop_total", totals)
        triangles = sum(totals) - 2 * len(totals)
        got = {"triangles": triangles, "selections": len(o.vertex_groups), "uv_sets": len(me.uv_layers),
               "proxies": sum(1 for c in o.children if "rv_proxy_path" in c)}
        if want["signature"] == "ODOL":
            got["vertices"] = len(me.vertices)
        for key, value in got.items():
            check(value == lod[key], "%s LOD %s: %s %d, dump %d" % (rel, lod["name"], key, value, lod[key]))
models_seconds = time.monotonic() - start

start = time.monotonic()
for rel, want in sorted(expected["terrains"].items()):
    reset()
    try:
        build.import_terrain(bpy.context, os.path.join(samples, rel))
    except build.ImportFailed as e:
        check(False, "%s imports: %s" % (rel, e))
        continue
    mx, my = want["map_size"]
    tiles = bpy.data.collections["Terrain"].objects
    cells = sum(len(t.data.polygons) for t in tiles)
    check(cells == (mx - 1) * (my - 1), "%s: %d terrain cells, the %dx%d grid has %d" % (rel, cells, mx, my, (mx - 1) * (my - 1)))
    objects = bpy.data.collections.get("Objects")
    placed = sum(o.get("rv_placement_count", 0) for o in objects.objects) if objects else 0
    check(placed == want["objects"], "%s: %d placements, dump has %d objects" % (rel, placed, want["objects"]))
terrains_seconds = time.monotonic() - start

print("Blender %s: %d models in %.1f s, %d terrains in %.1f s" % (bpy.app.version_string, len(expected["models"]),
                                                                 models_seconds, len(expected["terrains"]), terrains_seconds))
if failures:
    raise SystemExit("%d check(s) failed: %s" % (len(failures), failures[:20]))
print("every sample imports with the counts of rvimport dump --json")
