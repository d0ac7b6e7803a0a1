"""Test-side writers of small game files for the Python tests: a PBO and a one-colour DXT1 PAA."""
import struct


def write_pbo(path, prefix, entries):
    """A PBO: the "Vers" header entry with `prefix` (none when None), then `entries`
    [(name, bytes)] stored, then the zero byte and a (dummy) SHA-1 that packers append."""
    head = bytearray(b"\0" + struct.pack("<5I", 0x56657273, 0, 0, 0, 0))
    if prefix is not None:
        head += b"prefix\0" + prefix.encode() + b"\0"
    head += b"\0"
    for name, data in entries:
        head += name.encode() + b"\0" + struct.pack("<5I", 0, len(data), 0, 0, len(data))
    head += b"\0" + struct.pack("<5I", 0, 0, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(bytes(head) + b"".join(d for _, d in entries) + b"\0" + bytes(20))


def solid_paa(rgb565, size=8):
    """The bytes of a DXT1 texture of one colour: every block's end colours `rgb565`, every index 0."""
    blocks = struct.pack("<HHI", rgb565, rgb565, 0) * ((size // 4) ** 2)
    return (struct.pack("<HHHH", 0xFF01, 0, size, size) + len(blocks).to_bytes(3, "little") + blocks +
            struct.pack("<IH", 0, 0))
