#!/usr/bin/env python3
"""Textured exports of the real models whose face textures all resolve in the samples' data root.

For each such model (../shared/samples/textures/references.tsv: every `lod-texture` row resolves
to a file that is in data-root/), `rvimport export --lod all --data-root` to .glb must embed
every face texture as a PNG whose size is the reference decode's (reference-decodes.tsv), as the
base colour of the material named after it. One model also goes to .gltf, .obj and .fbx, whose
textures must be files beside the output that the output names. Every glTF output must pass the
Khronos glTF validator with no error. `batch` over the variety PAA set writes each as a PNG of
its reference size and reports each negative sample as failed.

usage: cli_textures_test.py RVIMPORT SAMPLES_DIR WORK_DIR  (exit 77 = skipped)
The validator (test/gltf, `npm ci --prefix test/gltf`) is required when RV_REQUIRE_GLTF_VALIDATOR=1
(CI sets it); otherwise its absence skips only the validation.
"""
import csv, json, os, re, shutil, struct, subprocess, sys

import gltf_files

HERE = os.path.dirname(os.path.abspath(__file__))


def glb_json_and_bin(path):
    return gltf_files.load(path)


def png_size(png):
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", png[16:24])


def base(ref):
    return re.split(r"[\\/]", ref)[-1].lower()


def main():
    rvimport, samples, work = sys.argv[1], os.environ.get("RV_SAMPLES_DIR") or sys.argv[2], sys.argv[3]
    textures = os.path.join(samples, "textures")
    root = os.path.join(textures, "data-root")
    if not os.path.isfile(os.path.join(textures, "references.tsv")) or not os.path.isdir(root):
        print("skipped: %s absent" % textures)
        return 77
    sizes = {r["path"]: (int(r["width"]), int(r["height"]))
             for r in csv.DictReader(open(os.path.join(textures, "reference-decodes.tsv")), delimiter="\t")
             if r["width"].isdigit() and r["height"].isdigit()}  # negatives have no size
    faces = {}
    for r in csv.DictReader(open(os.path.join(textures, "references.tsv"), encoding="utf-8"), delimiter="\t"):
        if r["source"] == "lod-texture":
            faces.setdefault(r["model"], []).append((r["reference"], r["resolution"]))
    models = {m: refs for m, refs in faces.items()
              if all(res.startswith("data-root/") and os.path.isfile(os.path.join(textures, res)) for _, res in refs)}
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    failures, gltf_outputs = [], []  # glb outputs, validated together at the end

    def fail(msg):
        failures.append(msg)
        print("FAIL " + msg)

    for model, refs in sorted(models.items()):
        out = os.path.join(work, os.path.basename(model) + ".glb")
        run = subprocess.run([rvimport, "export", "--lod", "all", "--data-root", root, os.path.join(samples, model), out],
                             capture_output=True, text=True)
        if run.returncode != 0:
            fail("%s: exit %d: %s" % (model, run.returncode, run.stderr[:300]))
            continue
        gltf_outputs.append(out)
        doc, blob = glb_json_and_bin(out)
        for ref, res in sorted(set(refs)):
            mats = [m for m in doc.get("materials", []) if m.get("name", "").lower().split(" :: ")[0] == base(ref)]
            if not mats:
                fail("%s: no material named after %s" % (model, ref))
                continue
            for m in mats:
                info = m.get("pbrMetallicRoughness", {}).get("baseColorTexture")
                if info is None:
                    fail("%s: material %r has no base colour texture" % (model, m["name"]))
                    continue
                image = doc["images"][doc["textures"][info["index"]]["source"]]
                if "bufferView" not in image:
                    fail("%s: %s is not embedded: %s" % (model, ref, image))
                    continue
                view = doc["bufferViews"][image["bufferView"]]
                png = blob[view.get("byteOffset", 0):view.get("byteOffset", 0) + view["byteLength"]]
                want = sizes.get(res)
                if want is not None and png_size(png) != want:
                    fail("%s: %s is %s, the reference decode %s" % (model, ref, png_size(png), want))
    print("%d models with every face texture at hand exported to glb" % len(models))
    lean_images(gltf_outputs, fail)
    gltf_outputs += max_texture_size(rvimport, samples, root, work, fail)

    # Other formats: the textures as files beside the output, named by it.
    model = os.path.join(samples, "real/agm/AGM_M84.p3d")
    # .fbx where this build writes it (Assimp 5.4 or later; cli_safe_test checks the refusal).
    version = subprocess.run([rvimport, "version"], capture_output=True, text=True).stdout
    fbx = re.search(r"\(Assimp (\d+)\.(\d+)\.", version)
    fbx_writes = bool(fbx) and (int(fbx.group(1)), int(fbx.group(2))) >= (5, 4)
    for ext in ("gltf", "obj") + (("fbx",) if fbx_writes else ()):
        out = os.path.join(work, "m84." + ext)
        run = subprocess.run([rvimport, "export", "--data-root", root, model, out], capture_output=True, text=True)
        if run.returncode != 0:
            fail("m84.%s: exit %d: %s" % (ext, run.returncode, run.stderr[:300]))
            continue
        folder = os.path.join(work, "m84_textures")
        expected = {"agm_m84_co.png", "agm_m84_nohq.png", "agm_m84_smdi_metallic_roughness.png"}
        have = set(os.listdir(folder)) if os.path.isdir(folder) else set()
        if have != expected:
            fail("m84.%s: m84_textures/ holds %s, not %s" % (ext, sorted(have), sorted(expected)))
        text = open(os.path.join(work, "m84.mtl" if ext == "obj" else out), "rb").read()
        # Assimp's obj and fbx writers have no slot for the metallic-roughness map (it is left beside)
        for name in expected if ext == "gltf" else {"agm_m84_co.png", "agm_m84_nohq.png"}:
            if ("m84_textures/" + name).encode() not in text:
                fail("m84.%s does not name m84_textures/%s" % (ext, name))
        if ext == "gltf":
            for img in json.load(open(out))["images"]:
                if not os.path.isfile(os.path.join(work, img.get("uri", "?"))):
                    fail("m84.gltf: image %s is not a file beside it" % img)
            validate([out], fail)  # with its textures and .bin read from beside it
        shutil.rmtree(folder, ignore_errors=True)
    validate(gltf_outputs, fail)
    batch_textures(rvimport, textures, sizes, work, fail)
    return 1 if failures else 0


def lean_images(glbs, fail):
    """Issue 27: no embedded image keeps an alpha channel that is 255 everywhere, and each
    material's alphaMode follows its colour map's pixels: OPAQUE without alpha, MASK when every
    alpha is 0 or 255, else BLEND."""
    kinds = {0: 0, 2: 0, 4: 0, 6: 0}
    for glb in glbs:
        doc, blob = gltf_files.load(glb)
        alphas = {}  # image index -> set of alpha values (None: no alpha channel)
        for i, image in enumerate(doc.get("images", [])):
            w, h, colour, n, rows = gltf_files.png_pixels(gltf_files.image_png(doc, blob, i))
            kinds[colour] += 1
            alphas[i] = set().union(*(set(r[n - 1::n]) for r in rows)) if colour in (4, 6) else None
            if alphas[i] == {255}:
                fail("%s: image %s keeps an alpha channel that is 255 everywhere" % (glb, image.get("name")))
        for m in doc.get("materials", []):
            info = m.get("pbrMetallicRoughness", {}).get("baseColorTexture")
            if info is None:
                continue
            a = alphas[doc["textures"][info["index"]]["source"]]
            want = "OPAQUE" if a is None else "MASK" if a <= {0, 255} else "BLEND"
            if m.get("alphaMode", "OPAQUE") != want:
                fail("%s: material %r is %s, its colour map's alpha says %s" % (glb, m["name"], m.get("alphaMode"), want))
    print("embedded images: %d grey, %d grey+alpha, %d RGB, %d RGBA" % (kinds[0], kinds[4], kinds[2], kinds[6]))


def max_texture_size(rvimport, samples, root, work, fail):
    """--max-texture-size 512 on TFR_BACKPACK: backpack_co.paa (DXT1, 1024^2, 9 mips) is embedded
    as its own 512^2 mip, the same PNG `export backpack_co.paa --mip 1` writes (one encoder, so equal
    pixels are equal bytes), and no image is larger than 512; without it, the full size (mip 0).
    Returns the glb for the validator."""
    model = os.path.join(samples, "real/tfar-pairs/odol/TFR_BACKPACK.p3d")
    paa = os.path.join(root, "task_force_radio_items/models/data/backpack_co.paa")
    if not (os.path.isfile(model) and os.path.isfile(paa)):
        print("--max-texture-size: TFR_BACKPACK or backpack_co.paa absent, skipped")
        return []
    outputs = []
    for cap, mip, side in (("512", "1", 512), ("0", "0", 1024)):
        out = os.path.join(work, "backpack_max%s.glb" % cap)
        png = os.path.join(work, "backpack_co_mip%s.png" % mip)
        runs = [subprocess.run([rvimport, "export", model, out, "--data-root", root, "--max-texture-size", cap],
                               capture_output=True, text=True),
                subprocess.run([rvimport, "export", paa, png, "--mip", mip], capture_output=True, text=True)]
        if any(r.returncode != 0 for r in runs):
            fail("--max-texture-size %s: exit %s %s" % (cap, [r.returncode for r in runs], runs[0].stderr[-300:]))
            continue
        outputs.append(out)
        doc, blob = gltf_files.load(out)
        names = [i.get("name") for i in doc.get("images", [])]
        if "backpack_co" not in names:
            fail("--max-texture-size %s: no backpack_co image among %s" % (cap, names))
            continue
        embedded = gltf_files.image_png(doc, blob, names.index("backpack_co"))
        if png_size(embedded) != (side, side) or embedded != open(png, "rb").read():
            fail("--max-texture-size %s: backpack_co is %s, not mip %s (%d^2) as exported alone"
                 % (cap, png_size(embedded), mip, side))
        big = [(n, png_size(gltf_files.image_png(doc, blob, i))) for i, n in enumerate(names)]
        if cap != "0" and any(max(wh) > int(cap) for _, wh in big):
            fail("--max-texture-size %s: images past it: %s" % (cap, big))
    bad = subprocess.run([rvimport, "export", model, os.path.join(work, "x.glb"), "--max-texture-size", "-1"],
                         capture_output=True, text=True)
    if bad.returncode != 2 or "--max-texture-size wants" not in bad.stderr:
        fail("--max-texture-size -1: exit %d %s" % (bad.returncode, bad.stderr))
    print("--max-texture-size: backpack_co as its 512^2 mip, and whole without a cap")
    texture_routes(rvimport, model, paa, work, fail)
    return outputs


def texture_routes(rvimport, model, paa, work, fail):
    """`export` learns that its input is a texture from the front door (the file's PAA type), not
    from the name: a copy under another name converts to the same PNG, a folder OUT gets NAME.png,
    and --mip on a model is refused as a usage error."""
    def run(*args):
        return subprocess.run([rvimport, "export"] + list(args), capture_output=True, text=True)
    reference = os.path.join(work, "backpack_co_mip1.png")
    renamed = os.path.join(work, "backpack_co.data")
    shutil.copyfile(paa, renamed)
    out = os.path.join(work, "renamed_mip1.png")
    r = run(renamed, out, "--mip", "1")
    if r.returncode != 0 or open(out, "rb").read() != open(reference, "rb").read():
        fail("export of a .paa named .data: exit %d %s" % (r.returncode, r.stderr[-300:]))
    folder = os.path.join(work, "into_folder") + os.sep
    r = run(paa, folder, "--mip", "1")
    inside = os.path.join(folder, "backpack_co.png")
    if r.returncode != 0 or not os.path.isfile(inside) or open(inside, "rb").read() != open(reference, "rb").read():
        fail("export TEX.paa FOLDER/: exit %d, %s" % (r.returncode, os.listdir(folder) if os.path.isdir(folder) else []))
    r = run(model, os.path.join(work, "mip.glb"), "--mip", "1")
    if r.returncode != 2 or "--mip and --raw-channels are for textures; TFR_BACKPACK.p3d is a model" not in r.stderr:
        fail("--mip on a model: exit %d %s" % (r.returncode, r.stderr))
    print("export: a texture known by its signature, OUT a folder, --mip refused on a model")


def batch_textures(rvimport, textures, sizes, work, fail):
    """`batch` turns every .paa under the variety set into a .png of the reference decode's size;
    the negatives fail, each with its own line, and the rest goes on."""
    src, out = os.path.join(textures, "paa"), os.path.join(work, "batch")
    run = subprocess.run([rvimport, "batch", src, out, "-j", "2"], capture_output=True, text=True)
    good = [p for p in sizes if p.startswith("paa/") and not p.startswith("paa/negative/")]
    negatives = [p for p in os.listdir(os.path.join(src, "negative"))]
    total = len(good) + len(negatives)
    summary = "converted %d, skipped 0, failed %d of %d files" % (len(good), len(negatives), total)
    if run.returncode != 1 or summary not in run.stdout:
        fail("batch of the texture samples: exit %d, want 1 and '%s' in:\n%s" % (run.returncode, summary, run.stdout[-500:]))
    for p in good:
        png = os.path.join(out, os.path.splitext(p[len("paa/"):])[0] + ".png")
        if not os.path.isfile(png):
            fail("batch wrote no %s" % png)
        elif png_size(open(png, "rb").read(24)) != sizes[p]:
            fail("batch: %s is %s, the reference decode %s" % (png, png_size(open(png, "rb").read(24)), sizes[p]))
    for n in negatives:
        if ("failed  " + os.path.join(src, "negative", n) + ": ") not in run.stderr:
            fail("batch does not report the negative %s" % n)
    print("batch: %d textures to PNG, %d negatives reported" % (len(good), len(negatives)))


validate = gltf_files.validate


if __name__ == "__main__":
    sys.exit(main())
