"""Headless Blender: install the packaged add-on zip the way a user does (Preferences > Install),
enable it without RVIMPORT_LIB, and import the demo crate with the library shipped inside."""
import os

import addon_utils
import bpy

os.environ.pop("RVIMPORT_LIB", None)
bpy.ops.preferences.addon_install(filepath=os.environ["RV_ADDON_ZIP"], overwrite=True)
addon_utils.enable("io_import_rv", default_set=True)
assert bpy.ops.import_scene.rv_p3d(filepath=os.path.join(os.environ["RV_DEMO_DIR"], "rv_crate.p3d")) == {"FINISHED"}
names = sorted(o["rv_lod_name"] for o in bpy.data.objects if o.type == "MESH" and "rv_lod_name" in o)  # the startup file has a Cube
assert names == ["1.000", "Geometry", "Memory", "ShadowVolume 0"], names

# The installed add-on carries its libraries under lib/<os>-<arch>/ and picks by platform: a
# Windows Blender gets the .dll (when the zip was made after the Windows build, as in CI).
import importlib
platforms = importlib.import_module("io_import_rv.platforms")
installed = os.path.dirname(platforms.__file__)
dll = os.path.join(installed, "lib", "windows-x86_64", "rvimport.dll")
assert platforms.library_path(installed, "linux", "x86_64", {}) == os.path.join(installed, "lib", "linux-x86_64",
                                                                                 "librvimport.so")
if os.path.exists(dll):
    assert platforms.library_path(installed, "win32", "AMD64", {}) == dll
    with open(dll, "rb") as f:
        assert f.read(2) == b"MZ", "a Windows DLL"
    print("the zip carries rvimport.dll and picks it on win32")
else:
    print("no Windows build beside this one: the zip carries the Linux library only")
print("packaged add-on works")
