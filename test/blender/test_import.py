"""Headless Blender test of the io_import_rv add-on (run by ctest through blender -b).

Environment: RV_ADDON_DIR (scripts/blender), RVIMPORT_LIB (the built librvimport.so),
RV_DEMO_DIR (rv_crate.p3d and rv_world.wrp from rv_make_demo), RV_SAMPLES_DIR (optional)."""
import os
import sys

import addon_utils
import bpy

sys.path.insert(0, os.environ["RV_ADDON_DIR"])
addon_utils.enable("io_import_rv", default_set=True)
demo = os.environ["RV_DEMO_DIR"]
samples = os.environ.get("RV_SAMPLES_DIR", "")
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def reset():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    addon_utils.enable("io_import_rv", default_set=True)


def mesh_objects():
    return {o.name: o for o in bpy.data.objects if o.type == "MESH"}


# The generated crate: 4 LODs (1.000, ShadowVolume 0, Geometry, Memory), selections, a proxy.
reset()
check(bpy.ops.import_scene.rv_p3d(filepath=os.path.join(demo, "rv_crate.p3d")) == {"FINISHED"}, "crate imports")
objs = mesh_objects()
check(set(objs) == {"1.000", "ShadowVolume 0", "Geometry", "Memory"}, "crate LOD objects: %s" % sorted(objs))
visual = objs.get("1.000")
if visual:
    check(len(visual.data.vertices) == 48, "crate LOD 0 has 48 vertices, got %d" % len(visual.data.vertices))
    check(visual["rv_lod_name"] == "1.000", "rv_lod_name")
    check(abs(visual["rv_resolution"] - 1.0) < 1e-6, "rv_resolution")
    check("lid" in visual.vertex_groups, "vertex group 'lid': %s" % [g.name for g in visual.vertex_groups])
    check(len(visual.data.uv_layers) == 2, "two UV layers, got %d" % len(visual.data.uv_layers))
    check(visual.users_collection[0].name.startswith("Visuals"), "LOD 0 in Visuals")
    # Closed box: faces point outward in Blender (positive signed volume).
    me = visual.data
    vol = 0.0
    for p in me.polygons:
        vs = [me.vertices[i].co for i in p.vertices]
        for k in range(1, len(vs) - 1):
            vol += vs[0].dot(vs[k].cross(vs[k + 1])) / 6.0
    check(vol > 0, "crate LOD 0 encloses a positive volume (outward faces), got %f" % vol)
proxies = [o for o in bpy.data.objects if o.type == "EMPTY" and o.name.startswith("proxy:")]
check(len(proxies) == 1 and proxies[0]["rv_proxy_path"] == "\\rv\\demo\\proxies\\lamp.p3d",
      "one proxy empty with its path: %s" % [p.name for p in proxies])
check(proxies and proxies[0].parent is not None and proxies[0].parent.name == "1.000", "proxy parented to its LOD")
geometry = objs.get("Geometry")
check(geometry is not None and "rv_mass" in geometry.data.attributes, "vertex mass on the geometry LOD")
check(geometry is not None and "rv_properties" in geometry, "named properties on the geometry LOD")

# First LOD only.
reset()
bpy.ops.import_scene.rv_p3d(filepath=os.path.join(demo, "rv_crate.p3d"), first_lod_only=True)
check(set(mesh_objects()) == {"1.000"}, "first LOD only")

# A damaged file: an error, nothing created.
reset()
damaged = os.path.join(bpy.app.tempdir or "/tmp", "rv_damaged.p3d")
with open(os.path.join(demo, "rv_crate.p3d"), "rb") as f:
    data = f.read()
with open(damaged, "wb") as f:
    f.write(data[:300])
try:
    result = bpy.ops.import_scene.rv_p3d(filepath=damaged)
except RuntimeError as e:  # background mode raises the reported error
    result = {"CANCELLED"}
    check("offset 0x" in str(e), "the error names an offset: %s" % e)
check(result == {"CANCELLED"}, "damaged file cancels")
check(len(bpy.data.objects) == 0 and len(bpy.data.meshes) == 0, "damaged file creates nothing")

# The generated terrain: 64 x 32 samples, 24 objects.
reset()
check(bpy.ops.import_scene.rv_wrp(filepath=os.path.join(demo, "rv_world.wrp")) == {"FINISHED"}, "world imports")
tiles = [o for o in bpy.data.objects if o.type == "MESH"]
check(sum(len(o.data.vertices) for o in tiles) == 64 * 32, "one vertex per height sample (one tile)")
check(sum(len(o.data.polygons) for o in tiles) == 63 * 31, "one quad per cell")
empties = [o for o in bpy.data.objects if o.type == "EMPTY"]
check(len(empties) == 24, "24 object empties, got %d" % len(empties))
world = bpy.data.collections.get("rv_world.wrp")
check(world is not None and list(world["rv_map_size"]) == [64, 32], "grid size on the collection")

# Real samples when present: m7a3 (7 LODs, memory points), tf_bussole.
if samples and os.path.isdir(samples):
    reset()
    bpy.ops.import_scene.rv_p3d(filepath=os.path.join(samples, "real/kam/aff6fa87_m7a3.p3d"))
    objs = mesh_objects()
    check(set(objs) == {"0.000", "Geometry", "PhysX (old)", "Geometry PhysX", "Memory", "Land Contact",
                        "Fire Geometry"}, "m7a3 LODs: %s" % sorted(objs))
    if "0.000" in objs:
        # rvimport info / the manifest: LOD 0 holds 9615 vertices and 6108 faces.
        check(len(objs["0.000"].data.vertices) == 9615, "m7a3 LOD 0 vertices: %d" % len(objs["0.000"].data.vertices))
        check(len(objs["0.000"].data.polygons) == 6108, "m7a3 LOD 0 faces: %d" % len(objs["0.000"].data.polygons))
        check("mk13 flash bang" in objs["0.000"].vertex_groups, "m7a3 selection as vertex group")
    if "Memory" in objs:
        check(len(objs["Memory"].data.vertices) == 2, "m7a3 memory has 2 points")
        check({"mem01", "mem02"} <= {g.name for g in objs["Memory"].vertex_groups}, "memory point groups")
    reset()
    bpy.ops.import_scene.rv_wrp(filepath=os.path.join(samples, "terrain/op25q_small.wrp"))
    tiles = [o for o in bpy.data.objects if o.type == "MESH"]
    check(sum(len(o.data.polygons) for o in tiles) == 255 * 255, "op25q_small: 255 x 255 cells")
    check(len([o for o in bpy.data.objects if o.type == "EMPTY"]) == 400, "op25q_small: 400 objects")

if failures:
    raise SystemExit("%d check(s) failed: %s" % (len(failures), failures))
print("blender import tests passed")
