"""Host side of the Blender glTF tests: our CLI writes the glTF files and the world's JSON into
OUT, so Blender (the host's, or a chroot's that cannot run the host's CLI) only reads them.

    make_gltf_files.py RVIMPORT DEMO_DIR OUT_DIR"""
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
print("glTF files in", out)
