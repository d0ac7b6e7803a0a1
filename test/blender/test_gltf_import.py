"""Headless Blender: Blender's own glTF importer (io_scene_gltf2, not our add-on) opens the glTF
our writer makes of the demo world and model (issue 17). With the default (instanced) glb, Blender
3.4, which does not read EXT_mesh_gpu_instancing, still opens it: the extension is not required.
With `--instancing nodes` every placement becomes one object, at its stored position (the importer
turns glTF's y-up into Blender's z-up: x east, y north, z up) and carrying its object id.

Debian bookworm's numpy (1.24) dropped `np.bool`, which Blender 3.4.1's glTF importer still uses
for every mesh with normals (io_scene_gltf2/blender/imp/gltf2_blender_mesh.py); the alias is put
back here, as a user of that pair must do, before importing.

Environment: RVIMPORT (the CLI), RV_DEMO_DIR (rv_crate.p3d and rv_world.wrp from rv_make_demo)."""
import json
import os
import subprocess
import sys
import tempfile

import bpy
import numpy as np

if not hasattr(np, "bool"):
    np.bool = bool  # see above

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_checks import check, failures  # noqa: E402

rvimport, demo = os.environ["RVIMPORT"], os.environ["RV_DEMO_DIR"]
world, crate = os.path.join(demo, "rv_world.wrp"), os.path.join(demo, "rv_crate.p3d")
work = tempfile.mkdtemp(prefix="rv_gltf_import_")


def export(src, name, *args):
    out = os.path.join(work, name)
    run = subprocess.run([rvimport, "export", src, out, *args], capture_output=True, text=True)
    check(run.returncode == 0, "export %s: %s" % (name, run.stderr[-300:]))
    return out


def blender_import(path):
    bpy.ops.wm.read_factory_settings(use_empty=True)
    try:
        result = bpy.ops.import_scene.gltf(filepath=path)
    except RuntimeError as e:
        check(False, "Blender's glTF importer refused %s: %s" % (os.path.basename(path), str(e)[-300:]))
        return False
    check(result == {"FINISHED"}, "import %s: %s" % (path, result))
    return result == {"FINISHED"}


stored = json.loads(subprocess.run([rvimport, "dump", "--json", world], capture_output=True, text=True, check=True).stdout)
objects = {o["id"]: o for o in stored["objects"]}

# The model: one mesh object per LOD node with a mesh (the first visual LOD by default).
if blender_import(export(crate, "crate.glb")):
    meshes = [o for o in bpy.data.objects if o.type == "MESH"]
    check(len(meshes) == 1 and len(meshes[0].data.polygons) > 0, "crate.glb: %d mesh objects" % len(meshes))

# The instanced world opens (one copy per model in an importer without the extension).
if blender_import(export(world, "world.glb")):
    tiles = [o for o in bpy.data.objects if o.name.startswith("tile ")]
    check(len(tiles) == 1, "world.glb: %d tile objects, 1 expected (64 x 32 samples, 128-cell tiles)" % len(tiles))

# One object per placement with --instancing nodes.
if blender_import(export(world, "world_nodes.glb", "--instancing", "nodes")):
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
