#!/usr/bin/env python3
"""Godot 4.6 (Debian sid) imports our default glTF as a user's project would (issue 25):
`godot --headless --import`, then godot_check.gd loads and instantiates every file.
- every file loads;
- every real textured model keeps its albedo and normal maps: each map Godot's material holds has
  the pixels the .glb embeds for that slot (both reduced to 16 x 16 by Godot; at most 4/255 apart);
- every default world (a generated one with 3,000 objects and its data root, the island terrain
  sample, the demo world) shows every placeable object of `dump --json`, with its stored
  transform (position, rotation and scale; glTF/Godot y-up: x east, y up, z = -north);
- the EXT_mesh_gpu_instancing files (--instancing gpu) load; how many objects Godot shows is
  printed (4.6.3 does not read the extension: one copy per model);
- the skinned man_survivor with its death animation: one Skeleton3D of 132 bones (the skeleton's;
  every drawn vertex is bound, since the 6 unbound ones were proxy-marker corners), the animation 79 frames / 30 s long
  (Godot's importer thins its keys), and Godot's own sampling of it at its start and end
  poses the man standing (head 0.7 m above the pelvis) and then lying (head and pelvis within 0.3 m
  of where his foot stood);
- the --target blender file, which requires KHR_mesh_quantization, is refused, as 4.6.3 refuses
  that extension: the refusal is printed, and no other file may be refused.

usage: test_godot.py GLTF_DIR WORK_DIR"""
import json
import math
import os
import shutil
import sys

import engine_tools as et

gltf_dir, work = sys.argv[1:3]
godot = et.command("godot")
c = et.Checks()
kinds = et.files(gltf_dir)
project = os.path.join(work, "project")
shutil.rmtree(work, ignore_errors=True)
os.makedirs(project)
with open(os.path.join(project, "project.godot"), "w") as f:
    f.write('config_version=5\n\n[application]\nconfig/name="rvimport engine test"\n')
shutil.copy(os.path.join(et.HERE, "godot_check.gd"), project)
names = {}
for kind, paths in kinds.items():
    for p in paths:
        name = os.path.basename(p)
        shutil.copy(p, os.path.join(project, name))
        names[name] = (kind, p)

rc, out = et.run(godot + ["--headless", "--import", "--path", project], timeout=900)
refused = [l for l in out.splitlines() if "Error importing" in l or "Can't import" in l or "not supported" in l]
quantized = [os.path.basename(p)[:-4] for p in kinds["quantized"]]
for line in refused:
    if any(q in line for q in quantized):
        print("expected: " + line.strip())
    else:
        c.check(False, "godot --import refused a file: " + line.strip())
c.check(rc == 0, "godot --import: exit %d: %s" % (rc, out[-1500:]))
report_path = os.path.join(work, "report.json")
rc, out = et.run(godot + ["--headless", "--path", project, "--script", "res://godot_check.gd", "--", report_path])
if not c.check(rc == 0 and os.path.isfile(report_path), "godot_check.gd: exit %d %s" % (rc, out[-1500:])):
    c.finish("")
report = json.load(open(report_path, encoding="utf-8"))
print(out.splitlines()[0] if out else "")


def check_maps(name, materials):
    maps = 0
    for material, slots in materials.items():
        for slot, (worst, mean) in slots.items():
            maps += 1
            c.check(worst >= 0, "%s: material '%s' lost its %s map in Godot" % (name, material, slot))
            c.check(0 <= worst <= 4, "%s: material '%s': Godot's %s map differs from the embedded picture "
                    "(max %.1f, mean %.2f of 255)" % (name, material, slot, worst, mean))
    return maps


def expected_transform(t):
    """The stored 3x4 (aside, up, dir, position) in glTF's y-up axes: basis columns, then origin."""
    flip = (1, 1, -1)
    basis = [t[3 * col + row] * flip[row] * flip[col] for col in range(3) for row in range(3)]
    return basis + [t[9], t[10], -t[11]]


def check_placements(name, placed, dump):
    stored = {o["id"]: o for o in json.load(open(dump, encoding="utf-8"))["objects"]
              if all(math.isfinite(v) for v in o["transform"])}
    c.check(len(placed) == len(stored), "%s: Godot shows %d placed objects, the world has %d" % (name, len(placed), len(stored)))
    c.check({int(k) for k in placed} == set(stored), "%s: other object ids than stored" % name)
    bad = 0
    for k, got in placed.items():
        o = stored.get(int(k))
        want = expected_transform(o["transform"]) if o else None
        bad += want is None or any(abs(a - b) > 1e-3 * max(1.0, abs(b)) for a, b in zip(got, want))
    c.check(bad == 0, "%s: %d objects away from their stored transform" % (name, bad))
    return len(placed)


def check_animated(name, r):
    c.check(r["skeletons"] == [132], "%s: Godot's skeletons have %s bones, the file 132 joints" % (name, r["skeletons"]))
    a = r["animations"].get("plain_zmbStandDeath1")
    if not c.check(a is not None, "%s: no animation plain_zmbStandDeath1 in Godot: %s" % (name, list(r["animations"]))):
        return
    c.check(abs(a["length"] - 79 / 30) < 0.05, "%s: the animation lasts %.3f s" % (name, a["length"]))
    c.check(2 <= a["keys"] <= 79, "%s: %d keys on the first track, 79 frames" % (name, a["keys"]))
    start, end = a["poses"]["start"], a["poses"]["end"]
    if not c.check({"head", "pelvis", "leftfoot"} <= set(start) and {"head", "pelvis"} <= set(end),
                   "%s: Godot's skeleton lacks the posed bones: %s" % (name, start)):
        return
    ground = start["leftfoot"][1]
    print("%s in Godot: start head %.2f pelvis %.2f foot %.2f; end head %.2f pelvis %.2f (y, metres)" % (
        name, start["head"][1], start["pelvis"][1], ground, end["head"][1], end["pelvis"][1]))
    c.check(abs(start["head"][1] - start["pelvis"][1] - 0.69) < 0.1, "%s: not standing at the start" % name)
    c.check(end["head"][1] - ground < 0.3 and end["pelvis"][1] - ground < 0.3, "%s: not lying at the end" % name)
    c.check(math.dist(start["head"], end["head"]) > 1.0, "%s: the head did not fall" % name)


totals = {"models": 0, "maps": 0, "worlds": 0, "placed": 0}
for name, (kind, path) in sorted(names.items()):
    r = report.get(name)
    if kind == "quantized":
        c.check(not (r or {}).get("loaded"), "%s: Godot now loads KHR_mesh_quantization files; update docs/engines.md and the presets" % name)
        continue
    if not c.check(r is not None and r.get("loaded"), "%s: Godot did not load it" % name):
        continue
    if kind == "animated":
        check_animated(name, r)
        continue
    maps = check_maps(name, r["materials"])
    c.check(r["meshes"] > 0, "%s: no mesh in Godot" % name)
    if kind == "models":
        totals["models"] += 1
        totals["maps"] += maps
    elif kind == "worlds":
        totals["worlds"] += 1
        totals["placed"] += check_placements(name, r["placed"], et.dump_of(path))
    elif kind == "instanced":
        stored = json.load(open(et.dump_of(path), encoding="utf-8"))["objects"]
        print("%s (EXT_mesh_gpu_instancing): Godot shows %d meshes and %d multimesh instances for %d placements" % (
            name, r["meshes"], r["multimesh_instances"], len(stored)))
textured = [n for n, (k, _) in names.items() if k == "models" and n != "crate.glb"]
c.check(len(textured) == 0 or totals["maps"] >= len(textured), "only %d maps over %d textured models" % (totals["maps"], len(textured)))
c.finish("Godot: %d models with %d texture maps intact, %d worlds with all %d placed objects at their transforms" % (
    totals["models"], totals["maps"], totals["worlds"], totals["placed"]))
