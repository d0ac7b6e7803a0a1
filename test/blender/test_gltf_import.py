"""Headless Blender: Blender's own glTF importer (io_scene_gltf2, not our add-on) opens the glTF
our writer makes of the demo world and model (issue 17). With the default (instanced) glb, Blender
3.4, which does not read EXT_mesh_gpu_instancing, still opens it: the extension is not required.
With `--instancing nodes` every placement becomes one object, at its stored position (the importer
turns glTF's y-up into Blender's z-up: x east, y north, z up) and carrying its object id.

Debian bookworm's numpy (1.24) dropped `np.bool`, which Blender 3.4.1's glTF importer still uses
for every mesh with normals (io_scene_gltf2/blender/imp/gltf2_blender_mesh.py); the alias is put
back here, as a user of that pair must do, before importing.

Environment: RV_GLTF_DIR (crate.glb, world.glb, world_nodes.glb and world.json, which
make_gltf_files.py wrote with our CLI on the host)."""
import json
import os
import sys

import bpy
import numpy as np

if not hasattr(np, "bool"):
    np.bool = bool  # see above

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_checks import check, failures  # noqa: E402

files = os.environ["RV_GLTF_DIR"]


def made(name):
    return os.path.join(files, name)


def blender_import(path):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    try:
        result = bpy.ops.import_scene.gltf(filepath=path)
    except RuntimeError as e:
        check(False, "Blender's glTF importer refused %s: %s" % (os.path.basename(path), str(e)[-300:]))
        return False
    check(result == {"FINISHED"}, "import %s: %s" % (path, result))
    return result == {"FINISHED"}


with open(made("world.json"), encoding="utf-8") as f:
    stored = json.load(f)
objects = {o["id"]: o for o in stored["objects"]}

# The model: one mesh object per LOD node with a mesh (the first visual LOD by default).
if blender_import(made("crate.glb")):
    meshes = [o for o in bpy.data.objects if o.type == "MESH"]
    check(len(meshes) == 1 and len(meshes[0].data.polygons) > 0, "crate.glb: %d mesh objects" % len(meshes))

# The instanced world opens (one copy per model in an importer without the extension).
if blender_import(made("world.glb")):
    tiles = [o for o in bpy.data.objects if o.name.startswith("tile ")]
    check(len(tiles) == 1, "world.glb: %d tile objects, 1 expected (64 x 32 samples, 128-cell tiles)" % len(tiles))

# One object per placement with --instancing nodes.
if blender_import(made("world_nodes.glb")):
    placed = [o for o in bpy.data.objects if "object_id" in o.keys()]
    check(len(placed) == len(objects), "world_nodes.glb: %d placed objects, %d stored" % (len(placed), len(objects)))
    bad = 0
    for o in placed:
        t = objects[int(o["object_id"])]["transform"]
        want = (t[9], t[11], t[10])  # east, north, up
        got = o.matrix_world.translation
        bad += any(abs(got[i] - want[i]) > 1e-3 * max(1.0, abs(want[i])) for i in range(3))
    check(bad == 0, "world_nodes.glb: %d objects away from their stored position" % bad)

if failures:
    raise SystemExit("%d check(s) failed" % len(failures))
print("Blender's glTF importer: our model and world glb open; --instancing nodes places every object")
