"""The add-on's ctypes binding (scripts/blender/io_import_rv/rvlib.py) for tests that run outside
Blender, so rv_options and rv_error are declared once for Python. The add-on package's
__init__ (which needs bpy) is not run: an empty package object stands in for it."""
import importlib
import os
import sys
import types

ADDON_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "blender")


def rvlib():
    if "io_import_rv" not in sys.modules:
        package = types.ModuleType("io_import_rv")
        package.__path__ = [os.path.join(ADDON_DIR, "io_import_rv")]
        sys.modules["io_import_rv"] = package
    return importlib.import_module("io_import_rv.rvlib")
