# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Terrains from the view: the Memory Limit check, tiles with their layer materials, and the placed
objects (instanced on points, or one object per placement); terrain_steps runs it in steps."""
import array
import os

import bpy

from . import build_map, compat, rvlib
from .common import ImportFailed, file_name, Created, _matrix, _lod_mesh, _layer_collection
from .build_materials import _image_node, _principled, _model_materials


# What a terrain tile's vertex costs Blender at its peak while the tiles are made (mesh vertex,
# its share of edges, loops, faces and both UV maps, and the transient arrays): measured on
# gen8wvr_medium (1024², 1.06 M tile vertices) as 305 bytes of RSS growth per vertex.
BLENDER_BYTES_PER_TILE_VERTEX = 305


def _refuse_oversized_terrain(t, path):
    """A world whose tiles would not fit the Memory Limit in Blender is refused before anything is
    made, naming the Terrain Step that would fit and the Region option."""
    limit = rvlib.memory_limit_bytes()
    need = t.vertex_count * BLENDER_BYTES_PER_TILE_VERTEX
    if need <= limit:
        return
    step = 2
    while need / (step * step) > limit and step < 64:
        step *= 2
    raise ImportFailed("%s: its terrain needs about %d MB in Blender (%d tile vertices), over the Memory Limit of %d MB: "
                       "import it with Terrain Step %d (about %d MB) or a Region, or raise the Memory Limit"
                       % (os.path.basename(path), need >> 20, t.vertex_count, limit >> 20, step, (need // (step * step)) >> 20),
                       names_file=True)


LAYER_UV = "Layer UV"


def _layer_material(created, images, mat, picture):
    """A layer material showing its picture: an Image Texture sampled through the tiles' Layer UV
    map into the Principled BSDF's base colour. The picture's image is shared by every layer
    that names it (an Arma satellite segment serves the four rvmats of its segment)."""
    tree = compat.node_tree(mat)
    nodes, links = tree.nodes, tree.links
    tex = _image_node(created, images, nodes, links, picture, False, (-600, 300), uv_map=LAYER_UV)
    if picture.clamped:  # a satellite segment covers its cells once: its border is not wrapped in
        tex.extension = "EXTEND"
    links.new(tex.outputs["Color"], _principled(tree).inputs["Base Color"])
    _principled(tree).inputs["Roughness"].default_value = 1.0  # matte ground, as the glTF writer's terrain


def _tile_object(created, tile, layer_materials, satellite=None):
    """A tile's mesh object: one material per layer (layer_materials(i) makes layer i's), or the
    one `satellite` material over the whole-map UVs."""
    mesh = created.mesh("tile %d,%d" % (tile.column, tile.row))
    compat.fill_mesh(mesh, tile.positions, tile.quads, array.array("i", range(0, 4 * tile.cell_count, 4)),
                     array.array("i", [4]) * tile.cell_count)
    compat.add_uv_map(mesh, "UVMap", tile.corner_uvs)  # first: the active one
    if tile.corner_layer_uvs is not None and satellite is None:
        compat.add_uv_map(mesh, LAYER_UV, tile.corner_layer_uvs, do_init=False)
    if satellite is not None:
        mesh.materials.append(satellite)
    elif layer_materials:
        for m in tile.group_materials:
            mesh.materials.append(layer_materials(m))
        compat.set_material_indices(mesh, array.array("i", tile.cell_groups))
    mesh.update(calc_edges=True)
    return created.object(mesh.name, mesh)


# How a terrain's placed objects become Blender data (the terrain operator's "Placement").
# Measured with test/blender/bench_placements.py on gen8wvr_medium.wrp (1024² samples, 50 000
# objects of 4 models, no data root), Blender 3.4.1 headless on the project's 2-core machine,
# quiet and (in brackets) busy with another build (load 3-5), as the import / the first depsgraph
# evaluation:
#   POINTS       one mesh object per model whose vertices are its placements, Instance on Points
#                of the model's collection: 0.7 s / 0.2-0.55 s (1.1 s / 0.3 s);
#   COLLECTIONS  one collection instance empty per placement: 16.7 s / 4.1 s (25-27 s / 6.6 s);
#   OBJECTS      one object per placement sharing the model's mesh, the add-on before issue 17:
#                17.9 s / 3.9 s (25-28 s / 4.4-6.6 s).
# Every Blender object costs ~0.35 ms to create, name and link once tens of thousands share a name
# stem, and the depsgraph handles each one; instances made by geometry nodes are neither IDs nor
# depsgraph nodes (Select All: 0.00 s against 0.39 s). POINTS grows linearly: 250 000 placements
# over 500 models with their data root 1.8 s, 1 000 000 over 2 000 models 6.8 s (rv_make_world,
# 1024² grid, busy machine). So POINTS is the default; each placement's object id is a point
# attribute.
PLACEMENTS = (
    ("POINTS", "Instances on points",
     "One object per model whose points are its placements, instanced by geometry nodes (fastest; "
     "each placement's object id is the point attribute rv_object_id)"),
    ("COLLECTIONS", "Collection instances",
     "One collection instance empty per placement (a Blender object each: slow beyond ~10 000)"),
    ("OBJECTS", "Objects",
     "One object per placement sharing its model's mesh, an arrow empty when the model is missing "
     "(a Blender object each: slow beyond ~10 000)"),
)

# Placements per progress step: small enough that Esc answers within a fraction of a second.
CHUNK = 4096

# Point attributes of a POINTS object, one value per placement.
ROTATION_ATTRIBUTE, SCALE_ATTRIBUTE, ID_ATTRIBUTE = "rv_rotation", "rv_scale", "rv_object_id"


def _model_base(model):
    return file_name(model, "object")


def _placed_mesh(created, t, i, model, images, warnings):
    """Placement i's model (its first visual LOD, textured) as one mesh every object of it shares;
    None when the data root does not have it."""
    try:
        m = t.placement_model(i)
    except rvlib.DecodeFailed as e:
        warnings.append(str(e))
        return None
    if not m.lods:
        return None
    mats = _model_materials(created, m, images)
    mesh = _lod_mesh(created, m.lods[0], mats, True, True, warnings)
    mesh["rv_model"] = model
    return mesh


def _marker_mesh(created):
    """A missing model's stand-in: axis arrows of 1 m drawn as edges (like an arrow empty, but a
    mesh, so geometry nodes can instance it)."""
    mesh = created.mesh("rv missing model")
    co = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1),
          (0.85, 0.06, 0), (0.85, -0.06, 0), (0.06, 0.85, 0), (-0.06, 0.85, 0), (0, 0.06, 0.85), (0, -0.06, 0.85)]
    edges = [(0, 1), (0, 2), (0, 3), (1, 4), (1, 5), (2, 6), (2, 7), (3, 8), (3, 9)]
    mesh.from_pydata(co, edges, [])
    mesh["rv_marker"] = True
    return mesh


def _instancing_group(created):
    """The geometry-nodes group of every POINTS object: an instance of the input collection (the
    model) on each point, rotated by the Euler XYZ attribute rv_rotation and scaled by rv_scale.
    Point attributes (rv_object_id) carry over to the instances."""
    group = bpy.data.node_groups.new("rv placements", "GeometryNodeTree")
    created.node_groups.append(group)
    compat.new_group_socket(group, "Geometry", "INPUT", "NodeSocketGeometry")
    compat.new_group_socket(group, "Model", "INPUT", "NodeSocketCollection")
    compat.new_group_socket(group, "Geometry", "OUTPUT", "NodeSocketGeometry")
    nodes, links = group.nodes, group.links
    given, result = nodes.new("NodeGroupInput"), nodes.new("NodeGroupOutput")
    given.location, result.location = (-600, 0), (300, 0)
    model = nodes.new("GeometryNodeCollectionInfo")
    model.transform_space = "ORIGINAL"
    model.location = (-350, -100)
    links.new(given.outputs["Model"], model.inputs["Collection"])
    place = nodes.new("GeometryNodeInstanceOnPoints")
    links.new(given.outputs["Geometry"], place.inputs["Points"])
    links.new(model.outputs[0], place.inputs["Instance"])
    for k, (name, socket) in enumerate(((ROTATION_ATTRIBUTE, "Rotation"), (SCALE_ATTRIBUTE, "Scale"))):
        attr = nodes.new("GeometryNodeInputNamedAttribute")
        attr.data_type = "FLOAT_VECTOR"
        attr.inputs["Name"].default_value = name
        attr.location = (-350, -300 - 150 * k)
        links.new(next(s for s in attr.outputs if s.enabled), place.inputs[socket])
    links.new(place.outputs["Instances"], result.inputs["Geometry"])
    return group


def _decompose(decomposed, objects, start, stop):
    """Translations, Euler XYZ rotations and scales of objects[start:stop] as flat float arrays, and
    how many of them are inexact, from `decomposed` = rvlib.decompose(transforms): the library's
    one decomposition (rv::decompose: a mirror is a negative z scale; a shear over its tolerance is
    dropped and flagged; a degenerate transform keeps only its translation). Blender 3.4's Instance
    on Points takes an Euler rotation and a scale vector, so a shear (no sample has one) is lost."""
    trs, inexact = decomposed
    co, rot, scale, sheared = array.array("f"), array.array("f"), array.array("f"), 0
    for k in objects[start:stop]:
        b = 9 * k
        co.extend(trs[b:b + 3])
        rot.extend(trs[b + 3:b + 6])
        scale.extend(trs[b + 6:b + 9])
        sheared += inexact[k]
    return co, rot, scale, sheared


def _points_object(created, t, base, model, objects, collection, group, warnings):
    """Generator: the POINTS object of one model, one vertex per placement; yields the number of
    placements done after every CHUNK; returns the object."""
    co, rot, scale, sheared = array.array("f"), array.array("f"), array.array("f"), 0
    if t.object_decomposition is None:
        t.object_decomposition = rvlib.decompose(t.object_transforms)  # every object's, once
    for start in range(0, len(objects), CHUNK):
        c, r, s, n = _decompose(t.object_decomposition, objects, start, start + CHUNK)
        co.extend(c)
        rot.extend(r)
        scale.extend(s)
        sheared += n
        yield min(CHUNK, len(objects) - start)
    if sheared:
        warnings.append("%d placements of %s are sheared or degenerate: instances on points show them without "
                        "the shear (the Objects placement keeps their matrices)" % (sheared, model))
    mesh = created.mesh("%s placements" % base)
    compat.fill_mesh(mesh, co, array.array("i"), array.array("i"), array.array("i"))
    mesh.attributes.new(ROTATION_ATTRIBUTE, "FLOAT_VECTOR", "POINT").data.foreach_set("vector", rot)
    mesh.attributes.new(SCALE_ATTRIBUTE, "FLOAT_VECTOR", "POINT").data.foreach_set("vector", scale)
    ids = t.object_ids
    mesh.attributes.new(ID_ATTRIBUTE, "INT", "POINT").data.foreach_set("value", array.array("i", map(ids.__getitem__, objects)))
    mesh.update()
    obj = created.object(mesh.name, mesh)
    obj["rv_model"] = model
    obj["rv_placement_count"] = len(objects)
    mod = obj.modifiers.new("rv placements", "NODES")
    mod.node_group = group
    compat.set_modifier_input(mod, "Model", collection)
    return obj


def _per_placement_objects(created, t, base, model, objects, coll, mesh=None, collection=None):
    """Generator: a Blender object per placement, linked to coll: sharing `mesh` (OBJECTS), else a
    collection instance empty of `collection` (COLLECTIONS), else an arrow empty (OBJECTS with the
    model missing). Yields the number done after every CHUNK."""
    ids, tr = t.object_ids, t.object_transforms
    for start in range(0, len(objects), CHUNK):
        for k in objects[start:start + CHUNK]:
            obj = created.object(base, mesh)
            if collection is not None:
                obj.instance_type = "COLLECTION"
                obj.instance_collection = collection
            elif mesh is None:
                obj.empty_display_type = "ARROWS"
            obj["rv_model"] = model
            obj["rv_object_id"] = ids[k]
            obj.matrix_world = _matrix(tr[16 * k:16 * k + 16])
            coll.objects.link(obj)
        yield min(CHUNK, len(objects) - start)


def _placed_objects(created, t, coll, models_coll, with_models, placement, warnings):
    """Generator over the placed objects, model by model; yields the number of placements done.
    POINTS and COLLECTIONS put each model (its shared mesh, or the marker arrows when missing) in a
    collection of its own under models_coll, which the import excludes from the view layer."""
    images, marker, group = {}, None, None
    for i, (model, objects) in enumerate(t.placements):
        mesh = _placed_mesh(created, t, i, model, images, warnings) if with_models else None
        base = _model_base(model)
        if placement == "OBJECTS":
            yield from _per_placement_objects(created, t, base, model, objects, coll, mesh=mesh)
            continue
        if mesh is None and marker is None:
            marker = _marker_mesh(created)
        collection = created.collection(base)
        collection["rv_model"] = model
        models_coll.children.link(collection)
        proto = created.object(base, mesh or marker)
        proto["rv_model"] = model
        if mesh is None:
            proto["rv_missing"] = True
        collection.objects.link(proto)
        if placement == "POINTS":
            if group is None:
                group = _instancing_group(created)
            obj = yield from _points_object(created, t, base, model, objects, collection, group, warnings)
            coll.objects.link(obj)
        else:
            yield from _per_placement_objects(created, t, base, model, objects, coll, collection=collection)


def _exclude(scene, collection):
    """Leave `collection` out of every view layer of the scene: its objects are only the models
    the placements instance, not objects standing at the origin."""
    for layer in scene.view_layers:
        lc = _layer_collection(layer.layer_collection, collection)
        if lc is not None:
            lc.exclude = True


def terrain_steps(context, path, cell_size=None, objects=True, tile_cells=None, data_root="", placement="POINTS",
                  terrain_step=1, region=None, max_texture_size=0, satellite_size=0, map_layers=False):
    """The terrain import as a generator, for a modal operator: it yields (done, total) after each
    tile, model and chunk of placements, and returns the warnings (StopIteration.value). Closing
    it early (generator.close(), on Esc) removes everything made so far; nothing is linked into
    the scene before the last step. The first step opens the file and raises ImportFailed with
    the library's message when it cannot. satellite_size > 0: the tiles show the satellite
    mosaic (at most that many pixels a side) as one material; map_layers: the vector layers too."""
    if placement not in {p[0] for p in PLACEMENTS}:
        raise ValueError("placement must be one of %s" % [p[0] for p in PLACEMENTS])
    return _terrain_steps(context.scene, path, cell_size, objects, tile_cells, data_root, placement, terrain_step, region,
                          max_texture_size, satellite_size, map_layers)


def _satellite(created, t, data_root, satellite_size):
    """The satellite material, or None (the layer materials) with the reason in t.warnings."""
    if not satellite_size:
        return None
    if not data_root:
        t.warnings.append("Satellite Mosaic needs the Data Root, where the layer pictures are: the terrain keeps "
                          "its layer materials")
        return None
    try:
        return build_map.satellite_material(created, t, satellite_size, t.warnings)
    except rvlib.DecodeFailed as e:
        raise ImportFailed("satellite mosaic: %s" % e)


def _terrain_steps(scene, path, cell_size, objects, tile_cells, data_root, placement, terrain_step, region,
                   max_texture_size, satellite_size, map_layers):
    try:
        t = rvlib.Terrain(path, cell_size, tile_cells, data_root, terrain_step, region, max_texture_size)
    except (rvlib.DecodeFailed, rvlib.LibraryMissing) as e:
        raise ImportFailed(str(e), names_file=isinstance(e, rvlib.DecodeFailed))
    try:
        _refuse_oversized_terrain(t, path)
    except ImportFailed:
        t.close()
        raise
    created = Created()
    try:
        with t:
            placed = sum(len(o) for _, o in t.placements) if objects and t.object_count else 0
            total, done = t.tile_count + placed, 0
            yield done, total
            root = created.collection(os.path.basename(path))
            terrain = created.collection("Terrain")
            root.children.link(terrain)
            made, layer_images = {}, {}

            def layer_material(i):  # created on first use: a world lists layers no tile shows
                if i not in made:
                    # Name and base colour by the library's rules, as Assimp and glTF name and colour them.
                    made[i] = created.material(t.layer_names[i])
                    made[i]["rv_rvmat"] = t.materials[i]
                    made[i].diffuse_color = t.layer_colours[i]
                    picture = t.layer_image(i)  # only with a data root; None keeps the plain material
                    if picture is not None:
                        _layer_material(created, layer_images, made[i], picture)
                    else:
                        _principled(compat.node_tree(made[i])).inputs["Base Color"].default_value = t.layer_colours[i]
                return made[i]

            satellite = _satellite(created, t, data_root, satellite_size)
            for tile in t.tiles():
                terrain.objects.link(_tile_object(created, tile, layer_material if t.materials else None, satellite))
                done += 1
                yield done, total
            done = t.tile_count
            if map_layers:
                layers = created.collection("Map")
                root.children.link(layers)
                build_map.map_layer_objects(created, t, layers, t.warnings)
            root["rv_map_size"] = list(t.map_size)
            root["rv_layer_size"] = list(t.layer_size)
            root["rv_cell_size"] = t.cell_size
            root["rv_signature"] = t.signature
            models_coll = None
            if placed:
                coll = created.collection("Objects")
                coll["rv_placement"] = placement
                root.children.link(coll)
                if placement != "OBJECTS":
                    models_coll = created.collection("Models")
                    root.children.link(models_coll)
                for n in _placed_objects(created, t, coll, models_coll, bool(data_root), placement, t.warnings):
                    done += n
                    yield done, total
        scene.collection.children.link(root)
        created.done()
        if models_coll is not None:
            _exclude(scene, models_coll)
    except BaseException:  # GeneratorExit (cancelled) too
        created.remove_all()
        raise
    return t.warnings


def run_steps(steps, memory_limit_mb):
    """Runs terrain_steps to the end under the memory limit; returns the warnings."""
    with rvlib.memory_limit(memory_limit_mb):
        while True:
            try:
                next(steps)
            except StopIteration as end:
                return end.value


def import_terrain(context, path, cell_size=None, objects=True, tile_cells=None, data_root="", placement="POINTS",
                   terrain_step=1, region=None, max_texture_size=0, satellite_size=0, map_layers=False):
    """Returns the warnings. Raises ImportFailed with the library's message. With a data root the
    placed objects show their models (one shared mesh per model), else the marker arrows
    (POINTS, COLLECTIONS) or arrow empties (OBJECTS)."""
    steps = terrain_steps(context, path, cell_size, objects, tile_cells, data_root, placement, terrain_step, region,
                          max_texture_size, satellite_size, map_layers)
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value
