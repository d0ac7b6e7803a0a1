# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""A terrain's map in Blender, from rvmap (the library's, nothing derived here): the satellite
mosaic as the tiles' one material, and the vector layers as objects on the ground: lines as
edges (roads, forests, power lines), polygons as faces (houses, rivers), points as vertices."""
import array

from . import compat, rvmap
from .build_materials import _image_node, _principled

SATELLITE_UV = "UVMap"  # the tiles' whole-map UVs, which the mosaic is cut to


def satellite_material(created, t, max_size, warnings):
    """One material showing the satellite mosaic (at most `max_size` pixels a side) through the
    tiles' whole-map UVs: the far view as the game draws it. None, with a warning, when the data
    root holds none of the layers' pictures. Raises rvlib.DecodeFailed (no data root, the memory
    limit)."""
    mosaic = rvmap.MosaicImage(t, max_size)
    warnings.extend(mosaic.warnings)
    if not mosaic.layers_drawn:
        warnings.append("no layer picture was found in the data root: the terrain keeps its layer materials")
        return None
    mat = created.material("satellite")
    mat["rv_satellite"] = "%d x %d" % (mosaic.width, mosaic.height)
    tree = compat.node_tree(mat)
    tex = _image_node(created, {}, tree.nodes, tree.links, mosaic, False, (-600, 300), uv_map=SATELLITE_UV)
    tex.extension = "EXTEND"  # the mosaic ends at the map's edge: never wrapped
    bsdf = _principled(tree)
    tree.links.new(tex.outputs["Color"], bsdf.inputs["Base Color"])
    bsdf.inputs["Roughness"].default_value = 1.0  # matte ground, as the glTF writer's terrain materials
    return mat


def _layer_mesh(created, layer):
    mesh = created.mesh(layer.name)
    positions, ids = array.array("f"), array.array("i")
    corners, starts, totals, edges = array.array("i"), array.array("i"), array.array("i"), array.array("i")
    for _kind, object_id, points in layer.features:
        first, n = len(positions) // 3, len(points) // 3
        positions.extend(points)
        ids.extend([object_id if -(1 << 31) <= object_id < (1 << 31) else -1] * n)
        if layer.geometry == rvmap.GEOMETRY_POLYGON and n >= 3:
            starts.append(len(corners))
            totals.append(n)
            corners.extend(range(first, first + n))
        elif layer.geometry == rvmap.GEOMETRY_LINE:
            for k in range(first, first + n - 1):
                edges.extend((k, k + 1))
    compat.fill_mesh(mesh, positions, corners, starts, totals)
    if edges:
        mesh.edges.add(len(edges) // 2)
        mesh.edges.foreach_set("vertices", edges)
    mesh.update(calc_edges=bool(starts))
    ids_attribute = mesh.attributes.new("rv_object_id", "INT", "POINT")
    ids_attribute.data.foreach_set("value", ids)
    return mesh


def map_layer_objects(created, t, collection, warnings):
    """One object per vector layer that has features (not the objects: the import places their
    models), linked into `collection`; each vertex keeps its record's object id (rv_object_id,
    -1: none) and the object its layer name and kinds."""
    layers, left_out = rvmap.map_layers(t)
    warnings.extend(left_out)
    made = 0
    for layer in layers:
        if not layer.features:
            continue
        obj = created.object(layer.name, _layer_mesh(created, layer))
        obj["rv_map_layer"] = layer.name
        obj["rv_kinds"] = sorted({kind for kind, _, _ in layer.features})
        collection.objects.link(obj)
        made += 1
    return made
