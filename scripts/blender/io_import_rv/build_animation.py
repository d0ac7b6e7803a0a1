"""An .rtm animation (RTM_0101, RTM_MDAT + RTM_0101, BMTR) as a new action on an armature.

The library poses the armature's own bones (names and parents, in the Z-up frame, relative to the
armature's rv_center): per frame and bone the matrix M_b of what the bone does to the model, in
armature space, with bones the file does not key following their parent. A pose bone whose parent
has done M_p reaches M_b with
    matrix_basis = R_b^-1 . M_p^-1 . M_b . R_b        (R_b = bone.matrix_local, its rest matrix)
since Blender poses a child as M_p . R_b . basis (use_connect off, full inheritance).

Timing: RTM files store phases (0..1 of a cycle), not times; the game's speed comes from its config.
As the glTF output does, a cycle lasts frame_count / rv_animation_default_fps() (30) s, so a file
frame at phase p lands on scene frame frame_start + p * frame_count * scene_fps / 30."""
import math
import os

import bpy
from mathutils import Matrix

from . import compat, rvlib
from .common import ImportFailed, _matrix, short_name

_CHANNELS = (("location", 3), ("rotation_quaternion", 4), ("scale", 3))


def _skeleton(armature):
    """The armature's bones (armature.data.bones order), their names and parent indices."""
    bones = list(armature.data.bones)
    index = {b.name: i for i, b in enumerate(bones)}
    parents = [index[b.parent.name] if b.parent is not None else -1 for b in bones]
    return bones, [b.name for b in bones], parents


def _read(path, names, parents, center):
    """(animation, matrices, keyed, dropped) from the library; ImportFailed with its message."""
    try:
        with rvlib.Animation(path) as animation:
            matrices, keyed, dropped = animation.pose(names, parents, rvlib.AXES_Z_UP, center)
            return animation, matrices, keyed, dropped
    except (rvlib.DecodeFailed, rvlib.LibraryMissing) as e:
        raise ImportFailed(str(e), names_file=isinstance(e, rvlib.DecodeFailed))


def key_frames(scene, phases, frame_count):
    """The scene frame of each file frame (module docstring: a cycle lasts frame_count / 30 s)."""
    fps = scene.render.fps / scene.render.fps_base
    cycle_fps = rvlib.lib().rv_animation_default_fps()
    return [scene.frame_start + p * frame_count * fps / cycle_fps for p in phases]


def _bases(bones, parents, matrices, key_frames):
    """Per bone, per key frame (location, quaternion, scale) of its matrix_basis."""
    n = len(bones)
    rest = [b.matrix_local.copy() for b in bones]
    rest_inv = [r.inverted() for r in rest]
    out = [[] for _ in range(n)]
    for f in key_frames:
        posed = [_matrix(matrices[(f * n + b) * 16:(f * n + b + 1) * 16]) for b in range(n)]
        for b in range(n):
            parent = posed[parents[b]] if parents[b] >= 0 else Matrix.Identity(4)
            basis = rest_inv[b] @ parent.inverted_safe() @ posed[b] @ rest[b]
            loc, rot, scale = basis.decompose()
            if out[b] and out[b][-1][1].dot(rot) < 0.0:  # the shorter way between keys
                rot.negate()
            out[b].append((loc, rot, scale))
    return out


def _write_keys(channels, name, frames, keys):
    """One F-curve per channel component of pose bone `name`, one linear key per frame."""
    path = 'pose.bones["%s"].' % bpy.utils.escape_identifier(name)
    for c, (prop, size) in enumerate(_CHANNELS):
        for i in range(size):
            fcurve = channels.new(path + prop, i, name)
            points = fcurve.keyframe_points
            points.add(len(frames))
            co = [v for t, key in zip(frames, keys) for v in (t, key[c][i])]
            points.foreach_set("co", co)
            points.foreach_set("interpolation", [1] * len(frames))  # LINEAR
            fcurve.update()


# Bone names match by the library's ASCII fold (rv::asciiLower), not str.lower's Unicode one.
_ASCII_FOLD = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _dropped_names(file_bones, names):
    known = {n.translate(_ASCII_FOLD) for n in names}
    return [b for b in file_bones if b.translate(_ASCII_FOLD) not in known]


def _warnings(path, animation, keyed, dropped, names):
    out = list(animation.warnings)
    if len(animation.key_frames) < animation.frame_count:
        out.append("%s: %d frames whose phase is negative or does not increase are left out"
                   % (os.path.basename(path), animation.frame_count - len(animation.key_frames)))
    if dropped:
        lost = _dropped_names(animation.bone_names, names)
        out.append("%s: %d animation bones are not in the armature and were left out: %s"
                   % (os.path.basename(path), dropped, ", ".join(lost[:20]) + (" ..." if len(lost) > 20 else "")))
    if not any(keyed):
        out.append("%s: no bone of the armature is in the animation" % os.path.basename(path))
    return out


def import_animation(context, armature, path, frame_range=True):
    """A new action on `armature` from the .rtm at `path`, assigned to it. Returns (action,
    warnings); raises ImportFailed (nothing is changed then). `frame_range`: extend the scene's
    end frame to the last key."""
    if armature is None or armature.type != "ARMATURE":
        raise ImportFailed("Select an armature (the active object) to import it onto")
    bones, names, parents = _skeleton(armature)
    if not bones:
        raise ImportFailed("The armature %s has no bones" % armature.name)
    center = tuple(armature.get("rv_center", (0.0, 0.0, 0.0)))
    animation, matrices, keyed, dropped = _read(path, names, parents, center)
    # Only the frames every output keys (the library's rule): phases that are finite, not negative
    # and increasing, so the add-on's keys are glTF's and Assimp's.
    frames = key_frames(context.scene, [animation.phases[f] for f in animation.key_frames], animation.frame_count)
    bases = _bases(bones, parents, matrices, animation.key_frames)
    previous = armature.animation_data.action if armature.animation_data else None
    previous_slot = compat.action_slot_name(armature)
    action = bpy.data.actions.new(short_name(os.path.splitext(os.path.basename(path))[0]))
    try:
        action["rv_path"] = path
        action["rv_signature"] = animation.signature
        channels = compat.ActionChannels(action, armature)
        for bone, keys in zip(bones, bases):
            armature.pose.bones[bone.name].rotation_mode = "QUATERNION"
            _write_keys(channels, bone.name, frames, keys)
    except Exception:
        compat.restore_action(armature, previous, previous_slot)
        bpy.data.actions.remove(action)
        raise
    if frame_range and frames:
        context.scene.frame_end = max(context.scene.frame_end, int(math.ceil(max(frames))))
    return action, _warnings(path, animation, keyed, dropped, names)
