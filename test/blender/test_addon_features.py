"""Headless Blender: what modders expect of an importer today (issue 24), on every Blender we test.
- LOD defaults: the LOD the game shows is visible; other visual LODs and the Shadows, Geometries,
  Point clouds and Misc collections are hidden in the viewport and in renders.
- Several files in one import, through the drag-and-drop FileHandler's operator (4.1+; the
  operator itself on 3.4): a damaged file among them is reported by name, the others import, and
  nothing of the damaged one is left. Files that share textures make one image of each.
- PAA/PAC as images: every sample PAA opens with the reference decode's size and pixels
  (textures/reference-decodes.tsv), data maps as Non-Color.
- a3ob's property groups filled when a3ob is installed (a stand-in with a3ob's field names).

Environment: RV_ADDON_DIR, RVIMPORT_LIB, RV_DEMO_DIR, RV_SAMPLES_DIR (optional)."""
import array
import csv
import os
import shutil
import sys
import tempfile

import addon_utils
import bpy

sys.path.insert(0, os.environ["RV_ADDON_DIR"])
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_checks import check, failures, reset  # noqa: E402
from io_import_rv.common import _layer_collection  # noqa: E402

demo, samples = os.environ["RV_DEMO_DIR"], os.environ.get("RV_SAMPLES_DIR", "")
crate = os.path.join(demo, "rv_crate.p3d")


def layer_of(collection):
    return _layer_collection(bpy.context.view_layer.layer_collection, collection)


def visible(obj):
    return obj.visible_get() and not obj.hide_render


# LOD defaults on the crate: 1.000 shown; the shadow, geometry and memory LODs' collections hidden.
reset()
check(bpy.ops.import_scene.rv_p3d(filepath=crate) == {"FINISHED"}, "crate imports")
objs = {o.get("rv_lod_name", o.name): o for o in bpy.data.objects if o.type == "MESH"}
check("1.000" in objs and visible(objs["1.000"]), "the first visual LOD is visible")
for name in ("ShadowVolume 0", "Geometry", "Memory"):
    o = objs.get(name)
    check(o is not None and not o.visible_get(), "%s is hidden in the viewport" % name)
    coll = o.users_collection[0] if o else None
    check(coll is not None and coll.hide_render and layer_of(coll).hide_viewport,
          "%s's collection %s is hidden in viewport and render" % (name, coll and coll.name))

# A real model with five resolution LODs: only the finest is visible.
m84 = os.path.join(samples, "real", "agm", "AGM_M84.p3d") if samples else ""
hat = os.path.join(samples, "real", "ascz-mods", "CowboyHat_g.p3d") if samples else ""
if hat and os.path.isfile(hat):
    reset()
    bpy.ops.import_scene.rv_p3d(filepath=hat)
    lods = [o for o in bpy.data.objects if o.type == "MESH" and o.get("rv_lod_kind") == "visual"]
    shown = [o.name for o in lods if visible(o)]
    check(len(lods) > 1 and len(shown) == 1, "one of %d visual LODs visible: %s" % (len(lods), shown))
    if lods:
        lowest = min(lods, key=lambda o: o["rv_resolution"])
        check(shown == [lowest.name], "the visible one is the finest resolution: %s, %s" % (shown, lowest.name))

# Several files through the drop handler's operator, one of them damaged.
work = tempfile.mkdtemp(prefix="rv_multi_")  # not in bpy.app.tempdir: reset() replaces that
shutil.copy(crate, os.path.join(work, "a_crate.p3d"))
with open(crate, "rb") as f:
    data = f.read()
with open(os.path.join(work, "b_damaged.p3d"), "wb") as f:
    f.write(data[:300])
reset()
names = ["a_crate.p3d", "b_damaged.p3d"]
if m84 and os.path.isfile(m84):
    shutil.copy(m84, os.path.join(work, "c_m84.p3d"))
    names.append("c_m84.p3d")
handler = next((h for h in getattr(bpy.types.FileHandler, "__subclasses__", list)()
                if ".p3d" in getattr(h, "bl_file_extensions", "")), None) if hasattr(bpy.types, "FileHandler") else None
if bpy.app.version >= (4, 1, 0):
    check(handler is not None and handler.bl_import_operator == "import_scene.rv_p3d",
          "a FileHandler for .p3d drops: %s" % handler)
op_name = handler.bl_import_operator if handler else "import_scene.rv_p3d"
category, name = op_name.split(".")
error = ""
try:
    result = getattr(getattr(bpy.ops, category), name)(directory=work, files=[{"name": n} for n in names])
except RuntimeError as e:  # background Blender raises the reported error
    result, error = {"FINISHED"}, str(e)
check("b_damaged.p3d" in error and "offset 0x" in error, "the damaged file is reported by name: %r" % error[-300:])
roots = sorted(c.name for c in bpy.context.scene.collection.children)
check(roots == sorted(n for n in names if n != "b_damaged.p3d"), "the other files imported: %s" % roots)
check(not any("b_damaged" in c.name for c in bpy.data.collections), "nothing of the damaged file is left")
shutil.rmtree(work, ignore_errors=True)

# One import of several files shares its textures (issue 42): two copies of the real backpack with
# the samples' data root make each of its images once, and both imports' materials use them.
backpack = os.path.join(samples, "real", "tfar-pairs", "odol", "TFR_BACKPACK.p3d") if samples else ""
data_root = os.path.join(samples, "textures", "data-root") if samples else ""
if backpack and os.path.isfile(backpack) and os.path.isdir(data_root):
    reset()
    bpy.ops.import_scene.rv_p3d(filepath=backpack, data_root=data_root)
    alone = sorted((i.get("rv_path", ""), i.get("rv_role", "")) for i in bpy.data.images if i.get("rv_path"))
    work = tempfile.mkdtemp(prefix="rv_multi_shared_")
    for n in ("a_backpack.p3d", "b_backpack.p3d"):
        shutil.copy(backpack, os.path.join(work, n))
    reset()
    result = bpy.ops.import_scene.rv_p3d(directory=work, files=[{"name": "a_backpack.p3d"}, {"name": "b_backpack.p3d"}],
                                         data_root=data_root)
    roots = sorted(c.name for c in bpy.context.scene.collection.children)
    check(result == {"FINISHED"} and roots == ["a_backpack.p3d", "b_backpack.p3d"], "both backpacks: %s" % roots)
    shared = sorted((i.get("rv_path", ""), i.get("rv_role", "")) for i in bpy.data.images if i.get("rv_path"))
    check(len(alone) >= 3 and shared == alone, "one image per texture for both files: %s, alone %s" % (shared, alone))
    used = {}
    for mat in bpy.data.materials:
        for node in (mat.node_tree.nodes if mat.node_tree else []):
            if node.type == "TEX_IMAGE" and node.image is not None:
                used.setdefault(node.image.name, set()).add(mat.name)
    check(len(used) == len(alone) and all(len(m) >= 2 for m in used.values()),
          "each image drawn by both files' materials: %s" % used)
    shutil.rmtree(work, ignore_errors=True)

# Terrains through the .wrp drop handler's operator: two worlds, one damaged.
work = tempfile.mkdtemp(prefix="rv_multi_wrp_")
world = os.path.join(demo, "rv_world.wrp")
shutil.copy(world, os.path.join(work, "a_world.wrp"))
with open(world, "rb") as f:
    data = f.read()
with open(os.path.join(work, "b_damaged.wrp"), "wb") as f:
    f.write(data[:200])
reset()
error = ""
try:
    bpy.ops.import_scene.rv_wrp(directory=work, files=[{"name": "a_world.wrp"}, {"name": "b_damaged.wrp"}])
except RuntimeError as e:
    error = str(e)
check("b_damaged.wrp" in error, "the damaged world is reported by name: %r" % error[-200:])
roots = sorted(c.name for c in bpy.context.scene.collection.children)
check(roots == ["a_world.wrp"], "the good world imported, nothing of the damaged one: %s" % roots)
shutil.rmtree(work, ignore_errors=True)

# Slotted actions (4.4+) through the compatibility layer: a keyframed location plays back.
from io_import_rv import compat  # noqa: E402
reset()
mover = bpy.data.objects.new("mover", None)
bpy.context.scene.collection.objects.link(mover)
action = bpy.data.actions.new("rv test action")
curves = compat.ActionChannels(action, mover)
for axis, value in enumerate((1.0, 2.0, 3.0)):
    fc = curves.new("location", axis, "Object Transforms")
    fc.keyframe_points.insert(1, 0.0)
    fc.keyframe_points.insert(11, value)
bpy.context.scene.frame_set(11)
check(tuple(round(v, 4) for v in mover.location) == (1.0, 2.0, 3.0), "the action moves the object: %s" % (tuple(mover.location),))
bpy.context.scene.frame_set(6)
check(abs(mover.location.z - 1.5) < 0.2, "and interpolates: %s" % (tuple(mover.location),))
if bpy.app.version >= (4, 4, 0):
    check(mover.animation_data.action_slot is not None, "a slotted action on 4.4+")

# Every sample PAA as an image, against the reference decodes.
tex = os.path.join(samples, "textures") if samples else ""
if tex and os.path.isdir(tex):
    refs = list(csv.DictReader(open(os.path.join(tex, "reference-decodes.tsv"), encoding="utf-8"), delimiter="\t"))
    opened = 0
    for r in refs:
        if not r["path"].startswith("paa/") or r["path"].startswith("paa/negative"):
            continue
        want = r.get("independent_fnv64", "-")
        if want in ("-", ""):
            want = r["swizzled_fnv64"] if r["swizzled_fnv64"] not in ("-", "") else r["armatools_fnv64"]
        if want in ("-", ""):
            continue
        reset()
        try:
            bpy.ops.import_image.rv_paa(filepath=os.path.join(tex, r["path"]))
        except RuntimeError as e:
            check(False, "%s opens: %s" % (r["path"], e))
            continue
        img = bpy.data.images.get(os.path.basename(r["path"]))
        if img is None:
            check(False, "%s: an image" % r["path"])
            continue
        w, h = int(r["width"]), int(r["height"])
        check(tuple(img.size) == (w, h), "%s is %s, not %dx%d" % (r["path"], tuple(img.size), w, h))
        px = array.array("f", bytes(16 * w * h))
        img.pixels.foreach_get(px)
        fnv = 0xcbf29ce484222325
        for y in range(h - 1, -1, -1):  # Blender's rows run bottom-up; the reference's top-down
            for v in px[y * 4 * w:(y + 1) * 4 * w]:
                fnv = ((fnv ^ int(round(v * 255))) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
        check("%016x" % fnv == want, "%s: pixels %016x, the reference decode is %s" % (r["path"], fnv, want))
        base = os.path.basename(r["path"]).lower()
        data_map = any(base.endswith(s) for s in ("_nohq.paa", "_smdi.paa", "_as.paa"))
        check((img.colorspace_settings.name == "Non-Color") == data_map,
              "%s: colour space %s" % (r["path"], img.colorspace_settings.name))
        check(img.packed_file is not None, "%s is packed" % r["path"])
        opened += 1
    check(opened >= 45, "every sample PAA with a reference decode opened: %d" % opened)
    reset()
    bad = os.path.join(tex, "paa", "negative")
    for n in sorted(os.listdir(bad))[:3] if os.path.isdir(bad) else []:
        try:
            bpy.ops.import_image.rv_paa(filepath=os.path.join(bad, n))
            check(False, "negative %s is refused" % n)
        except RuntimeError as e:
            check(n in str(e), "negative %s is refused naming the file: %s" % (n, e))
    check(len(bpy.data.images) == 0, "no image is left from refused files: %s" % list(bpy.data.images))


# a3ob's property groups, as a stand-in with a3ob's own field names (utilities/data.py's LOD ids).
class StandInNamedProperty(bpy.types.PropertyGroup):
    name: bpy.props.StringProperty()
    value: bpy.props.StringProperty()


class StandInObject(bpy.types.PropertyGroup):
    is_a3_lod: bpy.props.BoolProperty()
    lod: bpy.props.EnumProperty(items=[(str(i), str(i), "") for i in range(-1, 33)], default="0")
    resolution: bpy.props.IntProperty()
    resolution_float: bpy.props.FloatProperty()
    properties: bpy.props.CollectionProperty(type=StandInNamedProperty)


class StandInProxy(bpy.types.PropertyGroup):
    is_a3_proxy: bpy.props.BoolProperty()
    proxy_path: bpy.props.StringProperty()
    proxy_index: bpy.props.IntProperty()


class StandInMaterial(bpy.types.PropertyGroup):
    texture_type: bpy.props.EnumProperty(items=[("TEX", "File", ""), ("COLOR", "Color", ""), ("CUSTOM", "Custom", "")])
    texture_path: bpy.props.StringProperty()
    material_path: bpy.props.StringProperty()


for c in (StandInNamedProperty, StandInObject, StandInProxy, StandInMaterial):
    bpy.utils.register_class(c)
bpy.types.Object.a3ob_properties_object = bpy.props.PointerProperty(type=StandInObject)
bpy.types.Object.a3ob_properties_object_proxy = bpy.props.PointerProperty(type=StandInProxy)
bpy.types.Material.a3ob_properties_material = bpy.props.PointerProperty(type=StandInMaterial)
reset()
bpy.ops.import_scene.rv_p3d(filepath=crate)
want = {"1.000": ("0", 1), "ShadowVolume 0": ("4", 0), "Geometry": ("6", 0), "Memory": ("9", 0)}
for name, (kind, res) in want.items():
    o = next((x for x in bpy.data.objects if x.get("rv_lod_name") == name), None)
    p = o.a3ob_properties_object if o else None
    check(p is not None and p.is_a3_lod and p.lod == kind and p.resolution == res,
          "%s: a3ob lod %s resolution %d, got %s" % (name, kind, res, p and (p.is_a3_lod, p.lod, p.resolution)))
geometry = next((x for x in bpy.data.objects if x.get("rv_lod_name") == "Geometry"), None)
if geometry is not None:
    props = {i.name: i.value for i in geometry.a3ob_properties_object.properties}
    check(props == dict(geometry["rv_properties"]), "named properties in a3ob's list: %s" % props)
proxy = next((o for o in bpy.data.objects if o.type == "EMPTY" and "rv_proxy_path" in o), None)
check(proxy is not None and proxy.a3ob_properties_object_proxy.is_a3_proxy
      and proxy.a3ob_properties_object_proxy.proxy_path == proxy["rv_proxy_path"], "the proxy's a3ob path")
mats = [m for m in bpy.data.materials if "rv_texture" in m]
check(mats and all(m.a3ob_properties_material.texture_path == m["rv_texture"]
                   and m.a3ob_properties_material.material_path == m["rv_rvmat"] for m in mats),
      "a3ob's material paths: %s" % [(m.a3ob_properties_material.texture_path,) for m in mats])

# A config class's retexturing (issue 27): TFR_BACKPACK's "camo" selection (all of LOD 1.000)
# shown with another texture of the data root; itemfadak_co.paa is 1024 x 1024
# (textures/reference-decodes.tsv).
backpack = os.path.join(samples, "real", "tfar-pairs", "odol", "TFR_BACKPACK.p3d") if samples else ""
if backpack and os.path.exists(backpack):
    reset()
    folder = tempfile.mkdtemp(prefix="rv_retexture_")
    config = os.path.join(folder, "config.cpp")
    open(config, "w").write('class CfgVehicles { class B: Bag_Base { hiddenSelections[] = {"camo"};\n'
                            'hiddenSelectionsTextures[] = {"task_force_radio_items\\models\\data\\itemfadak_co.paa"}; }; };')
    bpy.ops.import_scene.rv_p3d(filepath=backpack, first_lod_only=True, data_root=os.path.join(samples, "textures",
                                "data-root"), config=config, config_class="B")
    textures = sorted(m["rv_texture"] for m in bpy.data.materials if "rv_texture" in m)
    check(textures == ["task_force_radio_items\\models\\data\\itemfadak_co.paa"], "retextured materials: %s" % textures)
    colour = [i for i in bpy.data.images if i.get("rv_path", "").endswith("itemfadak_co.paa")]
    check(len(colour) == 1 and tuple(colour[0].size) == (1024, 1024),
          "the class's texture as the colour image: %s" % [(i.name, tuple(i.size)) for i in colour])
    shutil.rmtree(folder, ignore_errors=True)

if failures:
    raise SystemExit("%d check(s) failed: %s" % (len(failures), failures))
print("add-on features: LOD defaults, multi-file drop, PAA images, a3ob fields")
