# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every difference between the Blender versions the add-on runs on (3.4, 4.2 LTS to 5.2 LTS), in one
place: the rest of the add-on calls these and never tests bpy.app.version itself.

Each break was found by running the add-on's tests on Debian's Blender 3.4.1 (bookworm), 4.3.2
(trixie) and 5.2.2 (sid); the replacements below were run on all three (scripts/test_blender.sh)."""
import bpy

VERSION = bpy.app.version

# 4.1 removed Mesh.use_auto_smooth: custom normals apply without it.
_AUTO_SMOOTH = VERSION < (4, 1, 0)
# 4.0 renamed the Principled BSDF's "Emission" to "Emission Color", with a strength of 0 by default.
_EMISSION_COLOR = VERSION >= (4, 0, 0)
# 4.0 moved node-group sockets to group.interface.
_GROUP_INTERFACE = VERSION >= (4, 0, 0)
# 4.2 replaced Material.blend_method (which no longer clips: CLIP reads back as dithered) with
# surface_render_method; a clip is then done in the node tree.
_RENDER_METHOD = VERSION >= (4, 2, 0)
# 5.0 deprecated Material.use_nodes (removal planned for 6.0): a new material has its node tree.
_USE_NODES = VERSION < (5, 0, 0)
# 4.4 added slotted actions; 5.0 removed the legacy Action.fcurves.
_SLOTTED_ACTIONS = VERSION >= (4, 4, 0)
# 4.1 added FileHandler (drag and drop into the viewport).
HAS_FILE_HANDLER = VERSION >= (4, 1, 0) and hasattr(bpy.types, "FileHandler")


def set_custom_normals(mesh, normals):
    """Per-vertex custom normals, `normals` a flat x, y, z sequence."""
    if _AUTO_SMOOTH:
        mesh.use_auto_smooth = True
        mesh.auto_smooth_angle = 3.14159265
    it = iter(normals)
    mesh.normals_split_custom_set_from_vertices(list(zip(it, it, it)))


def node_tree(material):
    """The material's node tree, made when this Blender does not give every material one."""
    if material.node_tree is None or _USE_NODES:
        material.use_nodes = True
    return material.node_tree


def set_emission(bsdf, rgb):
    """The Principled BSDF's emission colour, at strength 1 (the glTF emissive factor)."""
    if _EMISSION_COLOR:
        bsdf.inputs["Emission Color"].default_value = tuple(rgb) + (1.0,)
        bsdf.inputs["Emission Strength"].default_value = 1.0 if any(rgb) else 0.0
    else:
        bsdf.inputs["Emission"].default_value = tuple(rgb) + (1.0,)


def separate_green(nodes, links, colour_socket):
    """The green channel of `colour_socket` (Separate Color: SeparateRGB is gone in 5.0)."""
    split = nodes.new("ShaderNodeSeparateColor")
    links.new(colour_socket, split.inputs["Color"])
    return split, split.outputs["Green"]


def set_alpha(material, nodes, links, alpha_socket, bsdf_alpha, mode, cutoff=0.5):
    """Alpha from `alpha_socket` into the BSDF: "mask" clips at `cutoff`, "blend" blends."""
    if mode == "mask":
        if _RENDER_METHOD:
            # A hard edge in the tree: alpha >= cutoff gives 1, else 0 (Greater Than at cutoff - eps).
            step = nodes.new("ShaderNodeMath")
            step.operation = "GREATER_THAN"
            step.inputs[1].default_value = cutoff - 1e-6
            step.label = "Alpha clip"
            links.new(alpha_socket, step.inputs[0])
            links.new(step.outputs[0], bsdf_alpha)
            material.surface_render_method = "DITHERED"
            return step
        links.new(alpha_socket, bsdf_alpha)
        material.blend_method = "CLIP"
        material.alpha_threshold = cutoff
        return None
    links.new(alpha_socket, bsdf_alpha)
    if _RENDER_METHOD:
        material.surface_render_method = "BLENDED"
    else:
        material.blend_method = "BLEND"
    return None


def new_group_socket(group, name, in_out, socket_type):
    """A node group's input ("INPUT") or output ("OUTPUT") socket."""
    if _GROUP_INTERFACE:
        return group.interface.new_socket(name, in_out=in_out, socket_type=socket_type)
    sockets = group.inputs if in_out == "INPUT" else group.outputs
    return sockets.new(socket_type, name)


def _input_identifier(modifier, name):
    group = modifier.node_group
    return group.interface.items_tree[name].identifier if _GROUP_INTERFACE else group.inputs[name].identifier


def _modifier_inputs(modifier):
    """Where a geometry-nodes modifier keeps its input values: on 5.x an RNA struct with one
    member per socket identifier, whose `value` holds it (`modifier[identifier] = ...` raises "id
    properties not supported" there); the modifier's own ID properties before."""
    properties = getattr(modifier, "properties", None)
    return getattr(properties, "inputs", None)


def set_modifier_input(modifier, name, value):
    """A geometry-nodes modifier's value for its group's input `name`."""
    identifier, inputs = _input_identifier(modifier, name), _modifier_inputs(modifier)
    if inputs is not None:
        getattr(inputs, identifier).value = value
    else:
        modifier[identifier] = value



class ActionChannels:
    """Assigns `action` to `id_block` and makes its F-curves: in a slot's channel bag of a keyframe
    strip on 4.4+ (slotted actions; 5.0 removed Action.fcurves), in the action's own list before.
    new(data_path, index, group) -> FCurve, in the channel group `group` (made once)."""

    def __init__(self, action, id_block):
        anim = id_block.animation_data or id_block.animation_data_create()
        anim.action = action
        if not _SLOTTED_ACTIONS:
            self._fcurves, self._groups = action.fcurves, None
            return
        slot = anim.action_slot
        if slot is None:
            slot = action.slots.new(id_type=id_block.id_type, name=id_block.name)
            anim.action_slot = slot
        layer = action.layers[0] if len(action.layers) else action.layers.new("Layer")
        strip = layer.strips[0] if len(layer.strips) else layer.strips.new(type="KEYFRAME")
        bag = strip.channelbag(slot, ensure=True)
        self._fcurves, self._groups = bag.fcurves, bag.groups

    def new(self, data_path, index, group):
        if self._groups is None:
            return self._fcurves.new(data_path, index=index, action_group=group)
        fcurve = self._fcurves.new(data_path, index=index)
        fcurve.group = self._groups.get(group) or self._groups.new(group)
        return fcurve


def restore_action(id_block, action, slot_name):
    """Gives `id_block` back the action (and, on 4.4+, the slot of that name) it had before."""
    anim = id_block.animation_data
    if anim is None:
        return
    anim.action = action
    if _SLOTTED_ACTIONS and action is not None and slot_name:
        slot = next((s for s in action.slots if s.identifier == slot_name), None)
        if slot is not None:
            anim.action_slot = slot


def action_slot_name(id_block):
    """The identifier of the action slot `id_block` plays (4.4+), else ""."""
    anim = id_block.animation_data
    slot = getattr(anim, "action_slot", None) if anim is not None else None
    return slot.identifier if slot is not None else ""


def multiply_colour(nodes, links, colour_socket, factor, location):
    """colour_socket x factor (RGBA): the Mix node in colour mode (MixRGB is a legacy node since 3.4)."""
    mix = nodes.new("ShaderNodeMix")
    mix.data_type = "RGBA"
    mix.blend_type = "MULTIPLY"
    mix.location = location
    sockets = {s.identifier: s for s in mix.inputs}
    sockets["Factor_Float"].default_value = 1.0
    sockets["B_Color"].default_value = factor
    links.new(colour_socket, sockets["A_Color"])
    return next(s for s in mix.outputs if s.identifier == "Result_Color")


# 5.x gives every new material a node tree, and Material.new() then updates every node tree in
# the file: 40 000 materials took 58 s on 5.2.2 against 1.1 s on 3.4.1, and setting a BSDF input
# costs as much again. A copy of a material does neither, so on 5.x materials are copies of a
# template per set of BSDF values (made once, with its inputs set once), renamed.
MATERIALS_HAVE_TREES = not _USE_NODES


def _rename(block, name):
    """ID.rename (4.4+) keeps an existing ID of that name as it is, like the name setter, but is
    about 6x faster among 30 000 materials on 5.2 (the setter re-sorts the whole list)."""
    if hasattr(block, "rename"):
        block.rename(name, mode="NEVER")
    else:
        block.name = name


class MaterialMaker:
    """Makes an import's materials; `discard()` removes the templates when the import is done."""

    def __init__(self):
        self._templates = {}

    def new(self, name, setup=None, key=None):
        """A material named `name`. `setup(material)` sets its node-tree values, and `key` says
        which materials share them: on 5.x each key's template gets setup() once."""
        if not MATERIALS_HAVE_TREES or setup is None:
            mat = bpy.data.materials.new(name)
            if setup is not None:
                setup(mat)
            return mat
        template = self._templates.get(key)
        if template is None:
            # Named to sort after every other material: Blender keeps IDs sorted by name and
            # places each copy beside its source, walking the list from its end (a template in
            # the middle of 40 000 materials made each copy cost 0.55 ms on 5.2.2).
            template = bpy.data.materials.new("~~rv material template")
            setup(template)
            self._templates[key] = template
        mat = template.copy()
        _rename(mat, name)
        return mat

    def discard(self):
        if self._templates:
            bpy.data.batch_remove(list(self._templates.values()))
            self._templates.clear()


# 4.0 stores a mesh as generic attributes; the old per-element accessors still work but copy one
# element at a time through a proxy: on 5.2.2, vertices.foreach_set("co") of 800 000 vertices took
# 0.13 s against 0.0015 s through the "position" attribute (3.4.1: 0.0075 s), and the sample
# models imported 36% slower than on 3.4 until these were used.
_ATTRIBUTE_MESH = VERSION >= (4, 0, 0)


def fill_mesh(mesh, positions, corners, loop_start, loop_total):
    """Vertices (flat x, y, z), polygon corners (vertex indices) and polygons (first corner and
    corner count of each), into an empty mesh. `corners` and `loop_start` are array('i')."""
    mesh.vertices.add(len(positions) // 3)
    mesh.loops.add(len(corners))
    mesh.polygons.add(len(loop_start))
    if _ATTRIBUTE_MESH:
        # A mesh without corners (a point-cloud LOD) has no .corner_vert attribute at all.
        if len(positions):
            mesh.attributes["position"].data.foreach_set("vector", positions)
        if len(corners):
            mesh.attributes[".corner_vert"].data.foreach_set("value", corners)
            mesh.polygons.foreach_set("loop_start", loop_start)  # sizes follow from the offsets
    else:
        mesh.vertices.foreach_set("co", positions)
        mesh.loops.foreach_set("vertex_index", corners)
        mesh.polygons.foreach_set("loop_start", loop_start)
        mesh.polygons.foreach_set("loop_total", loop_total)


def add_uv_map(mesh, name, uvs, do_init=True):
    """A UV map holding `uvs` (flat u, v per corner)."""
    layer = mesh.uv_layers.new(name=name, do_init=do_init)
    if hasattr(layer, "uv"):  # 3.5+: the map's own float2 attribute
        layer.uv.foreach_set("vector", uvs)
    else:
        layer.data.foreach_set("uv", uvs)
    return layer


def set_material_indices(mesh, indices):
    """Each polygon's material slot (array('i'))."""
    if _ATTRIBUTE_MESH:
        attribute = mesh.attributes.get("material_index") or mesh.attributes.new("material_index", "INT", "FACE")
        attribute.data.foreach_set("value", indices)
    else:
        mesh.polygons.foreach_set("material_index", indices)
