# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""librvimport's C ABI for ctypes (include/rvimport.h, ABI 8): the structs, every function's
signature, and loading the library of this platform with its ABI checked. rvlib builds the
add-on's objects on it."""
import ctypes
import os
import platform
import sys

from . import platforms

ABI_VERSION = 8
AXES_Z_UP = 2
PROXIES = {"resolve": 0, "all": 1, "nodes": 2}  # RV_PROXIES_*
ERROR_NOT_RECOGNIZED = 2  # RV_ERROR_NOT_RECOGNIZED: not a file of the kind asked for

_U32, _U64, _F32, _I32, _CHARP = ctypes.c_uint32, ctypes.c_uint64, ctypes.c_float, ctypes.c_int32, ctypes.c_char_p
_VP = ctypes.c_void_p


class RvError(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int32), ("offset", ctypes.c_uint64), ("where", ctypes.c_char * 256),
                ("message", ctypes.c_char * 1024)]


class RvOptions(ctypes.Structure):
    _fields_ = [("abi_version", ctypes.c_int32), ("memory_limit", ctypes.c_uint64), ("lods", ctypes.c_char_p),
                ("autocenter", ctypes.c_int32), ("default_cell_size", ctypes.c_float), ("axes", ctypes.c_int32),
                ("uv_bottom_left", ctypes.c_int32), ("tile_cells", ctypes.c_uint32),
                ("split_folded_quads", ctypes.c_int32), ("data_root", ctypes.c_char_p),
                ("terrain_step", ctypes.c_uint32), ("region", ctypes.c_double * 4), ("config", ctypes.c_char_p),
                ("config_class", ctypes.c_char_p), ("max_texture_size", ctypes.c_uint32),
                ("model_config", ctypes.c_char_p), ("proxies", ctypes.c_int32), ("session", ctypes.c_void_p)]


class DecodeFailed(Exception):
    """The library could not read or decode a file; the message names the file, structure and offset."""


class LibraryMissing(Exception):
    """No librvimport for this platform, or one of another ABI."""


# The platform whose library is loaded (a test sets another to see what a macOS user sees).
PLATFORM = (sys.platform, platform.machine())


def _library_path():
    here = os.path.dirname(os.path.abspath(__file__))
    # Installed from the extensions platform (bl_ext.<repository>.io_import_rv): its own library only.
    extension = (__package__ or "").startswith("bl_ext.")
    try:
        return platforms.library_path(here, PLATFORM[0], PLATFORM[1], override=not extension)
    except platforms.NoLibrary as e:
        raise LibraryMissing(str(e))


_lib = None

# name: (restype, argtypes)
_SIGNATURES = {
    "rv_abi_version": (_I32, []),
    "rv_version_string": (_CHARP, []),
    "rv_options_init": (None, [_VP]),
    "rv_model_open": (_I32, [_CHARP, _VP, ctypes.POINTER(_VP), ctypes.POINTER(RvError)]),
    "rv_model_close": (None, [_VP]),
    "rv_model_version": (_U32, [_VP]),
    # sessions: the files of one import share a data root and their textures (ABI 8)
    "rv_session_open": (_I32, [_VP, ctypes.POINTER(_VP), ctypes.POINTER(RvError)]),
    "rv_session_close": (None, [_VP]),
    "rv_session_warning_count": (_U32, [_VP]),
    "rv_session_warning": (_CHARP, [_VP, _U32]),
    "rv_session_texture_counts": (None, [_VP, _VP]),
    "rv_material_image_key": (_CHARP, [_VP, _U32, _U32]),
    "rv_model_first_visual_lod": (_I32, [_VP]),
    "rv_model_warning_count": (_U32, [_VP]),
    "rv_model_memory_in_use": (_U64, [_VP]),
    "rv_model_warning": (_CHARP, [_VP, _U32]),
    "rv_model_material_count": (_U32, [_VP]),
    "rv_material_name": (_CHARP, [_VP, _U32]),
    "rv_material_texture": (_CHARP, [_VP, _U32]),
    "rv_material_rvmat": (_CHARP, [_VP, _U32]),
    "rv_material_image_count": (_U32, [_VP, _U32]),
    "rv_material_image_reference": (_CHARP, [_VP, _U32, _U32]),
    "rv_material_image_status": (_CHARP, [_VP, _U32, _U32]),
    "rv_material_image_size": (_I32, [_VP, _U32, _U32, ctypes.POINTER(_U32), ctypes.POINTER(_U32)]),
    "rv_material_image_rgba_float_bottom_up": (None, [_VP, _U32, _U32, _VP]),
    "rv_material_base_color_image": (_I32, [_VP, _U32]),
    "rv_material_normal_image": (_I32, [_VP, _U32]),
    "rv_material_metallic_roughness_image": (_I32, [_VP, _U32]),
    "rv_material_occlusion_image": (_I32, [_VP, _U32]),
    "rv_material_image_role": (_CHARP, [_VP, _U32, _U32]),
    "rv_material_image_uv_set": (_U32, [_VP, _U32, _U32]),
    "rv_material_base_color_factor": (None, [_VP, _U32, _VP]),
    "rv_material_emissive_factor": (None, [_VP, _U32, _VP]),
    "rv_material_metallic_factor": (_F32, [_VP, _U32]),
    "rv_material_roughness_factor": (_F32, [_VP, _U32]),
    "rv_material_alpha_mode": (_CHARP, [_VP, _U32]),
    "rv_model_lod_count": (_U32, [_VP]),
    "rv_lod_file_index": (_U32, [_VP, _U32]),
    "rv_lod_name": (_CHARP, [_VP, _U32]),
    "rv_lod_resolution": (_F32, [_VP, _U32]),
    "rv_lod_kind": (_CHARP, [_VP, _U32]),
    "rv_lod_vertex_count": (_U32, [_VP, _U32]),
    "rv_lod_positions": (None, [_VP, _U32, _VP]),
    "rv_lod_has_normals": (_I32, [_VP, _U32]),
    "rv_lod_normals": (None, [_VP, _U32, _VP]),
    "rv_lod_uv_set_count": (_U32, [_VP, _U32]),
    "rv_lod_corner_uvs": (None, [_VP, _U32, _U32, _VP]),
    "rv_lod_polygon_count": (_U32, [_VP, _U32]),
    "rv_lod_corner_count": (_U32, [_VP, _U32]),
    "rv_lod_polygons": (None, [_VP, _U32, _VP, _VP, _VP]),
    "rv_lod_polygon_groups": (None, [_VP, _U32, _VP]),
    "rv_lod_group_count": (_U32, [_VP, _U32]),
    "rv_lod_group": (None, [_VP, _U32, _U32, _VP]),
    "rv_lod_selection_count": (_U32, [_VP, _U32]),
    "rv_lod_selection_name": (_CHARP, [_VP, _U32, _U32]),
    "rv_lod_selection_vertex_count": (_U32, [_VP, _U32, _U32]),
    "rv_lod_selection_weight_runs": (_U32, [_VP, _U32, _U32, _VP, _VP, _VP]),
    "rv_lod_property_count": (_U32, [_VP, _U32]),
    "rv_lod_property_name": (_CHARP, [_VP, _U32, _U32]),
    "rv_lod_property_value": (_CHARP, [_VP, _U32, _U32]),
    "rv_lod_proxy_count": (_U32, [_VP, _U32]),
    "rv_lod_proxy_name": (_CHARP, [_VP, _U32, _U32]),
    "rv_lod_proxy_path": (_CHARP, [_VP, _U32, _U32]),
    "rv_lod_proxy_index": (_I32, [_VP, _U32, _U32]),
    "rv_lod_proxy_transform": (None, [_VP, _U32, _U32, _VP]),
    "rv_lod_proxy_model": (_VP, [_VP, _U32, _U32]),
    "rv_lod_has_mass": (_I32, [_VP, _U32]),
    "rv_lod_vertex_masses": (None, [_VP, _U32, _VP]),
    # skeletons and animations (ABI 5)
    "rv_model_center": (None, [_VP, _VP]),
    "rv_model_skeleton_name": (_CHARP, [_VP]),
    "rv_model_bone_count": (_U32, [_VP]),
    "rv_bone_name": (_CHARP, [_VP, _U32]),
    "rv_bone_parent": (_I32, [_VP, _U32]),
    "rv_bone_head": (None, [_VP, _U32, _VP]),
    "rv_lod_is_skinned": (_I32, [_VP, _U32]),
    "rv_lod_vertex_bones": (None, [_VP, _U32, _VP, _VP]),
    "rv_animation_open": (_I32, [_CHARP, _VP, ctypes.POINTER(_VP), ctypes.POINTER(RvError)]),
    "rv_animation_close": (None, [_VP]),
    "rv_animation_default_fps": (_F32, []),
    "rv_animation_signature": (_CHARP, [_VP]),
    "rv_animation_version": (_U32, [_VP]),
    "rv_animation_frame_count": (_U32, [_VP]),
    "rv_animation_phases": (None, [_VP, _VP]),
    "rv_animation_key_frames": (_U32, [_VP, _VP]),
    "rv_animation_step": (None, [_VP, _I32, _VP]),
    "rv_animation_bone_count": (_U32, [_VP]),
    "rv_animation_bone_name": (_CHARP, [_VP, _U32]),
    "rv_animation_warning_count": (_U32, [_VP]),
    "rv_animation_warning": (_CHARP, [_VP, _U32]),
    "rv_animation_pose": (_I32, [_VP, _U32, ctypes.POINTER(_CHARP), ctypes.POINTER(_I32), _I32, _VP, _VP, _VP,
                                 ctypes.POINTER(_U32), ctypes.POINTER(RvError)]),
    "rv_terrain_open": (_I32, [_CHARP, _VP, ctypes.POINTER(_VP), ctypes.POINTER(RvError)]),
    "rv_terrain_close": (None, [_VP]),
    "rv_terrain_signature": (_CHARP, [_VP]),
    "rv_terrain_version": (_U32, [_VP]),
    "rv_terrain_warning_count": (_U32, [_VP]),
    "rv_terrain_warning": (_CHARP, [_VP, _U32]),
    "rv_terrain_map_size": (None, [_VP, ctypes.POINTER(_U32), ctypes.POINTER(_U32)]),
    "rv_terrain_layer_size": (None, [_VP, ctypes.POINTER(_U32), ctypes.POINTER(_U32)]),
    "rv_terrain_cell_size": (_F32, [_VP]),
    "rv_terrain_material_count": (_U32, [_VP]),
    "rv_terrain_material": (_CHARP, [_VP, _U32]),
    "rv_terrain_tile_count": (_U32, [_VP]),
    "rv_terrain_vertex_count": (_U64, [_VP]),
    "rv_terrain_tile_load": (_I32, [_VP, _U32]),
    "rv_tile_extent": (None, [_VP, _VP]),
    "rv_tile_vertex_count": (_U32, [_VP]),
    "rv_tile_positions": (None, [_VP, _VP]),
    "rv_tile_cell_count": (_U32, [_VP]),
    "rv_tile_quads": (None, [_VP, _VP]),
    "rv_tile_corner_uvs": (None, [_VP, _VP]),
    "rv_tile_corner_layer_uvs": (None, [_VP, _VP]),
    "rv_tile_group_count": (_U32, [_VP]),
    "rv_tile_group": (None, [_VP, _U32, _VP]),
    "rv_tile_cell_groups": (None, [_VP, _VP]),
    "rv_terrain_layer_image_reference": (_CHARP, [_VP, _U32]),
    "rv_terrain_layer_image_size": (_I32, [_VP, _U32, ctypes.POINTER(_U32), ctypes.POINTER(_U32)]),
    "rv_terrain_layer_image_rgba8": (None, [_VP, _U32, _VP]),
    "rv_terrain_layer_image_rgba_float_bottom_up": (None, [_VP, _U32, _VP]),
    "rv_terrain_layer_image_clamped": (_I32, [_VP, _U32]),
    "rv_terrain_layer_name": (_CHARP, [_VP, _U32]),
    "rv_terrain_layer_colour": (None, [_VP, _U32, _VP]),
    # the map: mosaics and vector layers (ABI 7, rvimport_terrain.h)
    "rv_terrain_mosaic_build": (_I32, [_VP, _I32, _U32, ctypes.POINTER(RvError)]),
    "rv_terrain_mosaic_release": (None, [_VP]),
    "rv_terrain_mosaic_size": (None, [_VP, ctypes.POINTER(_U32), ctypes.POINTER(_U32)]),
    "rv_terrain_mosaic_layers_drawn": (_U32, [_VP]),
    "rv_terrain_mosaic_rgba_float_bottom_up": (None, [_VP, _VP]),
    "rv_terrain_mosaic_warning_count": (_U32, [_VP]),
    "rv_terrain_mosaic_warning": (_CHARP, [_VP, _U32]),
    "rv_terrain_map_layer_count": (_U32, [_VP]),
    "rv_terrain_map_layer_name": (_CHARP, [_VP, _U32]),
    "rv_terrain_map_layer_geometry": (_I32, [_VP, _U32]),
    "rv_terrain_map_feature_count": (_U32, [_VP, _U32]),
    "rv_terrain_map_feature_point_count": (_U32, [_VP, _U32, _U32]),
    "rv_terrain_map_feature_points": (None, [_VP, _U32, _U32, _VP]),
    "rv_terrain_map_feature_kind": (_CHARP, [_VP, _U32, _U32]),
    "rv_terrain_map_feature_object_id": (ctypes.c_int64, [_VP, _U32, _U32]),
    "rv_terrain_map_warning_count": (_U32, [_VP]),
    "rv_terrain_map_warning": (_CHARP, [_VP, _U32]),
    "rv_transforms_decompose": (_U64, [_VP, _U64, _VP, _VP]),
    "rv_terrain_object_count": (_U32, [_VP]),
    "rv_terrain_object_model": (_CHARP, [_VP, _U32]),
    "rv_terrain_object_id": (_U32, [_VP, _U32]),
    "rv_terrain_object_transforms": (None, [_VP, _VP]),
    "rv_terrain_placement_count": (_U32, [_VP]),
    "rv_terrain_placement_model": (_CHARP, [_VP, _U32]),
    "rv_terrain_placement_object_count": (_U32, [_VP, _U32]),
    "rv_terrain_placement_objects": (None, [_VP, _U32, _VP]),
    "rv_terrain_placement_model_open": (_I32, [_VP, _U32, _VP, ctypes.POINTER(_VP), ctypes.POINTER(RvError)]),
    "rv_texture_open": (_I32, [_CHARP, _VP, ctypes.POINTER(_VP), ctypes.POINTER(RvError)]),
    "rv_texture_close": (None, [_VP]),
    "rv_texture_type": (_CHARP, [_VP]),
    "rv_texture_mip_count": (_U32, [_VP]),
    "rv_texture_has_alpha": (_I32, [_VP]),
    "rv_texture_size": (None, [_VP, ctypes.POINTER(_U32), ctypes.POINTER(_U32)]),
    "rv_texture_rgba_float_bottom_up": (None, [_VP, _VP]),
    "rv_texture_role": (_CHARP, [_VP]),
    "rv_texture_is_colour": (_I32, [_VP]),
    "rv_texture_warning_count": (_U32, [_VP]),
    "rv_texture_warning": (_CHARP, [_VP, _U32]),
}


def lib():
    """The loaded library, its ABI checked against the one this module was written for."""
    global _lib
    if _lib is not None:
        return _lib
    path = _library_path()
    try:
        L = ctypes.CDLL(path)
    except OSError as e:
        raise LibraryMissing("cannot load %s: %s" % (path, e))
    L.rv_abi_version.restype = _I32
    abi = L.rv_abi_version()
    if abi != ABI_VERSION:
        raise LibraryMissing("%s has C ABI %d, this add-on needs %d: reinstall the add-on" % (path, abi, ABI_VERSION))
    for name, (res, args) in _SIGNATURES.items():
        fn = getattr(L, name)
        fn.restype, fn.argtypes = res, args
    _lib = L
    return L
