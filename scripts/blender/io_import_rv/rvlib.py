"""ctypes binding of librvimport (include/rvimport.h): decoded models and terrains as flat arrays.

Bulk data is copied straight into array.array buffers, which Blender's foreach_set accepts (Debian's
Blender has no numpy)."""
import array
import ctypes
import os

_U32, _F32, _I32, _CHARP = ctypes.c_uint32, ctypes.c_float, ctypes.c_int32, ctypes.c_char_p
_VP = ctypes.c_void_p


class RvError(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int32), ("offset", ctypes.c_uint64), ("message", ctypes.c_char * 1024)]


class DecodeFailed(Exception):
    """The library could not read or decode a file; the message names the file, structure and offset."""


def _library_path():
    env = os.environ.get("RVIMPORT_LIB")
    if env:
        return env
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "librvimport.so")


_lib = None


def lib():
    global _lib
    if _lib is not None:
        return _lib
    L = ctypes.CDLL(_library_path())
    sig = {
        "rv_abi_version": (_I32, []),
        "rv_model_open": (_I32, [_CHARP, ctypes.POINTER(_VP), ctypes.POINTER(RvError)]),
        "rv_model_close": (None, [_VP]),
        "rv_model_version": (_U32, [_VP]),
        "rv_model_mass_lod": (_I32, [_VP]),
        "rv_model_mass_count": (_U32, [_VP]),
        "rv_model_masses": (None, [_VP, _VP]),
        "rv_model_lod_count": (_U32, [_VP]),
        "rv_lod_name": (_CHARP, [_VP, _U32]),
        "rv_lod_resolution": (_F32, [_VP, _U32]),
        "rv_lod_kind": (_CHARP, [_VP, _U32]),
        "rv_lod_vertex_count": (_U32, [_VP, _U32]),
        "rv_lod_positions": (None, [_VP, _U32, _VP]),
        "rv_lod_has_normals": (_I32, [_VP, _U32]),
        "rv_lod_normals": (None, [_VP, _U32, _VP]),
        "rv_lod_uv_set_count": (_U32, [_VP, _U32]),
        "rv_lod_uvs": (None, [_VP, _U32, _U32, _VP]),
        "rv_lod_face_count": (_U32, [_VP, _U32]),
        "rv_lod_corner_count": (_U32, [_VP, _U32]),
        "rv_lod_faces": (None, [_VP, _U32, _VP, _VP, _VP]),
        "rv_lod_material_count": (_U32, [_VP, _U32]),
        "rv_lod_material_texture": (_CHARP, [_VP, _U32, _U32]),
        "rv_lod_material_rvmat": (_CHARP, [_VP, _U32, _U32]),
        "rv_lod_face_materials": (None, [_VP, _U32, _VP]),
        "rv_lod_selection_count": (_U32, [_VP, _U32]),
        "rv_lod_selection_name": (_CHARP, [_VP, _U32, _U32]),
        "rv_lod_selection_vertex_count": (_U32, [_VP, _U32, _U32]),
        "rv_lod_selection_vertices": (None, [_VP, _U32, _U32, _VP, _VP]),
        "rv_lod_property_count": (_U32, [_VP, _U32]),
        "rv_lod_property_name": (_CHARP, [_VP, _U32, _U32]),
        "rv_lod_property_value": (_CHARP, [_VP, _U32, _U32]),
        "rv_lod_proxy_count": (_U32, [_VP, _U32]),
        "rv_lod_proxy_path": (_CHARP, [_VP, _U32, _U32]),
        "rv_lod_proxy_index": (_I32, [_VP, _U32, _U32]),
        "rv_lod_proxy_transform": (None, [_VP, _U32, _U32, _VP]),
        "rv_terrain_open": (_I32, [_CHARP, _F32, ctypes.POINTER(_VP), ctypes.POINTER(RvError)]),
        "rv_terrain_close": (None, [_VP]),
        "rv_terrain_signature": (_CHARP, [_VP]),
        "rv_terrain_version": (_U32, [_VP]),
        "rv_terrain_map_size": (None, [_VP, ctypes.POINTER(_U32), ctypes.POINTER(_U32)]),
        "rv_terrain_layer_size": (None, [_VP, ctypes.POINTER(_U32), ctypes.POINTER(_U32)]),
        "rv_terrain_cell_size": (_F32, [_VP]),
        "rv_terrain_elevation": (None, [_VP, _VP]),
        "rv_terrain_material_count": (_U32, [_VP]),
        "rv_terrain_material": (_CHARP, [_VP, _U32]),
        "rv_terrain_material_index": (None, [_VP, _VP]),
        "rv_terrain_object_count": (_U32, [_VP]),
        "rv_terrain_object_model": (_CHARP, [_VP, _U32]),
        "rv_terrain_object_id": (_U32, [_VP, _U32]),
        "rv_terrain_object_transforms": (None, [_VP, _VP]),
    }
    for name, (res, args) in sig.items():
        fn = getattr(L, name)
        fn.restype, fn.argtypes = res, args
    _lib = L
    return L


def _text(b):
    return b.decode("utf-8", "replace") if b else ""


def _fill(typecode, count, call):
    """An array.array of `count` items filled in place by call(pointer)."""
    buf = array.array(typecode, bytes(array.array(typecode, [0]).itemsize * count)) if count else array.array(typecode)
    if count:
        call(buf.buffer_info()[0])
    return buf


class Lod:
    def __init__(self, model, index):
        L, h, i = lib(), model._h, index
        self.index = i
        self.name = _text(L.rv_lod_name(h, i))
        self.resolution = L.rv_lod_resolution(h, i)
        self.kind = _text(L.rv_lod_kind(h, i))
        n = L.rv_lod_vertex_count(h, i)
        self.vertex_count = n
        self.positions = _fill("f", 3 * n, lambda p: L.rv_lod_positions(h, i, p))
        self.normals = _fill("f", 3 * n, lambda p: L.rv_lod_normals(h, i, p)) if L.rv_lod_has_normals(h, i) else None
        self.uv_sets = [_fill("f", 2 * n, lambda p, s=s: L.rv_lod_uvs(h, i, s, p)) for s in range(L.rv_lod_uv_set_count(h, i))]
        nf, nc = L.rv_lod_face_count(h, i), L.rv_lod_corner_count(h, i)
        self.face_start = _fill("I", nf, lambda p: None)
        self.face_size = _fill("I", nf, lambda p: None)
        self.corners = _fill("I", nc, lambda p: None)
        if nf:
            L.rv_lod_faces(h, i, self.face_start.buffer_info()[0], self.face_size.buffer_info()[0],
                           self.corners.buffer_info()[0] if nc else None)
        self.materials = [(_text(L.rv_lod_material_texture(h, i, k)), _text(L.rv_lod_material_rvmat(h, i, k)))
                          for k in range(L.rv_lod_material_count(h, i))]
        self.face_materials = _fill("I", nf, lambda p: L.rv_lod_face_materials(h, i, p))
        self.selections = []
        for s in range(L.rv_lod_selection_count(h, i)):
            k = L.rv_lod_selection_vertex_count(h, i, s)
            verts, weights = _fill("I", k, lambda p: None), _fill("f", k, lambda p: None)
            if k:
                L.rv_lod_selection_vertices(h, i, s, verts.buffer_info()[0], weights.buffer_info()[0])
            self.selections.append((_text(L.rv_lod_selection_name(h, i, s)), verts, weights))
        self.properties = [(_text(L.rv_lod_property_name(h, i, k)), _text(L.rv_lod_property_value(h, i, k)))
                           for k in range(L.rv_lod_property_count(h, i))]
        self.proxies = []
        for k in range(L.rv_lod_proxy_count(h, i)):
            m = _fill("f", 12, lambda p, k=k: L.rv_lod_proxy_transform(h, i, k, p))
            self.proxies.append((_text(L.rv_lod_proxy_path(h, i, k)), L.rv_lod_proxy_index(h, i, k), m))


class Model:
    """A decoded ODOL model; LODs are read on demand."""

    def __init__(self, path):
        L = lib()
        err, handle = RvError(), ctypes.c_void_p()
        if L.rv_model_open(os.fsencode(path), ctypes.byref(handle), ctypes.byref(err)) != 0:
            raise DecodeFailed(_text(err.message))
        self._h = handle
        self.version = L.rv_model_version(handle)
        self.lod_count = L.rv_model_lod_count(handle)
        self.mass_lod = L.rv_model_mass_lod(handle)
        self.masses = _fill("f", L.rv_model_mass_count(handle), lambda p: L.rv_model_masses(handle, p))

    def lod(self, i):
        return Lod(self, i)

    def close(self):
        if self._h:
            lib().rv_model_close(self._h)
            self._h = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Terrain:
    def __init__(self, path, default_cell_size=50.0):
        L = lib()
        err, h = RvError(), ctypes.c_void_p()
        if L.rv_terrain_open(os.fsencode(path), default_cell_size, ctypes.byref(h), ctypes.byref(err)) != 0:
            raise DecodeFailed(_text(err.message))
        try:
            self.signature = _text(L.rv_terrain_signature(h))
            self.version = L.rv_terrain_version(h)
            x, y = _U32(), _U32()
            L.rv_terrain_map_size(h, ctypes.byref(x), ctypes.byref(y))
            self.map_size = (x.value, y.value)
            L.rv_terrain_layer_size(h, ctypes.byref(x), ctypes.byref(y))
            self.layer_size = (x.value, y.value)
            self.cell_size = L.rv_terrain_cell_size(h)
            self.elevation = _fill("f", self.map_size[0] * self.map_size[1], lambda p: L.rv_terrain_elevation(h, p))
            self.materials = [_text(L.rv_terrain_material(h, i)) for i in range(L.rv_terrain_material_count(h))]
            self.material_index = _fill("H", self.layer_size[0] * self.layer_size[1],
                                        lambda p: L.rv_terrain_material_index(h, p))
            n = L.rv_terrain_object_count(h)
            self.object_models = [_text(L.rv_terrain_object_model(h, i)) for i in range(n)]
            self.object_ids = [L.rv_terrain_object_id(h, i) for i in range(n)]
            self.object_transforms = _fill("f", 12 * n, lambda p: L.rv_terrain_object_transforms(h, p))
        finally:
            L.rv_terrain_close(h)
