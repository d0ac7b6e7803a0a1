"""What the headless Blender tests share: check() collects failures, reset() empties the scene
and enables the add-on again. Each test ends with `if failures: raise SystemExit(...)`."""
import addon_utils
import bpy

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def reset():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    addon_utils.enable("io_import_rv", default_set=True)
