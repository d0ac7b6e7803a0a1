# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The pieces every Blender import shares: the failure type, names within Blender's 63 bytes,
the record of what an import created (removed again when it fails), meshes from the view's LODs,
and collections."""
import array
import hashlib

import bpy
from mathutils import Matrix

from . import compat


class ImportFailed(Exception):
    """An import that did not happen. `names_file`: the message is a line that starts with its file
    (the library's lines do); otherwise the operator puts the file's name before it."""

    def __init__(self, message, names_file=False):
        super().__init__(message)
        self.names_file = names_file


# Blender names (objects, meshes, vertex groups, materials, ID property keys) hold at most 63 bytes.
NAME_BYTES = 63

# LOD kinds (rvimport's lodKindName) -> a3ob's typed sub-collections.
_GROUPS = {"visual": "Visuals", "view": "Visuals", "shadow volume": "Shadows", "shadow buffer": "Shadows",
           "geometry": "Geometries", "memory": "Point clouds", "point cloud": "Point clouds"}
_MISC = "Misc"

# Blender stores a face's material index as a short.
MAX_MATERIALS_PER_MESH = 32767

# The most vertex groups (selections) one object gets: rv::kMaxSelectionBones, the Assimp importer's
# bone maximum (include/rv/assimp_importer.hpp). Blender's vertex_groups.new checks the new name
# against every group and group.add looks its group up in the list, so both slow down with each
# group: 16 000 selections took 19.5 s, 50 000 over 120 s (issue 29).
MAX_VERTEX_GROUPS = 4096


def file_name(reference, default):
    """The last component of a BI reference or path ("a3\\data_f\\x_co.paa" -> "x_co.paa"), or
    `default` when it has none: the add-on's one copy of this rule (the library's rv::fileNameOf)."""
    return reference.replace("\\", "/").rsplit("/", 1)[-1] or default


def short_name(name):
    """`name` if it fits Blender's 63 bytes, else its head plus a hash of the whole: unique and stable,
    so two long names that share their first 50 bytes stay apart. The full name goes in rv_name."""
    raw = name.encode("utf-8")
    if len(raw) <= NAME_BYTES:
        return name
    digest = hashlib.sha1(raw).hexdigest()[:8]
    head = raw[:NAME_BYTES - 10].decode("utf-8", "ignore")
    return "%s~%s" % (head, digest)


class Created:
    """Every datablock an import makes, so a failure can take them all back."""

    def __init__(self):
        self.objects, self.meshes, self.materials, self.collections, self.images = [], [], [], [], []
        self.node_groups, self.armatures = [], []
        self.material_maker = compat.MaterialMaker()

    def mesh(self, name):
        m = bpy.data.meshes.new(short_name(name))
        self.meshes.append(m)
        return m

    def object(self, name, data):
        o = bpy.data.objects.new(short_name(name), data)
        if o.name != name:
            o["rv_name"] = name
        self.objects.append(o)
        return o

    def armature(self, name):
        a = bpy.data.armatures.new(short_name(name))
        self.armatures.append(a)
        return a

    def material(self, name, setup=None, key=None):
        """A material; setup(material) sets its node-tree values, the same for every equal `key`."""
        m = self.material_maker.new(short_name(name), setup, key)
        if m.name != name:
            m["rv_name"] = name
        self.materials.append(m)
        return m

    def collection(self, name):
        c = bpy.data.collections.new(short_name(name))
        self.collections.append(c)
        return c

    def done(self):
        """The import succeeded: only the material templates go."""
        self.material_maker.discard()

    def remove_all(self):
        """One batch removal: bpy.data.*.remove one at a time costs minutes for 50 000 objects."""
        self.material_maker.discard()
        kinds = (self.objects, self.meshes, self.materials, self.collections, self.images, self.node_groups,
                 self.armatures)
        bpy.data.batch_remove([i for kind in kinds for i in kind if i is not None])
        for kind in kinds:
            kind.clear()


def _matrix(m):
    """A row-major 4x4 from the library (already in Blender's frame)."""
    return Matrix((m[0:4], m[4:8], m[8:12], m[12:16]))


def _string_group(pairs):
    """(name, value) pairs as an ID property group; keys cut to 63 bytes keep their full name."""
    values, full = {}, {}
    for name, value in pairs:
        key = short_name(name)
        values[key] = value
        if key != name:
            full[key] = name
    return values, full


def _slots(created, lod, materials, warnings):
    """The mesh's material slots and each polygon's slot. Blender keeps a polygon's material index
    in a short, so a mesh holds at most 32 767 slots: beyond that, the LOD's remaining materials
    share one merged slot, with a warning; the import goes on."""
    groups, per_polygon = lod.group_materials, lod.polygon_groups
    if len(groups) <= MAX_MATERIALS_PER_MESH:
        return [materials[m] for m in groups], per_polygon
    keep = MAX_MATERIALS_PER_MESH - 1
    merged = created.material("%s merged materials" % lod.name)
    merged["rv_merged_count"] = len(groups) - keep
    warnings.append("LOD %s uses %d materials; a Blender mesh holds %d: the last %d share the material '%s'"
                    % (lod.name, len(groups), MAX_MATERIALS_PER_MESH, len(groups) - keep, merged.name))
    return [materials[m] for m in groups[:keep]] + [merged], array.array("i", (min(g, keep) for g in per_polygon))


def _lod_mesh(created, lod, materials, use_normals, use_materials, warnings=None):
    mesh = created.mesh(lod.name)
    compat.fill_mesh(mesh, lod.positions, lod.corners, lod.loop_start, lod.loop_total)
    for k, uvs in enumerate(lod.corner_uvs):
        compat.add_uv_map(mesh, "UVSet %d" % k, uvs)
    if use_materials and lod.group_materials:
        slots, per_polygon = _slots(created, lod, materials, [] if warnings is None else warnings)
        for m in slots:
            mesh.materials.append(m)
        compat.set_material_indices(mesh, array.array("i", per_polygon))
    mesh.update(calc_edges=True)
    if use_normals and lod.normals is not None and lod.kind in ("visual", "view") and len(lod.loop_start):
        compat.set_custom_normals(mesh, lod.normals)
    return mesh


def _mesh_object(created, lod, materials, use_normals, use_selections, use_materials, warnings=None, name=None):
    obj = created.object(name or lod.name, _lod_mesh(created, lod, materials, use_normals, use_materials, warnings))
    if use_selections:
        full = {}
        left_out = len(lod.selections) - MAX_VERTEX_GROUPS
        if left_out > 0 and warnings is not None:
            warnings.append("LOD %s has %d selections; %d left out as vertex groups: an object gets at most %d"
                            % (lod.name, len(lod.selections), left_out, MAX_VERTEX_GROUPS))
        for name, runs in lod.selections[:MAX_VERTEX_GROUPS]:
            group = obj.vertex_groups.new(name=short_name(name))  # empty ones too: model.cfg may need them
            if group.name != name:
                full[group.name] = name
            for weight, vertices in runs:
                group.add(vertices, weight, "REPLACE")
        if full:
            obj["rv_selection_names"] = full
    return obj


def _layer_collection(layer, collection):
    """The layer collection below `layer` (itself included) that shows `collection`, or None."""
    stack = [layer]
    while stack:
        lc = stack.pop()
        if lc.collection == collection:
            return lc
        stack.extend(lc.children)
    return None
