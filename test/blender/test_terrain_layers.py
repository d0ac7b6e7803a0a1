"""Headless Blender test of a terrain's layer materials in the io_import_rv add-on (issue 14): with a
Data Root holding a layer .rvmat (a TexGen world mapping) and its satellite picture, the layer's
material samples the picture through the tiles' second UV map, "Layer UV", whose every corner is the
mapping of its position; the layer whose .rvmat is missing stays plain; without a data root the
import is as before; a failed or cancelled import leaves no datablock (images included).

The data root is the one test/test_assimp_wrp.cpp's LayerSatellitePicturesThroughTheirWorldTransform
writes: rv/test/data/layers/p_000-000_l00.rvmat (u = 0.001 east + 0.25, v = 0.75 - 0.001 north, top-
left origin) and s_000_000_lco.tga, a 2 x 2 32-bit stand-in for the .paa with known pixels.

Environment: RV_ADDON_DIR (scripts/blender), RVIMPORT_LIB (the built librvimport.so), RV_DEMO_DIR
(rv_world.wrp from rv_make_demo: makeTestTerrain(25, 32, 16, 64, 32), the same terrain)."""
import array
import os
import shutil
import sys
import tempfile

import addon_utils
import bpy

sys.path.insert(0, os.environ["RV_ADDON_DIR"])
addon_utils.enable("io_import_rv", default_set=True)
demo = os.environ["RV_DEMO_DIR"]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_checks import check, failures, reset  # noqa: E402
from io_import_rv import build, build_terrain  # noqa: E402

WORLD = os.path.join(demo, "rv_world.wrp")
TEXTURED = "rv\\test\\data\\layers\\p_000-000_l00.rvmat"
MISSING = "rv\\test\\data\\layers\\p_000-001_l00.rvmat"  # no such file in the data root
PICTURE = "rv\\test\\data\\layers\\s_000_000_lco.paa"

# The TGA's pixels, top row first as stored (BGRA bytes): red, green / blue, white.
TGA = bytes([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 32, 0x28,
             0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 255, 255, 255, 255])
# The same as Blender's Image.pixels: RGBA floats, bottom row first.
EXPECTED_PIXELS = [0, 0, 1, 1, 1, 1, 1, 1,   # bottom: blue, white
                   1, 0, 0, 1, 0, 1, 0, 1]   # top: red, green


def make_data_root():
    root = tempfile.mkdtemp(prefix="rv_layers_root_")
    layers = os.path.join(root, "rv", "test", "data", "layers")
    os.makedirs(layers)
    with open(os.path.join(layers, "p_000-000_l00.rvmat"), "w") as f:
        f.write('PixelShaderID="TerrainX";\nclass Stage0 { texture="rv\\test\\data\\layers\\s_000_000_lco.paa"; '
                'texGen=3; };\nclass TexGen3 { uvSource="worldPos"; class uvTransform { aside[]={0.001,0,0}; '
                'up[]={0,0,0.001}; dir[]={0,-0.001,0}; pos[]={0.25,0.75,0}; }; };\n')
    with open(os.path.join(layers, "s_000_000_lco.tga"), "wb") as f:
        f.write(TGA)
    return root


def layer_materials():
    return {m["rv_rvmat"]: m for m in bpy.data.materials if "rv_rvmat" in m}


def datablocks():
    return {"objects": len(bpy.data.objects), "meshes": len(bpy.data.meshes), "materials": len(bpy.data.materials),
            "collections": len(bpy.data.collections), "images": len(bpy.data.images),
            "node groups": len(bpy.data.node_groups), "scene children": len(bpy.context.scene.collection.children)}


def floats(collection, attr, count):
    buf = array.array("f", bytes(4 * count))
    collection.foreach_get(attr, buf)
    return buf


def check_textured_material(mat):
    """Image Texture of the 2 x 2 picture -> Base Color, its Vector from a UV Map node naming Layer UV."""
    check(mat.node_tree is not None, "the textured layer's material has a node tree")
    if mat.node_tree is None:
        return
    nodes = mat.node_tree.nodes
    texs = [n for n in nodes if n.type == "TEX_IMAGE"]
    check(len(texs) == 1, "one image node, got %d" % len(texs))
    bsdf = next((n for n in nodes if n.type == "BSDF_PRINCIPLED"), None)
    if len(texs) != 1 or bsdf is None:
        check(bsdf is not None, "a Principled BSDF")
        return
    tex = texs[0]
    img = tex.image
    check(img is not None and tuple(img.size) == (2, 2), "the image is 2 x 2: %s" % (img and tuple(img.size),))
    if img is not None and tuple(img.size) == (2, 2):
        got = list(img.pixels)
        check(all(abs(a - b) < 1e-6 for a, b in zip(got, EXPECTED_PIXELS)) and len(got) == 16,
              "the image holds the TGA's pixels: %s" % got)
        check(img.packed_file is not None, "the image is packed into the .blend")
        check(img.get("rv_path") == PICTURE, "the image keeps its reference: %r" % img.get("rv_path"))
    base = bsdf.inputs["Base Color"]
    check(base.is_linked and base.links[0].from_node == tex and base.links[0].from_socket.name == "Color",
          "the image's colour is the base colour")
    # A satellite segment covers its cells once: clamped to its edge (glTF's CLAMP_TO_EDGE), not repeated.
    check(tex.extension == "EXTEND", "the satellite picture extends its edge: %s" % tex.extension)
    vec = tex.inputs["Vector"]
    uv = vec.links[0].from_node if vec.is_linked else None
    check(uv is not None and uv.type == "UVMAP" and uv.uv_map == "Layer UV",
          "the image is sampled through the UV Map node 'Layer UV': %s" % (uv and (uv.type, uv.uv_map),))


def check_tiles(with_layers, cell):
    """Every tile: UVMap (whole map) first and active; with layer pictures, Layer UV second, each
    corner of a textured cell at the rvmat's mapping of its position, 0 elsewhere."""
    tiles = bpy.data.collections["Terrain"].objects
    map_east, map_north = 63 * cell, 31 * cell
    textured_corners = plain_corners = bad_layer = bad_map = 0
    for obj in tiles:
        me = obj.data
        names = [u.name for u in me.uv_layers]
        check(names == (["UVMap", "Layer UV"] if with_layers else ["UVMap"]), "%s UV maps: %s" % (obj.name, names))
        check(me.uv_layers.active is not None and me.uv_layers.active.name == "UVMap"
              and next(u.name for u in me.uv_layers if u.active_render) == "UVMap",
              "%s: UVMap stays the active and rendered map" % obj.name)
        co = floats(me.vertices, "co", 3 * len(me.vertices))
        vi = array.array("i", bytes(4 * len(me.loops)))
        me.loops.foreach_get("vertex_index", vi)
        mi = array.array("i", bytes(4 * len(me.polygons)))
        me.polygons.foreach_get("material_index", mi)
        whole = floats(me.uv_layers["UVMap"].data, "uv", 2 * len(me.loops))
        layer = floats(me.uv_layers["Layer UV"].data, "uv", 2 * len(me.loops)) if with_layers else None
        for p in me.polygons:
            textured = me.materials[mi[p.index]]["rv_rvmat"] == TEXTURED
            for c in range(p.loop_start, p.loop_start + p.loop_total):
                x, y = co[3 * vi[c]], co[3 * vi[c] + 1]
                if abs(whole[2 * c] - x / map_east) > 1e-5 or abs(whole[2 * c + 1] - y / map_north) > 1e-5:
                    bad_map += 1
                if layer is None:
                    continue
                if textured:
                    textured_corners += 1
                    want = (0.001 * x + 0.25, 1.0 - (0.75 - 0.001 * y))  # Blender's v from the bottom
                else:
                    plain_corners += 1
                    want = (0.0, 0.0)
                if abs(layer[2 * c] - want[0]) > 1e-5 or abs(layer[2 * c + 1] - want[1]) > 1e-5:
                    if bad_layer < 5:
                        print("layer UV at (%g, %g): %s, want %s" % (x, y, tuple(layer[2 * c:2 * c + 2]), want))
                    bad_layer += 1
    check(bad_map == 0, "UVMap is the whole map at every corner (%d differ)" % bad_map)
    if with_layers:
        check(textured_corners > 0 and plain_corners > 0,
              "corners of both kinds: %d textured, %d plain" % (textured_corners, plain_corners))
        check(bad_layer == 0, "Layer UV is the rvmat's world mapping at every textured corner, 0 elsewhere "
                              "(%d of %d differ)" % (bad_layer, textured_corners + plain_corners))


root = make_data_root()
try:
    # With the data root: the textured layer, the missing one, the empty one (index 0).
    reset()
    check(bpy.ops.import_scene.rv_wrp(filepath=WORLD, data_root=root) == {"FINISHED"}, "world imports with a data root")
    world = bpy.data.collections.get("rv_world.wrp")
    cell = world["rv_cell_size"] if world else 20.0
    mats = layer_materials()
    check(TEXTURED in mats and MISSING in mats, "both layers' materials: %s" % sorted(mats))
    if TEXTURED in mats:
        check_textured_material(mats[TEXTURED])
    for path, m in mats.items():
        if path != TEXTURED:
            nodes = m.node_tree.nodes if m.node_tree else ()
            check(not any(n.type == "TEX_IMAGE" for n in nodes), "layer %r stays plain" % path)
    check(len(bpy.data.images) == 1, "one image for the one layer picture: %s" % [i.name for i in bpy.data.images])
    check_tiles(True, cell)

    # Several tiles (16 x 16 cells): the picture is still one image, shared.
    reset()
    build.import_terrain(bpy.context, WORLD, tile_cells=16, data_root=root, objects=False)
    check(len(bpy.data.collections["Terrain"].objects) > 1, "several tiles")
    check(len(bpy.data.images) == 1, "tiles share one image: %s" % [i.name for i in bpy.data.images])
    check(len([m for m in bpy.data.materials if m.get("rv_rvmat") == TEXTURED]) == 1, "tiles share one material")
    check_tiles(True, cell)

    # Without a data root: as before, plain materials and the whole-map UVs only.
    reset()
    check(bpy.ops.import_scene.rv_wrp(filepath=WORLD) == {"FINISHED"}, "world imports without a data root")
    mats = layer_materials()
    check(TEXTURED in mats and MISSING in mats, "both layers' materials without a data root: %s" % sorted(mats))
    check(all(not (m.node_tree and any(n.type == "TEX_IMAGE" for n in m.node_tree.nodes)) for m in mats.values()),
          "without a data root every layer material is plain")
    check(len(bpy.data.images) == 0, "without a data root no image")
    check_tiles(False, cell)

    # Cancelled after the first tile (its textured material and image made): nothing stays.
    reset()
    before = datablocks()
    steps = build.terrain_steps(bpy.context, WORLD, tile_cells=16, data_root=root)
    next(steps)
    next(steps)
    check(len(bpy.data.images) == 1, "the first tile made the layer's image (%d images)" % len(bpy.data.images))
    steps.close()
    check(datablocks() == before, "a cancelled import leaves nothing: %s, was %s" % (datablocks(), before))

    # A failure after the tiles (while placing objects): nothing stays either.
    reset()
    before = datablocks()
    real = build_terrain._placed_objects  # where terrain imports look it up

    def failing(*args, **kwargs):
        raise RuntimeError("injected failure")
        yield  # a generator, like the real one

    build_terrain._placed_objects = failing
    try:
        build.import_terrain(bpy.context, WORLD, data_root=root)
        check(False, "the injected failure propagates")
    except RuntimeError as e:
        check("injected" in str(e), "the injected failure propagates: %s" % e)
    finally:
        build_terrain._placed_objects = real
    check(datablocks() == before, "a failed import leaves nothing: %s, was %s" % (datablocks(), before))
finally:
    shutil.rmtree(root, ignore_errors=True)

if failures:
    raise SystemExit("%d failure(s)" % len(failures))
print("terrain layers: all checks passed")
