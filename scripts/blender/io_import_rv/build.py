"""Blender data from rvimport's view (rvlib). No geometry is computed here: polygons, their winding,
per-corner UVs, material groups, selection weights and terrain tiles all come from the library in
Blender's frame; this module hands the arrays to foreach_set.

Nothing is linked into the scene until every datablock of the import exists; if anything fails,
whatever was created is removed again, so a failed import leaves the file as it was."""
import array
import hashlib
import os

import bpy
from mathutils import Matrix

from . import a3ob, compat, rvlib


class ImportFailed(Exception):
    pass


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
                       % (os.path.basename(path), need >> 20, t.vertex_count, limit >> 20, step, (need // (step * step)) >> 20))


# Blender names (objects, meshes, vertex groups, materials, ID property keys) hold at most 63 bytes.
NAME_BYTES = 63

# LOD kinds (rvimport's lodKindName) -> a3ob's typed sub-collections.
_GROUPS = {"visual": "Visuals", "view": "Visuals", "shadow volume": "Shadows", "shadow buffer": "Shadows",
           "geometry": "Geometries", "memory": "Point clouds", "point cloud": "Point clouds"}
_MISC = "Misc"

# Blender stores a face's material index as a short.
MAX_MATERIALS_PER_MESH = 32767


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
        self.node_groups = []
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
        ids = self.objects + self.meshes + self.materials + self.collections + self.images + self.node_groups
        bpy.data.batch_remove([i for i in ids if i is not None])
        for kind in (self.objects, self.meshes, self.materials, self.collections, self.images, self.node_groups):
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


def _mesh_object(created, lod, materials, use_normals, use_selections, use_materials, warnings=None):
    obj = created.object(lod.name, _lod_mesh(created, lod, materials, use_normals, use_materials, warnings))
    if use_selections:
        full = {}
        for name, runs in lod.selections:
            group = obj.vertex_groups.new(name=short_name(name))  # empty ones too: model.cfg may need them
            if group.name != name:
                full[group.name] = name
            for weight, vertices in runs:
                group.add(vertices, weight, "REPLACE")
        if full:
            obj["rv_selection_names"] = full
    return obj


def _image(created, images, texture, non_color):
    """A Blender image holding decoded pixels, packed into the .blend (no file is written); one
    per decoded map, shared by every material that uses it."""
    key = (texture.reference, texture.role)
    if key in images:
        return images[key]
    base = file_name(texture.reference, "texture")
    if texture.role in ("metallic roughness", "occlusion"):
        base = "%s (%s)" % (base, texture.role)
    img = _packed_image(base, texture.width, texture.height, texture.pixels, non_color, True,
                        rv_path=texture.reference, rv_role=texture.role)
    created.images.append(img)
    images[key] = img
    return img


def _packed_image(name, width, height, pixels, non_color, alpha, **properties):
    """A Blender image holding `pixels` (float RGBA, bottom row first), packed into the .blend, with
    `properties` as custom properties; removed again if any step fails."""
    img = bpy.data.images.new(short_name(name), width, height, alpha=alpha)
    try:
        for key, value in properties.items():
            img[key] = value
        # The colour space first: changing it regenerates the image, which would throw away pixels
        # set before (every data map came out black on 3.4 to 5.2 when it was set after).
        if non_color:
            img.colorspace_settings.name = "Non-Color"
        img.pixels.foreach_set(pixels)
        img.pack()
    except Exception:
        bpy.data.images.remove(img)
        raise
    return img


def _image_node(created, images, nodes, links, texture, non_color, location, uv_map=None):
    """An Image Texture node sampling `texture` through the UV map its rvmat stage names (or
    `uv_map`)."""
    tex = nodes.new("ShaderNodeTexImage")
    tex.image = _image(created, images, texture, non_color)
    tex.location = location
    uv = nodes.new("ShaderNodeUVMap")
    uv.uv_map = uv_map or "UVSet %d" % texture.uv_set
    uv.location = (location[0] - 250, location[1])
    links.new(uv.outputs["UV"], tex.inputs["Vector"])
    return tex


def _principled(tree):
    """The Principled BSDF of a material's node tree (looked up by type: its name is localised)."""
    return next(n for n in tree.nodes if n.type == "BSDF_PRINCIPLED")


def _set_bsdf_factors(tree, m):
    """The Principled BSDF's constant inputs: colour, metallic, roughness and emission factors."""
    bsdf = _principled(tree)
    bsdf.inputs["Base Color"].default_value = m.factor
    bsdf.inputs["Metallic"].default_value = m.metallic
    bsdf.inputs["Roughness"].default_value = m.roughness
    compat.set_emission(bsdf, m.emissive)


# The Image Texture nodes' labels: which slot of the glTF-style material each one fills (the image's
# own rv_role is what its file name says, e.g. "other" for DayZ's rod_diffuse.paa).
SLOT_LABELS = {"base color": "Base Color", "metallic roughness": "Metallic Roughness", "normal": "Normal Map",
               "occlusion": "Occlusion"}


def _has_images(m):
    return bool(m.base_color or m.normal or m.metallic_roughness or m.occlusion)


def _new_material(created, m):
    """The Blender material of the library's material `m`, its Principled BSDF holding the factors.
    A material without images gets no node tree where Blender does not give one anyway (3.x, 4.x:
    40 000 node trees took minutes to build; the viewport shows the material's own settings)."""
    if not (_has_images(m) or compat.MATERIALS_HAVE_TREES):
        return created.material(m.name)
    key = (tuple(m.factor), m.metallic, m.roughness, tuple(m.emissive))
    return created.material(m.name, lambda mat: _set_bsdf_factors(compat.node_tree(mat), m), key)


def _node_material(created, images, mat, m):
    """Principled BSDF from the library's metallic-roughness material: base colour image times
    the factor, the normal map (already in Blender's convention), roughness from the green of
    the metallic-roughness map (else the factor), metallic 0, emission, alpha clip or blend.
    Blender's BSDF has no occlusion input: the occlusion map is added, labelled, unconnected."""
    # The viewport's settings (and what renders a material without a node tree).
    mat.diffuse_color = m.factor
    mat.metallic = m.metallic
    mat.roughness = m.roughness
    if not _has_images(m):
        return
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = _principled(mat.node_tree)
    if m.base_color is not None:
        tex = _image_node(created, images, nodes, links, m.base_color, False, (-600, 300))
        tex.label = SLOT_LABELS["base color"]
        colour = tex.outputs["Color"]
        if tuple(m.factor[:3]) != (1.0, 1.0, 1.0):
            colour = compat.multiply_colour(nodes, links, colour, m.factor, (-300, 300))
        links.new(colour, bsdf.inputs["Base Color"])
        if m.alpha != "opaque":
            compat.set_alpha(mat, nodes, links, tex.outputs["Alpha"], bsdf.inputs["Alpha"], m.alpha)
    if m.metallic_roughness is not None:
        tex = _image_node(created, images, nodes, links, m.metallic_roughness, True, (-600, 0))
        tex.label = SLOT_LABELS["metallic roughness"]
        split, green = compat.separate_green(nodes, links, tex.outputs["Color"])
        split.location = (-300, 0)
        links.new(green, bsdf.inputs["Roughness"])
    if m.normal is not None:
        tex = _image_node(created, images, nodes, links, m.normal, True, (-600, -300))
        tex.label = SLOT_LABELS["normal"]
        normal_map = nodes.new("ShaderNodeNormalMap")
        normal_map.uv_map = "UVSet %d" % m.normal.uv_set
        normal_map.location = (-300, -300)
        links.new(tex.outputs["Color"], normal_map.inputs["Color"])
        links.new(normal_map.outputs["Normal"], bsdf.inputs["Normal"])
    if m.occlusion is not None:
        tex = _image_node(created, images, nodes, links, m.occlusion, True, (-600, -600))
        tex.label = SLOT_LABELS["occlusion"]


def _model_materials(created, model, images=None):
    """The model's materials as Blender node materials, only those some mesh slot will hold
    (a LOD past Blender's slot limit merges the rest: see _slots); None for the others."""
    images = {} if images is None else images  # shared across the models of one import
    used = set()
    for lod in model.lods:
        used.update(lod.group_materials[:MAX_MATERIALS_PER_MESH - 1] if len(lod.group_materials) > MAX_MATERIALS_PER_MESH
                    else lod.group_materials)
    out = [None] * len(model.materials)
    # Made in name order: Blender keeps its materials sorted by name, and each new name that sorts
    # last is placed without a walk through the list (40 000 materials on 5.2.2: 44 s in file order, 22 s sorted).
    for k in sorted(used, key=lambda k: short_name(model.materials[k].name)):
        m = model.materials[k]
        mat = _new_material(created, m)
        mat["rv_texture"] = m.texture  # a3ob's fields: the model stays editable with a3ob
        mat["rv_rvmat"] = m.rvmat
        a3ob.fill_material(mat, m.texture, m.rvmat)
        _node_material(created, images, mat, m)
        out[k] = mat
    return out


def _lod_object(created, lod, materials, options):
    obj = _mesh_object(created, lod, materials, options["normals"], options["selections"], options["materials"],
                       options["warnings"])
    obj["rv_lod_name"] = lod.name
    obj["rv_resolution"] = lod.resolution
    obj["rv_lod_kind"] = lod.kind
    if lod.properties:
        values, full = _string_group(lod.properties)
        obj["rv_properties"] = values
        if full:
            obj["rv_property_names"] = full
    if lod.masses is not None:
        obj.data.attributes.new("rv_mass", "FLOAT", "POINT").data.foreach_set("value", lod.masses)
    a3ob.fill_lod(obj, lod.name, lod.resolution, lod.properties)
    return obj


def _proxy_empties(created, lod, parent):
    out = []
    for name, path, index, m in lod.proxies:
        empty = created.object(name, None)
        empty.empty_display_type = "ARROWS"
        empty["rv_proxy_path"] = path
        empty["rv_proxy_index"] = index
        a3ob.fill_proxy(empty, path, index)
        empty.parent = parent
        empty.matrix_basis = _matrix(m)
        out.append(empty)
    return out


def _show_only(context, root, groups, shown):
    """As a3ob users expect: the LOD the game shows is visible; the other visual LODs are hidden
    (eye and render), and the Shadows, Geometries, Point clouds and Misc collections are hidden in
    the viewport and in renders. Everything stays in the file, one click away."""
    layer = _layer_collection(context.view_layer.layer_collection, root)
    for name, collection in groups.items():
        if name == "Visuals":
            hidden = [o for o in collection.objects if o.type == "MESH" and o is not shown] if shown else []
            for obj in hidden:
                obj.hide_set(True)
                obj.hide_render = True
            continue
        collection.hide_render = True
        child = _layer_collection(layer, collection) if layer else None
        if child is not None:
            child.hide_viewport = True


def _layer_collection(layer, collection):
    """The layer collection below `layer` (itself included) that shows `collection`, or None."""
    stack = [layer]
    while stack:
        lc = stack.pop()
        if lc.collection == collection:
            return lc
        stack.extend(lc.children)
    return None


def import_texture(path):
    """A .paa/.pac file as a packed Blender image (its largest mip, ZIWS undone), colour or
    non-colour as its name says (the library's rule: _nohq, _smdi, _as are data). Returns
    (image, warnings); raises ImportFailed with the library's message."""
    try:
        t = rvlib.TextureFile(path)
    except (rvlib.DecodeFailed, rvlib.LibraryMissing) as e:
        raise ImportFailed(str(e))
    img = _packed_image(os.path.basename(path), t.width, t.height, t.pixels, not t.is_colour, t.has_alpha,
                        rv_path=path, rv_type=t.type, rv_role=t.role)
    return img, t.warnings


def import_model(context, path, first_lod_only=False, proxies=True, selections=True, normals=True, materials=True,
                 autocenter=True, data_root=""):
    """Returns (LOD count, warnings). Raises ImportFailed with the library's message."""
    try:
        model = rvlib.Model(path, "first" if first_lod_only else "all", autocenter, data_root if materials else "")
    except (rvlib.DecodeFailed, rvlib.LibraryMissing) as e:
        raise ImportFailed(str(e))
    options = {"normals": normals, "selections": selections, "materials": materials, "warnings": model.warnings}
    created = Created()
    try:
        root = created.collection(os.path.basename(path))
        groups = {}
        mats = _model_materials(created, model) if materials else []
        shown = None  # the LOD the game shows: the only one visible after the import
        for lod in model.lods:
            group_name = _GROUPS.get(lod.kind, _MISC)
            if group_name not in groups:
                groups[group_name] = created.collection(group_name)
                root.children.link(groups[group_name])
            obj = _lod_object(created, lod, mats, options)
            groups[group_name].objects.link(obj)
            if lod.file_index == model.first_visual_file_index:
                shown = obj
            if proxies:
                for empty in _proxy_empties(created, lod, obj):
                    groups[group_name].objects.link(empty)
        context.scene.collection.children.link(root)  # the one step that shows the import
        _show_only(context, root, groups, shown)
        created.done()
    except Exception:
        created.remove_all()
        raise
    return len(model.lods), model.warnings


# The terrain tiles' second UV map: each corner's UVs into its cell's layer picture.
LAYER_UV = "Layer UV"


def _layer_material(created, images, mat, picture):
    """A layer material showing its picture: an Image Texture sampled through the tiles' Layer UV
    map into the Principled BSDF's base colour. The picture's image is shared by every layer
    that names it (an Arma satellite segment serves the four rvmats of its segment)."""
    tree = compat.node_tree(mat)
    nodes, links = tree.nodes, tree.links
    tex = _image_node(created, images, nodes, links, picture, False, (-600, 300), uv_map=LAYER_UV)
    links.new(tex.outputs["Color"], _principled(tree).inputs["Base Color"])


def _tile_object(created, tile, layer_materials):
    mesh = created.mesh("tile %d,%d" % (tile.column, tile.row))
    compat.fill_mesh(mesh, tile.positions, tile.quads, array.array("i", range(0, 4 * tile.cell_count, 4)),
                     array.array("i", [4]) * tile.cell_count)
    compat.add_uv_map(mesh, "UVMap", tile.corner_uvs)  # first: the active one
    if tile.corner_layer_uvs is not None:
        compat.add_uv_map(mesh, LAYER_UV, tile.corner_layer_uvs, do_init=False)
    if layer_materials:
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
                  terrain_step=1, region=None):
    """The terrain import as a generator, for a modal operator: it yields (done, total) after each
    tile, model and chunk of placements, and returns the warnings (StopIteration.value). Closing
    it early (generator.close(), on Esc) removes everything made so far; nothing is linked into
    the scene before the last step. The first step opens the file and raises ImportFailed with
    the library's message when it cannot."""
    if placement not in {p[0] for p in PLACEMENTS}:
        raise ValueError("placement must be one of %s" % [p[0] for p in PLACEMENTS])
    return _terrain_steps(context.scene, path, cell_size, objects, tile_cells, data_root, placement, terrain_step, region)


def _terrain_steps(scene, path, cell_size, objects, tile_cells, data_root, placement, terrain_step, region):
    try:
        t = rvlib.Terrain(path, cell_size, tile_cells, data_root, terrain_step, region)
    except (rvlib.DecodeFailed, rvlib.LibraryMissing) as e:
        raise ImportFailed(str(e))
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

            for tile in t.tiles():
                terrain.objects.link(_tile_object(created, tile, layer_material if t.materials else None))
                done += 1
                yield done, total
            done = t.tile_count
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
                   terrain_step=1, region=None):
    """Returns the warnings. Raises ImportFailed with the library's message. With a data root the
    placed objects show their models (one shared mesh per model), else the marker arrows
    (POINTS, COLLECTIONS) or arrow empties (OBJECTS)."""
    steps = terrain_steps(context, path, cell_size, objects, tile_cells, data_root, placement, terrain_step, region)
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value
