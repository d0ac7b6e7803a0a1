"""Headless Blender test of the io_import_rv add-on (run by ctest through blender -b).

Environment: RV_ADDON_DIR (scripts/blender), RVIMPORT_LIB (the built librvimport.so),
RV_DEMO_DIR (rv_crate.p3d and rv_world.wrp from rv_make_demo), RV_SAMPLES_DIR (optional)."""
import array
import os
import shutil
import tempfile
import sys

import addon_utils
import bpy
import mathutils

sys.path.insert(0, os.environ["RV_ADDON_DIR"])
addon_utils.enable("io_import_rv", default_set=True)
demo = os.environ["RV_DEMO_DIR"]
samples = os.environ.get("RV_SAMPLES_DIR", "")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_checks import check, failures, reset  # noqa: E402


def mesh_objects():
    """The LOD objects by their LOD name (each object is named "<model> <LOD>")."""
    return {o.get("rv_lod_name", o.name): o for o in bpy.data.objects if o.type == "MESH"}


# The generated crate: 4 LODs (1.000, ShadowVolume 0, Geometry, Memory), selections, a proxy.
reset()
check(bpy.ops.import_scene.rv_p3d(filepath=os.path.join(demo, "rv_crate.p3d")) == {"FINISHED"}, "crate imports")
objs = mesh_objects()
check(set(objs) == {"1.000", "ShadowVolume 0", "Geometry", "Memory"}, "crate LOD objects: %s" % sorted(objs))
check(sorted(o.name for o in objs.values()) == ["rv_crate 1.000", "rv_crate Geometry", "rv_crate Memory",
                                               "rv_crate ShadowVolume 0"],
      "LOD objects named after their model: %s" % sorted(o.name for o in objs.values()))
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
check(proxies and proxies[0].parent is not None and proxies[0].parent.name == "rv_crate 1.000", "proxy parented to its LOD")
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

# The generated terrain: 64 x 32 samples, 24 objects (placed one Blender object each here: the
# default, instances on points, is test_placements.py's).
reset()
check(bpy.ops.import_scene.rv_wrp(filepath=os.path.join(demo, "rv_world.wrp"), placement="OBJECTS") == {"FINISHED"},
      "world imports")
tiles = bpy.data.collections["Terrain"].objects
check(sum(len(o.data.vertices) for o in tiles) == 64 * 32, "one vertex per height sample (one tile)")
check(sum(len(o.data.polygons) for o in tiles) == 63 * 31, "one quad per cell")
empties = [o for o in bpy.data.objects if o.type == "EMPTY"]
check(len(empties) == 24, "24 object empties, got %d" % len(empties))
world = bpy.data.collections.get("rv_world.wrp")
check(world is not None and list(world["rv_map_size"]) == [64, 32], "grid size on the collection")

# With a data root holding one of its three models (rv\test\house.p3d, here the demo crate) and
# placement OBJECTS: the houses share one textured mesh, the trees and roads (missing) stay
# empties, with a warning.
reset()
root_dir = tempfile.mkdtemp(prefix="rv_world_root_")
os.makedirs(os.path.join(root_dir, "rv", "test"))
shutil.copy(os.path.join(demo, "rv_crate.p3d"), os.path.join(root_dir, "rv", "test", "house.p3d"))
from io_import_rv import build as rv_build  # noqa: E402
warnings = rv_build.import_terrain(bpy.context, os.path.join(demo, "rv_world.wrp"), data_root=root_dir,
                                   placement="OBJECTS")
placed = [o for o in bpy.data.objects if "rv_model" in o]
houses = [o for o in placed if o["rv_model"] == "rv\\test\\house.p3d"]
check(len(placed) == 24, "24 placed objects, got %d" % len(placed))
check(houses and all(o.type == "MESH" for o in houses) and len({o.data.name for o in houses}) == 1,
      "every house shares one mesh: %s" % sorted({o.data.name if o.data else None for o in houses}))
check(all(o.type == "EMPTY" for o in placed if o not in houses), "models not in the data root stay empties")
check(houses and len(houses[0].data.vertices) == 48, "the house mesh is the crate's first LOD (48 vertices)")
check(any("tree.p3d" in w for w in warnings), "a missing model is a warning: %s" % warnings[-2:])
shutil.rmtree(root_dir, ignore_errors=True)

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
    bpy.ops.import_scene.rv_wrp(filepath=os.path.join(samples, "terrain/op25q_small.wrp"), placement="OBJECTS")
    tiles = bpy.data.collections["Terrain"].objects
    check(sum(len(o.data.polygons) for o in tiles) == 255 * 255, "op25q_small: 255 x 255 cells")
    check(len([o for o in bpy.data.objects if o.type == "EMPTY"]) == 400, "op25q_small: 400 objects")

# Proxies drawn as the game draws them (issue 36). The data root's lamp.p3d is the crate itself: the
# crate's proxy draws the crate's 1.000 (48 vertices) under the proxy's empty, at the proxy's
# transform (turned 90 degrees about the up axis at (0.2, 0.4, -0.1) from the bounding centre
# (0.1, 0.4, 0): uncentred, Blender's (0.3, -0.1, 0.8)); that crate's own proxy would draw it
# again, a loop: it stays an empty, with one warning.
reset()
root_dir = tempfile.mkdtemp(prefix="rv_proxy_root_")
os.makedirs(os.path.join(root_dir, "rv", "demo", "proxies"))
shutil.copy(os.path.join(demo, "rv_crate.p3d"), os.path.join(root_dir, "rv", "demo", "proxies", "lamp.p3d"))
lods, warnings = rv_build.import_model(bpy.context, os.path.join(demo, "rv_crate.p3d"), autocenter=False,
                                       data_root=root_dir)
bpy.context.view_layer.update()  # matrix_world of the new objects
lod_object = next((o for o in bpy.data.objects if o.get("rv_lod_name") == "1.000"), None)
own = sorted(tuple(round(c, 4) for c in v.co) for v in lod_object.data.vertices) if lod_object else []
empties = sorted((o for o in bpy.data.objects if o.type == "EMPTY" and "rv_proxy_path" in o),
                 key=lambda o: len(o.users_collection[0].name))
drawn = [o for o in bpy.data.objects if "rv_proxy_model" in o]
lod_empties = [e for e in empties if e.parent is lod_object]
check(len(lod_empties) == 1 and len(drawn) == 1, "one proxy of 1.000 draws one model: %d empties, %d drawn"
      % (len(lod_empties), len(drawn)))
if lod_empties and drawn:
    empty, child = lod_empties[0], drawn[0]
    check(child.parent is empty and child.type == "MESH" and len(child.data.vertices) == 48,
          "the drawn crate hangs under the proxy's empty with its 48 vertices")
    check(child.name.startswith("lamp 1.000"), "the drawn model is named after its file: %s" % child.name)
    t = empty.matrix_world.translation
    check(max(abs(a - b) for a, b in zip(t, (0.3, -0.1, 0.8))) < 1e-5, "the proxy's empty at %s" % (tuple(t),))
    world = sorted(tuple(round(c, 4) for c in child.matrix_world @ v.co) for v in child.data.vertices)
    want = sorted(tuple(round(c, 4) for c in empty.matrix_world @ mathutils.Vector(v)) for v in own)
    check(world == want, "the drawn crate is the crate's 1.000 placed by the proxy: %s vs %s" % (world[:2], want[:2]))
    check(not child.hide_get() and not child.hide_render, "the drawn model is shown with the LOD the game shows")
    inner = [e for e in empties if e.parent is child]
    check(len(inner) == 1 and not any(c for c in inner[0].children), "the loop's second level stays an empty")
check(sum("loop" in w for w in warnings) == 1, "one warning names the loop: %s" % warnings)
reset()
rv_build.import_model(bpy.context, os.path.join(demo, "rv_crate.p3d"), data_root=root_dir, proxy_models="nodes")
check(not [o for o in bpy.data.objects if "rv_proxy_model" in o], "Proxy Models: None draws none")
shutil.rmtree(root_dir, ignore_errors=True)

# An editable character: its skeleton is in no .p3d but in the model.cfg beside it, which the C
# ABI's path open finds (issue 36). Our writer's box, whose selections "all" and "top" are the
# config's bones: an armature of those 2 bones, the box bound to it.
reset()
cfg_dir = tempfile.mkdtemp(prefix="rv_model_cfg_")
shutil.copy(os.path.join(demo, "Box.p3d"), os.path.join(cfg_dir, "Box.p3d"))
# The skeleton comes from an included file and a macro, as modders share them (issue 39).
with open(os.path.join(cfg_dir, "rig.hpp"), "w") as f:
    f.write('#define BONE(name, parent) QUOTE(name), parent\n#define QUOTE(x) #x\n'
            'class CfgSkeletons { class Default { isDiscrete = 1; skeletonInherit = ""; skeletonBones[] = {}; };\n'
            '  class BoxRig: Default { skeletonBones[] = {BONE(all, ""), BONE(top, "all")}; }; };\n')
with open(os.path.join(cfg_dir, "model.cfg"), "w") as f:
    f.write('#include "rig.hpp"\n'
            'class CfgModels { class Default { skeletonName = ""; }; class Box: Default { skeletonName = QUOTE(BoxRig); }; };\n')
check(bpy.ops.import_scene.rv_p3d(filepath=os.path.join(cfg_dir, "Box.p3d")) == {"FINISHED"}, "the editable box imports")
rigs = [o for o in bpy.data.objects if o.type == "ARMATURE"]
check(len(rigs) == 1 and sorted(b.name for b in rigs[0].data.bones) == ["all", "top"],
      "one armature with model.cfg's bones: %s" % [sorted(b.name for b in r.data.bones) for r in rigs])
box = next((o for o in bpy.data.objects if o.get("rv_lod_name") == "1.000"), None)
check(box is not None and rigs and box.parent == rigs[0] and any(m.type == "ARMATURE" for m in box.modifiers),
      "the box is bound to the armature")
shutil.rmtree(cfg_dir, ignore_errors=True)

# A failure half-way through building (here: while creating proxies) takes back everything.
reset()
from io_import_rv import build as rv_build  # noqa: E402
real_proxies = rv_build._proxy_empties


def failing_proxies(*args):
    raise RuntimeError("injected failure")


rv_build._proxy_empties = failing_proxies
try:
    bpy.ops.import_scene.rv_p3d(filepath=os.path.join(demo, "rv_crate.p3d"))
    check(False, "the injected failure propagates")
except RuntimeError:
    pass
rv_build._proxy_empties = real_proxies
check(len(bpy.data.objects) == 0 and len(bpy.data.meshes) == 0 and len(bpy.data.materials) == 0
      and len(bpy.data.collections) == 0, "a failed import leaves nothing behind: %d objects, %d meshes, %d materials"
      % (len(bpy.data.objects), len(bpy.data.meshes), len(bpy.data.materials)))

# Names longer than Blender's 63 bytes: shortened, unique, and the full name kept.
a, b = "x" * 60 + "_left_hand_selection", "x" * 60 + "_right_hand_selection"
check(len(rv_build.short_name(a).encode()) <= 63 and rv_build.short_name(a) != rv_build.short_name(b),
      "short names fit and stay apart: %s %s" % (rv_build.short_name(a), rv_build.short_name(b)))
check(rv_build.short_name("usti hlavne") == "usti hlavne", "short names are kept")

# Autocenter off: every vertex moves by the same offset (the bounding centre).
reset()
bpy.ops.import_scene.rv_p3d(filepath=os.path.join(demo, "rv_crate.p3d"), first_lod_only=True)
centred = [v.co.copy() for v in mesh_objects()["1.000"].data.vertices]
reset()
bpy.ops.import_scene.rv_p3d(filepath=os.path.join(demo, "rv_crate.p3d"), first_lod_only=True, autocenter=False)
placed = [v.co.copy() for v in mesh_objects()["1.000"].data.vertices]
shifts = {tuple(round(c, 5) for c in (p - q)) for p, q in zip(placed, centred)}
check(len(shifts) == 1, "autocenter off shifts every vertex alike: %s" % sorted(shifts)[:3])


def library_triangles(path, lod_name):
    """The library's triangles of one LOD in Blender's frame, as rotation-free vertex triples."""
    import ctypes
    from io_import_rv import rvlib
    L = rvlib.lib()
    h, err = ctypes.c_void_p(), rvlib.RvError()
    opts = rvlib._options("all", True)
    assert L.rv_model_open(os.fsencode(path), ctypes.byref(opts), ctypes.byref(h), ctypes.byref(err)) == 0
    L.rv_lod_triangle_count.restype = ctypes.c_uint32
    L.rv_lod_triangles.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_void_p]
    try:
        for i in range(L.rv_model_lod_count(h)):
            if rvlib._text(L.rv_lod_name(h, i)) != lod_name:
                continue
            n = L.rv_lod_triangle_count(h, i)
            tris = rvlib._fill("I", 3 * n, lambda p: L.rv_lod_triangles(h, i, p))
            return {canonical(tuple(tris[3 * k:3 * k + 3])) for k in range(n)}
    finally:
        L.rv_model_close(h)
    return set()


def canonical(t):
    return min(t[k:] + t[:k] for k in range(3))


# Real samples when present: the quad split Blender draws is the engine's (and the .glb's);
# every point of the AGM M84 geometry LOD, with the centre of mass; warnings are returned.
if samples and os.path.isdir(samples):
    for rel in ("real/ascz-mods/CUP_Backpack_ACR.p3d", "real/tfar/clf_nicecomm2.p3d"):
        reset()
        path = os.path.join(samples, rel)
        bpy.ops.import_scene.rv_p3d(filepath=path)
        for name, obj in mesh_objects().items():
            me = obj.data
            me.calc_loop_triangles()
            drawn = {canonical(tuple(t.vertices)) for t in me.loop_triangles}
            check(drawn == library_triangles(path, name),
                  "%s %s: Blender's triangles are the library's (%d triangles)" % (rel, name, len(drawn)))
    reset()
    bpy.ops.import_scene.rv_p3d(filepath=os.path.join(samples, "real/agm/8e57ca3b_AGM_M84.p3d"))
    geo = mesh_objects().get("Geometry")
    check(geo is not None and len(geo.data.vertices) == 13, "AGM M84 Geometry keeps all 13 points")
    if geo is not None:
        com = geo.vertex_groups.get("centerofmass")
        members = [v.index for v in geo.data.vertices if com and any(g.group == com.index for g in v.groups)]
        check(members == [12], "centerofmass holds the loose point 12: %s" % members)
    reset()
    short = [os.path.join(dp, f) for dp, _, fs in os.walk(os.path.join(samples, "generated/armake-v68-short-lods"))
             for f in sorted(fs) if f.endswith(".p3d")]
    if short:
        lods, warnings = rv_build.import_model(bpy.context, sorted(short)[0])
        check(any("LOD ends 5 bytes early" in w for w in warnings), "warnings come back to the operator: %s" % warnings[:2])

# Textures from the data root (the samples' P:-drive folder): AGM M84's colour map and normal map
# as packed images in a node material; the colour map's pixels hash to the reference decode
# (../shared/samples/textures/reference-decodes.tsv: FNV-1a 64, textbook basis, RGBA8 top row
# first); the missing environment map (a3\data_f\env_land_co.paa), which no output draws, is no warning.
data_root = os.path.join(samples, "textures", "data-root") if samples else ""
if data_root and os.path.isdir(data_root):
    reset()
    lods, warnings = rv_build.import_model(bpy.context, os.path.join(samples, "real/agm/AGM_M84.p3d"), first_lod_only=True,
                                           data_root=data_root)
    obj = mesh_objects().get("1.000")
    mat = obj.material_slots[0].material if obj and obj.material_slots else None
    check(mat is not None and mat.node_tree is not None and any(n.type == "TEX_IMAGE" for n in mat.node_tree.nodes),
          "AGM M84 has a node material with images")
    images = {n.image.get("rv_path"): n.image for n in mat.node_tree.nodes if n.type == "TEX_IMAGE"} if mat else {}
    co = images.get("agm_grenades\\data\\agm_m84_co.paa")
    check(co is not None and tuple(co.size) == (1024, 1024), "the colour map is a 1024 x 1024 image: %s" % list(images))
    check("agm_grenades\\data\\agm_m84_nohq.paa" in images, "the normal map is there too")
    if co is not None:
        check(co.packed_file is not None, "the image is packed into the .blend")
        px = array.array("f", bytes(4 * 4 * 1024 * 1024))
        co.pixels.foreach_get(px)
        h = 0xcbf29ce484222325
        for y in range(1023, -1, -1):  # Blender's rows run bottom-up; the hash's top-down
            row = px[y * 4096:(y + 1) * 4096]
            for v in row:
                h = ((h ^ int(round(v * 255))) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
        print("colour map hash %016x" % h)
        check("%016x" % h == "27e91a062f80edce", "the colour map's pixels are the reference decode: %016x" % h)
    # The Super shader's environment map (a3\data_f\env_land_co.paa) is not in the folder, and
    # Blender's material does not draw it: not worth a warning (the CLI reports it with --verbose).
    check(not any("env_land_co.paa" in w for w in warnings), "no warning for the undrawn environment map: %s" % warnings)
    if mat is not None:
        # The metallic-roughness material: roughness from the green of the map made from
        # agm_m84_smdi.paa (not the factor), metallic 0, the normal map through a Normal Map node.
        bsdf = next(n for n in mat.node_tree.nodes if n.type == "BSDF_PRINCIPLED")
        rough = bsdf.inputs["Roughness"].links
        check(len(rough) == 1 and rough[0].from_node.type == "SEPARATE_COLOR" and rough[0].from_socket.name == "Green",
              "roughness comes from the green of a separated image: %s" % [l.from_node.type for l in rough])
        mr = images.get("agm_grenades\\data\\agm_m84_smdi.paa")
        check(mr is not None and mr.get("rv_role") == "metallic roughness" and mr.colorspace_settings.name == "Non-Color",
              "the metallic-roughness map is a non-colour image made from the _smdi")
        check(bsdf.inputs["Metallic"].default_value == 0.0 and not bsdf.inputs["Metallic"].links, "metallic 0")
        normal = bsdf.inputs["Normal"].links
        check(len(normal) == 1 and normal[0].from_node.type == "NORMAL_MAP", "the normal map feeds a Normal Map node")
    # Max Texture Size 512 on the operator: every map comes as its .paa's own 512 x 512 mip (the
    # three are 1024 x 1024 with a full mip chain).
    reset()
    check(bpy.ops.import_scene.rv_p3d(filepath=os.path.join(samples, "real/agm/AGM_M84.p3d"), first_lod_only=True,
                                      data_root=data_root, max_texture_size=512) == {"FINISHED"},
          "AGM M84 imports with Max Texture Size 512")
    sizes = {i.get("rv_path"): tuple(i.size) for i in bpy.data.images}
    check(len(sizes) == 3 and all(s == (512, 512) for s in sizes.values()),
          "Max Texture Size 512: every image 512 x 512: %s" % sizes)

# Every real model whose face textures all resolve in the samples' data root
# (textures/references.tsv): its first LOD imports with an image node per face texture of that
# LOD's materials, packed, at the reference decode's size (textures/reference-decodes.tsv).
if data_root and os.path.isdir(data_root):
    import csv
    tex = os.path.join(samples, "textures")
    sizes = {r["path"]: (int(r["width"]), int(r["height"])) for r in
             csv.DictReader(open(os.path.join(tex, "reference-decodes.tsv")), delimiter="\t") if r["width"].isdigit()}
    faces = {}
    for r in csv.DictReader(open(os.path.join(tex, "references.tsv"), encoding="utf-8"), delimiter="\t"):
        if r["source"] == "lod-texture":
            faces.setdefault(r["model"], []).append((r["reference"], r["resolution"]))
    textured = 0
    for model, refs in sorted(faces.items()):
        if not all(res.startswith("data-root/") and os.path.isfile(os.path.join(tex, res)) for _, res in refs):
            continue
        reset()
        rv_build.import_model(bpy.context, os.path.join(samples, model), first_lod_only=True, data_root=data_root)
        by_path = {n.image.get("rv_path", "").lower(): n.image
                   for m in bpy.data.materials if m.node_tree for n in m.node_tree.nodes if n.type == "TEX_IMAGE"}
        lod_textures = {m.get("rv_texture", "").lower() for m in bpy.data.materials} - {""}
        for ref, res in refs:
            if ref.lower() not in lod_textures:
                continue  # a texture of another LOD
            img = by_path.get(ref.lower())
            check(img is not None and img.packed_file is not None, "%s: %s is a packed image node" % (model, ref))
            if img is not None and res in sizes:
                check(tuple(img.size) == sizes[res], "%s: %s is %s, not %s" % (model, ref, tuple(img.size), sizes[res]))
            textured += img is not None
    check(textured >= 16, "at least one face texture of each of the 16 models: %d" % textured)

if failures:
    raise SystemExit("%d check(s) failed: %s" % (len(failures), failures))
print("blender import tests passed")
