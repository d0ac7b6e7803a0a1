"""Headless Blender: the polygons each of the files given after `--` holds once imported (FBX by
Blender's own importer), one line per file: "PATH POLYGONS". scripts/windows_assimp_parity.sh
reads the skinned FBX files that Assimp's FBX importer returns without their mesh this way."""
import sys

import bpy

for path in sys.argv[sys.argv.index("--") + 1:]:
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.import_scene.fbx(filepath=path)
    polygons = sum(len(o.data.polygons) for o in bpy.data.objects if o.type == "MESH")
    print("COUNT %s %d" % (path, polygons))
