"""Host side of the Blender and engine glTF tests: our CLI writes the glTF files and the worlds'
JSON into OUT, so Blender, Godot and f3d (the host's, or a chroot's that cannot run the host's
CLI) only read them:
- crate.glb, world.glb (default options: one node per object), world_gpu.glb (--instancing gpu)
  and world.json: the demo model and world;
- engines/genworld.glb (default), genworld_gpu.glb (--instancing gpu) and genworld_blender.glb
  (--target blender: instanced and quantized) of a world
  rv_make_world generates with its data root (3,000 objects over 40 models, one model missing),
  and engines/genworld.json (`dump --json`);
- with SAMPLES: engines/island.glb and island.json (terrain/wrp_256_island.wrp, 2,500 objects,
  no data root), and textured/*.glb: every real model whose face textures all resolve in the
  samples' data root (textures/references.tsv), exported with that data root, listed in
  OUT/textured/models.tsv (model path, glb); animated/man_survivor_death.glb: the skinned
  animations/models/dayz-epoch-108/man_survivor.p3d with --animation plain_zmbStandDeath1.rtm.

    make_gltf_files.py RVIMPORT MAKE_WORLD DEMO_DIR OUT_DIR [SAMPLES]"""
import csv
import os
import subprocess
import sys

rvimport, make_world, demo, out = sys.argv[1:5]
os.makedirs(out, exist_ok=True)


def export(src, glb, *extra):
    subprocess.run([rvimport, "export", src, glb, *extra], check=True, capture_output=True)


def dump(src, path):
    with open(path, "wb") as f:
        f.write(subprocess.run([rvimport, "dump", "--json", src], check=True, capture_output=True).stdout)


world, crate = os.path.join(demo, "rv_world.wrp"), os.path.join(demo, "rv_crate.p3d")
export(crate, os.path.join(out, "crate.glb"))
export(world, os.path.join(out, "world.glb"))
export(world, os.path.join(out, "world_gpu.glb"), "--instancing", "gpu")
dump(world, os.path.join(out, "world.json"))
engines = os.path.join(out, "engines")
generated = os.path.join(engines, "genworld")
os.makedirs(generated, exist_ok=True)
subprocess.run([make_world, generated, "--samples", "256", "--objects", "3000", "--models", "40"], check=True,
               capture_output=True)
wrp, root = os.path.join(generated, "world.wrp"), os.path.join(generated, "data")
export(wrp, os.path.join(engines, "genworld.glb"), "--data-root", root)
export(wrp, os.path.join(engines, "genworld_gpu.glb"), "--data-root", root, "--instancing", "gpu")
export(wrp, os.path.join(engines, "genworld_blender.glb"), "--data-root", root, "--target", "blender")
dump(wrp, os.path.join(engines, "genworld.json"))
samples = sys.argv[5] if len(sys.argv) > 5 else ""
island = os.path.join(samples, "terrain", "wrp_256_island.wrp")
if samples and os.path.isfile(island):
    export(island, os.path.join(engines, "island.glb"))
    dump(island, os.path.join(engines, "island.json"))
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
anim = os.path.join(samples, "animations")
if samples and os.path.isdir(anim):
    os.makedirs(os.path.join(out, "animated"), exist_ok=True)
    export(os.path.join(anim, "models", "dayz-epoch-108", "man_survivor.p3d"),
           os.path.join(out, "animated", "man_survivor_death.glb"), "--animation",
           os.path.join(anim, "rtm", "dayz-epoch-108", "plain_zmbStandDeath1.rtm"))
print("glTF files in", out)
