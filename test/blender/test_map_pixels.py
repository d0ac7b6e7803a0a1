"""Headless Blender: the images the add-on makes hold the pixels our glTF writer embeds for the same
material slot (both come from the library's view, after the same conversion), on every textured
real model. Every normal map averages about (0.5, 0.5, >= 0.5), and no data map is black: the check
that would have caught the black maps (the colour space was set after the pixels, on every version).

Then one picture: AGM M84 rendered with Cycles on the CPU, once as the add-on imports it and once
as Blender's own glTF importer reads our .glb; the two agree within a small tolerance, and a black
normal map (the old bug, put back on purpose) is far outside it.

Environment: RV_ADDON_DIR, RVIMPORT_LIB, RV_GLTF_DIR (make_gltf_files.py's textured/models.tsv),
RV_SAMPLES_DIR (skipped without the samples)."""
import array
import json
import os
import struct
import sys
import tempfile

import bpy

sys.path.insert(0, os.environ["RV_ADDON_DIR"])
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_checks import check, failures, reset  # noqa: E402
from io_import_rv import build  # noqa: E402

samples = os.environ.get("RV_SAMPLES_DIR", "")
listing = os.path.join(os.environ["RV_GLTF_DIR"], "textured", "models.tsv")
if not (samples and os.path.isfile(listing)):
    print("no samples: skipped")
    raise SystemExit(0)
data_root = os.path.join(samples, "textures", "data-root")
work = tempfile.mkdtemp(prefix="rv_map_pixels_")
ROLES = {"base color": ("pbrMetallicRoughness", "baseColorTexture"), "normal": (None, "normalTexture"),
         "metallic roughness": ("pbrMetallicRoughness", "metallicRoughnessTexture"), "occlusion": (None, "occlusionTexture")}


def read_glb(path):
    with open(path, "rb") as f:
        data = f.read()
    n = struct.unpack_from("<I", data, 12)[0]
    doc = json.loads(data[20:20 + n])
    return doc, data[20 + n + 8:]


def embedded_png(doc, binary, texture_index):
    view = doc["bufferViews"][doc["images"][doc["textures"][texture_index]["source"]]["bufferView"]]
    start = view.get("byteOffset", 0)
    return binary[start:start + view["byteLength"]]


def pixels(img):
    px = array.array("f", bytes(4 * 4 * img.size[0] * img.size[1]))
    img.pixels.foreach_get(px)
    return px


def glb_image(doc, binary, texture_index, name):
    path = os.path.join(work, "%s.png" % name)
    with open(path, "wb") as f:
        f.write(embedded_png(doc, binary, texture_index))
    img = bpy.data.images.load(path)
    img.colorspace_settings.name = "Non-Color"  # read the stored bytes as they are
    return img


compared = normals = 0
for line in open(listing, encoding="utf-8"):
    model, glb = line.rstrip("\n").split("\t")
    reset()
    build.import_model(bpy.context, os.path.join(samples, model), first_lod_only=True, data_root=data_root)
    doc, binary = read_glb(glb)
    ours = {m.name: m for m in bpy.data.materials if m.node_tree}
    for k, gm in enumerate(doc.get("materials", [])):
        mat = ours.get(gm["name"])
        check(mat is not None, "%s: material %r in Blender" % (model, gm["name"]))
        if mat is None:
            continue
        slots = {label: role for role, label in build.SLOT_LABELS.items()}
        by_role = {slots.get(n.label): n.image for n in mat.node_tree.nodes if n.type == "TEX_IMAGE" and n.image}
        for role, (group, key) in ROLES.items():
            ref = (gm.get(group, {}) if group else gm).get(key)
            img = by_role.get(role)
            check((ref is None) == (img is None), "%s %s: %s in glTF %s, in Blender %s" % (model, gm["name"], role,
                                                                                        ref is not None, img is not None))
            if ref is None or img is None:
                continue
            want = glb_image(doc, binary, ref["index"], "%d_%d_%s" % (compared, k, role.replace(" ", "_")))
            check(tuple(want.size) == tuple(img.size), "%s %s: size %s vs %s" % (model, role, tuple(img.size), tuple(want.size)))
            got, exp = pixels(img), pixels(want)
            if tuple(want.size) == tuple(img.size):
                worst = max(abs(a - b) for a, b in zip(got, exp))
                check(worst <= 1.0 / 255 + 1e-6, "%s %s %s: pixels differ by up to %.3f" % (model, gm["name"], role, worst))
            n = len(got) // 4
            mean = [sum(got[c::4]) / n for c in range(4)]
            if role == "normal":
                normals += 1
                check(0.4 <= mean[0] <= 0.6 and 0.4 <= mean[1] <= 0.6 and mean[2] >= 0.5,
                      "%s %s: normal map averages %s" % (model, img.name, [round(v, 3) for v in mean[:3]]))
                check(img.colorspace_settings.name == "Non-Color", "%s: the normal map is Non-Color" % img.name)
            if role != "base color":
                check(max(got[0::4]) + max(got[1::4]) + max(got[2::4]) > 0, "%s %s: a black %s map" % (model, img.name, role))
            bpy.data.images.remove(want)
            compared += 1
check(compared >= 25 and normals >= 4, "maps compared: %d (%d normal maps)" % (compared, normals))
print("compared %d maps (%d normal maps) with the glTF writer's" % (compared, normals))


# --- The picture: add-on against Blender's glTF importer, Cycles on the CPU. ---
def render(setup, name):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    import addon_utils
    addon_utils.enable("io_import_rv", default_set=True)
    setup()
    scene = bpy.context.scene
    meshes = [o for o in scene.objects if o.type == "MESH" and o.visible_get()]
    from mathutils import Vector
    corners = [o.matrix_world @ Vector(c) for o in meshes for c in o.bound_box]
    lo = Vector([min(c[i] for c in corners) for i in range(3)])
    hi = Vector([max(c[i] for c in corners) for i in range(3)])
    centre, radius = (lo + hi) / 2, max((hi - lo).length / 2, 1e-3)
    cam = bpy.data.objects.new("camera", bpy.data.cameras.new("camera"))
    scene.collection.objects.link(cam)
    cam.location = centre + Vector((1.2, -2.0, 1.0)).normalized() * radius * 3.2
    cam.rotation_euler = (centre - cam.location).to_track_quat("-Z", "Y").to_euler()
    scene.camera = cam
    sun = bpy.data.objects.new("sun", bpy.data.lights.new("sun", "SUN"))
    sun.rotation_euler = (0.6, 0.2, 0.8)
    sun.data.energy = 3.0
    scene.collection.objects.link(sun)
    world = bpy.data.worlds.new("world")
    world.color = (0.3, 0.3, 0.3)
    scene.world = world
    scene.render.engine = "CYCLES"
    scene.cycles.device = "CPU"
    scene.cycles.samples = 16
    scene.cycles.seed = 1
    scene.cycles.use_denoising = False
    scene.render.resolution_x = scene.render.resolution_y = 96
    scene.render.resolution_percentage = 100
    scene.render.image_settings.file_format = "PNG"
    scene.render.filepath = os.path.join(work, name + ".png")
    bpy.ops.render.render(write_still=True)
    img = bpy.data.images.load(scene.render.filepath)
    return pixels(img)


m84 = os.path.join(samples, "real", "agm", "AGM_M84.p3d")
m84_glb = next((g for m, g in (l.rstrip("\n").split("\t") for l in open(listing)) if m == "real/agm/AGM_M84.p3d"), None)
if os.path.isfile(m84) and m84_glb:
    import numpy as np
    if not hasattr(np, "bool"):
        np.bool = bool  # Blender 3.4.1's glTF importer with Debian bookworm's numpy 1.24

    def addon(black_normals=False):
        def setup():
            build.import_model(bpy.context, m84, first_lod_only=True, data_root=data_root)
            if black_normals:
                for img in bpy.data.images:
                    if img.get("rv_role") == "normal":
                        img.pixels.foreach_set(array.array("f", bytes(4 * len(img.pixels))))
        return setup

    ours = render(addon(), "addon")
    theirs = render(lambda: bpy.ops.import_scene.gltf(filepath=m84_glb), "gltf")
    broken = render(addon(black_normals=True), "addon_black_normals")
    diff = sum(abs(a - b) for a, b in zip(ours, theirs)) / len(ours)
    diff_broken = sum(abs(a - b) for a, b in zip(broken, theirs)) / len(ours)
    lit = sum(abs(a - 0.3) for a in ours[0::4]) / (len(ours) / 4)
    print("render: add-on vs glTF importer mean |d| %.4f; with black normal maps %.4f" % (diff, diff_broken))
    check(lit > 0.01, "the model is in the picture (mean distance from the background %.3f)" % lit)
    check(diff < 0.01, "the add-on's render agrees with Blender's glTF importer: mean |d| %.4f" % diff)
    check(diff_broken > 2 * diff and diff_broken > 0.02,
          "a black normal map is caught: %.4f against %.4f" % (diff_broken, diff))

if failures:
    raise SystemExit("%d check(s) failed: %s" % (len(failures), failures))
print("the add-on's maps are the glTF writer's, and its render agrees with Blender's glTF importer")
