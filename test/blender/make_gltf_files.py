"""Host side of the Blender glTF tests: our CLI writes the glTF files and the world's JSON into
OUT, so Blender (the host's, or a chroot's that cannot run the host's CLI) only reads them. With
SAMPLES, also OUT/textured/*.glb: every real model whose face textures all resolve in the
samples' data root (textures/references.tsv), exported with that data root, listed in
OUT/textured/models.tsv (model path, glb).

    make_gltf_files.py RVIMPORT DEMO_DIR OUT_DIR [SAMPLES]"""
import csv
import os
import subprocess
import sys

rvimport, demo, out = sys.argv[1:4]
os.makedirs(out, exist_ok=True)
world, crate = os.path.join(demo, "rv_world.wrp"), os.path.join(demo, "rv_crate.p3d")
for src, name, extra in ((crate, "crate.glb", []), (world, "world.glb", []),
                         (world, "world_nodes.glb", ["--instancing", "nodes"])):
    subprocess.run([rvimport, "export", src, os.path.join(out, name), *extra], check=True)
with open(os.path.join(out, "world.json"), "wb") as f:
    f.write(subprocess.run([rvimport, "dump", "--json", world], check=True, capture_output=True).stdout)
samples = sys.argv[4] if len(sys.argv) > 4 else ""
tex = os.path.join(samples, "textures")
if samples and os.path.isfile(os.path.join(tex, "references.tsv")):
    faces = {}
    for r in csv.DictReader(open(os.path.join(tex, "references.tsv"), encoding="utf-8"), delimiter="\t"):
        if r["source"] == "lod-texture":
            faces.setdefault(r["model"], []).append(r["resolution"])
    textured = os.path.join(out, "textured")
    os.makedirs(textured, exist_ok=True)
    rows = []
    for model, res in sorted(faces.items()):
        if not all(x.startswith("data-root/") and os.path.isfile(os.path.join(tex, x)) for x in res):
            continue
        glb = os.path.join(textured, model.replace("/", "_").rsplit(".", 1)[0] + ".glb")
        subprocess.run([rvimport, "export", os.path.join(samples, model), glb, "--data-root",
                        os.path.join(tex, "data-root")], check=True, capture_output=True)
        rows.append("%s\t%s\n" % (model, glb))
    with open(os.path.join(textured, "models.tsv"), "w", encoding="utf-8") as f:
        f.writelines(rows)
    print(len(rows), "textured sample models as glb")
print("glTF files in", out)
