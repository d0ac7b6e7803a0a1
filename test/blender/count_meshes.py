"""Headless Blender: what each file given after `--` is once Blender's own FBX importer has it, one
line per file: "COUNT PATH POLYGONS X Y Z", its polygons and the extents of their world-space
bounding box in metres, largest first. scripts/windows_assimp_parity.sh checks with it that
Windows' FBX files come in at the model's size, and counts the skinned ones that Assimp's FBX
importer returns without their mesh."""
import sys

import bpy
from mathutils import Vector

for path in sys.argv[sys.argv.index("--") + 1:]:
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.fbx(filepath=path)
    meshes = [o for o in bpy.data.objects if o.type == "MESH"]
    polygons = sum(len(o.data.polygons) for o in meshes)
    points = [o.matrix_world @ v.co for o in meshes for v in o.data.vertices]
    extents = [0.0, 0.0, 0.0]
    if points:
        extents = sorted((max(p[i] for p in points) - min(p[i] for p in points) for i in range(3)), reverse=True)
    print("COUNT %s %d %.6f %.6f %.6f" % (path, polygons, *extents))
