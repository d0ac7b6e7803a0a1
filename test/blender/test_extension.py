"""Headless Blender 4.2+: the extension installed by extension_test.sh, used as a user does, with
the library it carries (RVIMPORT_LIB, which a checkout's add-on would load, is set to a file that
is not there and ignored): the demo crate and world, and a real textured model with its data root
when the samples are there. The extensions platform's rules that a run can show: the add-on
writes nothing into its own folder while it imports (Python's own __pycache__ aside) and adds
nothing to sys.path.

Environment: BLENDER_USER_RESOURCES (where it was installed), RV_DEMO_DIR, RV_SAMPLES_DIR (optional)."""
import os
import sys

import addon_utils
import bpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_checks import check, failures  # noqa: E402

MODULE = "bl_ext.user_default.io_import_rv"
demo, samples = os.environ["RV_DEMO_DIR"], os.environ.get("RV_SAMPLES_DIR", "")
os.environ["RVIMPORT_LIB"] = "/nonexistent/librvimport.so"  # an installed extension loads its own only
PATH_BEFORE = list(sys.path)


def folder_state(top):
    """Every file under `top` but Python's bytecode cache, with its size and modification time."""
    state = {}
    for dirpath, dirnames, names in os.walk(top):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for n in names:
            st = os.stat(os.path.join(dirpath, n))
            state[os.path.relpath(os.path.join(dirpath, n), top)] = (st.st_size, st.st_mtime_ns)
    return state


def fresh():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    addon_utils.enable(MODULE, default_set=True)


fresh()
module = sys.modules.get(MODULE)
check(module is not None, "%s is enabled" % MODULE)
if module is not None:
    installed = os.path.dirname(module.__file__)
    check(installed.startswith(os.environ["BLENDER_USER_RESOURCES"]), "installed in the scratch folder: %s" % installed)
    rvlib = sys.modules[MODULE + ".rvlib"]
    check(rvlib._library_path() == os.path.join(installed, "lib", "linux-x86_64", "librvimport.so"),
          "the extension's own library: %s" % rvlib._library_path())
    before = folder_state(installed)

check(bpy.ops.import_scene.rv_p3d(filepath=os.path.join(demo, "rv_crate.p3d")) == {"FINISHED"}, "crate imports")
names = sorted(o.get("rv_lod_name", o.name) for o in bpy.data.objects if o.type == "MESH")
check(names == ["1.000", "Geometry", "Memory", "ShadowVolume 0"], "crate LODs: %s" % names)

fresh()
check(bpy.ops.import_scene.rv_wrp(filepath=os.path.join(demo, "rv_world.wrp")) == {"FINISHED"}, "world imports")
terrain = bpy.data.collections.get("Terrain")
check(terrain is not None and sum(len(o.data.vertices) for o in terrain.objects) == 64 * 32,
      "the world's 64 x 32 height samples")

m84 = os.path.join(samples, "real", "agm", "AGM_M84.p3d") if samples else ""
root = os.path.join(samples, "textures", "data-root") if samples else ""
if m84 and os.path.isfile(m84) and os.path.isdir(root):
    fresh()
    check(bpy.ops.import_scene.rv_p3d(filepath=m84, data_root=root) == {"FINISHED"}, "AGM M84 imports")
    images = {i.get("rv_path") for i in bpy.data.images}
    check("agm_grenades\\data\\agm_m84_co.paa" in images and "agm_grenades\\data\\agm_m84_nohq.paa" in images,
          "with its colour and normal maps: %s" % sorted(i for i in images if i))

if module is not None:
    after = folder_state(installed)
    check(after == before, "nothing written into the extension's folder: %s" % sorted(
        set(after.items()) ^ set(before.items())))
    added = [p for p in sys.path if p not in PATH_BEFORE and ("io_import_rv" in p or p.startswith(installed))]
    check(not added, "nothing added to sys.path: %s" % added)

if failures:
    raise SystemExit("%d check(s) failed: %s" % (len(failures), failures))
print("the installed extension imports models and terrains")
