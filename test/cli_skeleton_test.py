#!/usr/bin/env python3
"""`rvimport export MODEL OUT --animation FILE` through Assimp's exporters (issue 28).

man_survivor.p3d (OFP2_ManSkeleton, 132 bones, skeletons.tsv) with plain_zmbStandDeath1.rtm (79
frames, reference.tsv) written as .dae, .fbx (when this build's Assimp writes FBX) and
--via-assimp .glb, then read back by the stock `assimp` tool (`assimp dump` to its XML): the
meshes keep bones named like skeleton bones, the scene has one animation with a channel per bone
and 79 position keys. A corrupt .rtm fails the export naming the file; a path with ';' is refused.

usage: cli_skeleton_test.py RVIMPORT SAMPLES_DIR WORK_DIR   (exit 77 = skipped: no samples)
"""
import csv, os, re, shutil, subprocess, sys

MODEL = "animations/models/dayz-epoch-108/man_survivor.p3d"
ANIMATION = "animations/rtm/dayz-epoch-108/plain_zmbStandDeath1.rtm"
CORRUPT = "animations/rtm/dayz-epoch-108/384d76d7_saw_idle.rtm"


def main():
    rvimport, samples, work = sys.argv[1:4]
    model, animation = os.path.join(samples, MODEL), os.path.join(samples, ANIMATION)
    if not os.path.exists(model) or not os.path.exists(animation):
        print("skipped: %s absent" % model)
        return 77
    os.makedirs(work, exist_ok=True)
    failures = []

    def check(what, got, want):
        if got != want:
            failures.append("%s: got %r, want %r" % (what, got, want))

    with open(os.path.join(samples, "animations", "skeletons.tsv"), newline="") as f:
        rows = {r["file"]: r for r in csv.DictReader(f, delimiter="\t")}
    bones = {b.split(":")[0] for b in rows["models/dayz-epoch-108/man_survivor.p3d"]["bones"].split("|")}
    check("skeleton bones", len(bones), 132)

    tool = shutil.which("assimp")
    outputs = ["man.dae", "man.fbx", "man.glb"]  # .glb: --via-assimp, Assimp's glTF 2 exporter
    for name in outputs:
        out = os.path.join(work, name)
        if os.path.exists(out):
            os.remove(out)
        via = ["--via-assimp"] if name.endswith(".glb") else []
        r = subprocess.run([rvimport, "export", model, out, "--animation", animation] + via, capture_output=True,
                           text=True)
        if name.endswith(".fbx") and r.returncode != 0 and "FBX" in r.stderr:
            continue  # this build's Assimp writes no FBX (refused with the reason)
        check(name + " exit", r.returncode, 0)
        if r.returncode != 0:
            failures.append(r.stderr)
            continue
        if not tool:
            continue
        xml = os.path.join(work, name + ".assxml")
        d = subprocess.run([tool, "dump", out, xml], capture_output=True, text=True)
        check(name + " assimp dump exit", d.returncode, 0)
        if d.returncode != 0:
            continue
        text = open(xml, errors="replace").read()
        got_bones = set(re.findall(r'<Bone name="([^"]*)"', text))
        check(name + " has bones", len(got_bones) > 20, True)
        check(name + " bones are skeleton bones", sorted(got_bones - bones), [])
        if name.endswith(".fbx") and "whole seconds" in r.stderr:
            continue  # Assimp < 6.0: warned, and its FBX keeps no animation that reads back
        check(name + " animations", re.findall(r'<AnimationList num="(\d+)"', text), ["1"])
        channels = re.findall(r'<NodeAnimList num="(\d+)"', text)
        check(name + " channels", channels, ["132"])
        keys = set(re.findall(r'<PositionKeyList num="(\d+)"', text))
        if name.endswith(".fbx"):  # Assimp's FBX reader merges per-axis curve times: a few keys more
            check(name + " position keys", all(79 <= int(k) <= 87 for k in keys) and bool(keys), True)
        else:
            check(name + " position keys", keys, {"79"})

    bad = subprocess.run([rvimport, "export", model, os.path.join(work, "bad.dae"), "--animation",
                          os.path.join(samples, CORRUPT)], capture_output=True, text=True)
    check("corrupt animation exit", bad.returncode != 0, True)
    check("corrupt animation named", "384d76d7_saw_idle.rtm" in bad.stderr, True)
    semi = subprocess.run([rvimport, "export", model, os.path.join(work, "semi.dae"), "--animation", "a;b.rtm"],
                          capture_output=True, text=True)
    check("path with ';' exit", semi.returncode, 2)

    for f in failures:
        print("FAIL", f)
    print("%d outputs checked, %d failures" % (len(outputs), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
