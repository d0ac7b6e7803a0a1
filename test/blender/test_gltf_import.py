"""Headless Blender: Blender's own glTF importer (io_scene_gltf2, not our add-on) opens the glTF
our writer makes (issues 17 and 25):
- the demo model;
- the default glb of the demo world, a generated world (3,000 objects over 40 models with its
  data root) and the island terrain sample: every placement becomes one object, at its stored
  position (the importer turns glTF's y-up into Blender's z-up: x east, y north, z up), carrying
  its object id;
- the EXT_mesh_gpu_instancing glb (--instancing gpu, --target blender): on 4.3 and later every
  instance becomes an object at its place too; 3.4, which does not read the extension, still
  opens it (the extension is not required) with one copy per model.

Debian bookworm's numpy (1.24) dropped `np.bool`, which Blender 3.4.1's glTF importer still uses
for every mesh with normals (io_scene_gltf2/blender/imp/gltf2_blender_mesh.py); the alias is put
back here, as a user of that pair must do, before importing.

Environment: RV_GLTF_DIR (what make_gltf_files.py wrote with our CLI on the host)."""
import json
import math
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


def stored_objects(name):
    with open(made(name), encoding="utf-8") as f:
        return [o for o in json.load(f)["objects"] if all(math.isfinite(v) for v in o["transform"])]


def place(o):
    t = o["transform"]
    return (t[9], t[11], t[10])  # east, north, up


def near(a, b):
    return all(abs(a[i] - b[i]) <= 1e-3 * max(1.0, abs(b[i])) for i in range(3))


def check_nodes(glb, stored):
    """Every placement one object with its object_id, at its stored position."""
    by_id = {o["id"]: o for o in stored}
    placed = [o for o in bpy.data.objects if "object_id" in o.keys()]
    check(len(placed) == len(stored), "%s: %d placed objects, %d stored" % (glb, len(placed), len(stored)))
    check({int(o["object_id"]) for o in placed} == set(by_id), "%s: other object ids than stored" % glb)
    bad = sum(not near(o.matrix_world.translation, place(by_id[int(o["object_id"])])) for o in placed
              if int(o["object_id"]) in by_id)
    check(bad == 0, "%s: %d objects away from their stored position" % (glb, bad))
    return len(placed)


def check_instanced(glb, stored, models):
    """4.3+: every instance an object sharing its model's mesh, at a stored position (the
    extension carries no id Blender keeps, so positions are matched as sorted lists)."""
    placed = [o for o in bpy.data.objects if o.type == "MESH" and not o.name.startswith("tile ")]
    if bpy.app.version < (4, 3, 0):
        check(len(placed) == models, "%s on %s: %d mesh objects, one per model (%d) expected" % (
            glb, bpy.app.version_string, len(placed), models))
        return len(placed)
    check(len(placed) == len(stored), "%s: %d instance objects, %d stored" % (glb, len(placed), len(stored)))
    got = sorted(tuple(o.matrix_world.translation) for o in placed)
    want = sorted(place(o) for o in stored)
    bad = sum(not near(g, w) for g, w in zip(got, want))
    check(bad == 0, "%s: %d instances away from the stored positions" % (glb, bad))
    return len(placed)


# The model: one mesh object per LOD node with a mesh (the first visual LOD by default).
if blender_import(made("crate.glb")):
    meshes = [o for o in bpy.data.objects if o.type == "MESH"]
    check(len(meshes) == 1 and len(meshes[0].data.polygons) > 0, "crate.glb: %d mesh objects" % len(meshes))

worlds = [("world.glb", "world.json"), ("engines/genworld.glb", "engines/genworld.json")]
if os.path.isfile(made("engines/island.glb")):
    worlds.append(("engines/island.glb", "engines/island.json"))
for glb, dumped in worlds:
    if blender_import(made(glb)):
        stored = stored_objects(dumped)
        print("%s: %d of %d objects placed" % (glb, check_nodes(glb, stored), len(stored)))
        if glb == "world.glb":
            tiles = [o for o in bpy.data.objects if o.name.startswith("tile ")]
            check(len(tiles) == 1, "world.glb: %d tile objects, 1 expected (64 x 32 samples, 128-cell tiles)" % len(tiles))

for glb, dumped in (("world_gpu.glb", "world.json"), ("engines/genworld_blender.glb", "engines/genworld.json")):
    if blender_import(made(glb)):
        stored = stored_objects(dumped)
        print("%s: %d objects for %d placements" % (glb, check_instanced(glb, stored, len({o["model"] for o in stored})), len(stored)))

if failures:
    raise SystemExit("%d check(s) failed" % len(failures))
print("Blender %s's glTF importer: our model and worlds open and every placement is an object" % bpy.app.version_string)
