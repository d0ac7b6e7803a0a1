# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""An .rtm animation (RTM_0101, RTM_MDAT + RTM_0101, BMTR) as a new action on an armature.

The library poses the armature's own bones (names and parents, in the Z-up frame, relative to the
armature's rv_center): per frame and bone the matrix M_b of what the bone does to the model, in
armature space, with bones the file does not key following their parent. A pose bone whose parent
has done M_p reaches M_b with
    matrix_basis = R_b^-1 . M_p^-1 . M_b . R_b        (R_b = bone.matrix_local, its rest matrix)
since Blender poses a child as M_p . R_b . basis (use_connect off, full inheritance).

Timing: RTM files store phases (0..1 of a cycle), not times; the game's speed comes from its config.
As the glTF output does, a cycle lasts frame_count / rv_animation_default_fps() (30) s, so a file
frame at phase p lands on scene frame frame_start + p * frame_count * scene_fps / 30.

Failures: every refusal is an ImportFailed raised before the action exists, or, once it exists,
after the action is removed and the armature's own action and rotation modes are given back.
Nothing that is not finite reaches an F-curve: such keys are left out with one warning."""
import math
import os
from types import SimpleNamespace

import bpy

from . import compat, rvanim, rvlib
from .common import ImportFailed, _matrix, short_name

_CHANNELS = (("location", 3), ("rotation_quaternion", 4), ("scale", 3))

# Blender's last scene frame (MAXFRAME): frame_end cannot pass it, so neither does a key.
LAST_FRAME = 1048574

# Blender's bytes per bone and key: its ten F-curve points and what goes with them, measured as
# peak RSS over imports of 200,000 and 400,000 bone keys: 1.0 to 1.5 KB on 3.4, 4.3 and 5.2.
KEY_BYTES = 1536

# The decoded file the library holds per frame: its phase and a 48-byte matrix (RTM_0101) or
# rotation and translation (BMTR) per bone of the file.
_FILE_FRAME_BYTES, _FILE_SLOT_BYTES = 4, 48


def _skeleton(armature):
    """The armature's bones (armature.data.bones order), their names and parent indices."""
    bones = list(armature.data.bones)
    index = {b.name: i for i, b in enumerate(bones)}
    parents = [index[b.parent.name] if b.parent is not None else -1 for b in bones]
    return bones, [b.name for b in bones], parents


def _centre(armature):
    """rv_center as three finite numbers; anything else is refused (a hand-edited property)."""
    try:
        center = tuple(float(v) for v in armature.get("rv_center", (0.0, 0.0, 0.0)))
    except (TypeError, ValueError):
        center = ()
    if len(center) != 3 or not all(math.isfinite(v) for v in center):
        raise ImportFailed("The armature %s's rv_center is not three finite numbers" % armature.name)
    return center


def _open(path):
    try:
        return rvanim.Animation(path)
    except (rvlib.DecodeFailed, rvlib.LibraryMissing) as e:
        raise ImportFailed(str(e), names_file=isinstance(e, rvlib.DecodeFailed))


def key_frames(scene, phases, frame_count):
    """The scene frame of each file frame (module docstring: a cycle lasts frame_count / 30 s)."""
    fps = scene.render.fps / scene.render.fps_base
    cycle_fps = rvlib.lib().rv_animation_default_fps()
    return [scene.frame_start + p * frame_count * fps / cycle_fps for p in phases]


def _keyed_times(scene, animation):
    """(file frames, scene frames) of the frames keyed: the library's (finite, not negative,
    increasing phases) that land on a frame Blender has (a phase of 1e38 does not)."""
    frames = animation.key_frames
    times = key_frames(scene, [animation.phases[f] for f in frames], animation.frame_count)
    kept = [(f, t) for f, t in zip(frames, times) if math.isfinite(t) and t <= LAST_FRAME]
    return [f for f, _ in kept], [t for _, t in kept]


def _check_memory(path, animation, bone_count, key_count):
    """Refuses, before the pose is allocated, an import whose peak would pass the Memory Limit:
    the pose (the add-on's copy and the library's view), then the copy and Blender's keys."""
    held = animation.frame_count * (_FILE_FRAME_BYTES + _FILE_SLOT_BYTES * len(animation.bone_names))
    after = animation.frame_count * bone_count * rvanim.POSE_COPY_BYTES + key_count * bone_count * KEY_BYTES
    need = held + max(animation.pose_bytes(bone_count), after)
    limit = rvlib.memory_limit_bytes()
    if need > limit:
        raise ImportFailed("%s: %d frames on %d bones need about %d MB in Blender, over the Memory Limit of %d MB"
                           % (os.path.basename(path), animation.frame_count, bone_count, -(-need >> 20), limit >> 20),
                           names_file=True)


def _finite(*vectors):
    return all(math.isfinite(v) for vector in vectors for v in vector)


def _bone_keys(b, parent, n, matrices, frames, rest):
    """(indices into `frames`, [(location, quaternion, scale)]) of bone b's matrix_basis at each
    file frame; a key with a value that is not finite is left out."""
    rest_inv = rest.inverted()
    kept, keys = [], []
    for k, f in enumerate(frames):
        at = (f * n + b) * 16
        posed = _matrix(matrices[at:at + 16])
        if parent >= 0:
            up = (f * n + parent) * 16
            posed = _matrix(matrices[up:up + 16]).inverted_safe() @ posed
        loc, rot, scale = (rest_inv @ posed @ rest).decompose()
        if not _finite(loc, rot, scale):
            continue
        if keys and keys[-1][1].dot(rot) < 0.0:  # the shorter way between keys
            rot.negate()
        kept.append(k)
        keys.append((loc, rot, scale))
    return kept, keys


def _write_keys(channels, name, times, keys):
    """One F-curve per channel component of pose bone `name`, one linear key per time."""
    path = 'pose.bones["%s"].' % bpy.utils.escape_identifier(name)
    for c, (prop, size) in enumerate(_CHANNELS):
        for i in range(size):
            fcurve = channels.new(path + prop, i, name)
            points = fcurve.keyframe_points
            points.add(len(times))
            co = [v for t, key in zip(times, keys) for v in (t, key[c][i])]
            points.foreach_set("co", co)
            points.foreach_set("interpolation", [1] * len(times))  # LINEAR
            fcurve.update()


# Bone names match by the library's ASCII fold (rv::asciiLower), not str.lower's Unicode one.
_ASCII_FOLD = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _dropped_names(file_bones, names):
    known = {n.translate(_ASCII_FOLD) for n in names}
    return [b for b in file_bones if b.translate(_ASCII_FOLD) not in known]


def _warnings(path, animation, frames, dropped, names):
    out, name = list(animation.warnings), os.path.basename(path)
    if len(animation.key_frames) < animation.frame_count:
        out.append("%s: %d frames whose phase is not finite, is negative or does not increase are left out"
                   % (name, animation.frame_count - len(animation.key_frames)))
    if len(frames) < len(animation.key_frames):
        out.append("%s: %d frames whose phase puts them past Blender's last frame (%d) are left out"
                   % (name, len(animation.key_frames) - len(frames), LAST_FRAME))
    if dropped:
        lost = _dropped_names(animation.bone_names, names)
        out.append("%s: %d animation bones are not in the armature and were left out: %s"
                   % (name, dropped, ", ".join(lost[:20]) + (" ..." if len(lost) > 20 else "")))
    return out


def _pose(scene, path, armature):
    """The armature's skeleton and the file's pose on it (SimpleNamespace), refused before the pose
    is allocated when no frame can be keyed or the import would not fit the Memory Limit."""
    bones, names, parents = _skeleton(armature)
    if not bones:
        raise ImportFailed("The armature %s has no bones" % armature.name)
    center = _centre(armature)
    with _open(path) as animation:
        frames, times = _keyed_times(scene, animation)
        if not frames:
            raise ImportFailed("%s: none of its %d frames has a phase that can be keyed (finite, not negative, "
                               "increasing, within Blender's frames)" % (os.path.basename(path),
                                                                        animation.frame_count), names_file=True)
        _check_memory(path, animation, len(bones), len(frames))
        try:
            matrices, keyed, dropped = animation.pose(names, parents, rvlib.AXES_Z_UP, center)
        except rvlib.DecodeFailed as e:
            raise ImportFailed(str(e), names_file=True)
    return SimpleNamespace(bones=bones, names=names, parents=parents, animation=animation, frames=frames, times=times,
                           matrices=matrices, keyed=keyed, dropped=dropped)


def _fill_action(action, armature, posed):
    """Keys every bone into `action` (assigned to `armature`), one bone at a time so that only the
    F-curves grow; returns (bone keys left out, the last key's time or None)."""
    channels = compat.ActionChannels(action, armature)
    left_out, last = 0, None
    for b, bone in enumerate(posed.bones):
        kept, keys = _bone_keys(b, posed.parents[b], len(posed.bones), posed.matrices, posed.frames,
                                bone.matrix_local)
        left_out += len(posed.frames) - len(kept)
        if not kept:
            continue  # it stays at rest, as a bone the file does not name
        armature.pose.bones[bone.name].rotation_mode = "QUATERNION"
        times = [posed.times[k] for k in kept]
        _write_keys(channels, bone.name, times, keys)
        last = times[-1] if last is None else max(last, times[-1])
    return left_out, last


def import_animation(context, armature, path, frame_range=True):
    """A new action on `armature` from the .rtm at `path`, assigned to it. Returns (action,
    warnings); raises ImportFailed or another exception, and nothing is changed then. `frame_range`:
    extend the scene's end frame to the last key."""
    if armature is None or armature.type != "ARMATURE":
        raise ImportFailed("Select an armature (the active object) to import it onto")
    posed = _pose(context.scene, path, armature)
    name = os.path.basename(path)
    had_animation_data = armature.animation_data is not None
    previous = armature.animation_data.action if had_animation_data else None
    previous_slot = compat.action_slot_name(armature)
    modes = {p.name: p.rotation_mode for p in armature.pose.bones}
    action = bpy.data.actions.new(short_name(os.path.splitext(name)[0]))
    try:
        action["rv_path"] = path
        action["rv_signature"] = posed.animation.signature
        left_out, last = _fill_action(action, armature, posed)
        if last is None:
            raise ImportFailed("%s: no bone of the armature has a finite key (the file's values are NaN, "
                               "infinite or too large)" % name, names_file=True)
        if frame_range:
            context.scene.frame_end = max(context.scene.frame_end, min(LAST_FRAME, int(math.ceil(last))))
    except BaseException:
        compat.restore_action(armature, previous, previous_slot)
        if not had_animation_data:
            armature.animation_data_clear()
        for p in armature.pose.bones:
            p.rotation_mode = modes.get(p.name, p.rotation_mode)
        bpy.data.actions.remove(action)
        raise
    warnings = _warnings(path, posed.animation, posed.frames, posed.dropped, posed.names)
    if left_out:
        warnings.append("%s: %d bone keys are left out: NaN, infinite or too large to pose" % (name, left_out))
    if not any(posed.keyed):
        warnings.append("%s: no bone of the armature is in the animation" % name)
    return action, warnings
