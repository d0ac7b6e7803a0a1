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
from blender_checks import check, failures, render_top  # noqa: E402

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
out = os.environ.get("RV_RENDER_OUT") or os.path.join(tempfile.mkdtemp(prefix="rv_satellite_"), "top.png")
colour = render_top(scene, (70, 30), 140, 60, out)
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
