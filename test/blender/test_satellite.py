"""Headless Blender: `rvimport export WORLD.wrp OUT.glb --satellite` (issue 37) opened with Blender's
own glTF importer and rendered from above with Cycles on the CPU (Workbench needs a GPU context,
which the chroots' Blender has no EGL for), lit only by a uniform white sky, so a pixel shows the
texture's colour. The generated world (rv_make_cli_inputs map) has a red
satellite segment over its west half and a blue ramp in the east, so the render shows red where
layer 1 lies and the ramp's blue where layer 2 does: the mosaic is on the terrain, the right way up
and the right way round.

Environment: RV_SATELLITE_GLB (the file), RV_RENDER_OUT (optional: where the picture is kept)."""
import os
import sys
import tempfile

import bpy
import numpy as np

if not hasattr(np, "bool"):
    np.bool = bool  # Blender 3.4's glTF importer on Debian bookworm's numpy 1.24 (docs/blender.md)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_checks import check, failures  # noqa: E402

glb = os.environ["RV_SATELLITE_GLB"]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=glb)
scene = bpy.context.scene
tiles = [o for o in scene.objects if o.type == "MESH" and o.name.startswith("tile")]
check(len(tiles) > 0, "no terrain tile was imported")
materials = {s.material.name for o in tiles for s in o.material_slots if s.material}
check(materials == {"satellite"}, f"the tiles use {materials}, not the one satellite material")

# The mesh spans east 0..140 m and north 0..60 m (8 x 4 samples, 20 m apart); glTF's +y is up and
# Blender's importer turns the file's -z (north) into +y.
camera = bpy.data.cameras.new("top")
camera.type = "ORTHO"
camera.ortho_scale = 140
camera.clip_end = 10000
cam = bpy.data.objects.new("top", camera)
scene.collection.objects.link(cam)
cam.location = (70, 30, 500)
scene.camera = cam
scene.render.engine = "CYCLES"
scene.cycles.device = "CPU"
scene.cycles.samples = 8
scene.cycles.use_denoising = False
world = bpy.data.worlds.new("sky")
world.use_nodes = True
world.node_tree.nodes["Background"].inputs["Color"].default_value = (1, 1, 1, 1)
world.node_tree.nodes["Background"].inputs["Strength"].default_value = 1.0
scene.world = world
scene.view_settings.view_transform = "Standard"
scene.render.resolution_x, scene.render.resolution_y = 700, 300
out = os.environ.get("RV_RENDER_OUT") or os.path.join(tempfile.mkdtemp(prefix="rv_satellite_"), "top.png")
scene.render.filepath = out
bpy.ops.render.render(write_still=True)
image = bpy.data.images.load(out)
w, h = image.size
pixels = image.pixels[:]


def colour(east, north):  # the mean of 5 x 5 pixels (8 samples are noisy); image rows start at the bottom
    x0, y0 = int(east / 140 * w), int(north / 60 * h)
    sums = [0.0, 0.0, 0.0]
    for y in range(y0 - 2, y0 + 3):
        for x in range(x0 - 2, x0 + 3):
            for c in range(3):
                sums[c] += pixels[(y * w + x) * 4 + c] / 25
    return tuple(sums)


for east, north in ((20, 15), (40, 45), (70, 30)):
    r, g, b = colour(east, north)
    # A diffuse surface under a uniform sky shows its colour; the glTF material's 4 % specular adds a little white.
    check(r > 0.9 and g < 0.15 and b < 0.15, f"layer 1's red expected at east {east}, north {north}: {(r, g, b)}")
for east, north in ((100, 10), (130, 20), (100, 50)):
    r, g, b = colour(east, north)
    check(b > 0.6 and g < 0.15 and r < 0.5, f"layer 2's blue ramp expected at east {east}, north {north}: {(r, g, b)}")
# The ramp grows eastwards: red = 10 per texel column of 10 m from east 50.
check(colour(130, 20)[0] > colour(100, 10)[0] + 0.05, "the ramp does not grow eastwards")
if failures:
    sys.exit(1)
print("satellite render:", out)
