"""Blender data from rvimport's flat arrays. Nothing is created until the file has decoded."""
import array
import os

import bpy
from mathutils import Matrix

from . import rvlib


class ImportFailed(Exception):
    pass


# LOD kinds (rvimport's lodKindName) -> a3ob's typed sub-collections.
_GROUPS = {"visual": "Visuals", "shadow volume": "Shadows", "shadow buffer": "Shadows", "geometry": "Geometries",
           "memory": "Point clouds", "point cloud": "Point clouds"}


def _swap_yz(values):
    """x, y, z triples as stored -> Blender's (x, z, y): file y is up, Blender z is."""
    out = array.array("f", values)
    out[1::3], out[2::3] = values[2::3], values[1::3]
    return out


def _matrix(m):
    """A stored 3x4 transform (aside, up, dir, position) -> a Blender matrix: swap y and z on
    both sides (S*M*S), so Blender x, y, z axes map to aside, dir, up."""
    s = lambda v: (v[0], v[2], v[1])
    aside, up, d, pos = s(m[0:3]), s(m[3:6]), s(m[6:9]), s(m[9:12])
    return Matrix(((aside[0], d[0], up[0], pos[0]), (aside[1], d[1], up[1], pos[1]),
                   (aside[2], d[2], up[2], pos[2]), (0, 0, 0, 1)))


def _base(path):
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def _material(cache, texture, rvmat):
    key = (texture, rvmat)
    if key not in cache:
        name = " :: ".join(p for p in (_base(texture), _base(rvmat)) if p) or "default"
        mat = bpy.data.materials.new(name)
        mat["rv_texture"] = texture
        mat["rv_rvmat"] = rvmat
        cache[key] = mat
    return cache[key]


def _mesh_object(name, lod, use_normals, use_selections, material_cache, use_materials):
    n, nf = lod.vertex_count, len(lod.face_start)
    mesh = bpy.data.meshes.new(name)
    mesh.vertices.add(n)
    mesh.vertices.foreach_set("co", _swap_yz(lod.positions))
    # Faces: the swap of y and z mirrors, so the stored order (outward in the file's left-handed
    # space) is reversed to stay outward in Blender.
    corners = array.array("I", lod.corners)
    for f in range(nf):
        s, k = lod.face_start[f], lod.face_size[f]
        corners[s:s + k] = array.array("I", reversed(lod.corners[s:s + k]))
    mesh.loops.add(len(corners))
    mesh.loops.foreach_set("vertex_index", corners)
    mesh.polygons.add(nf)
    mesh.polygons.foreach_set("loop_start", lod.face_start)
    mesh.polygons.foreach_set("loop_total", lod.face_size)
    for k, uv in enumerate(lod.uv_sets):
        layer = mesh.uv_layers.new(name="UVSet %d" % k)
        per_loop = array.array("f", bytes(8 * len(corners)))
        u, v = uv[0::2], uv[1::2]
        per_loop[0::2] = array.array("f", (u[c] for c in corners))
        per_loop[1::2] = array.array("f", (1.0 - v[c] for c in corners))  # top-left -> bottom-left origin
        layer.data.foreach_set("uv", per_loop)
    if use_materials and lod.materials and nf:
        for texture, rvmat in lod.materials:
            mesh.materials.append(_material(material_cache, texture, rvmat))
        mesh.polygons.foreach_set("material_index", array.array("i", lod.face_materials))
    mesh.update(calc_edges=True)
    mesh.validate(clean_customdata=False)
    if use_normals and lod.normals is not None and lod.kind == "visual" and nf:
        mesh.use_auto_smooth = True
        mesh.auto_smooth_angle = 3.14159265
        normals = _swap_yz(lod.normals)
        mesh.normals_split_custom_set_from_vertices([tuple(normals[3 * i:3 * i + 3]) for i in range(n)])
    obj = bpy.data.objects.new(name, mesh)
    if use_selections:
        for sel_name, verts, weights in lod.selections:
            group = obj.vertex_groups.new(name=sel_name)  # empty ones too: model.cfg may need them
            by_weight = {}
            for v, w in zip(verts, weights):
                by_weight.setdefault(round(w, 6), []).append(v)
            for w, vs in by_weight.items():
                group.add(vs, w, "REPLACE")
    return obj


def import_model(context, path, first_lod_only=False, proxies=True, selections=True, normals=True, materials=True):
    try:
        model = rvlib.Model(path)
    except rvlib.DecodeFailed as e:
        raise ImportFailed(str(e))
    with model:
        lods = [model.lod(i) for i in range(1 if first_lod_only else model.lod_count)]
    root = bpy.data.collections.new(os.path.basename(path))
    context.scene.collection.children.link(root)
    groups, cache = {}, {}
    for lod in lods:
        group_name = _GROUPS.get(lod.kind, "Other")
        if group_name not in groups:
            groups[group_name] = bpy.data.collections.new(group_name)
            root.children.link(groups[group_name])
        obj = _mesh_object(lod.name, lod, normals, selections, cache, materials)
        obj["rv_lod_name"] = lod.name
        obj["rv_resolution"] = lod.resolution
        obj["rv_lod_kind"] = lod.kind
        if lod.properties:
            obj["rv_properties"] = {name: value for name, value in lod.properties}
        if lod.index == model.mass_lod and len(model.masses) == lod.vertex_count:
            attr = obj.data.attributes.new("rv_mass", "FLOAT", "POINT")
            attr.data.foreach_set("value", model.masses)
        groups[group_name].objects.link(obj)
        if proxies:
            for proxy_path, index, m in lod.proxies:
                empty = bpy.data.objects.new("proxy:%s.%03d" % (proxy_path, index), None)
                empty.empty_display_type = "ARROWS"
                empty["rv_proxy_path"] = proxy_path
                empty["rv_proxy_index"] = index
                empty.parent = obj
                empty.matrix_basis = _matrix(m)
                groups[group_name].objects.link(empty)
    return len(lods)


def import_terrain(context, path, cell_size=50.0, objects=True, tile_cells=128):
    try:
        t = rvlib.Terrain(path, cell_size)
    except rvlib.DecodeFailed as e:
        raise ImportFailed(str(e))
    nx, nz = t.map_size
    cell = t.cell_size
    root = bpy.data.collections.new(os.path.basename(path))
    context.scene.collection.children.link(root)
    terrain = bpy.data.collections.new("Terrain")
    root.children.link(terrain)
    mats = [None] * len(t.materials)
    lx, lz = t.layer_size

    def material_of(x, z):
        if not t.materials or not lx:
            return 0
        i = t.material_index[min(lz - 1, z * lz // nz) * lx + min(lx - 1, x * lx // nx)]
        return i if i < len(t.materials) else 0

    for z0 in range(0, max(nz - 1, 0), tile_cells):
        for x0 in range(0, max(nx - 1, 0), tile_cells):
            x1, z1 = min(nx - 1, x0 + tile_cells), min(nz - 1, z0 + tile_cells)
            w, h = x1 - x0 + 1, z1 - z0 + 1
            co = array.array("f", bytes(12 * w * h))
            for z in range(z0, z1 + 1):
                row = (z - z0) * w
                for x in range(x0, x1 + 1):
                    i = 3 * (row + x - x0)
                    co[i], co[i + 1], co[i + 2] = x * cell, z * cell, t.elevation[z * nx + x]
            cells = [(x, z) for z in range(z0, z1) for x in range(x0, x1)]
            loops = array.array("I")
            face_mat = array.array("i")
            used = {}
            for x, z in cells:  # a, b, d, c: counter-clockwise seen from above (+z)
                a = (z - z0) * w + (x - x0)
                loops.extend((a, a + 1, a + w + 1, a + w))
                m = material_of(x, z)
                face_mat.append(used.setdefault(m, len(used)))
            mesh = bpy.data.meshes.new("tile %d,%d" % (x0 // tile_cells, z0 // tile_cells))
            mesh.vertices.add(w * h)
            mesh.vertices.foreach_set("co", co)
            mesh.loops.add(len(loops))
            mesh.loops.foreach_set("vertex_index", loops)
            mesh.polygons.add(len(cells))
            mesh.polygons.foreach_set("loop_start", array.array("I", range(0, len(loops), 4)))
            mesh.polygons.foreach_set("loop_total", array.array("I", [4]) * len(cells))
            for m in sorted(used, key=used.get):
                if t.materials:
                    if mats[m] is None:
                        mats[m] = bpy.data.materials.new(_base(t.materials[m]) or "terrain")
                        mats[m]["rv_rvmat"] = t.materials[m]
                    mesh.materials.append(mats[m])
            if t.materials:
                mesh.polygons.foreach_set("material_index", face_mat)
            mesh.update(calc_edges=True)
            obj = bpy.data.objects.new(mesh.name, mesh)
            terrain.objects.link(obj)
    root["rv_map_size"] = list(t.map_size)
    root["rv_layer_size"] = list(t.layer_size)
    root["rv_cell_size"] = cell
    root["rv_signature"] = t.signature
    if objects and t.object_models:
        coll = bpy.data.collections.new("Objects")
        root.children.link(coll)
        for i, model in enumerate(t.object_models):
            empty = bpy.data.objects.new(_base(model) or "object", None)
            empty.empty_display_type = "ARROWS"
            empty["rv_model"] = model
            empty["rv_object_id"] = t.object_ids[i]
            empty.matrix_world = _matrix(t.object_transforms[12 * i:12 * i + 12])
            coll.objects.link(empty)
