#!/usr/bin/env python3
"""f3d (Debian sid's 3.5, VTK 9.6) renders every glTF the engine tests use offscreen to a PNG
(issue 25), seen from above at an angle (camera direction -1,-1,-1): exit 0, no error in its
output, and a picture in which the file is visible: at least 0.5% of the pixels differ from the
background, in more than one colour (shaded faces, not a silhouette), and more than 100 on the real
textured models (their colour maps, not a plain material). The --target blender file requires
KHR_mesh_quantization, which f3d 3.5 cannot load: that is printed, not failed.

f3d picks a rendering backend by itself and crashes without a display; --rendering-backend=egl
with Mesa's EGL (libegl-mesa0, libegl-dev: VTK opens libEGL.so by that name) renders headless.

usage: test_f3d.py GLTF_DIR WORK_DIR"""
import os
import shutil
import sys

import engine_tools as et

gltf_dir, work = sys.argv[1:3]
f3d = et.command("f3d")
c = et.Checks()
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
rendered = 0
for kind, paths in sorted(et.files(gltf_dir).items()):
    for glb in paths:
        name = os.path.basename(glb)
        png = os.path.join(work, name[:-4] + ".png")
        rc, out = et.run(f3d + ["--no-config", "--rendering-backend=egl", "--resolution=400,300", "--camera-direction=-1,-1,-1",
                                "--output=" + png, glb])
        errors = [l for l in out.splitlines() if "error" in l.lower() or "\x1b[31" in l or "could not" in l]
        if kind == "quantized":
            print("%s (KHR_mesh_quantization): f3d exit %d %s" % (name, rc, " ".join(errors)[:200]))
            continue
        if not c.check(rc == 0 and not errors and os.path.isfile(png), "f3d %s: exit %d %s" % (name, rc, (errors or [out])[:5])):
            continue
        w, h, rows = et.png_rgb(png)
        background = rows[0][0]
        seen = [p for row in rows for p in row if max(abs(p[i] - background[i]) for i in range(3)) > 10]
        colours = len(set(seen))
        least = 100 if kind == "models" and name != "crate.glb" else 1
        c.check(len(seen) >= 0.005 * w * h and colours > least, "%s: %d of %d pixels drawn, %d colours" % (name, len(seen), w * h, colours))
        print("%s: %.1f%% of the picture drawn, %d colours" % (name, 100.0 * len(seen) / (w * h), colours))
        rendered += 1
# What f3d does with EXT_mesh_gpu_instancing: the same world's render with one node per object
# against the instanced file's (printed; 3.5 shows the terrain without the placed objects).
plain, instanced = (os.path.join(work, n + ".png") for n in ("genworld", "genworld_gpu"))
if os.path.isfile(plain) and os.path.isfile(instanced):
    a, b = et.png_rgb(plain)[2], et.png_rgb(instanced)[2]
    differ = sum(max(abs(x - y) for x, y in zip(p, q)) > 24 for ra, rb in zip(a, b) for p, q in zip(ra, rb))
    print("genworld: %d pixels differ between the default render and the EXT_mesh_gpu_instancing one" % differ)
c.finish("f3d rendered %d files" % rendered)
