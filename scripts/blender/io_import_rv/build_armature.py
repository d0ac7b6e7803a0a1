# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""A model's skeleton as one Armature object, and its skinned LOD meshes bound to it.

The library's rules (include/rv/skeleton.hpp): every bone rests at the identity, an animation
matrix is what the bone does to the model, and a bone's head is only a display position. So each
Blender bone rests at its head with no rotation of its own (tail = head + BONE_TAIL, straight up),
and the meshes are bound as they are: parented to the armature at the identity, with an Armature
modifier and one vertex group per bone that moves vertices.

Vertex groups: a selection named like a bone (ODOL models keep one per bone) would be read by the
Armature modifier as that bone's weights. The bone's weights win: such a group is emptied and
refilled from the library's skinning, so the modifier deforms exactly as the game does."""
import bpy

from .common import short_name

# Every bone's tail: its head plus this (metres, +Z). Bones have no rest orientation in the
# formats, so a fixed offset is as true as any and keeps the rest matrices a pure translation
# times one fixed rotation.
BONE_TAIL = (0.0, 0.0, 0.05)


def wanted(model):
    """True when the model has a skeleton and one of the imported LODs is skinned."""
    return bool(model.bones) and any(lod.is_skinned for lod in model.lods)


def bone_names(model):
    """The Blender name of every skeleton bone, in skeleton order."""
    return [short_name(name) for name, _, _ in model.bones]


def armature_object(created, model, autocenter):
    """The armature object (bones are added by add_bones once it is in the view layer). Custom
    properties let the RTM operator pose it without the model: rv_skeleton, and rv_center, the
    centre that positions are relative to (the model's with autocenter, else the origin)."""
    name = model.skeleton_name or "Skeleton"
    obj = created.object(name, created.armature(name))
    obj["rv_skeleton"] = model.skeleton_name
    obj["rv_center"] = tuple(model.center) if autocenter else (0.0, 0.0, 0.0)
    obj.show_in_front = True
    return obj


def add_bones(context, obj, bones):
    """Every (name, parent, head) of `bones` as an edit bone of `obj` (which must be in the view
    layer: edit bones exist only in Edit Mode). Leaves `obj` active, in Object Mode."""
    if context.mode != "OBJECT":
        bpy.ops.object.mode_set(mode="OBJECT")
    context.view_layer.objects.active = obj
    obj.select_set(True)
    bpy.ops.object.mode_set(mode="EDIT")
    try:
        edit = obj.data.edit_bones
        made = []
        for name, _, head in bones:
            b = edit.new(short_name(name))
            b.head = head
            b.tail = tuple(h + t for h, t in zip(head, BONE_TAIL))
            made.append(b)
        for b, (_, parent, _) in zip(made, bones):
            if 0 <= parent < len(made):
                b.parent = made[parent]
                b.use_connect = False
    finally:
        bpy.ops.object.mode_set(mode="OBJECT")


def bind(obj, lod, armature, names):
    """Parents the LOD object `obj` to `armature` (identity), adds the Armature modifier, and fills
    one vertex group per bone from the LOD's weights (weights > 0 only)."""
    obj.parent = armature
    modifier = obj.modifiers.new("Armature", "ARMATURE")
    modifier.object = armature
    bones4, weights4 = lod.vertex_bones
    runs = {}  # bone -> {weight: [vertices]}: one group.add per distinct weight
    for k, w in enumerate(weights4):
        if w > 0.0:
            runs.setdefault(bones4[k], {}).setdefault(w, []).append(k // 4)
    everything = list(range(len(obj.data.vertices)))
    for b, name in enumerate(names):
        group = obj.vertex_groups.get(name)
        if group is not None:  # a selection of the bone's name: the bone's weights replace it
            group.remove(everything)
        elif b in runs:
            group = obj.vertex_groups.new(name=name)
        for w, vertices in runs.get(b, {}).items():
            group.add(vertices, w, "REPLACE")
