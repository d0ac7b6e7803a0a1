"""Headless Blender test of the add-on's Memory Limit (MB) (issue 15): the operator property and
the preference reach the library's rv_options.memory_limit, a file over the limit is refused with
the limit in the report and leaves nothing behind, and an ordinary model fits the same limit.

Environment: RV_ADDON_DIR (scripts/blender), RVIMPORT_LIB (librvimport.so), RV_HOSTILE_DIR (the
shapes rv_make_hostile wrote), RV_DEMO_DIR (rv_crate.p3d from rv_make_demo)."""
import os
import sys

import bpy

sys.path.insert(0, os.environ["RV_ADDON_DIR"])
hostile = os.environ["RV_HOSTILE_DIR"]
flood = os.path.join(hostile, "property_flood.p3d")  # 100,000 named properties in 654 KB
bomb = os.path.join(hostile, "elevation_bomb.wrp")   # 4096^2 heights: 64 MiB decoded
crate = os.path.join(os.environ["RV_DEMO_DIR"], "rv_crate.p3d")
reports = []
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_checks import check, failures, reset  # noqa: E402


def run(op, **kw):
    """The operator's result and whether it created anything."""
    before = len(bpy.data.objects) + len(bpy.data.meshes) + len(bpy.data.collections)
    try:
        result = op(**kw)
    except RuntimeError as e:  # an operator that reports an ERROR raises in background mode
        reports.append(str(e))
        result = {"CANCELLED"}
    after = len(bpy.data.objects) + len(bpy.data.meshes) + len(bpy.data.collections)
    return result, after - before


def prefs():
    return bpy.context.preferences.addons["io_import_rv"].preferences


reset()
check(prefs().memory_limit == 2048, "the preference defaults to 2048 MB, got %d" % prefs().memory_limit)

# The operator's own limit: 4 MB cannot hold the flood's view; nothing is created.
result, created = run(bpy.ops.import_scene.rv_p3d, filepath=flood, memory_limit=4)
check(result == {"CANCELLED"}, "4 MB: the flood is refused, got %s" % result)
check(created == 0, "4 MB: %d datablocks left behind" % created)
check(any("memory limit of 4 MiB" in r for r in reports), "4 MB: the report names the limit: %s" % reports[-1:])

# 0 on the operator: the preference's limit applies.
reports.clear()
prefs().memory_limit = 4
result, created = run(bpy.ops.import_scene.rv_p3d, filepath=flood)
check(result == {"CANCELLED"} and created == 0, "preference 4 MB: refused, got %s, %d created" % (result, created))
check(any("memory limit of 4 MiB" in r for r in reports), "preference 4 MB: the report names it: %s" % reports[-1:])

# The same 4 MB hold an ordinary model: the limit refuses the flood, not every file.
result, created = run(bpy.ops.import_scene.rv_p3d, filepath=crate, memory_limit=4)
check(result == {"FINISHED"} and created > 0, "4 MB: the demo crate imports, got %s" % result)

# Terrains: the 64 MiB of heights do not fit 16 MB.
reports.clear()
result, created = run(bpy.ops.import_scene.rv_wrp, filepath=bomb, memory_limit=16)
check(result == {"CANCELLED"} and created == 0, "16 MB: the elevation bomb is refused, got %s" % result)
check(any("memory limit of 16 MiB" in r for r in reports), "16 MB terrain: the report names it: %s" % reports[-1:])

# Textures (issue 29): an LZO bomb of 130 KB is 8192 x 8192 pixels, 1 GiB as the add-on's float
# copy. Under 512 MB it is refused as a file, and left out with a warning as a model's colour map;
# the model still imports.
texture_bomb = os.path.join(hostile, "lzo_bomb.paa")
reports.clear()
before = len(bpy.data.images)
result, created = run(bpy.ops.import_image.rv_paa, filepath=texture_bomb, memory_limit=512)
check(result == {"CANCELLED"} and len(bpy.data.images) == before, "512 MB: the texture bomb is refused, got %s" % result)
check(any("Memory Limit of 512 MB" in r for r in reports), "512 MB texture: the report names it: %s" % reports[-1:])

root = os.path.join(hostile, "bomb_root")
os.makedirs(os.path.join(root, "rv", "demo", "data"), exist_ok=True)
with open(texture_bomb, "rb") as src, open(os.path.join(root, "rv", "demo", "data", "crate_co.paa"), "wb") as dst:
    dst.write(src.read())
reports.clear()
result, created = run(bpy.ops.import_scene.rv_p3d, filepath=crate, memory_limit=512, data_root=root)
check(result == {"FINISHED"} and created > 0, "512 MB: the crate with the bombed colour map imports, got %s" % result)
check(len(bpy.data.images) == before, "512 MB: %d images were made" % (len(bpy.data.images) - before))
from io_import_rv import rvlib  # noqa: E402
with rvlib.memory_limit(512):
    model = rvlib.Model(crate, data_root=root)
left_out = [w for w in model.warnings if "crate_co.paa" in w and "left out" in w and "Memory Limit of 512 MB" in w]
check(len(left_out) == 1, "512 MB: one warning names the colour map left out: %s" % model.warnings)
check(all(m.base_color is None for m in model.materials), "512 MB: a material kept the bombed colour map")

print("%d failure(s)" % len(failures))
sys.exit(1 if failures else 0)
