# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""ctypes binding of librvimport (include/rvimport.h, ABI 8): models and terrains as rvimport's view
layer interprets them, in Blender's frame, as flat arrays.

Everything a mesh needs (polygons in Blender's winding, per-corner UVs, material groups, decoded
selection weights, terrain tiles) is computed in the library; this module only copies arrays into
array.array buffers, which Blender's foreach_set accepts (Debian's Blender has no numpy)."""
import array
import ctypes
import os

from .abi import (ABI_VERSION, AXES_Z_UP, ERROR_NOT_RECOGNIZED, PROXIES, _CHARP, _F32, _I32, _U32, _U64, _VP,  # noqa: F401
                  DecodeFailed, LibraryMissing, RvError, RvOptions, _library_path, lib)
from .advice import blender_text


def _text(b):
    return b.decode("utf-8", "replace") if b else ""


def _failure(err):
    """The library's error as DecodeFailed, in the add-on's terms (advice.py)."""
    return DecodeFailed(blender_text(_text(err.message)))


def _lines(count, line):
    """The library's warnings line(0) .. line(count - 1), in the add-on's terms."""
    return [blender_text(_text(line(k))) for k in range(count)]


def _buffer(typecode, count):
    """`count` zeros, made in place: no transient copy of the size of the buffer."""
    return array.array(typecode, [0]) * count


def _fill(typecode, count, call):
    """An array.array of `count` items filled in place by call(pointer)."""
    buf = _buffer(typecode, count)
    if count:
        call(buf.buffer_info()[0])
    return buf


def _ptr(buf):
    return buf.buffer_info()[0] if len(buf) else None


def decompose(transforms):
    """Row-major 4x4 transforms (16 floats each) as the library decomposes them: an array of 9
    floats each (translation, XYZ Euler radians, scale; a mirror is a negative z scale) and a
    bytes of one flag each, 1 where the transform is sheared or degenerate (the view's one rule
    and tolerance, rv::decompose)."""
    if not (isinstance(transforms, array.array) and transforms.typecode == "f"):
        transforms = array.array("f", transforms)
    n = len(transforms) // 16
    out, inexact = _buffer("f", 9 * n), _buffer("B", n)
    if n:
        lib().rv_transforms_decompose(_ptr(transforms), n, _ptr(out), _ptr(inexact))
    return out, inexact


# The library's memory limit for the next opens, in MiB (0: the library's default). The
# operators set it around one import with memory_limit(); it bounds what the library allocates
# (decode and view), not Blender's own meshes.
_memory_limit_mb = 0


def memory_limit_bytes():
    """The limit imports run under now: memory_limit()'s, else the library's default
    (rv_options_init's, from include/rv/defaults.hpp)."""
    if _memory_limit_mb:
        return _memory_limit_mb << 20
    o = RvOptions()
    lib().rv_options_init(ctypes.byref(o))
    return o.memory_limit


class memory_limit:
    """`with rvlib.memory_limit(mb):` opens files with that memory limit (0 = the default)."""

    def __init__(self, mb):
        self.mb = max(0, int(mb))

    def __enter__(self):
        global _memory_limit_mb
        self.previous, _memory_limit_mb = _memory_limit_mb, self.mb
        return self

    def __exit__(self, *exc):
        global _memory_limit_mb
        _memory_limit_mb = self.previous
        return False


def _options(lods=None, autocenter=True, cell_size=None, tile_cells=None, data_root="", terrain_step=1, region=None,
             max_texture_size=0, config="", config_class="", proxies=None, session=None):
    """rv_options_init's defaults (include/rv/defaults.hpp, the one place), with what is given
    (a max_texture_size of 0 keeps the library's default: full size)."""
    o = RvOptions()
    lib().rv_options_init(ctypes.byref(o))
    if _memory_limit_mb:
        o.memory_limit = _memory_limit_mb << 20
    if lods is not None:
        o.lods = lods.encode()
    o.autocenter = 1 if autocenter else 0
    if cell_size is not None:
        o.default_cell_size = cell_size
    o.axes = AXES_Z_UP          # Blender: x east, y north, z up (as a3ob)
    o.uv_bottom_left = 1        # Blender's UV origin
    if tile_cells is not None:
        o.tile_cells = tile_cells
    o.split_folded_quads = 1    # Blender re-splits folded quads: take those as the engine's triangles
    o.data_root = os.fsencode(data_root) if data_root else None
    o.config = os.fsencode(config) if config else None  # a class's retexturing (hiddenSelectionsTextures)
    o.config_class = config_class.encode() if config_class else None
    o.terrain_step = max(1, int(terrain_step))
    if region:  # west, south, east, north in metres; the library ignores an empty one
        for k in range(4):
            o.region[k] = float(region[k])
    if max_texture_size and int(max_texture_size) > 0:
        o.max_texture_size = int(max_texture_size)
    if proxies is not None:  # "resolve", "all" or "nodes"
        o.proxies = PROXIES[proxies]
    if session is not None:  # its data root stands in for data_root
        o.session = session.handle
    return o


class Session:
    """The files of one import (rv_session): the data root indexed once, and each texture they share
    read and decoded once. Models opened with session=... read through it; their Texture.key says
    which images are the same pixels. `with Session(data_root, max_texture_size) as s:`"""

    def __init__(self, data_root="", max_texture_size=0):
        L = lib()
        err, self.handle = RvError(), ctypes.c_void_p()
        opts = _options(data_root=data_root, max_texture_size=max_texture_size)
        if L.rv_session_open(ctypes.byref(opts), ctypes.byref(self.handle), ctypes.byref(err)) != 0:
            raise _failure(err)

    def warnings(self):
        """The data root's own warnings (a damaged PBO) found so far: the root is indexed lazily, so
        they come with the imports; ask when they are done."""
        L = lib()
        return _lines(L.rv_session_warning_count(self.handle), lambda k: L.rv_session_warning(self.handle, k))

    def texture_counts(self):
        """(textures read and decoded, textures taken from an earlier open)."""
        out = _fill("Q", 2, lambda p: lib().rv_session_texture_counts(self.handle, p))
        return out[0], out[1]

    def close(self):
        if self.handle:
            lib().rv_session_close(self.handle)
            self.handle = ctypes.c_void_p()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


class Lod:
    """One LOD as the view gives it, in Blender's frame."""

    def __init__(self, h, i, placed=None):
        """placed(handle): the index in the opened Model's `placed` of a model drawn at a proxy."""
        L = lib()
        self.index = i
        self.file_index = L.rv_lod_file_index(h, i)
        self.name = _text(L.rv_lod_name(h, i))
        self.resolution = L.rv_lod_resolution(h, i)
        self.kind = _text(L.rv_lod_kind(h, i))
        n = L.rv_lod_vertex_count(h, i)
        self.vertex_count = n
        self.positions = _fill("f", 3 * n, lambda p: L.rv_lod_positions(h, i, p))
        self.normals = _fill("f", 3 * n, lambda p: L.rv_lod_normals(h, i, p)) if L.rv_lod_has_normals(h, i) else None
        np_, nc = L.rv_lod_polygon_count(h, i), L.rv_lod_corner_count(h, i)
        # Signed: Blender's int attributes take array('i') without a per-item conversion.
        self.loop_start, self.loop_total = _buffer("i", np_), _buffer("i", np_)
        self.corners = _buffer("i", nc)
        if np_:
            L.rv_lod_polygons(h, i, _ptr(self.loop_start), _ptr(self.loop_total), _ptr(self.corners))
        self.corner_uvs = [_fill("f", 2 * nc, lambda p, s=s: L.rv_lod_corner_uvs(h, i, s, p))
                           for s in range(L.rv_lod_uv_set_count(h, i))]
        self.polygon_groups = _fill("I", np_, lambda p: L.rv_lod_polygon_groups(h, i, p))
        self.group_materials = []
        out5 = _buffer("I", 5)
        for g in range(L.rv_lod_group_count(h, i)):
            L.rv_lod_group(h, i, g, _ptr(out5))
            self.group_materials.append(out5[0])
        self.selections = [self._selection(h, i, s) for s in range(L.rv_lod_selection_count(h, i))]
        self.properties = [(_text(L.rv_lod_property_name(h, i, k)), _text(L.rv_lod_property_value(h, i, k)))
                           for k in range(L.rv_lod_property_count(h, i))]
        # (name, path, index, row-major 4x4, the drawn model's index in Model.placed or -1)
        self.proxies = []
        for k in range(L.rv_lod_proxy_count(h, i)):
            m = _fill("f", 16, lambda p, k=k: L.rv_lod_proxy_transform(h, i, k, p))
            drawn = L.rv_lod_proxy_model(h, i, k) if placed else None
            self.proxies.append((_text(L.rv_lod_proxy_name(h, i, k)), _text(L.rv_lod_proxy_path(h, i, k)),
                                 L.rv_lod_proxy_index(h, i, k), m, placed(drawn) if drawn else -1))
        self.masses = _fill("f", n, lambda p: L.rv_lod_vertex_masses(h, i, p)) if L.rv_lod_has_mass(h, i) else None
        # Skinned: per vertex 4 bone indices (into Model.bones) and 4 weights summing to 1 (all 0: no bone).
        self.is_skinned = bool(L.rv_lod_is_skinned(h, i))
        self.vertex_bones = None
        if self.is_skinned:
            bones4, weights4 = _buffer("I", 4 * n), _buffer("f", 4 * n)
            if n:
                L.rv_lod_vertex_bones(h, i, _ptr(bones4), _ptr(weights4))
            self.vertex_bones = (bones4, weights4)

    @staticmethod
    def _selection(h, i, s):
        """(name, [(weight, vertices)]): the selection's vertices in runs of one weight."""
        L = lib()
        k = L.rv_lod_selection_vertex_count(h, i, s)
        verts, weights, ends = _buffer("I", k), _buffer("f", k), _buffer("I", k)
        runs = L.rv_lod_selection_weight_runs(h, i, s, _ptr(verts), _ptr(weights), _ptr(ends)) if k else 0
        out, begin = [], 0
        for r in range(runs):
            out.append((weights[r], verts[begin:ends[r]]))
            begin = ends[r]
        return _text(L.rv_lod_selection_name(h, i, s)), out


# Bytes a pixel costs the add-on: its float RGBA copy (4 x 4 bytes), held until Blender has it.
FLOAT_PIXEL_BYTES = 16


class PixelAllowance:
    """The float copies of one model's images share what the Memory Limit leaves after the library's
    own use (rv_model_memory_in_use), so an import stays within the limit (issue 29: three bombed
    textures once took Blender to 4.5 GB under 1.5 GB). Each image is copied once, however many
    materials show it, and not at all when the caller has it already (`known`: keys of images an
    earlier file of the import made); an image past the allowance is left out, named in a warning."""

    def __init__(self, handle, known=()):
        self.left = memory_limit_bytes() - lib().rv_model_memory_in_use(handle)
        self.copies = {}  # rv_material_image_key -> [float array or None]
        self.known = known
        self.warnings = []

    def pixels(self, key, reference, role, width, height, fill):
        if key not in self.copies:
            need = FLOAT_PIXEL_BYTES * width * height
            if need > self.left:
                self.copies[key] = [None]
                self.warnings.append("texture %s (%s map) left out: its %d x %d pixels need %d MB in Blender, over the "
                                     "%d MB the Memory Limit of %d MB leaves"
                                     % (reference, role, width, height, need >> 20, max(0, self.left) >> 20,
                                        memory_limit_bytes() >> 20))
            else:
                self.left -= need
                self.copies[key] = [_fill("f", 4 * width * height, fill)]
        return self.copies[key]


class Texture:
    """One decoded image of a material: size, float RGBA bottom row first (Blender's layout). The
    pixels are shared with every Texture of the same image (the same `key`), and dropped by
    release() once Blender holds them; None when the Memory Limit left no room for them, and when
    `known` (an earlier file of the import made this image: no copy is made)."""

    def __init__(self, h, mat, k, allowance):
        L = lib()
        self.key = _text(L.rv_material_image_key(h, mat, k))
        self.reference = _text(L.rv_material_image_reference(h, mat, k))
        self.role = _text(L.rv_material_image_role(h, mat, k))
        self.uv_set = L.rv_material_image_uv_set(h, mat, k)
        w, ht = _U32(), _U32()
        L.rv_material_image_size(h, mat, k, ctypes.byref(w), ctypes.byref(ht))
        self.width, self.height = w.value, ht.value
        self.known = self.key in allowance.known
        self._copy = [None] if self.known else allowance.pixels(
            self.key, self.reference, self.role, self.width, self.height,
            lambda p: L.rv_material_image_rgba_float_bottom_up(h, mat, k, p))

    @property
    def pixels(self):
        return self._copy[0]

    def release(self):
        self._copy[0] = None


class Material:
    def __init__(self, h, k, allowance):
        L = lib()
        self.name = _text(L.rv_material_name(h, k))
        self.texture = _text(L.rv_material_texture(h, k))
        self.rvmat = _text(L.rv_material_rvmat(h, k))
        self.factor = tuple(_fill("f", 4, lambda p: L.rv_material_base_color_factor(h, k, p)))
        self.emissive = tuple(_fill("f", 3, lambda p: L.rv_material_emissive_factor(h, k, p)))
        self.metallic = L.rv_material_metallic_factor(h, k)
        self.roughness = L.rv_material_roughness_factor(h, k)
        self.alpha = _text(L.rv_material_alpha_mode(h, k))

        def texture(index):
            t = Texture(h, k, index, allowance) if index >= 0 else None
            return t if t is not None and (t.known or t.pixels is not None) else None
        # The maps as the library made them for metallic-roughness renderers (Blender's too):
        # the normal map in Blender's convention, roughness in green, occlusion in red.
        self.base_color = texture(L.rv_material_base_color_image(h, k))
        self.normal = texture(L.rv_material_normal_image(h, k))
        self.metallic_roughness = texture(L.rv_material_metallic_roughness_image(h, k))
        self.occlusion = texture(L.rv_material_occlusion_image(h, k))


class PlacedModel:
    """A model drawn at proxies (rv_lod_proxy_model): its materials and its one LOD, in its own
    coordinates (the proxy's transform places it); its proxies index the same Model.placed."""

    def __init__(self, h, allowance, placed):
        L = lib()
        self.materials = [Material(h, k, allowance) for k in range(L.rv_model_material_count(h))]
        self.lods = [Lod(h, k, placed) for k in range(L.rv_model_lod_count(h))]


class Model:
    """An opened model: materials and LODs (the ones `lods` picks) as the view gives them."""

    def __init__(self, path, lods=None, autocenter=True, data_root="", _open=None, max_texture_size=0, config="",
                 config_class="", proxies=None, session=None, known_images=()):
        """`session`: a Session the files of one import share (its data root stands in for
        data_root); `known_images`: keys of images the caller has already, whose pixels are not
        copied again (Texture.known)."""
        L = lib()
        err, handle = RvError(), ctypes.c_void_p()
        opts = _options(lods, autocenter, data_root=data_root, max_texture_size=max_texture_size, config=config,
                        config_class=config_class, proxies=proxies, session=session)
        if _open is None:
            _open = lambda o, h, e: L.rv_model_open(os.fsencode(path), o, h, e)  # noqa: E731
        if _open(ctypes.byref(opts), ctypes.byref(handle), ctypes.byref(err)) != 0:
            raise _failure(err)
        try:
            self.version = L.rv_model_version(handle)
            # The file index of the LOD the game shows (the view's rule), -1 without one.
            self.first_visual_file_index = L.rv_model_first_visual_lod(handle)
            self.warnings = _lines(L.rv_model_warning_count(handle), lambda k: L.rv_model_warning(handle, k))
            allowance = PixelAllowance(handle, known_images)
            self.materials = [Material(handle, k, allowance) for k in range(L.rv_model_material_count(handle))]
            # The models drawn at proxies (PlacedModel), each read once however many proxies show it.
            self.placed, index = [], {}

            def placed(h):
                if h not in index:
                    index[h] = len(self.placed)
                    self.placed.append(None)
                    self.placed[index[h]] = PlacedModel(h, allowance, placed)
                return index[h]
            self.lods = [Lod(handle, k, placed) for k in range(L.rv_model_lod_count(handle))]
            self.warnings += allowance.warnings
            # The bounding centre (Blender's frame): what positions are relative to with autocenter.
            self.center = tuple(_fill("f", 3, lambda p: L.rv_model_center(handle, p)))
            self.skeleton_name, self.bones = self._skeleton(handle)
        finally:
            L.rv_model_close(handle)

    @staticmethod
    def _skeleton(h):
        """(name, [(bone name, parent index or -1, head (x, y, z))]); ("", []) without a skeleton."""
        L = lib()
        bones = []
        for b in range(L.rv_model_bone_count(h)):
            head = tuple(_fill("f", 3, lambda p, b=b: L.rv_bone_head(h, b, p)))
            bones.append((_text(L.rv_bone_name(h, b)), L.rv_bone_parent(h, b), head))
        return _text(L.rv_model_skeleton_name(h)), bones


class TextureFile:
    """A .paa/.pac file's largest mip, decoded (ZIWS undone): size, type, role and float RGBA bottom
    row first (Blender's layout)."""

    def __init__(self, path):
        L = lib()
        err, h = RvError(), ctypes.c_void_p()
        opts = _options()
        if L.rv_texture_open(os.fsencode(path), ctypes.byref(opts), ctypes.byref(h), ctypes.byref(err)) != 0:
            raise _failure(err)
        try:
            self.type = _text(L.rv_texture_type(h))
            self.mip_count = L.rv_texture_mip_count(h)
            self.has_alpha = bool(L.rv_texture_has_alpha(h))
            self.role = _text(L.rv_texture_role(h))
            self.is_colour = bool(L.rv_texture_is_colour(h))
            w, ht = _U32(), _U32()
            L.rv_texture_size(h, ctypes.byref(w), ctypes.byref(ht))
            self.width, self.height = w.value, ht.value
            # The library holds the RGBA (4 bytes a pixel) while the float copy is made.
            need = (FLOAT_PIXEL_BYTES + 4) * self.width * self.height
            if need > memory_limit_bytes():
                raise DecodeFailed("%s: its %d x %d pixels need %d MB in Blender, over the Memory Limit of %d MB"
                                   % (os.path.basename(path), self.width, self.height, need >> 20,
                                      memory_limit_bytes() >> 20))
            self.pixels = _fill("f", 4 * self.width * self.height, lambda p: L.rv_texture_rgba_float_bottom_up(h, p))
            self.warnings = _lines(L.rv_texture_warning_count(h), lambda k: L.rv_texture_warning(h, k))
        finally:
            L.rv_texture_close(h)


# Terrains live in rvterrain.py (this file's size); imported last, as it builds on the helpers
# above, and named here so that callers keep writing rvlib.Terrain.
from .rvterrain import LayerImage, Terrain, Tile  # noqa: E402,F401
