# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Materials and images from the view: packed images, node materials with the roles' slots, and
the BSDF factors every output shares."""
import bpy

from . import a3ob, compat
from .common import MAX_MATERIALS_PER_MESH, file_name, short_name, _slots


def _image(created, images, texture, non_color):
    """A Blender image holding decoded pixels, packed into the .blend (no file is written); one
    per decoded map (the library's image key), shared by every material, and every file of one
    import, that uses it."""
    key = texture.key
    if key in images:
        return images[key]
    base = file_name(texture.reference, "texture")
    if texture.role in ("metallic roughness", "occlusion"):
        base = "%s (%s)" % (base, texture.role)
    img = _packed_image(base, texture.width, texture.height, texture.pixels, non_color, True,
                        rv_path=texture.reference, rv_role=texture.role)
    texture.release()  # Blender holds the pixels now: the float copy goes before the next image's
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
