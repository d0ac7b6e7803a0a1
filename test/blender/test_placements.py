"""Headless Blender test of a terrain's placed objects in the io_import_rv add-on (issue 17): every
placement method (build.PLACEMENTS) makes exactly one instance per placement the library lists,
at the library's transform; a cancelled import leaves no datablock behind.

Environment: RV_ADDON_DIR (scripts/blender), RVIMPORT_LIB (the built librvimport.so), RV_DEMO_DIR
(rv_crate.p3d and rv_world.wrp from rv_make_demo), RV_SAMPLES_DIR (optional: gen8wvr_medium.wrp,
50 000 placements, is checked when present)."""
import os
import shutil
import sys
import tempfile
import time

import addon_utils
import bpy

sys.path.insert(0, os.environ["RV_ADDON_DIR"])
addon_utils.enable("io_import_rv", default_set=True)
demo = os.environ["RV_DEMO_DIR"]
samples = os.environ.get("RV_SAMPLES_DIR", "")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_checks import check, failures, reset  # noqa: E402
from io_import_rv import build, rvlib  # noqa: E402

WORLD = os.path.join(demo, "rv_world.wrp")
HOUSE = "rv\\test\\house.p3d"


def library_placements(path):
    """The library's placements: {object id: row-major 4x4 in Blender's frame}, and the object count."""
    with rvlib.Terrain(path) as t:
        tr = t.object_transforms
        placed = {t.object_ids[k]: tuple(tr[16 * k:16 * k + 16]) for _, objs in t.placements for k in objs}
        return placed, t.object_count


def instance_transforms():
    """Every instance the evaluated scene draws (geometry nodes and collection instances alike):
    their world matrices as row-major 16-tuples, and the names of the objects instanced."""
    depsgraph = bpy.context.evaluated_depsgraph_get()
    out, models = [], set()
    for inst in depsgraph.object_instances:
        if inst.is_instance:
            m = inst.matrix_world
            out.append(tuple(m[r][c] for r in range(4) for c in range(4)))
            models.add(inst.object.name)
    return out, models


def unmatched(got, expected, tolerance=1e-3):
    """The matrices of `got` that match no unused one of `expected` within `tolerance` (the Euler
    round trip of instances on points loses float bits), found through a 1 m grid of translations."""
    grid = {}
    for m in expected:
        grid.setdefault((int(m[3] // 1), int(m[7] // 1)), []).append(m)
    left = []
    for m in got:
        cx, cy = int(m[3] // 1), int(m[7] // 1)
        for cell in ((cx + dx, cy + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
            hit = next((e for e in grid.get(cell, ()) if all(abs(a - b) <= tolerance for a, b in zip(m, e))), None)
            if hit is not None:
                grid[cell].remove(hit)
                break
        else:
            left.append(m)
    return left


def datablocks():
    return {"objects": len(bpy.data.objects), "meshes": len(bpy.data.meshes), "materials": len(bpy.data.materials),
            "collections": len(bpy.data.collections), "node groups": len(bpy.data.node_groups),
            "images": len(bpy.data.images), "scene children": len(bpy.context.scene.collection.children)}


def check_instances(path, method, expected, what):
    """The evaluated scene has one instance per placement, each at its placement's transform."""
    got, models = instance_transforms()
    check(len(got) == len(expected), "%s %s: %d instances for %d placements" % (what, method, len(got), len(expected)))
    left = unmatched(got, list(expected.values()))
    check(not left, "%s %s: %d instances stand at no placement's transform (first: %s)"
          % (what, method, len(left), left[:1]))
    return models


placed, count = library_placements(WORLD)
check(count == 24 and len(placed) == 24, "the demo world lists 24 placements: %d of %d" % (len(placed), count))

# Instances on points (the operator's default): one points object per model, one point per
# placement with its object id; the models (here all missing: arrow markers) in an excluded
# Models collection.
reset()
check(bpy.ops.import_scene.rv_wrp(filepath=WORLD) == {"FINISHED"}, "world imports")
objects = bpy.data.collections["Objects"]
check(objects["rv_placement"] == "POINTS", "the Objects collection records its placement method")
points = list(objects.objects)
with rvlib.Terrain(WORLD) as t:
    model_count = len(t.placements)
check(sum(len(o.data.vertices) for o in points) == 24 and len(points) == model_count,
      "a points object per model (%d) with 24 points: %s" % (model_count, [(o.name, len(o.data.vertices)) for o in points]))
ids = sorted(v for o in points for v in (a.value for a in o.data.attributes["rv_object_id"].data))
check(ids == sorted(placed), "rv_object_id holds every placement's id: %s" % ids[:5])
check(all(o.modifiers and o.modifiers[0].type == "NODES" for o in points), "each points object instances by geometry nodes")
check(all(o["rv_placement_count"] == len(o.data.vertices) for o in points), "rv_placement_count")
models = check_instances(WORLD, "POINTS", placed, "demo world")
check(all(bpy.data.objects[m].get("rv_missing") and bpy.data.objects[m].data.get("rv_marker") for m in models),
      "missing models are instanced as the marker: %s" % sorted(models))
layer = bpy.context.view_layer.layer_collection.children["rv_world.wrp"].children["Models"]
check(layer.exclude, "the Models collection is excluded from the view layer")

# Collection instances: one instance empty per placement.
reset()
build.import_terrain(bpy.context, WORLD, placement="COLLECTIONS")
empties = [o for o in bpy.data.objects if o.instance_type == "COLLECTION"]
check(len(empties) == 24 and sorted(o["rv_object_id"] for o in empties) == sorted(placed),
      "24 collection instance empties with their object ids: %d" % len(empties))
check_instances(WORLD, "COLLECTIONS", placed, "demo world")

# With a data root holding the house: its instances are the crate's first LOD (48 vertices), the
# others markers, and a missing model is a warning.
root_dir = tempfile.mkdtemp(prefix="rv_world_root_")
os.makedirs(os.path.join(root_dir, "rv", "test"))
shutil.copy(os.path.join(demo, "rv_crate.p3d"), os.path.join(root_dir, "rv", "test", "house.p3d"))
with rvlib.Terrain(WORLD) as t:
    houses = sum(len(objs) for model, objs in t.placements if model == HOUSE)
for method in ("POINTS", "COLLECTIONS"):
    reset()
    warnings = build.import_terrain(bpy.context, WORLD, data_root=root_dir, placement=method)
    check(any("tree.p3d" in w for w in warnings), "%s: a missing model is a warning: %s" % (method, warnings[-2:]))
    depsgraph = bpy.context.evaluated_depsgraph_get()
    house = [(i.object.type, len(i.object.data.vertices)) for i in depsgraph.object_instances
             if i.is_instance and i.object.get("rv_model") == HOUSE]
    check(len(house) == houses and set(house) == {("MESH", 48)},
          "%s: %d house instances of the crate's first LOD, got %d" % (method, houses, len(house)))
    check_instances(WORLD, method, placed, "demo world with a data root")
shutil.rmtree(root_dir, ignore_errors=True)

# Cancelling (what Esc does in the modal operator: closing the steps) anywhere removes everything.
for method in ("POINTS", "COLLECTIONS", "OBJECTS"):
    reset()
    before = datablocks()
    steps = build.terrain_steps(bpy.context, WORLD, placement=method)
    seen = [next(steps) for _ in range(3)]  # opened, the tile, the first model
    check(len(bpy.data.objects) > 0, "%s: the steps made objects before the cancel" % method)
    steps.close()
    check(datablocks() == before, "%s: a cancelled import leaves nothing: %s, was %s" % (method, datablocks(), before))
    check(seen[-1][0] < seen[-1][1], "%s: cancelled midway (%s)" % (method, seen))

# The operator's modal path, driven by hand: background Blender has no window to run a modal
# operator in, so the window manager, the workspace and the events are stand-ins; the steps,
# the progress and the cancel are the operator's own.
import io_import_rv  # noqa: E402
from types import SimpleNamespace  # noqa: E402


class FakeWindowManager:
    def __init__(self):
        self.progress, self.handlers, self.timers = [], 0, []

    def event_timer_add(self, step, window=None):
        self.timers.append(object())
        return self.timers[-1]

    def event_timer_remove(self, timer):
        self.timers.remove(timer)

    def modal_handler_add(self, op):
        self.handlers += 1

    def progress_begin(self, low, high):
        self.progress.append("begin")

    def progress_update(self, value):
        self.progress.append(value)

    def progress_end(self):
        self.progress.append("end")


class ModalHarness:
    """The terrain operator's modal methods on a plain object (Blender operators cannot be made
    outside an operator call); report() keeps the reports."""
    OP = io_import_rv.IMPORT_SCENE_OT_rv_wrp
    _start, _status, _stop, modal, cancel = OP._start, OP._status, OP._stop, OP.modal, OP.cancel
    step_seconds = 0.0  # one step per timer event

    def __init__(self, path, placement="POINTS"):
        self.filepath, self.reports, self.status = path, [], []
        self.context = SimpleNamespace(window_manager=FakeWindowManager(), window=object(),
                                       workspace=SimpleNamespace(status_text_set=self.status.append))
        steps = build.terrain_steps(bpy.context, path, placement=placement)
        self.started = self._start(self.context, steps, 0)

    def report(self, kind, text):
        self.reports.append((set(kind), text))

    def event(self, kind):
        wm = self.context.window_manager
        return self.modal(self.context, SimpleNamespace(type=kind, timer=wm.timers[0] if wm.timers else None))


for method in ("POINTS", "OBJECTS"):
    reset()
    before = datablocks()
    op = ModalHarness(WORLD, method)
    check(op.started == {"RUNNING_MODAL"} and op.context.window_manager.handlers == 1, "the modal import starts")
    results = [op.event("TIMER") for _ in range(3)] + [op.event("A"), op.event("MOUSEMOVE"), op.event("ESC")]
    check(results == [{"RUNNING_MODAL"}] * 4 + [{"PASS_THROUGH"}, {"CANCELLED"}],
          "%s: timer steps run, keys wait, mouse moves pass, Esc cancels: %s" % (method, results))
    wm = op.context.window_manager
    check(datablocks() == before, "%s: Esc in the modal import leaves nothing: %s, was %s" % (method, datablocks(), before))
    check(not wm.timers and wm.progress[0] == "begin" and wm.progress[-1] == "end", "the timer and the progress end")
    check(op.status[0].startswith("Importing rv_world.wrp: 0%") and op.status[-1] is None,
          "the status bar shows the progress, then is cleared: %s" % op.status)

reset()
op = ModalHarness(WORLD)
result = {"RUNNING_MODAL"}
for _ in range(1000):
    result = op.event("TIMER")
    if result != {"RUNNING_MODAL"}:
        break
wm = op.context.window_manager
values = [v for v in wm.progress if not isinstance(v, str)]
check(result == {"FINISHED"}, "the modal import finishes: %s" % result)
check(values and all(0 <= a <= b <= 1 for a, b in zip(values, values[1:])), "the progress grows from 0 to 1: %s" % values)
check(len(bpy.data.collections["Objects"].objects) == model_count and not wm.timers and op.status[-1] is None,
      "the modal import built the world and cleaned up after itself")

# A file the library refuses: the modal import reports the error and has made nothing.
reset()
before = datablocks()
bad = os.path.join(tempfile.mkdtemp(prefix="rv_bad_"), "bad.wrp")
with open(WORLD, "rb") as f:
    head = f.read(64)
with open(bad, "wb") as f:
    f.write(head)
op = ModalHarness(bad)
result = op.event("TIMER")
check(result == {"CANCELLED"} and any(kind == {"ERROR"} for kind, _ in op.reports) and datablocks() == before,
      "a damaged file: the modal import reports the error and makes nothing: %s %s" % (result, op.reports))
shutil.rmtree(os.path.dirname(bad), ignore_errors=True)

# The synchronous path reaches the end through the same steps.
reset()
steps = build.terrain_steps(bpy.context, WORLD)
progress = []
try:
    while True:
        progress.append(next(steps))
except StopIteration as end:
    check(isinstance(end.value, list), "the steps return the warnings")
check(progress[-1][0] == progress[-1][1] == 24 + 1, "progress ends at done == total (1 tile + 24): %s" % progress[-1:])
check(all(a[0] <= b[0] for a, b in zip(progress, progress[1:])), "progress never goes back")

# A sheared transform (none of the samples has one) is counted for the warning; a mirror is not
# a shear (it becomes a negative scale).
sheared = [1, 0.5, 0, 7, 0, 1, 0, 8, 0, 0, 1, 9, 0, 0, 0, 1]
mirrored = [-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1]
co, rot, scale, n = build._decompose(rvlib.decompose(sheared + mirrored), [0, 1], 0, 2)
check(n == 1 and list(co[:3]) == [7, 8, 9], "one sheared transform of two: %d, %s" % (n, list(co[:3])))
# The library's rule (rv::decompose): a mirror is a negative z scale, diag(-1, 1, 2) -> (1, 1, -2).
check(list(scale[3:]) == [1, 1, -2], "a mirror is a negative z scale: %s" % list(scale[3:]))
# Rotations, gimbal lock (pitch of +-90 degrees) included, come back from the Euler and the scale.
from mathutils import Euler, Matrix  # noqa: E402
cases = [Matrix.LocRotScale((1, 2, 3), Euler(e, "XYZ"), s) for e, s in (
    ((0.3, -1.2, 2.5), (1, 1, 1)), ((0.0, 1.5707963, 0.7), (2, 2, 2)), ((0.4, -1.5707963, 0.0), (1, 3, 1)),
    ((-2.9, 0.2, -0.1), (0.5, 0.5, 0.5)))]
cases.append(Matrix.Diagonal((-1, 1, 1, 1)) @ cases[0])  # mirrored
flat = [v for m in cases for row in m for v in row]
co, rot, scale, n = build._decompose(rvlib.decompose(flat), list(range(len(cases))), 0, len(cases))
for k, m in enumerate(cases):
    back = Matrix.LocRotScale(co[3 * k:3 * k + 3], Euler(rot[3 * k:3 * k + 3], "XYZ"), scale[3 * k:3 * k + 3])
    err = max(abs(back[r][c] - m[r][c]) for r in range(4) for c in range(4))
    check(err < 1e-5, "transform %d comes back from its Euler and scale (error %g)" % (k, err))
check(n == 0, "none of them is sheared: %d" % n)

# Samples whose objects lean (rotations about x and y, not only yaw, and scales), when present.
for name in ("world01.wrp", "wrp_256_island.wrp"):
    path = os.path.join(samples, "terrain", name) if samples else ""
    if not os.path.isfile(path):
        print("%s not found: skipped" % name)
        continue
    placed, _ = library_placements(path)
    check(sum(1 for m in placed.values() if abs(m[10] - 1) > 1e-3 and abs(m[8]) + abs(m[9]) > 1e-3) > 0,
          "%s has leaning objects" % name)
    for method in ("POINTS", "COLLECTIONS"):
        reset()
        build.import_terrain(bpy.context, path, placement=method)
        check_instances(path, method, placed, name)

# gen8wvr_medium (1024², 50 000 objects of 4 models), when the samples are there.
medium = os.path.join(samples, "terrain", "gen8wvr_medium.wrp") if samples else ""
if medium and os.path.isfile(medium):
    placed, count = library_placements(medium)
    check(count == 50000 and len(placed) == 50000, "gen8wvr_medium: 50 000 placements: %d of %d" % (len(placed), count))
    reset()
    t0 = time.perf_counter()
    check(bpy.ops.import_scene.rv_wrp(filepath=medium) == {"FINISHED"}, "gen8wvr_medium imports")
    print("gen8wvr_medium: add-on import %.2f s (POINTS)" % (time.perf_counter() - t0))
    check(len(bpy.data.objects) < 100, "gen8wvr_medium: a few objects, not one per placement: %d" % len(bpy.data.objects))
    check_instances(medium, "POINTS", placed, "gen8wvr_medium")
    # Cancelled in the middle of the placements.
    reset()
    before = datablocks()
    steps = build.terrain_steps(bpy.context, medium)
    for done, total in steps:
        if done > total // 2:
            break
    check(done < total, "gen8wvr_medium: cancelled midway (%d of %d)" % (done, total))
    steps.close()
    check(datablocks() == before, "gen8wvr_medium: a cancelled import leaves nothing: %s" % datablocks())
    # Too big for the Memory Limit in Blender (1024² tile vertices at ~305 bytes each is ~320 MB):
    # refused before anything is made, naming the Terrain Step that fits; with that step it imports.
    reset()
    before = datablocks()
    try:
        result = bpy.ops.import_scene.rv_wrp(filepath=medium, memory_limit=100, objects=False)
    except RuntimeError as e:
        result = str(e)
    check("Terrain Step 2" in str(result) and "Memory Limit of 100 MB" in str(result), "gen8wvr_medium at 100 MB: %s" % result)
    check(datablocks() == before, "gen8wvr_medium at 100 MB: a refused import leaves nothing: %s" % datablocks())
    check(bpy.ops.import_scene.rv_wrp(filepath=medium, memory_limit=100, objects=False, terrain_step=2) == {"FINISHED"},
          "gen8wvr_medium at 100 MB imports with Terrain Step 2")
else:
    print("gen8wvr_medium.wrp not found: skipped")

# Terrain Step and Region (the library's TerrainGrid through rv_options): the demo world's 64 x 32
# samples every 4th (and the last) are 17 x 9 vertices; the region 850..1000 m east, 300..400 m
# north covers samples 42..50 x 15..20 and two of the objects, which stand on the map's diagonal.
reset()
check(bpy.ops.import_scene.rv_wrp(filepath=WORLD, terrain_step=4) == {"FINISHED"}, "world imports with Terrain Step 4")
tiles = list(bpy.data.collections["Terrain"].objects)
check([len(o.data.vertices) for o in tiles] == [17 * 9], "Terrain Step 4: %s vertices" % [len(o.data.vertices) for o in tiles])
xs = sorted({round(v.co.x / 20.0) for o in tiles for v in o.data.vertices})
check(xs == list(range(0, 61, 4)) + [63], "Terrain Step 4: sample columns %s" % xs)
reset()
check(bpy.ops.import_scene.rv_wrp(filepath=WORLD, region=(850, 300, 1000, 400)) == {"FINISHED"}, "world imports a region")
tiles = list(bpy.data.collections["Terrain"].objects)
verts = [v.co for o in tiles for v in o.data.vertices]
check(len(verts) == 9 * 6 and min(v.x for v in verts) == 840 and max(v.y for v in verts) == 400,
      "Region: %d vertices, x from %s, y up to %s" % (len(verts), min(v.x for v in verts), max(v.y for v in verts)))
points = list(bpy.data.collections["Objects"].objects)
check(sum(len(o.data.vertices) for o in points) == 2, "Region: %d placements, 2 stand in it" % sum(len(o.data.vertices) for o in points))

if failures:
    raise SystemExit("%d check(s) failed: %s" % (len(failures), failures))
print("blender placement tests passed")
