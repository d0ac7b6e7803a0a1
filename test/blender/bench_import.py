"""Times the add-on's imports on one Blender, to compare Blender versions on the same files
(scripts/bench_blender.sh runs it on 3.4, 4.3 and 5.2):

  blender -b --factory-startup -noaudio --python test/blender/bench_import.py -- SAMPLES LIMITS_DIR [WORLD.wrp]

- every sample model under SAMPLES/real, SAMPLES/editable and SAMPLES/generated, all LODs, each in a
  fresh empty file (the sum, and the slowest);
- LIMITS_DIR/many_materials.p3d (40 000 materials, rv_make_blender_limits);
- WORLD.wrp (default SAMPLES/terrain/gen8wvr_medium.wrp: 1024² heights, 50 000 objects), instances
  on points, without a data root.
Each best of RV_BENCH_REPEAT runs (default 3; 1 for the world). RV_BENCH_PROFILE=1 adds cProfile's
top entries. Prints one line per measure: `bench <blender version> <measure> <seconds>`.
Not a ctest: a benchmark."""
import cProfile
import os
import pstats
import sys
import time

import addon_utils
import bpy

sys.path.insert(0, os.environ["RV_ADDON_DIR"])
from io_import_rv import build  # noqa: E402

args = sys.argv[sys.argv.index("--") + 1:]
samples, limits = args[0], args[1]
world = args[2] if len(args) > 2 else os.path.join(samples, "terrain", "gen8wvr_medium.wrp")
repeat = int(os.environ.get("RV_BENCH_REPEAT", "3"))
version = bpy.app.version_string.split()[0]


def fresh():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    addon_utils.enable("io_import_rv", default_set=True)


def timed(run, times=repeat):
    best = float("inf")
    for _ in range(times):
        fresh()
        profile = cProfile.Profile() if os.environ.get("RV_BENCH_PROFILE") else None
        t0 = time.perf_counter()
        if profile:
            profile.enable()
        run()
        if profile:
            profile.disable()
        best = min(best, time.perf_counter() - t0)
        if profile:
            pstats.Stats(profile).sort_stats("tottime").print_stats(6)
    return best


models = sorted(os.path.join(d, f) for top in ("real", "editable", "generated")
                for d, _, fs in os.walk(os.path.join(samples, top)) for f in fs if f.lower().endswith(".p3d"))
total, slowest, imported = 0.0, (0.0, ""), 0
for path in models:
    try:
        t = timed(lambda: build.import_model(bpy.context, path))
    except build.ImportFailed:
        continue
    imported += 1
    total += t
    slowest = max(slowest, (t, os.path.relpath(path, samples)))
print("bench %s sample_models_%d %.3f" % (version, imported, total))
print("bench %s slowest_model %.3f %s" % (version, slowest[0], slowest[1]))
print("bench %s many_materials_40000 %.3f" % (version, timed(lambda: build.import_model(
    bpy.context, os.path.join(limits, "many_materials.p3d")))))
if os.path.isfile(world):
    print("bench %s world_%s %.3f" % (version, os.path.basename(world), timed(
        lambda: build.import_terrain(bpy.context, world), times=1)))
