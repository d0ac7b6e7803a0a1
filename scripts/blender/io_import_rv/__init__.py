# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Import binarized Arma / Operation Flashpoint models (.p3d, ODOL) and terrains (.wrp) into Blender.

The decoding and its interpretation happen in rvimport's C++ library (librvimport, loaded with
ctypes from $RVIMPORT_LIB or from beside this file); this add-on only hands its flat arrays to
Blender.
Layout follows the a3ob add-on, so its users feel at home: a collection per file, one mesh
object per LOD named with the BI LOD name in typed sub-collections, selections as vertex groups,
every UV set, custom normals on visual LODs, one material per texture + rvmat pair, proxies as
empties. File (x, y, z) becomes Blender (x, z, y)."""

bl_info = {
    "name": "Arma/OFP binarized models and terrains (rvimport)",
    "author": "rvimport",
    "version": (0, 2, 0),
    "blender": (3, 4, 0),
    "location": "File > Import",
    "description": "Import binarized P3D models (ODOL) and WRP terrains of Operation Flashpoint, ArmA, Arma 2 and Arma 3",
    "category": "Import-Export",
}

import os
import traceback

import bpy
from bpy.props import (BoolProperty, CollectionProperty, EnumProperty, FloatProperty, FloatVectorProperty, IntProperty,
                       StringProperty)
from bpy_extras.io_utils import ImportHelper

from . import build, build_animation, compat, rvlib
from .modal_import import ModalSteps, _report_warnings

_MAX_TEXTURE_HELP = ("The largest texture side: each .paa comes as its own largest mip no wider or taller than "
                     "this (no resampling; a lighter .blend). 0: full size")

_MEMORY_HELP = ("The most memory the library may use for one import (decoded file and its view), in MiB; "
                "a file that needs more is refused with a message naming the limit")


class RvImportPreferences(bpy.types.AddonPreferences):
    bl_idname = __name__

    data_root: StringProperty(name="Data Root", subtype="DIR_PATH",
                              description="Default folder where textures and materials are found (a P: drive, "
                                          "or a folder of PBOs)")

    memory_limit: IntProperty(name="Memory Limit (MB)", description=_MEMORY_HELP, default=2048, min=1, max=1 << 20)

    def draw(self, context):
        self.layout.prop(self, "data_root")
        self.layout.prop(self, "memory_limit")


def _preferred_data_root(context):
    addon = context.preferences.addons.get(__name__)
    return addon.preferences.data_root if addon else ""


def _memory_limit(operator, context):
    """The operator's limit; 0 there means the preference's."""
    if operator.memory_limit:
        return operator.memory_limit
    addon = context.preferences.addons.get(__name__)
    return addon.preferences.memory_limit if addon else 2048


class _import_session:
    """What the files of one import share (`with _import_session(op, root) as shared:`): a library
    session (the data root indexed once, each texture decoded once) and the Blender images made so
    far, so that a texture several files use becomes one image. No session without materials or a
    data root, or when the root cannot be opened: each file then reports that as it did alone."""

    def __init__(self, operator, data_root):
        self.operator, self.data_root, self.session, self.images = operator, data_root, None, {}

    def __enter__(self):
        if self.operator.materials and self.data_root:
            try:
                self.session = rvlib.Session(self.data_root, self.operator.max_texture_size)
            except (rvlib.DecodeFailed, rvlib.LibraryMissing):
                self.session = None
        return self

    def __exit__(self, *exc):
        if self.session is not None:
            _report_warnings(self.operator, self.session.warnings())  # the root's own, once, when found
            self.session.close()
        return False


def _selected_paths(operator):
    """The files an import names: several (the file browser's multi-selection, a drop of several
    files: `directory` + `files`), else `filepath`."""
    names = [f.name for f in operator.files if f.name] if operator.directory else []
    if names:
        return [os.path.join(operator.directory, n) for n in names]
    return [operator.filepath] if operator.filepath else []


class _MultiFileImport(ImportHelper):
    """ImportHelper with several files at once, and drag and drop (FileHandler, 4.1+): a drop
    fills `directory` + `files` and asks for the options in a popup before importing."""

    files: CollectionProperty(type=bpy.types.OperatorFileListElement, options={"HIDDEN", "SKIP_SAVE"})
    directory: StringProperty(subtype="DIR_PATH", options={"HIDDEN", "SKIP_SAVE"})

    def invoke(self, context, event):
        if self.directory and len(self.files) and hasattr(self, "invoke_popup"):  # a drop (4.1+)
            return self.invoke_popup(context)
        return ImportHelper.invoke(self, context, event)

    def import_each(self, context, import_one):
        """import_one(path) for every selected file; a file that fails is reported by name in the
        info area (its import has removed whatever it made) and the others still import."""
        paths = _selected_paths(self)
        done = 0
        for path in paths:
            try:
                warnings = import_one(path)
            except build.ImportFailed as e:
                self.report({"ERROR"}, str(e) if e.names_file else "%s: %s" % (os.path.basename(path), e))
                continue
            _report_warnings(self, warnings)
            done += 1
        if len(paths) > 1:
            self.report({"INFO"} if done == len(paths) else {"WARNING"},
                        "Imported %d of %d files" % (done, len(paths)))
        return {"FINISHED"} if done else {"CANCELLED"}


class IMPORT_SCENE_OT_rv_p3d(bpy.types.Operator, _MultiFileImport):
    """Import Arma/OFP models (binarized ODOL or editable MLOD .p3d)"""

    bl_idname = "import_scene.rv_p3d"
    bl_label = "Import Arma/OFP model (.p3d)"
    bl_options = {"REGISTER", "UNDO", "PRESET"}
    filename_ext = ".p3d"
    filter_glob: StringProperty(default="*.p3d", options={"HIDDEN"})

    first_lod_only: BoolProperty(name="First LOD Only", description="Import only the first LOD", default=False)
    proxies: BoolProperty(name="Proxies", description="Create an empty for every proxy", default=True)
    proxy_models: EnumProperty(
        name="Proxy Models", default="resolve",
        description="With a Data Root: the model each proxy names, drawn under its empty as the game draws it",
        items=[("resolve", "As the Game Draws", "Heads, glass, wheels, weapons...; crew, cargo, flag and "
                                                "muzzle-flash places stay empties"),
               ("all", "All", "Every proxy whose model the Data Root holds"),
               ("nodes", "None", "Proxies as empties only")])
    selections: BoolProperty(name="Selections", description="Named selections as vertex groups", default=True)
    normals: BoolProperty(name="Custom Normals", description="Stored normals on visual LODs", default=True)
    materials: BoolProperty(name="Materials", description="One material per texture + rvmat pair", default=True)
    data_root: StringProperty(name="Data Root", subtype="DIR_PATH",
                              description="Folder laid out like the game's files (a P: drive; PBOs below it are "
                                          "read too) where textures are found. Empty: the add-on preference")
    autocenter: BoolProperty(name="Autocenter",
                             description="Place the model as the game does (relative to its bounding centre); "
                                         "off: the editable model's coordinates, as Object Builder shows them",
                             default=True)
    memory_limit: IntProperty(name="Memory Limit (MB)", description=_MEMORY_HELP + ". 0: the add-on preference",
                              default=0, min=0, max=1 << 20)
    config: StringProperty(name="Config", subtype="FILE_PATH",
                           description="A config.cpp or config.bin whose class retextures the model, as the game "
                                       "shows that variant (hiddenSelectionsTextures). Empty: the model as it is")
    config_class: StringProperty(name="Class", description="The config class (CfgVehicles, CfgWeapons...) whose "
                                                           "hiddenSelectionsTextures and -Materials to apply")
    max_texture_size: IntProperty(name="Max Texture Size", description=_MAX_TEXTURE_HELP, default=0, min=0,
                                  max=65536)
    armature: BoolProperty(name="Armature", default=True,
                           description="A skinned model's skeleton as an armature, its LODs bound to it with one "
                                       "vertex group per bone (ready for .rtm animations)")

    def execute(self, context):
        data_root = self.data_root or _preferred_data_root(context)
        with rvlib.memory_limit(_memory_limit(self, context)), _import_session(self, data_root) as shared:
            def import_one(path):
                lods, warnings = build.import_model(context, path, self.first_lod_only, self.proxies,
                                                    self.selections, self.normals, self.materials, self.autocenter,
                                                    data_root, self.max_texture_size, config=self.config,
                                                    config_class=self.config_class, armature=self.armature,
                                                    proxy_models=self.proxy_models, session=shared.session,
                                                    images=shared.images)
                self.report({"INFO"}, "Imported %d LODs from %s" % (lods, os.path.basename(path)))
                return warnings
            return self.import_each(context, import_one)


class IMPORT_IMAGE_OT_rv_paa(bpy.types.Operator, _MultiFileImport):
    """Open Arma/OFP textures (.paa, .pac) as images: every PAA type, packed into the .blend"""

    bl_idname = "import_image.rv_paa"
    bl_label = "Open Arma/OFP texture (.paa, .pac)"
    bl_options = {"REGISTER", "UNDO"}
    filename_ext = ".paa"
    filter_glob: StringProperty(default="*.paa;*.pac", options={"HIDDEN"})
    memory_limit: IntProperty(name="Memory Limit (MB)", description=_MEMORY_HELP + ". 0: the add-on preference",
                              default=0, min=0, max=1 << 20)

    def execute(self, context):
        made = []

        def import_one(path):
            with rvlib.memory_limit(_memory_limit(self, context)):
                img, warnings = build.import_texture(path)
            made.append(img)
            return warnings
        result = self.import_each(context, import_one)
        space = context.space_data
        if made and space is not None and space.type == "IMAGE_EDITOR":
            space.image = made[-1]  # opened from the Image Editor: show it there
        return result


class IMPORT_ANIM_OT_rv_rtm(bpy.types.Operator, _MultiFileImport):
    """Import Arma/OFP animations (.rtm: RTM_0101, BMTR) onto the active armature, each as a new action"""

    bl_idname = "import_anim.rv_rtm"
    bl_label = "Real Virtuality Animation (.rtm)"
    bl_options = {"REGISTER", "UNDO"}
    filename_ext = ".rtm"
    filter_glob: StringProperty(default="*.rtm", options={"HIDDEN"})
    frame_range: BoolProperty(name="Extend Frame Range", default=True,
                              description="Extend the scene's end frame to the animation's last key")
    memory_limit: IntProperty(name="Memory Limit (MB)", description=_MEMORY_HELP + ". 0: the add-on preference",
                              default=0, min=0, max=1 << 20)

    def execute(self, context):
        def import_one(path):
            try:
                action, warnings = build_animation.import_animation(context, context.active_object, path,
                                                                    self.frame_range)
            except build.ImportFailed:
                raise
            except Exception as e:  # noqa: BLE001 - a defect of ours: still reported, and the import took itself back
                traceback.print_exc()
                raise build.ImportFailed("%s could not be imported (%s: %s)"
                                         % (os.path.basename(path), type(e).__name__, e), names_file=True)
            self.report({"INFO"}, "Imported %s onto %s" % (action.name, context.active_object.name))
            return warnings
        with rvlib.memory_limit(_memory_limit(self, context)):
            return self.import_each(context, import_one)


class IMPORT_SCENE_OT_rv_wrp(bpy.types.Operator, _MultiFileImport, ModalSteps):
    """Import an Arma/OFP terrain (.wrp: 4WVR, 8WVR, OPRW)"""

    bl_idname = "import_scene.rv_wrp"
    bl_label = "Import Arma/OFP terrain (.wrp)"
    bl_options = {"REGISTER", "UNDO", "PRESET"}
    filename_ext = ".wrp"
    filter_glob: StringProperty(default="*.wrp", options={"HIDDEN"})

    cell_size: FloatProperty(name="Cell Size", description="Height-grid spacing for worlds that do not store it (OFP)",
                             default=50.0, min=0.01)
    objects: BoolProperty(name="Objects", description="Every placed object: its model from the data root (one shared "
                                                     "mesh per model), else a marker", default=True)
    placement: EnumProperty(name="Placement", items=build.PLACEMENTS, default="POINTS",
                            description="How placed objects become Blender data")
    data_root: StringProperty(name="Data Root", subtype="DIR_PATH",
                              description="Folder laid out like the game's files (a P: drive; PBOs below it are "
                                          "read too) where the placed models, their textures and the terrain layers' "
                                          "pictures (layer .rvmat Stage0) are found. Empty: the add-on preference")
    memory_limit: IntProperty(name="Memory Limit (MB)", description=_MEMORY_HELP + ". 0: the add-on preference",
                              default=0, min=0, max=1 << 20)
    terrain_step: IntProperty(name="Terrain Step", default=1, min=1, max=64,
                              description="Every Nth height sample (and the last row and column): a lighter mesh "
                                          "for 4096² and 8192² worlds")
    region: FloatVectorProperty(name="Region (m)", size=4, default=(0.0, 0.0, 0.0, 0.0),
                                description="West, south, east, north in metres from the map's south-west corner: "
                                            "only that part of the world and the objects in it. All 0: the whole world")
    max_texture_size: IntProperty(name="Max Texture Size", description=_MAX_TEXTURE_HELP, default=0, min=0,
                                  max=65536)
    satellite: BoolProperty(name="Satellite Mosaic", default=False,
                            description="One material: the layers' satellite pictures as one image over the whole "
                                        "terrain, the far view as the game draws it (needs the Data Root). Off: a "
                                        "material per layer")
    satellite_size: IntProperty(name="Mosaic Size", default=4096, min=64, max=16384,
                                description="The satellite mosaic's largest side in pixels")
    map_layers: BoolProperty(name="Map Layers", default=False,
                             description="Roads, forests, houses, power lines, rivers and the map's other records "
                                         "as objects on the ground (a Map collection)")
    # Set by invoke (the File > Import menu): execute then imports step by step under a timer, with
    # a progress bar and Esc. Scripts (bpy.ops EXEC) and background Blender import synchronously.
    interactive: BoolProperty(default=False, options={"HIDDEN", "SKIP_SAVE"})

    def invoke(self, context, event):
        self.interactive = True
        return _MultiFileImport.invoke(self, context, event)

    def _steps(self, context, path):
        return build.terrain_steps(context, path, self.cell_size, self.objects,
                                   data_root=self.data_root or _preferred_data_root(context), placement=self.placement,
                                   terrain_step=self.terrain_step, region=tuple(self.region),
                                   max_texture_size=self.max_texture_size,
                                   satellite_size=self.satellite_size if self.satellite else 0,
                                   map_layers=self.map_layers)

    def execute(self, context):
        mb = _memory_limit(self, context)
        paths = _selected_paths(self)
        if len(paths) != 1:  # several worlds: one after the other, without the modal progress
            def import_one(path):
                return build.run_steps(self._steps(context, path), mb)
            return self.import_each(context, import_one)
        self.filepath = paths[0]
        steps = self._steps(context, self.filepath)
        if self.interactive and context.window is not None and not bpy.app.background and not self.options.is_repeat:
            return self._start(context, steps, mb)
        try:
            warnings = build.run_steps(steps, mb)
        except build.ImportFailed as e:
            self.report({"ERROR"}, str(e))
            return {"CANCELLED"}
        _report_warnings(self, warnings)
        return {"FINISHED"}


def _menu(self, context):
    self.layout.operator(IMPORT_SCENE_OT_rv_p3d.bl_idname, text="Arma/OFP model (.p3d)")
    self.layout.operator(IMPORT_SCENE_OT_rv_wrp.bl_idname, text="Arma/OFP terrain (.wrp)")
    self.layout.operator(IMPORT_IMAGE_OT_rv_paa.bl_idname, text="Arma/OFP texture (.paa, .pac)")
    self.layout.operator(IMPORT_ANIM_OT_rv_rtm.bl_idname, text="Real Virtuality Animation (.rtm)")


def _image_menu(self, context):
    self.layout.operator(IMPORT_IMAGE_OT_rv_paa.bl_idname, text="Open Arma/OFP Texture (.paa, .pac)...")


_classes = [RvImportPreferences, IMPORT_SCENE_OT_rv_p3d, IMPORT_SCENE_OT_rv_wrp, IMPORT_IMAGE_OT_rv_paa,
            IMPORT_ANIM_OT_rv_rtm]

def _file_handler(kind, label, operator, extensions, areas):
    """A FileHandler (4.1+): files with these extensions dropped on one of `areas` open with
    `operator`, whose options show in a popup first."""
    def poll_drop(cls, context):
        return context.area is not None and context.area.type in areas
    return type("RV_FH_" + kind, (bpy.types.FileHandler,),
                {"bl_idname": "RV_FH_" + kind, "bl_label": label, "bl_import_operator": operator.bl_idname,
                 "bl_file_extensions": extensions, "poll_drop": classmethod(poll_drop)})


if compat.HAS_FILE_HANDLER:
    # Drag and drop: models and terrains on the 3D viewport, textures there or on the Image and
    # Shader editors, animations there or on the animation editors.
    _classes += [_file_handler("p3d", "Arma/OFP model", IMPORT_SCENE_OT_rv_p3d, ".p3d", {"VIEW_3D"}),
                 _file_handler("wrp", "Arma/OFP terrain", IMPORT_SCENE_OT_rv_wrp, ".wrp", {"VIEW_3D"}),
                 _file_handler("paa", "Arma/OFP texture", IMPORT_IMAGE_OT_rv_paa, ".paa;.pac",
                               {"VIEW_3D", "IMAGE_EDITOR", "NODE_EDITOR"}),
                 # onto the active armature, also where animators work
                 _file_handler("rtm", "Arma/OFP animation", IMPORT_ANIM_OT_rv_rtm, ".rtm",
                               {"VIEW_3D", "DOPESHEET_EDITOR", "GRAPH_EDITOR", "NLA_EDITOR"})]


def register():
    for c in _classes:
        bpy.utils.register_class(c)
    bpy.types.TOPBAR_MT_file_import.append(_menu)
    bpy.types.IMAGE_MT_image.append(_image_menu)


def unregister():
    bpy.types.IMAGE_MT_image.remove(_image_menu)
    bpy.types.TOPBAR_MT_file_import.remove(_menu)
    for c in reversed(_classes):
        bpy.utils.unregister_class(c)
