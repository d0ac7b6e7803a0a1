"""Compares two batch output trees (scripts/bench_batch.sh): the same .glb files, each with the same
images decoded pixel for pixel (by gltf_files.png_pixels over Python's zlib, a PNG reader of neither
side), and the bytes of each.

usage: bench_batch_compare.py BASELINE_DIR OURS_DIR     (exit 1 when a file or a pixel differs)"""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import gltf_files  # noqa: E402


def glb_files(top):
    return sorted(os.path.relpath(os.path.join(d, n), top) for d, _, names in os.walk(top) for n in names
                  if n.endswith(".glb"))


def images(path):
    """Each embedded image as (width, height, colour type, channels, rows), in the file's order."""
    doc, blob = gltf_files.load(path)
    return [gltf_files.png_pixels(gltf_files.image_png(doc, blob, i)) for i in range(len(doc.get("images", [])))]


def main():
    base, ours = sys.argv[1:3]
    names = glb_files(base)
    if names != glb_files(ours):
        print("the trees hold different .glb files: %s" % sorted(set(names) ^ set(glb_files(ours))))
        return 1
    differ = n_images = base_bytes = our_bytes = base_image_bytes = our_image_bytes = 0
    for name in names:
        a, b = images(os.path.join(base, name)), images(os.path.join(ours, name))
        n_images += len(a)
        if a != b:
            differ += 1
            print("%s: images differ (%d against %d)" % (name, len(a), len(b)))
        base_bytes += os.path.getsize(os.path.join(base, name))
        our_bytes += os.path.getsize(os.path.join(ours, name))
        for side, path in (("base", base), ("ours", ours)):
            doc, blob = gltf_files.load(os.path.join(path, name))
            size = sum(len(gltf_files.image_png(doc, blob, i)) for i in range(len(doc.get("images", []))))
            if side == "base":
                base_image_bytes += size
            else:
                our_image_bytes += size
    print("%d .glb files, %d embedded images: %s" % (len(names), n_images,
                                                     "every pixel equal" if not differ else "%d files differ" % differ))
    print("bytes: baseline %d, ours %d (%.1f%% fewer); images %d -> %d (%.1f%% fewer)" % (
        base_bytes, our_bytes, 100.0 * (1 - our_bytes / base_bytes), base_image_bytes, our_image_bytes,
        100.0 * (1 - our_image_bytes / base_image_bytes)))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
