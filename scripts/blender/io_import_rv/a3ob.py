# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Arma 3 Object Builder (a3ob) interop: when a3ob is installed, each imported LOD, proxy and
material also fills a3ob's own property groups, so a3ob's tools and exporter take the model as
one of theirs. Nothing here runs without a3ob (bpy.types.Object has no a3ob_properties_object).

a3ob (MrClock8163/Arma3ObjectBuilder 2.5.1, props/object.py, props/material.py, utilities/data.py)
keeps a LOD as `lod`, an enum whose identifiers are its LOD-type numbers as strings, and an integer
`resolution` for the types that carry one; a proxy as proxy_path/proxy_index; a material as
texture_path/material_path. We map from the BI LOD names our library gives (rv_lod_name)."""
import bpy

# BI LOD name -> a3ob LOD type identifier, for the names without a resolution.
_FIXED = {"View Gunner": "1", "View Pilot": "2", "Geometry": "6", "Geometry Buoyancy": "7", "Geometry PhysX": "8",
          "Memory": "9", "Land Contact": "10", "Roadway": "11", "Paths": "12", "Hit-points": "13",
          "View Geometry": "14", "Fire Geometry": "15", "View Cargo Fire Geometry": "17", "View Commander": "18",
          "View Commander Geometry": "19", "View Commander Fire Geometry": "20", "View Pilot Geometry": "21",
          "View Pilot Fire Geometry": "22", "View Gunner Geometry": "23", "View Gunner Fire Geometry": "24",
          "Sub Parts": "25", "Wreck": "29"}
# Names with a resolution after a prefix: (prefix, a3ob type).
_PREFIXED = (("ShadowVolume - View Cargo", "26"), ("ShadowVolume - View Pilot", "27"),
             ("ShadowVolume - View Gunner", "28"), ("View Cargo Geometry", "16"), ("View Cargo", "3"),
             ("ShadowVolume ", "4"), ("Edit ", "5"))


def installed():
    return hasattr(bpy.types.Object, "a3ob_properties_object")


def lod_type(name):
    """(a3ob LOD type identifier, resolution) for a BI LOD name; ("-1", 0) when a3ob has no type."""
    if name in _FIXED:
        return _FIXED[name], 0
    for prefix, kind in _PREFIXED:
        if name.startswith(prefix):
            rest = name[len(prefix):].strip()
            try:
                return kind, int(round(float(rest))) if rest else 0
            except ValueError:
                return kind, 0
    try:
        return "0", int(round(float(name)))  # a resolution LOD: "1.000"
    except ValueError:
        return "-1", 0


def fill_lod(obj, name, resolution, properties):
    if not installed():
        return
    props = obj.a3ob_properties_object
    props.is_a3_lod = True
    kind, res = lod_type(name)
    props.lod = kind
    if kind == "-1":
        props.resolution_float = resolution
    else:
        props.resolution = res
    for key, value in properties:
        item = props.properties.add()
        item.name, item.value = key[:63], value[:63]


def fill_proxy(empty, path, index):
    if not hasattr(bpy.types.Object, "a3ob_properties_object_proxy"):
        return
    props = empty.a3ob_properties_object_proxy
    props.is_a3_proxy = True
    props.proxy_path = path
    props.proxy_index = max(0, min(999, index))


def fill_material(mat, texture, rvmat):
    if not hasattr(bpy.types.Material, "a3ob_properties_material"):
        return
    props = mat.a3ob_properties_material
    props.texture_type = "TEX"
    props.texture_path = texture
    props.material_path = rvmat
