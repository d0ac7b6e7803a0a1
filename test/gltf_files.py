"""Reading what our glTF outputs hold, for the Python tests: the JSON and binary chunk of a .glb
(or a .gltf and its .bin), accessors as lists of tuples, triangles of a primitive, and the
Khronos validator (test/gltf, installed by scripts/setup.sh)."""
import array, json, os, shutil, struct, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
_FORMATS = {5120: "b", 5121: "B", 5122: "h", 5123: "H", 5125: "I", 5126: "f"}
_WIDTH = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}


def load(path):
    """(json, binary bytes) of a .glb, or of a .gltf with its one buffer beside it."""
    data = open(path, "rb").read()
    if data[:4] != b"glTF":
        doc = json.loads(data)
        buffers = doc.get("buffers", [])
        blob = open(os.path.join(os.path.dirname(path), buffers[0]["uri"]), "rb").read() if buffers else b""
        return doc, blob
    magic, _, length = struct.unpack_from("<4sII", data, 0)
    assert length == len(data), "%s: the header says %d bytes, the file has %d" % (path, length, len(data))
    jlen, jtype = struct.unpack_from("<I4s", data, 12)
    assert jtype == b"JSON"
    doc = json.loads(data[20:20 + jlen])
    if 20 + jlen >= len(data):
        return doc, b""
    blen, btype = struct.unpack_from("<I4s", data, 20 + jlen)
    assert btype == b"BIN\0"
    return doc, data[28 + jlen:28 + jlen + blen]


def accessor(doc, blob, index):
    """The accessor's elements as tuples (normalized integers stay integers)."""
    a = doc["accessors"][index]
    view = doc["bufferViews"][a["bufferView"]]
    fmt, width = _FORMATS[a["componentType"]], _WIDTH[a["type"]]
    size = struct.calcsize("<" + fmt)
    stride = view.get("byteStride") or size * width
    start = view.get("byteOffset", 0) + a.get("byteOffset", 0)
    count = a["count"]
    if count == 0:
        return []
    # One iter_unpack over the element's bytes: a per-element unpack_from took most of the
    # terrain tests' time (a 1024^2 terrain has over a million vertices per file).
    element = struct.Struct("<%d%s" % (width, fmt))
    end = start + (count - 1) * stride + element.size
    if end > len(blob):
        raise struct.error("accessor %d: bytes %d..%d outside the %d-byte buffer" % (index, start, end, len(blob)))
    if stride == element.size:
        return list(element.iter_unpack(memoryview(blob)[start:end]))
    if start + count * stride <= len(blob):  # interleaved: the padding to the next element skipped
        record = struct.Struct("<%d%s%dx" % (width, fmt, stride - element.size))
        return list(record.iter_unpack(memoryview(blob)[start:start + count * stride]))
    return [element.unpack_from(blob, start + i * stride) for i in range(count)]


def float_components(doc, blob, index):
    """A float accessor's components in one flat array('f') (x0, y0, z0, x1, ...), for loops over
    millions of vertices; other accessors go through accessor()."""
    a = doc["accessors"][index]
    view = doc["bufferViews"][a["bufferView"]]
    width = _WIDTH[a["type"]]
    start = view.get("byteOffset", 0) + a.get("byteOffset", 0)
    end = start + 4 * width * a["count"]
    if a["componentType"] != 5126 or view.get("byteStride", 4 * width) != 4 * width or end > len(blob):
        return array.array("f", [c for element in accessor(doc, blob, index) for c in element])
    values = array.array("f")
    values.frombytes(blob[start:end])
    if sys.byteorder != "little":
        values.byteswap()
    return values


def triangles(doc, blob, primitive):
    """Triangles of a primitive as position triples (mode 4 only)."""
    pos = accessor(doc, blob, primitive["attributes"]["POSITION"])
    idx = [i[0] for i in accessor(doc, blob, primitive["indices"])] if "indices" in primitive else list(range(len(pos)))
    return [(pos[idx[k]], pos[idx[k + 1]], pos[idx[k + 2]]) for k in range(0, len(idx) - 2, 3)]


def image_png(doc, blob, index):
    """The PNG bytes of image `index` embedded in a .glb's buffer."""
    view = doc["bufferViews"][doc["images"][index]["bufferView"]]
    return blob[view.get("byteOffset", 0):view.get("byteOffset", 0) + view["byteLength"]]


def png_pixels(png):
    """(width, height, colour type, channels, rows) of an 8-bit non-interlaced PNG of any colour
    type but palette (0 grey, 2 RGB, 4 grey and alpha, 6 RGBA): the stored channels, filters undone,
    rows top first as bytes. Rows without a filter are copied, so our PNGs read back quickly."""
    import zlib
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat = 8, b""
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        body = png[at + 8:at + 8 + length]
        if kind == b"IHDR":
            w, h, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (0, 2, 4, 6) and interlace == 0, (depth, colour, interlace)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    n = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
    raw, stride = zlib.decompress(idat), w * n
    rows, prev = [], bytes(stride)
    for y in range(h):
        kind, line = raw[y * (stride + 1)], raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
        if kind != 0:
            line = bytearray(line)
            for i in range(stride):
                a = line[i - n] if i >= n else 0
                b, c = prev[i], prev[i - n] if i >= n else 0
                if kind == 1:
                    line[i] = (line[i] + a) & 255
                elif kind == 2:
                    line[i] = (line[i] + b) & 255
                elif kind == 3:
                    line[i] = (line[i] + ((a + b) >> 1)) & 255
                elif kind == 4:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            line = bytes(line)
        rows.append(line)
        prev = line
    return w, h, colour, n, rows


def validate(files, fail):
    """Runs the Khronos validator on `files`; a file with an error is a failure. Required when
    RV_REQUIRE_GLTF_VALIDATOR=1 (CI), else its absence only skips the validation."""
    validator = os.path.join(HERE, "gltf", "validate.js")
    if shutil.which("node") and os.path.isdir(os.path.join(HERE, "gltf", "node_modules", "gltf-validator")):
        run = subprocess.run(["node", validator] + files, capture_output=True, text=True)
        print(run.stdout.strip())
        if run.returncode != 0:
            fail("the glTF validator reports errors (above)")
    elif os.environ.get("RV_REQUIRE_GLTF_VALIDATOR") == "1":
        fail("the glTF validator is not installed (npm ci --prefix test/gltf)")
    else:
        print("note: the glTF validator is not installed; outputs not validated")
