"""Headless Blender: install the packaged add-on zip the way a user does (Preferences > Install),
enable it without RVIMPORT_LIB, and import the demo crate with the library shipped inside."""
import os

import addon_utils
import bpy

os.environ.pop("RVIMPORT_LIB", None)
bpy.ops.preferences.addon_install(filepath=os.environ["RV_ADDON_ZIP"], overwrite=True)
addon_utils.enable("io_import_rv", default_set=True)
assert bpy.ops.import_scene.rv_p3d(filepath=os.path.join(os.environ["RV_DEMO_DIR"], "rv_crate.p3d")) == {"FINISHED"}
names = sorted(o.name for o in bpy.data.objects if o.type == "MESH" and "rv_lod_name" in o)  # the startup file has a Cube
assert names == ["1.000", "Geometry", "Memory", "ShadowVolume 0"], names
print("packaged add-on works")
