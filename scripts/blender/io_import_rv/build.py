# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Blender data from rvimport's view (rvlib): models here; materials in build_materials, terrains
in build_terrain, the shared pieces in common. No geometry is computed here: polygons, their winding,
per-corner UVs, material groups, selection weights and terrain tiles all come from the library in
Blender's frame; this module hands the arrays to foreach_set.

Nothing is linked into the scene until every datablock of the import exists; if anything fails,
whatever was created is removed again, so a failed import leaves the file as it was."""

import os

from . import a3ob, build_armature, rvlib
# ImportFailed, short_name, file_name, SLOT_LABELS and the terrain functions are the module's API for
# the operators (__init__.py) and the tests, wherever they now live.
from .common import (Created, ImportFailed, _GROUPS, _MISC, _layer_collection, _matrix,  # noqa: F401
                     _mesh_object, _string_group, file_name, short_name)
from .build_materials import SLOT_LABELS, _model_materials, _packed_image  # noqa: F401
from .build_terrain import (PLACEMENTS, _decompose, _placed_objects, import_terrain, run_steps,  # noqa: F401
                            terrain_steps)


def lod_object_name(model_path, lod_name):
    """A LOD object is named after its model and its LOD ("man_survivor 1.000"): a bare "1.000" of a
    second model would become "1.000.001", which reads as another resolution. a3ob reads the LOD
    from the object's properties (a3ob.fill_lod), not from its name."""
    return "%s %s" % (os.path.splitext(os.path.basename(model_path))[0], lod_name)


def _lod_object(created, lod, materials, options):
    obj = _mesh_object(created, lod, materials, options["normals"], options["selections"], options["materials"],
                       options["warnings"], lod_object_name(options["path"], lod.name))
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


# At most this many objects draw proxied models in one import: nested proxies multiply (4 levels of
# 50 proxies each would be 6 million objects), and Blender slows to a halt long before.
MAX_PROXY_OBJECTS = 20000


class _ProxyModels:
    """The models drawn at proxies (rvlib.PlacedModel): each one's mesh made once and shared by every
    proxy that shows it (as Blender's linked duplicates), an object under the proxy's empty."""

    def __init__(self, created, model, options, images):
        self.created, self.model, self.options, self.images = created, model, options, images
        self.meshes = {}  # Model.placed index -> Blender mesh
        self.objects = 0
        self.left_out = 0

    def attach(self, empty, k, path):
        placed = self.model.placed[k]
        if not placed.lods:
            return []
        if self.objects >= MAX_PROXY_OBJECTS:
            self.left_out += 1
            return []
        self.objects += 1
        lod = placed.lods[0]
        name = lod_object_name(path.replace("\\", "/"), lod.name)
        if k in self.meshes:
            obj = self.created.object(name, self.meshes[k])
        else:
            mats = _model_materials(self.created, placed, self.images) if self.options["materials"] else []
            obj = _mesh_object(self.created, lod, mats, self.options["normals"], False, self.options["materials"],
                               self.options["warnings"], name)
            self.meshes[k] = obj.data
        obj["rv_proxy_model"] = path
        obj.parent = empty
        return [obj] + _proxy_empties(self.created, lod, obj, self)

    def warn(self):
        if self.left_out:
            self.options["warnings"].append("%d proxy models left out: an import draws at most %d (nested proxies "
                                            "multiply)" % (self.left_out, MAX_PROXY_OBJECTS))


def _proxy_empties(created, lod, parent, drawn=None):
    """An empty per proxy (its path, index and transform) and, with `drawn`, below it the model the
    game draws there. Returns every object made."""
    out = []
    for name, path, index, m, placed in lod.proxies:
        empty = created.object(name, None)
        empty.empty_display_type = "ARROWS"
        empty["rv_proxy_path"] = path
        empty["rv_proxy_index"] = index
        a3ob.fill_proxy(empty, path, index)
        empty.parent = parent
        empty.matrix_basis = _matrix(m)
        out.append(empty)
        if drawn is not None and placed >= 0:
            out += drawn.attach(empty, placed, path)
    return out


def _lod_of(obj):
    """The LOD object `obj` belongs to (itself, or the LOD above a proxy's model)."""
    while obj is not None and "rv_lod_name" not in obj:
        obj = obj.parent
    return obj


def _show_only(context, root, groups, shown):
    """As a3ob users expect: the LOD the game shows is visible; the other visual LODs are hidden
    (eye and render), and the Shadows, Geometries, Point clouds and Misc collections are hidden in
    the viewport and in renders. Everything stays in the file, one click away."""
    layer = _layer_collection(context.view_layer.layer_collection, root)
    for name, collection in groups.items():
        if name == "Visuals":
            hidden = [o for o in collection.objects if o.type == "MESH" and _lod_of(o) is not shown] if shown else []
            for obj in hidden:
                obj.hide_set(True)
                obj.hide_render = True
            continue
        collection.hide_render = True
        child = _layer_collection(layer, collection) if layer else None
        if child is not None:
            child.hide_viewport = True


def import_texture(path):
    """A .paa/.pac file as a packed Blender image (its largest mip, ZIWS undone), colour or
    non-colour as its name says (the library's rule: _nohq, _smdi, _as are data). Returns
    (image, warnings); raises ImportFailed with the library's message."""
    try:
        t = rvlib.TextureFile(path)
    except (rvlib.DecodeFailed, rvlib.LibraryMissing) as e:
        raise ImportFailed(str(e), names_file=isinstance(e, rvlib.DecodeFailed))
    img = _packed_image(os.path.basename(path), t.width, t.height, t.pixels, not t.is_colour, t.has_alpha,
                        rv_path=path, rv_type=t.type, rv_role=t.role)
    return img, t.warnings


def import_model(context, path, first_lod_only=False, proxies=True, selections=True, normals=True, materials=True,
                 autocenter=True, data_root="", max_texture_size=0, config="", config_class="", armature=True,
                 proxy_models="resolve", session=None, images=None):
    """Returns (LOD count, warnings). Raises ImportFailed with the library's message.
    `proxies`: an empty per proxy; `proxy_models` ("resolve", "all", "nodes"): with a data root, the
    models the game draws at proxies (all: crew, cargo, flag and muzzle-flash places too) under them.
    max_texture_size N > 0: each texture as its .paa's largest own mip within N x N. `config` and
    `config_class`: the variant a config class shows (hiddenSelectionsTextures / -Materials).
    `armature`: a skinned model's skeleton as an Armature object its skinned LODs are bound to
    (build_armature); it is left active, ready for an .rtm. `session` and `images`: what the files
    of one import share (rvlib.Session; the Blender images made so far, by image key), so that a
    texture several of them use is decoded once and becomes one image."""
    images = {} if images is None else images
    try:
        model = rvlib.Model(path, "first" if first_lod_only else "all", autocenter, data_root if materials else "",
                            max_texture_size=max_texture_size, config=config, config_class=config_class,
                            proxies=proxy_models if proxies else "nodes", session=session,
                            known_images=images)
    except (rvlib.DecodeFailed, rvlib.LibraryMissing) as e:
        raise ImportFailed(str(e), names_file=isinstance(e, rvlib.DecodeFailed))
    options = {"normals": normals, "selections": selections, "materials": materials, "warnings": model.warnings,
               "path": path}
    created = Created()
    try:
        root = created.collection(os.path.basename(path))
        groups = {}
        mats = _model_materials(created, model, images) if materials else []
        drawn = _ProxyModels(created, model, options, images)
        shown = None  # the LOD the game shows: the only one visible after the import
        rig = build_armature.armature_object(created, model, autocenter) if armature and build_armature.wanted(
            model) else None
        if rig is not None:
            root.objects.link(rig)
            names = build_armature.bone_names(model)
        for lod in model.lods:
            group_name = _GROUPS.get(lod.kind, _MISC)
            if group_name not in groups:
                groups[group_name] = created.collection(group_name)
                root.children.link(groups[group_name])
            obj = _lod_object(created, lod, mats, options)
            groups[group_name].objects.link(obj)
            if rig is not None and lod.is_skinned:
                build_armature.bind(obj, lod, rig, names)
            if lod.file_index == model.first_visual_file_index:
                shown = obj
            if proxies:
                for made in _proxy_empties(created, lod, obj, drawn):
                    groups[group_name].objects.link(made)
        drawn.warn()
        context.scene.collection.children.link(root)  # the one step that shows the import
        if rig is not None:  # edit bones need the armature in the view layer
            build_armature.add_bones(context, rig, model.bones)
        _show_only(context, root, groups, shown)
        created.done()
    except Exception:
        for key in [k for k, img in images.items() if img in created.images]:
            del images[key]  # removed below: the import's next files make their own
        created.remove_all()
        raise
    return len(model.lods), model.warnings


# The terrain tiles' second UV map: each corner's UVs into its cell's layer picture.
