# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The map of an opened terrain from librvimport (include/rvimport_terrain.h, ABI 8): its satellite
mosaic as one image, and its vector layers (roads, forests, houses...) as the library places them
on the ground, so the add-on draws what `rvimport map` writes and derives nothing itself."""
import ctypes

from .abi import RvError, lib
from .rvlib import _failure, _fill, _lines, _text

MOSAIC_SATELLITE = 0  # RV_MOSAIC_SATELLITE
GEOMETRY_POINT, GEOMETRY_LINE, GEOMETRY_POLYGON = 0, 1, 2  # RV_GEOMETRY_*


class MosaicImage:
    """The map as its layers' satellite pictures paint it, cut to what the tiles cover, so the
    tiles' whole-map UVs ("UVMap") put each pixel where it lies; float RGBA bottom row first
    (Blender's layout), like rvlib.Texture."""

    role = "satellite"
    key = "satellite mosaic"  # its own images dict: one per terrain (build_materials._image)

    def __init__(self, terrain, max_size):
        L, h = lib(), terrain._h
        err = RvError()
        if L.rv_terrain_mosaic_build(h, MOSAIC_SATELLITE, max_size, ctypes.byref(err)) != 0:
            raise _failure(err)
        try:
            w, ht = ctypes.c_uint32(), ctypes.c_uint32()
            L.rv_terrain_mosaic_size(h, ctypes.byref(w), ctypes.byref(ht))
            self.width, self.height = w.value, ht.value
            self.layers_drawn = L.rv_terrain_mosaic_layers_drawn(h)
            self.warnings = _lines(L.rv_terrain_mosaic_warning_count(h), lambda i: L.rv_terrain_mosaic_warning(h, i))
            self.pixels = _fill("f", 4 * self.width * self.height, lambda p: L.rv_terrain_mosaic_rgba_float_bottom_up(h, p))
        finally:
            L.rv_terrain_mosaic_release(h)  # the library's copy: Blender holds these pixels
        self.reference = "satellite mosaic"

    def release(self):
        self.pixels = None


class MapLayer:
    """One vector layer: its name, geometry (GEOMETRY_*) and features as (kind, object id or -1,
    points), each point (x, y, z) in the terrain's frame on the ground the tiles draw."""

    def __init__(self, h, i):
        L = lib()
        self.name = _text(L.rv_terrain_map_layer_name(h, i))
        self.geometry = L.rv_terrain_map_layer_geometry(h, i)
        self.features = []
        for f in range(L.rv_terrain_map_feature_count(h, i)):
            n = L.rv_terrain_map_feature_point_count(h, i, f)
            points = _fill("f", 3 * n, lambda p, f=f: L.rv_terrain_map_feature_points(h, i, f, p))
            self.features.append((_text(L.rv_terrain_map_feature_kind(h, i, f)),
                                  L.rv_terrain_map_feature_object_id(h, i, f), points))


def map_layers(terrain):
    """(layers, warnings): every vector layer of `terrain` (rvlib.Terrain) but the objects, which
    the import places as models; and the records left out, counted per reason."""
    L, h = lib(), terrain._h
    layers = [MapLayer(h, i) for i in range(L.rv_terrain_map_layer_count(h))]
    warnings = _lines(L.rv_terrain_map_warning_count(h), lambda i: L.rv_terrain_map_warning(h, i))
    return [layer for layer in layers if layer.name != "objects"], warnings
