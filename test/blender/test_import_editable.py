"""Headless Blender: an editable model (MLOD) and its binarized twin import alike (issue 16).

KAM m7a3 in both forms (samples/editable/kam/m7a3.p3d and real/kam/aff6fa87_m7a3.p3d): the same
LOD objects, per LOD the same triangles (corner positions rounded to 1e-5 m, which absorbs the
float rounding of the twin's centre), the same vertex groups (the binarizer lower-cases
selection names; the editable model keeps them as stored, as a3ob does), custom normals on the
visual LOD. Environment: RV_ADDON_DIR, RVIMPORT_LIB, RV_SAMPLES_DIR (skipped when absent)."""
import os
import sys

import addon_utils
import bpy

sys.path.insert(0, os.environ["RV_ADDON_DIR"])
samples = os.environ.get("RV_SAMPLES_DIR", "")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_checks import check, failures  # noqa: E402


def load(rel):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    addon_utils.enable("io_import_rv", default_set=True)
    result = bpy.ops.import_scene.rv_p3d(filepath=os.path.join(samples, rel))
    check(result == {"FINISHED"}, "%s imports" % rel)
    out = {}
    for o in bpy.data.objects:
        if o.type != "MESH":
            continue
        me = o.data
        me.calc_loop_triangles()
        tris = sorted(tuple(sorted(tuple(round(c, 5) for c in (o.matrix_world @ me.vertices[v].co)) for v in t.vertices))
                      for t in me.loop_triangles)
        out[o["rv_lod_name"]] = {"triangles": tris, "groups": {g.name for g in o.vertex_groups},
                       "custom_normals": me.has_custom_normals}
    return out


if not samples or not os.path.isdir(samples):
    print("skipped: no samples")
    sys.exit(0)
editable = load("editable/kam/m7a3.p3d")
binarized = load("real/kam/aff6fa87_m7a3.p3d")
check(set(editable) == set(binarized), "LOD objects: %s vs %s" % (sorted(editable), sorted(binarized)))
for name in sorted(set(editable) & set(binarized)):
    e, b = editable[name], binarized[name]
    check(len(e["triangles"]) == len(b["triangles"]),
          "%s: %d vs %d triangles" % (name, len(e["triangles"]), len(b["triangles"])))
    check(e["triangles"] == b["triangles"], "%s: the same triangles" % name)
    check({g.lower() for g in e["groups"]} == b["groups"], "%s vertex groups: %s vs %s" % (name, sorted(e["groups"]), sorted(b["groups"])))
check(editable.get("0.000", {}).get("custom_normals"), "custom normals on the visual LOD")
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
