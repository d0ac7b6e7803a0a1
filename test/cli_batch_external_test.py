#!/usr/bin/env python3
"""`batch -f gltf2 --textures external` (issue 42): the .gltf files of a batch share one
OUT_DIR/textures/ folder of PNGs named by their game path.

- Boxes at three depths that use rv\\box\\box_co.paa: one PNG, OUT/textures/rv/box/box_co.png,
  holding the bytes `export` embeds in a .glb; each .gltf references it relatively
  ("../../textures/rv/box/box_co.png"); no folder of textures of its own; the Khronos validator
  loads every reference. A second run into the same folder gives the same files.
- Usage errors (exit 2): with .glb (the default format), and --textures with another word.
- An input whose own output would land in OUT/textures/ is not converted, named, and the others are.
- OUT/textures that cannot be made (a file there): each model fails naming it, no .gltf is
  written that would reference a missing image, and no folder made for them is left.
- Any batch: a damaged model leaves no folder made for its output.
- With the samples: the 29 real models; every referenced PNG is byte for byte the image a batch to
  .glb embeds at the same index, and the validator passes.

usage: cli_batch_external_test.py RVIMPORT MAKE_CLI_INPUTS WORK_DIR [SAMPLES]
"""
import json
import os
import shutil
import struct
import subprocess
import sys

from gltf_files import validate
from pbo_fixture import solid_paa

rvimport, make_inputs, work = sys.argv[1:4]
samples = sys.argv[4] if len(sys.argv) > 4 else ""
failures = []
PLACES = ["", "a", os.path.join("b", "c")]  # the boxes' folders below IN


def check(ok, message):
    if not ok:
        failures.append(message)
        print("FAIL: " + message)
    return ok


def batch(src, out, root, *extra):
    return subprocess.run([rvimport, "batch", src, out, "--data-root", root, "-j", "2", *extra], capture_output=True,
                          text=True)


def glb_images(path):
    """The PNG bytes of each image of a .glb, in image order."""
    data = open(path, "rb").read()
    size = struct.unpack_from("<I", data, 12)[0]
    doc, binary = json.loads(data[20:20 + size]), 20 + size + 8
    views = [doc["bufferViews"][image["bufferView"]] for image in doc.get("images", [])]
    return [data[binary + v.get("byteOffset", 0):binary + v.get("byteOffset", 0) + v["byteLength"]] for v in views]


def gltf_images(path):
    """(uri, bytes of the file it names) of each image of a .gltf."""
    doc = json.load(open(path))
    out = []
    for image in doc.get("images", []):
        target = os.path.normpath(os.path.join(os.path.dirname(path), image["uri"]))
        out.append((image["uri"], open(target, "rb").read() if os.path.isfile(target) else None))
    return out


def files_below(folder):
    """Every file and every empty folder below `folder`."""
    return sorted(os.path.relpath(os.path.join(d, n), folder) for d, dirs, names in os.walk(folder)
                  for n in names + [k for k in dirs if not os.listdir(os.path.join(d, k))])


def boxes():
    src, root = os.path.join(work, "in"), os.path.join(work, "root")
    for d in (src, root):
        shutil.rmtree(d, ignore_errors=True)
    box = os.path.join(work, "Box.p3d")
    subprocess.run([make_inputs, "mlod", box], check=True)
    for place in PLACES:
        os.makedirs(os.path.join(src, place), exist_ok=True)
        shutil.copyfile(box, os.path.join(src, place, "Box.p3d"))
    os.makedirs(os.path.join(root, "rv", "box"))
    with open(os.path.join(root, "rv", "box", "box_co.paa"), "wb") as f:
        f.write(solid_paa(0x001F, 16))  # blue
    return src, root


def shared_folder():
    src, root = boxes()
    alone = os.path.join(work, "alone.glb")
    subprocess.run([rvimport, "export", os.path.join(src, "Box.p3d"), alone, "--data-root", root], check=True,
                   capture_output=True)
    embedded = glb_images(alone)
    out = os.path.join(work, "out")
    for attempt in ("first", "second"):
        run = batch(src, out, root, "-f", "gltf2", "--textures", "external")
        check(run.returncode == 0 and "1 written to" in run.stderr,
              "%s run: exit %d, %s" % (attempt, run.returncode, run.stderr.strip()[-300:]))
        want = ["Box.bin", "Box.gltf", "a/Box.bin", "a/Box.gltf", "b/c/Box.bin", "b/c/Box.gltf",
                "textures/rv/box/box_co.png"]
        check(files_below(out) == sorted(os.path.normpath(w) for w in want),
              "%s run wrote %s" % (attempt, files_below(out)))
        for place in PLACES:
            images = gltf_images(os.path.join(out, place, "Box.gltf"))
            uri = "../" * len([p for p in place.split(os.sep) if p]) + "textures/rv/box/box_co.png"
            check(len(images) == 1 and images[0][0] == uri and [images[0][1]] == embedded,
                  "%s run, %s/Box.gltf: %s, want %s with export's PNG" % (attempt, place, [i[0] for i in images], uri))
    validate([os.path.join(out, p, "Box.gltf") for p in PLACES], lambda m: check(False, m))
    print("shared folder: 3 boxes, 1 PNG at textures/rv/box/box_co.png, export's bytes")


def usage_errors():
    src, root = boxes()
    for extra, says in ((["--textures", "external"], "-f gltf2"), (["-f", "gltf2", "--textures", "shared"], "external or own")):
        run = batch(src, os.path.join(work, "out_usage"), root, *extra)
        check(run.returncode == 2 and says in run.stderr, "%s: exit %d, %s" % (extra, run.returncode, run.stderr.strip()))
        check(not os.path.exists(os.path.join(work, "out_usage")), "%s: OUT_DIR was made" % extra)


def input_in_the_folder():
    src, root = boxes()
    os.makedirs(os.path.join(src, "textures"))
    shutil.copyfile(os.path.join(src, "Box.p3d"), os.path.join(src, "textures", "Crate.p3d"))
    out = os.path.join(work, "out_clash")
    run = batch(src, out, root, "-f", "gltf2", "--textures", "external")
    check(run.returncode == 1 and "Crate.gltf would be inside" in run.stderr and "converted 3" in run.stdout,
          "an input under IN/textures: exit %d, %s %s" % (run.returncode, run.stdout.strip(), run.stderr.strip()[-300:]))
    check(not os.path.exists(os.path.join(out, "textures", "Crate.gltf")), "IN/textures/Crate.p3d was converted")


def folder_cannot_be_made():
    src, root = boxes()
    out = os.path.join(work, "out_blocked")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    with open(os.path.join(out, "textures"), "w") as f:
        f.write("in the way")
    run = batch(src, out, root, "-f", "gltf2", "--textures", "external")
    named = [line for line in run.stderr.splitlines() if "rv/box/box_co.png" in line or "textures" in line]
    check(run.returncode == 1 and "failed 3" in run.stdout and named,
          "OUT/textures a file: exit %d, %s %s" % (run.returncode, run.stdout.strip(), run.stderr.strip()[-300:]))
    check(files_below(out) == ["textures"], "OUT/textures a file: left %s" % files_below(out))


def damaged_leaves_no_folder():
    """Any batch: a model that fails leaves no folder made for its output (here without
    --textures too), and the folder of one that converted stays."""
    src, root = boxes()
    os.makedirs(os.path.join(src, "d", "e"))
    with open(os.path.join(src, "d", "e", "Broken.p3d"), "wb") as f:
        f.write(open(os.path.join(src, "Box.p3d"), "rb").read()[:40])
    for extra in ([], ["-f", "gltf2", "--textures", "external"]):
        out = os.path.join(work, "out_damaged")
        shutil.rmtree(out, ignore_errors=True)
        run = batch(src, out, root, *extra)
        check(run.returncode == 1 and "Broken.p3d" in run.stderr, "%s damaged: exit %d" % (extra, run.returncode))
        check(not os.path.exists(os.path.join(out, "d")) and os.path.isdir(os.path.join(out, "b", "c")),
              "%s damaged: left %s" % (extra, files_below(out)))


def real_models():
    real, root = os.path.join(samples, "real"), os.path.join(samples, "textures", "data-root")
    if not (samples and os.path.isdir(real) and os.path.isdir(root)):
        print("real models: skipped, no samples")
        return
    out, glbs = os.path.join(work, "out_real"), os.path.join(work, "out_real_glb")
    run = batch(real, out, root, "-f", "gltf2", "--textures", "external")
    check(run.returncode == 0, "the real models to .gltf: exit %d" % run.returncode)
    check(batch(real, glbs, root).returncode == 0, "the real models to .glb")
    gltfs = [os.path.join(d, n) for d, _, names in os.walk(out) for n in sorted(names) if n.endswith(".gltf")]
    images = 0
    for g in gltfs:
        glb = os.path.join(glbs, os.path.relpath(g, out))[:-5] + ".glb"
        external = gltf_images(g)
        images += len(external)
        check(all(u.startswith("../") and "textures/" in u for u, _ in external) and
              [b for _, b in external] == glb_images(glb), "%s: its textures differ from the .glb's" % g)
    pngs = files_below(os.path.join(out, "textures"))
    check(len(gltfs) == 29 and images > 0 and pngs, "%d models, %d images, %d PNG files" % (len(gltfs), images, len(pngs)))
    check(not [d for d, _, _ in os.walk(out) if d.endswith("_textures")], "a model's own textures folder was written")
    validate(gltfs, lambda m: check(False, m))
    print("real models: %d .gltf, %d images in %d shared PNG files, each the .glb's bytes" % (len(gltfs), images, len(pngs)))


if __name__ == "__main__":
    os.makedirs(work, exist_ok=True)
    shared_folder()
    usage_errors()
    input_in_the_folder()
    folder_cannot_be_made()
    damaged_leaves_no_folder()
    real_models()
    if failures:
        print("%d failure(s)" % len(failures))
        sys.exit(1)
    print("batch --textures external: all checks passed")
