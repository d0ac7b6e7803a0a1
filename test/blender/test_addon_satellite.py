"""Headless Blender: the add-on's own terrain import with Satellite Mosaic and Map Layers (issue 37),
on the world `rv_make_cli_inputs map` writes: a red satellite segment over its west half, a blue ramp
in the east, a road link, a house, a forest, a power line, a river and a tree record (and one with a
NaN coordinate, left out). The mosaic comes from the library (rv_terrain_mosaic_build), the map's
records too (rv_terrain_map_*): rendered from above, the tiles show red where layer 1 lies and the
ramp where layer 2 does; each record lies where the file puts it, on the ground
h = 1.5 x / 20 + 0.25 y / 20 - 2.

Environment: RV_ADDON_DIR, RVIMPORT_LIB, RV_MAP_WORLD_DIR (world.wrp and root/), RV_RENDER_OUT
(optional: where the picture is kept)."""
import os
import sys
import tempfile

import bpy

sys.path.insert(0, os.environ["RV_ADDON_DIR"])
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_checks import check, failures, render_top, reset  # noqa: E402

folder = os.environ["RV_MAP_WORLD_DIR"]
world, root = os.path.join(folder, "world.wrp"), os.path.join(folder, "root")


def ground(x, y):
    return 1.5 * x / 20 + 0.25 * y / 20 - 2


def map_objects():
    coll = bpy.data.collections.get("Map")
    return {o["rv_map_layer"]: o for o in coll.objects} if coll else {}


reset()
result = bpy.ops.import_scene.rv_wrp(filepath=world, data_root=root, objects=False, satellite=True,
                                     satellite_size=4096, map_layers=True)
check(result == {"FINISHED"}, f"the import returned {result}")
scene = bpy.context.scene
tiles = [o for o in scene.objects if o.type == "MESH" and o.name.startswith("tile")]
check(len(tiles) > 0, "no terrain tile was imported")
materials = {s.material.name for o in tiles for s in o.material_slots if s.material}
check(materials == {"satellite"}, f"the tiles use {materials}, not the one satellite material")
images = [i for i in bpy.data.images if i.get("rv_path") == "satellite mosaic"]
check(len(images) == 1 and tuple(images[0].size) == (14, 6), f"the mosaic image: {[tuple(i.size) for i in images]}")
check(not any(n.startswith("p_0") for n in bpy.data.materials.keys()), "layer materials were made as well")

# The map's records: (x, y) as the file stores them (east, north), z on the ground.
layers = map_objects()
check(sorted(layers) == ["forests", "houses", "powerlines", "rivers", "roads", "trees"], f"map layers {sorted(layers)}")
road = layers.get("roads")
if road:
    me = road.data
    check(len(me.vertices) == 3 and len(me.edges) == 2 and len(me.polygons) == 0, "the road is not 3 points, 2 edges")
    for v, (x, y) in zip(me.vertices, ((5, 5), (60, 30))):
        check(abs(v.co.x - x) < 1e-3 and abs(v.co.y - y) < 1e-3 and abs(v.co.z - ground(x, y)) < 1e-3,
              f"road point {tuple(v.co)} is not ({x}, {y}, {ground(x, y)})")
    ids = [a.value for a in me.attributes["rv_object_id"].data]
    check(ids == [7, 7, 7], f"the road's object ids {ids}")
house = layers.get("houses")
if house:
    me = house.data
    check(len(me.polygons) == 1 and len(me.vertices) == 4, "the house is not one face of 4 corners")
    corners = sorted((round(v.co.x), round(v.co.y)) for v in me.vertices)
    check(corners == [(40, 40), (40, 55), (60, 40), (60, 55)], f"house corners {corners}")
    check(list(house["rv_kinds"]) == ["House"], f"house kinds {list(house['rv_kinds'])}")
tree = layers.get("trees")
if tree:
    check(len(tree.data.vertices) == 1 and len(tree.data.edges) == 0, "the tree layer is not one point")

out = os.environ.get("RV_RENDER_OUT") or os.path.join(tempfile.mkdtemp(prefix="rv_addon_satellite_"), "top.png")
for o in layers.values():
    o.hide_render = True  # the tiles' picture only
colour = render_top(scene, (70, 30), 140, 60, out)
for x, y in ((20, 15), (40, 45), (70, 30)):
    r, g, b = colour(x, y)
    check(r > 0.9 and g < 0.15 and b < 0.15, f"layer 1's red expected at ({x}, {y}): {(r, g, b)}")
for x, y in ((100, 10), (130, 20), (100, 50)):
    r, g, b = colour(x, y)
    check(b > 0.6 and g < 0.15 and r < 0.5, f"layer 2's blue ramp expected at ({x}, {y}): {(r, g, b)}")
check(colour(130, 20)[0] > colour(100, 10)[0] + 0.05, "the ramp does not grow eastwards")
print("add-on satellite render:", out)

# Without a data root: the layer materials stay (plain), with one warning; the map layers need none.
reset()
result = bpy.ops.import_scene.rv_wrp(filepath=world, data_root="", objects=False, satellite=True, map_layers=True)
check(result == {"FINISHED"}, f"without a data root the import returned {result}")
check("satellite" not in bpy.data.materials, "a satellite material without a data root")
check(len(map_objects()) == 6, "the map layers need no data root")
if failures:
    sys.exit(1)
