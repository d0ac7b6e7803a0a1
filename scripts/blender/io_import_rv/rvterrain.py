# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""ctypes binding of librvimport's terrains (include/rvimport_terrain.h): an opened world, its
tiles built one at a time, its layer pictures and placements, in Blender's frame, as flat arrays.
Split from rvlib.py, whose helpers it uses; callers reach it as rvlib.Terrain."""
import ctypes
import os

from .abi import RvError, _U32, lib
from .rvlib import Model, _failure, _fill, _buffer, _lines, _options, _ptr, _text


class LayerImage:
    """A terrain layer's picture (the satellite segment its rvmat's Stage0 names, or an OFP cell
    texture): size and float RGBA bottom row first (Blender's layout), like Texture."""

    role = "layer"

    def __init__(self, h, material, width, height):
        L = lib()
        self.reference = _text(L.rv_terrain_layer_image_reference(h, material))
        self.key = "layer\n" + self.reference  # one image per picture (build_materials._image)
        self.width, self.height = width, height
        # True: the picture covers its cells once (a satellite segment): sampled clamped to its edge
        self.clamped = bool(L.rv_terrain_layer_image_clamped(h, material))
        self.pixels = _fill("f", 4 * width * height,
                            lambda p: L.rv_terrain_layer_image_rgba_float_bottom_up(h, material, p))

    def release(self):
        """Drops the float copy once Blender holds the pixels."""
        self.pixels = None


class Tile:
    def __init__(self, h, layer_uvs=False):
        L = lib()
        ext = _fill("I", 6, lambda p: L.rv_tile_extent(h, p))
        self.column, self.row = ext[0], ext[1]
        n, cells = L.rv_tile_vertex_count(h), L.rv_tile_cell_count(h)
        self.positions = _fill("f", 3 * n, lambda p: L.rv_tile_positions(h, p))
        self.quads = _fill("i", 4 * cells, lambda p: L.rv_tile_quads(h, p))
        self.corner_uvs = _fill("f", 8 * cells, lambda p: L.rv_tile_corner_uvs(h, p))
        # UVs into each cell's layer picture, same corners; None when no layer has a picture.
        self.corner_layer_uvs = _fill("f", 8 * cells, lambda p: L.rv_tile_corner_layer_uvs(h, p)) if layer_uvs else None
        self.cell_groups = _fill("I", cells, lambda p: L.rv_tile_cell_groups(h, p))
        out3 = _buffer("I", 3)
        self.group_materials = []
        for g in range(L.rv_tile_group_count(h)):
            L.rv_tile_group(h, g, _ptr(out3))
            self.group_materials.append(out3[0])
        self.vertex_count, self.cell_count = n, cells


class Terrain:
    """An opened terrain; tiles are built one at a time by tiles()."""

    def __init__(self, path, default_cell_size=None, tile_cells=None, data_root="", terrain_step=1, region=None,
                 max_texture_size=0):
        L = lib()
        err, h = RvError(), ctypes.c_void_p()
        opts = _options(None, True, default_cell_size, tile_cells, data_root=data_root, terrain_step=terrain_step,
                        region=region, max_texture_size=max_texture_size)
        self.max_texture_size = max_texture_size  # the placed models' textures too
        if L.rv_terrain_open(os.fsencode(path), ctypes.byref(opts), ctypes.byref(h), ctypes.byref(err)) != 0:
            raise _failure(err)
        self._h = h
        self.signature = _text(L.rv_terrain_signature(h))
        self.version = L.rv_terrain_version(h)
        self.warnings = _lines(L.rv_terrain_warning_count(h), lambda k: L.rv_terrain_warning(h, k))
        x, y = _U32(), _U32()
        L.rv_terrain_map_size(h, ctypes.byref(x), ctypes.byref(y))
        self.map_size = (x.value, y.value)
        L.rv_terrain_layer_size(h, ctypes.byref(x), ctypes.byref(y))
        self.layer_size = (x.value, y.value)
        self.cell_size = L.rv_terrain_cell_size(h)
        self.materials = [_text(L.rv_terrain_material(h, i)) for i in range(L.rv_terrain_material_count(h))]
        # Each layer's picture size, (0, 0) without one (always without a data root); the pixels
        # are read on demand by layer_image().
        self.layer_image_sizes = []
        for i in range(len(self.materials)):
            ok = L.rv_terrain_layer_image_size(h, i, ctypes.byref(x), ctypes.byref(y))
            self.layer_image_sizes.append((x.value, y.value) if ok else (0, 0))
        self.has_layer_images = any(w and ht for w, ht in self.layer_image_sizes)
        # What each layer material is shown as: its name and base colour (the view's rules).
        self.layer_names = [_text(L.rv_terrain_layer_name(h, i)) for i in range(len(self.materials))]
        self.layer_colours = [tuple(_fill("f", 4, lambda p, i=i: L.rv_terrain_layer_colour(h, i, p)))
                              for i in range(len(self.materials))]
        n = L.rv_terrain_object_count(h)
        self.object_count = n
        self.object_ids = [L.rv_terrain_object_id(h, i) for i in range(n)]
        self.object_transforms = _fill("f", 16 * n, lambda p: L.rv_terrain_object_transforms(h, p))
        self.object_decomposition = None  # decompose(object_transforms), made when first needed
        self.tile_count = L.rv_terrain_tile_count(h)
        self.vertex_count = L.rv_terrain_vertex_count(h)  # of all tiles, known before any is built
        # Objects grouped by model (objects with a non-finite transform are left out by the view)
        self.placements = []
        for i in range(L.rv_terrain_placement_count(h)):
            k = L.rv_terrain_placement_object_count(h, i)
            objs = _fill("I", k, lambda p, i=i: L.rv_terrain_placement_objects(h, i, p))
            self.placements.append((_text(L.rv_terrain_placement_model(h, i)), objs))

    @property
    def object_models(self):
        """Every object's model path, in file order (one call per object: the import does not need
        them, placements group the objects by model)."""
        L = lib()
        return [_text(L.rv_terrain_object_model(self._h, i)) for i in range(self.object_count)]

    def placement_model(self, i):
        """Placement i's model from the terrain's data root, as a Model shown as the game places it
        (the library's rule: its first visual LOD, centred); DecodeFailed when it is not there or
        cannot be read."""
        L = lib()
        return Model("", _open=lambda o, h, e: L.rv_terrain_placement_model_open(self._h, i, o, h, e),
                     max_texture_size=self.max_texture_size)

    def layer_image(self, material):
        """Layer `material`'s picture as a LayerImage, None when it has none."""
        w, h = self.layer_image_sizes[material] if 0 <= material < len(self.layer_image_sizes) else (0, 0)
        return LayerImage(self._h, material, w, h) if w and h else None

    def tiles(self):
        L = lib()
        for i in range(self.tile_count):
            if L.rv_terrain_tile_load(self._h, i):
                yield Tile(self._h, self.has_layer_images)

    def close(self):
        if self._h:
            lib().rv_terrain_close(self._h)
            self._h = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
