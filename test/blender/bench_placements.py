"""Times the terrain import of the add-on with each placement method (build.PLACEMENTS), headless:

  RVIMPORT_LIB=build-blender/librvimport.so RV_ADDON_DIR=scripts/blender \\
  blender -b --factory-startup -noaudio --python test/blender/bench_placements.py -- WORLD.wrp [DATA_ROOT] [METHOD...]

Prints per method the whole import (build.import_terrain), the first depsgraph evaluation after it
(what the viewport pays before its first frame), then Select All, the instance count, and cProfile's top entries
with RV_BENCH_PROFILE=1. Each method runs in a fresh empty file. Not a ctest: it takes minutes."""
import cProfile
import os
import pstats
import sys
import time

import addon_utils
import bpy

sys.path.insert(0, os.environ["RV_ADDON_DIR"])
addon_utils.enable("io_import_rv", default_set=True)
from io_import_rv import build  # noqa: E402

args = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else []
world = args[0]
root = args[1] if len(args) > 1 and os.path.isdir(args[1]) else ""
methods = [a for a in args[1:] if a in {p[0] for p in build.PLACEMENTS}] or [p[0] for p in build.PLACEMENTS]
for method in methods:
    bpy.ops.wm.read_factory_settings(use_empty=True)
    addon_utils.enable("io_import_rv", default_set=True)
    profile = cProfile.Profile() if os.environ.get("RV_BENCH_PROFILE") else None
    t0 = time.perf_counter()
    if profile:
        profile.enable()
    warnings = build.import_terrain(bpy.context, world, data_root=root, placement=method)
    if profile:
        profile.disable()
    t1 = time.perf_counter()
    depsgraph = bpy.context.evaluated_depsgraph_get()
    t2 = time.perf_counter()
    instances = sum(1 for i in depsgraph.object_instances if i.is_instance)
    t3 = time.perf_counter()
    bpy.ops.object.select_all(action="SELECT")  # an everyday edit: the view layer and depsgraph update
    bpy.context.view_layer.update()
    t4 = time.perf_counter()
    print("%-12s import %6.2f s  depsgraph %6.2f s  select all %5.2f s  (%d objects, %d instances counted in "
          "%.2f s, %d warnings)" % (method, t1 - t0, t2 - t1, t4 - t3, len(bpy.data.objects), instances, t3 - t2,
                                    len(warnings)))
    if profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(15)
