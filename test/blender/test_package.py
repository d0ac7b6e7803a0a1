"""Headless Blender: install the packaged legacy add-on zip the way a user does (Preferences >
Install), enable it without RVIMPORT_LIB, and import the demo crate with the library shipped
inside. Then what a macOS user sees (issue 41), the loader told it runs on macOS: the add-on is
installed and enabled, and an import says in one line that it is not built for macOS and where
to ask, with no traceback, and leaves nothing in the scene."""
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

# macOS: no library ships for it (docs/blender.md#platforms).
abi = importlib.import_module("io_import_rv.abi")
real_platform, real_lib = abi.PLATFORM, abi._lib
abi.PLATFORM, abi._lib = ("darwin", "arm64"), None
bpy.ops.wm.read_homefile(use_empty=True)
try:
    result, message = bpy.ops.import_scene.rv_p3d(filepath=os.path.join(os.environ["RV_DEMO_DIR"], "rv_crate.p3d")), ""
except RuntimeError as e:  # background Blender raises the ERROR report
    result, message = {"CANCELLED"}, str(e)
abi.PLATFORM, abi._lib = real_platform, real_lib
lines = message.strip().splitlines()
assert len(lines) == 1 and "not built for macOS (arm64)" in message and platforms.ASK in message, message
assert "Traceback" not in message and not bpy.data.objects, (message, list(bpy.data.objects))
print("on macOS an import says: %s" % lines[0])
print("packaged add-on works")
