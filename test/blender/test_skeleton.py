"""Headless Blender: skinned models as armatures, and .rtm animations as actions (issue 28).

DayZ Epoch's man_survivor.p3d (OFP2_ManSkeleton, 132 bones) imports with one armature its skinned
LODs are bound to; plain_zmbStandDeath1.rtm on it stands the man up at its first key and lays him
down at its last; its BMTR twin zmbStandDeath1.rtm poses him the same; the posed heads equal what
the library's own matrices give; a file that is not an animation, or no active armature, cancels
and leaves no action. Environment: RV_ADDON_DIR, RVIMPORT_LIB, RV_SAMPLES_DIR (skipped when absent)."""
import os
import sys
import time

import bpy

sys.path.insert(0, os.environ["RV_ADDON_DIR"])
samples = os.environ.get("RV_SAMPLES_DIR", "")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from blender_checks import check, failures, reset  # noqa: E402

ANIM = os.path.join(samples, "animations") if samples else ""
MODEL = os.path.join(ANIM, "models", "dayz-epoch-108", "man_survivor.p3d")
PLAIN = os.path.join(ANIM, "rtm", "dayz-epoch-108", "plain_zmbStandDeath1.rtm")
BMTR = os.path.join(ANIM, "rtm", "dayz-epoch-108", "zmbStandDeath1.rtm")


def cancelled(**kwargs):
    """Runs the RTM operator expecting it to fail; background Blender raises the reported error."""
    try:
        return bpy.ops.import_anim.rv_rtm(**kwargs), ""
    except RuntimeError as e:
        return {"CANCELLED"}, str(e)


def key_times(armature, bone="pelvis"):
    """The distinct key frames on `bone`'s F-curves of the armature's action."""
    path = 'pose.bones["%s"]' % bone
    times = set()
    for fc in all_fcurves(armature):
        if fc.data_path.startswith(path):
            times.update(round(k.co[0], 4) for k in fc.keyframe_points)
    return sorted(times)


def all_fcurves(armature):
    anim = armature.animation_data
    action = anim.action
    if hasattr(action, "layers") and len(action.layers):  # slotted actions (4.4+)
        return list(action.layers[0].strips[0].channelbag(anim.action_slot).fcurves)
    return list(action.fcurves)


def posed_heads(armature, frame, bones=("head", "pelvis")):
    """World positions of the bones' posed heads at scene frame `frame` (may be fractional)."""
    scene = bpy.context.scene
    scene.frame_set(int(frame), subframe=frame - int(frame))
    evaluated = armature.evaluated_get(bpy.context.evaluated_depsgraph_get())
    return {b: evaluated.matrix_world @ evaluated.pose.bones[b].head for b in bones}


def library_heads(armature, path, frame_index, bones=("head", "pelvis")):
    """The same from the library's matrices: M_b applied to the bone's rest head."""
    from io_import_rv import rvanim, rvlib
    from io_import_rv.common import _matrix
    names = [b.name for b in armature.data.bones]
    index = {n: i for i, n in enumerate(names)}
    parents = [index[b.parent.name] if b.parent else -1 for b in armature.data.bones]
    with rvanim.Animation(path) as a:
        m, _, _ = a.pose(names, parents, rvlib.AXES_Z_UP, tuple(armature["rv_center"]))
    n = len(names)
    out = {}
    for b in bones:
        k = frame_index * n + index[b]
        out[b] = _matrix(m[16 * k:16 * k + 16]) @ armature.data.bones[b].head_local
    return out


if not ANIM or not os.path.isfile(MODEL):
    print("skipped: no animation samples")
    sys.exit(0)

reset()
start = time.monotonic()
check(bpy.ops.import_scene.rv_p3d(filepath=MODEL) == {"FINISHED"}, "man_survivor imports")
print("model import: %.2f s" % (time.monotonic() - start))
armatures = [o for o in bpy.data.objects if o.type == "ARMATURE"]
check(len(armatures) == 1, "exactly one armature, got %d" % len(armatures))
arm = armatures[0]
check(arm.name == "OFP2_ManSkeleton" and arm["rv_skeleton"] == "OFP2_ManSkeleton",
      "named after the skeleton: %s" % arm.name)
check(len(arm.data.bones) == 132, "132 bones, got %d" % len(arm.data.bones))
check(bpy.context.view_layer.objects.active == arm, "the armature is left active")

from io_import_rv import rvlib  # noqa: E402
model = rvlib.Model(MODEL, "first")
library_names = [name for name, _, _ in model.bones]
check(sorted(b.name for b in arm.data.bones) == sorted(library_names), "bone names are the library's")
check({"pelvis", "head", "lefthand"} <= set(library_names), "lower-case names: %s" % library_names[:5])
parents_ok = all((arm.data.bones[name].parent.name if arm.data.bones[name].parent else None) ==
                 (library_names[p] if p >= 0 else None) for name, p, _ in model.bones)
check(parents_ok, "bone parents are the library's")
bones = arm.data.bones
check(bones["head"].head_local.z > bones["pelvis"].head_local.z + 0.5,
      "rest: head above pelvis (%.3f vs %.3f)" % (bones["head"].head_local.z, bones["pelvis"].head_local.z))

lod = next((o for o in bpy.data.objects if o.get("rv_lod_name") == "1.000"), None)
check(lod is not None and lod.parent == arm, "LOD 1.000 is parented to the armature")
if lod is not None:
    mods = [m for m in lod.modifiers if m.type == "ARMATURE"]
    check(len(mods) == 1 and mods[0].object == arm, "LOD 1.000 has an Armature modifier on it")
    bone_groups = {g.index for g in lod.vertex_groups if g.name in bones}
    check(len(bone_groups) > 20, "LOD 1.000 has bone vertex groups: %d" % len(bone_groups))
    weighted = sum(1 for v in lod.data.vertices if any(g.group in bone_groups and g.weight > 0 for g in v.groups))
    # skeletons.tsv: 3948 of the 3954 stored vertices weighted; the 8 proxy markers' 24 corners (18
    # of them weighted) are not in the mesh, so every one of its 3930 vertices has a bone.
    check(weighted == len(lod.data.vertices) == 3930, "LOD 1.000: %d of %d vertices with a bone weight, 3930 wanted"
          % (weighted, len(lod.data.vertices)))

# The RTM onto it.
actions_before = len(bpy.data.actions)
start = time.monotonic()
check(bpy.ops.import_anim.rv_rtm(filepath=PLAIN) == {"FINISHED"}, "plain_zmbStandDeath1.rtm imports")
print("animation import: %.2f s" % (time.monotonic() - start))
check(len(bpy.data.actions) == actions_before + 1, "one new action")
check(arm.animation_data is not None and arm.animation_data.action is not None, "the action is assigned")
times = key_times(arm)
check(len(times) == 79, "79 distinct keyed frames on the pelvis, got %d" % len(times))
# The key times glTF and Assimp write (gltf_skin_test.py compares those two): reference.tsv's
# phases x 79 / 30 s, here in scene frames from frame_start.
with open(os.path.join(ANIM, "reference.tsv"), encoding="utf-8") as f:
    rows = [line.rstrip("\n").split("\t") for line in f]
ref = {r[rows[0].index("file")]: r for r in rows[1:]}
phases = [float(p) for p in ref["rtm/dayz-epoch-108/plain_zmbStandDeath1.rtm"][rows[0].index("phases")].split(",")]
scene = bpy.context.scene
fps = scene.render.fps / scene.render.fps_base
seconds = [(t - scene.frame_start) / fps for t in times]
check(len(phases) == len(seconds) and max(abs(s - p * 79 / 30) for s, p in zip(seconds, phases)) < 1e-3,
      "the keys are not at reference.tsv's phases x 79/30 s, glTF's and Assimp's times")
if len(times) == 79:
    first, last = posed_heads(arm, times[0]), posed_heads(arm, times[-1])
    print("posed first: head %s pelvis %s; last: head %s pelvis %s" % (tuple(first["head"]), tuple(first["pelvis"]),
                                                                       tuple(last["head"]), tuple(last["pelvis"])))
    rise = first["head"].z - first["pelvis"].z
    check(0.55 < rise < 0.85, "standing at the first key: head %.3f m above the pelvis" % rise)
    check(abs(last["head"].z - last["pelvis"].z) < 0.3,
          "lying at the last key: head %.3f, pelvis %.3f" % (last["head"].z, last["pelvis"].z))
    for label, frame_index, blender in (("first", 0, first), ("last", 78, last)):
        lib = library_heads(arm, PLAIN, frame_index)
        for b in ("head", "pelvis"):
            d = (lib[b] - blender[b]).length
            check(d < 1e-3, "%s key: the posed %s is where the library's matrix puts it (off by %.5f m)"
                  % (label, b, d))

    # The BMTR twin: a second action, the same poses within 0.01 m.
    check(bpy.ops.import_anim.rv_rtm(filepath=BMTR) == {"FINISHED"}, "zmbStandDeath1.rtm (BMTR) imports")
    bmtr_times = key_times(arm)
    check(bmtr_times == times, "the BMTR twin keys the same frames")
    for label, frame, plain in (("first", times[0], first), ("last", times[-1], last)):
        twin = posed_heads(arm, frame)
        for b in ("head", "pelvis"):
            d = (twin[b] - plain[b]).length
            check(d < 0.01, "BMTR twin, %s key: %s within 0.01 m of the plain file's (%.4f m)" % (label, b, d))

# Not an animation: an error that names the file and an offset, and no new action.
actions_before = len(bpy.data.actions)
action_before = arm.animation_data.action
result, message = cancelled(filepath=MODEL)
check(result == {"CANCELLED"}, "a .p3d given as an animation cancels")
check("man_survivor.p3d" in message and "offset" in message, "the error names the file and offset: %s" % message)
check(len(bpy.data.actions) == actions_before, "no action left by the failed import")
check(arm.animation_data.action == action_before, "the armature keeps its action")

# A damaged RTM (3 bytes short): the library's message, with its offset.
result, message = cancelled(filepath=os.path.join(ANIM, "rtm", "dayz-epoch-108", "384d76d7_saw_idle.rtm"))
check(result == {"CANCELLED"} and "384d76d7_saw_idle.rtm" in message and "offset 0x" in message,
      "a damaged .rtm cancels, naming the file and offset: %s" % message)
check(len(bpy.data.actions) == actions_before, "no action left by the damaged file")

# No active armature.
bpy.context.view_layer.objects.active = lod
result, message = cancelled(filepath=PLAIN)
check(result == {"CANCELLED"} and "armature" in message, "no active armature cancels: %s" % message)
check(len(bpy.data.actions) == actions_before, "no action left without an armature")

# Armature off: the old import, no armature, no modifier.
reset()
bpy.ops.import_scene.rv_p3d(filepath=MODEL, armature=False, first_lod_only=True)
check(not [o for o in bpy.data.objects if o.type == "ARMATURE"], "armature=False makes none")

print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
