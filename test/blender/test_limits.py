"""Headless Blender test of the add-on at Blender's own limits (issue 15):
- a LOD of 40 000 materials (200 textures x 200 .rvmat names, one triangle each) imports: the
  mesh holds Blender's 32 767 slots, the last one a merged material standing for the 7 234 the
  slots cannot hold, with a warning; every polygon points at a valid slot (Blender used to crash
  on more than 32 767), and materials without images are made without node trees (fast);
- 4106 selections give 4096 vertex groups and a warning naming the 10 left out (issue 29);
- 70-byte property and selection names (legal in the file, Blender keeps 63 bytes) are shortened
  uniquely and the full names kept in rv_property_names / rv_selection_names.

Environment: RV_ADDON_DIR (scripts/blender), RVIMPORT_LIB (librvimport.so), RV_LIMITS_DIR (the
files rv_make_blender_limits wrote)."""
import os
import sys

import bpy

sys.path.insert(0, os.environ["RV_ADDON_DIR"])
limits = os.environ["RV_LIMITS_DIR"]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_checks import check, failures, reset  # noqa: E402


from io_import_rv import build  # noqa: E402

reset()
lods, warnings = build.import_model(bpy.context, os.path.join(limits, "many_materials.p3d"))
meshes = [o for o in bpy.data.objects if o.type == "MESH"]
check(len(meshes) == 1, "one LOD object, got %d" % len(meshes))
if meshes:
    mesh = meshes[0].data
    check(len(mesh.polygons) == 40000, "40 000 triangles, got %d" % len(mesh.polygons))
    check(len(mesh.materials) == 32767, "32 767 material slots, got %d" % len(mesh.materials))
    last = mesh.materials[len(mesh.materials) - 1]
    check(last is not None and last.get("rv_merged_count") == 40000 - 32766,
          "the last slot merges 7 234 materials: %s" % (last and dict(last)))
    idx = [0] * len(mesh.polygons)
    mesh.polygons.foreach_get("material_index", idx)
    check(max(idx) == 32766 and min(idx) == 0, "polygon slots 0..32766, got %d..%d" % (min(idx), max(idx)))
    check(idx.count(32766) == 40000 - 32766, "7 234 polygons on the merged slot, got %d" % idx.count(32766))
check(any("40000 materials" in w and "32767" in w for w in warnings), "a warning says so: %s" % warnings[-2:])
check(len(bpy.data.materials) == 32767, "no material is made that no slot holds: %d" % len(bpy.data.materials))

reset()
lods, warnings = build.import_model(bpy.context, os.path.join(limits, "long_names.p3d"))
obj = next((o for o in bpy.data.objects if o.get("rv_lod_name") == "1.000"), None)
check(obj is not None, "the crate's first LOD is there")
if obj is not None:
    full = dict(obj.get("rv_property_names", {}))
    check("p" * 70 in full.values(), "the 70-byte property name is kept in full: %s" % full)
    short = [k for k, v in full.items() if v == "p" * 70]
    check(short and len(short[0].encode()) <= 63 and obj["rv_properties"][short[0]] == "value of the long one",
          "its shortened key holds the value")
    groups = dict(obj.get("rv_selection_names", {}))
    check("s" * 70 in groups.values(), "the 70-byte selection name is kept in full: %s" % groups)
    check(any(len(g.name.encode()) <= 63 and groups.get(g.name) == "s" * 70 for g in obj.vertex_groups),
          "its vertex group carries a shortened name")

# Vertex groups slow down with each one made (Blender checks every name and looks each group up):
# an object gets at most MAX_VERTEX_GROUPS (rv::kMaxSelectionBones), the first selections, and a
# warning names how many were left out (issue 29).
reset()
lods, warnings = build.import_model(bpy.context, os.path.join(limits, "many_selections.p3d"))
obj = next((o for o in bpy.data.objects if o.get("rv_lod_name") == "1.000"), None)
check(obj is not None, "the selections' LOD is there")
if obj is not None:
    check(len(obj.vertex_groups) == 4096, "4096 vertex groups, got %d" % len(obj.vertex_groups))
    check(obj.vertex_groups[0].name == "s0", "the first selection first: %s" % obj.vertex_groups[0].name)
check(any("4106 selections; 10 left out" in w for w in warnings), "a warning names the 10: %s" % warnings[-2:])

if failures:
    raise SystemExit("%d check(s) failed: %s" % (len(failures), failures))
print("blender limit tests passed")
