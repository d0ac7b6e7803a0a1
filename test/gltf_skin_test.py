#!/usr/bin/env python3
"""Skins and animations in our glTF (issue 28), read back from the file as a client would.

- man_survivor.p3d: a skin of exactly the 132 bones of skeletons.tsv (lower-cased, parents as
  listed). 3948 of LOD 1.000's 3954 vertices are bound (skeletons.tsv); the 6 others are corners of
  its 8 proxy markers, which are never drawn, so no static joint is needed. No triangle has a
  corner at a proxy's origin (dump --json's proxy transforms), where each marker has its right
  angle; JOINTS_0/WEIGHTS_0 summing to 1;
- --animation plain_zmbStandDeath1.rtm: one animation keyed at reference.tsv's 79 phases x 79/30 s;
  the joints composed from the keys (TRS up the node tree) put the man standing at the first key
  and lying at the last; the binarized twin zmbStandDeath1.rtm poses him within 1 cm of it;
- every output passes the Khronos validator.

usage: gltf_skin_test.py RVIMPORT SAMPLES_DIR WORK_DIR [WITH_ASSIMP(0|1)]
"""
import csv, math, os, subprocess, sys

import gltf_files

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL " + msg)


def check(cond, msg):
    if not cond:
        fail(msg)
    return cond


def run(*args):
    p = subprocess.run([RVIMPORT] + [str(a) for a in args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def quat_matrix(q, t, s=(1, 1, 1)):
    x, y, z, w = q
    r = [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
         [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
         [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]
    return [[r[i][0] * s[0], r[i][1] * s[1], r[i][2] * s[2], t[i]] for i in range(3)] + [[0, 0, 0, 1]]


def mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(4)) for j in range(4)] for i in range(4)]


def tsv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def posed_joints(doc, blob, animation, key):
    """World position of every node's origin with the animation's keys at index `key`."""
    trs = {}
    for i, n in enumerate(doc["nodes"]):
        trs[i] = [n.get("translation", [0, 0, 0]), n.get("rotation", [0, 0, 0, 1]), n.get("scale", [1, 1, 1])]
    for ch in animation["channels"]:
        values = gltf_files.accessor(doc, blob, animation["samplers"][ch["sampler"]]["output"])
        slot = {"translation": 0, "rotation": 1, "scale": 2}[ch["target"]["path"]]
        trs[ch["target"]["node"]][slot] = list(values[key])
    parent = {}
    for i, n in enumerate(doc["nodes"]):
        for c in n.get("children", []):
            parent[c] = i
    world = {}

    def of(i):
        if i not in world:
            t, r, s = trs[i]
            local = quat_matrix(r, t, s)
            world[i] = mul(of(parent[i]), local) if i in parent else local
        return world[i]

    return {doc["nodes"][i].get("name"): [of(i)[0][3], of(i)[1][3], of(i)[2][3]] for i in range(len(doc["nodes"]))}


def check_dae_twin(doc, blob, animation, dae):
    """Assimp's .dae of the same export keys the same frames at the same times with the same bone
    transforms (within float rounding): the keys are baked once, in the view. glTF keys TRS,
    COLLADA a row-major matrix per key; both are the joint's local transform, y up."""
    import xml.etree.ElementTree as ET
    ns = "{http://www.collada.org/2005/11/COLLADASchema}"
    arrays = {a.get("id"): [float(v) for v in a.text.split()] for a in ET.parse(dae).iter(ns + "float_array")}
    times = [t[0] for t in gltf_files.accessor(doc, blob, animation["samplers"][0]["input"])]
    trs = {}
    for ch in animation["channels"]:
        name = doc["nodes"][ch["target"]["node"]]["name"]
        slot = {"translation": 0, "rotation": 1, "scale": 2}[ch["target"]["path"]]
        trs.setdefault(name, [None, None, None])[slot] = gltf_files.accessor(doc, blob, animation["samplers"][ch["sampler"]]["output"])
    compared, worst = 0, 0.0
    for name in ("pelvis", "spine", "head", "leftarm", "righthand", "leftfoot"):
        dae_times = arrays.get(name + "_matrix-input-array")
        dae_matrices = arrays.get(name + "_matrix-output-array")
        if not check(dae_times is not None and dae_matrices is not None, "the .dae keys no bone %s" % name):
            continue
        check(len(dae_times) == len(times) and max(abs(a - b) for a, b in zip(dae_times, times)) < 1e-5,
              "%s: the .dae keys %d times, glTF %d, or at other times" % (name, len(dae_times), len(times)))
        t, r, s = trs[name]
        for k in range(min(len(times), len(dae_times))):
            m = quat_matrix(r[k], t[k], s[k] if s else [1, 1, 1])
            got = dae_matrices[16 * k:16 * k + 16]
            worst = max(worst, max(abs(m[i // 4][i % 4] - got[i]) for i in range(16)))
            compared += 1
    check(compared >= 6 * 79 and worst < 1e-4, "the .dae's bone keys differ from glTF's by %g (%d keys)" % (worst, compared))
    print("the .dae twin: %d keys of 6 bones at glTF's times, at most %.2g apart" % (compared, worst))


def check_no_marker_drawn(model, doc, blob, primitives):
    """No drawn triangle touches a proxy's origin, where its marker triangle has its right angle
    (the dump's positions and proxy transforms are both relative to the model's centre; glTF's
    frame is (x, y, -z)). The corners there exist in the file, so the check can fail."""
    code, out, err = run("dump", "--json", model)
    if not check(code == 0, "dump --json: exit %d: %s" % (code, err)):
        return
    import json
    lod = json.loads(out)["lods"][0]
    origins = [(p["transform"][9], p["transform"][10], -p["transform"][11]) for p in lod["proxies"]]
    check(len(origins) == 8, "LOD 1.000 has %d proxies, info says 8" % len(origins))
    hhl = [m for m in lod["materials"] if m["name"].endswith("hhl.rvmat")]
    check(len(hhl) == 1 and hhl[0]["pixel_shader"] == 110 and hhl[0]["emissive"][:3] == [1, 0.6, 0.05],
          "the dump's hhl.rvmat is not the skin with an emissive colour: %s" % hhl[:1])

    def at_origin(v):
        return any(max(abs(v[i] - o[i]) for i in range(3)) < 1e-5 for o in origins)

    stored = sum(1 for v in lod["positions"] if at_origin((v[0], v[1], -v[2])))
    check(stored >= 8, "only %d stored vertices at the proxies' origins: the check would prove nothing" % stored)
    drawn = [t for p in primitives for t in gltf_files.triangles(doc, blob, p) if any(at_origin(v) for v in t)]
    check(not drawn, "%d drawn triangles touch a proxy marker's corner, e.g. %s" % (len(drawn), drawn[:1]))
    # Nor are the markers' corners vertices: they would widen POSITION's bounds (viewers frame the
    # man as a speck) and be stray points in Blender. The markers are the faces of the sections
    # flagged 0x10000000 ("hidden proxy triangle"); their corners no other face uses are left out.
    marker = {f for s in lod["sections"] if s["face_flags"] & 0x10000000 for f in range(s["first_face"], s["end_face"])}
    in_marker = {v for f in marker for v in lod["faces"][f]}
    elsewhere = {v for f, face in enumerate(lod["faces"]) if f not in marker for v in face}
    marker_only = in_marker - elsewhere
    check(len(marker_only) == 24, "%d corners only the 8 markers use" % len(marker_only))
    accessors = {p["attributes"]["POSITION"] for p in primitives}  # the primitives share one
    positions = [v for a in accessors for v in gltf_files.accessor(doc, blob, a)]
    check(not [v for v in positions if at_origin(v)], "a vertex at a proxy's origin")
    check(len(positions) == len(lod["positions"]) - len(marker_only), "%d vertices, %d stored less %d marker corners"
          % (len(positions), len(lod["positions"]), len(marker_only)))
    return len(lod["positions"]) - len(marker_only)


def main():
    global RVIMPORT
    RVIMPORT, samples, work = sys.argv[1], sys.argv[2], sys.argv[3]
    with_assimp = sys.argv[4] if len(sys.argv) > 4 else "0"
    anim = os.path.join(samples, "animations")
    if not os.path.isdir(anim):
        print("SKIP: %s is absent" % anim)
        return 0
    os.makedirs(work, exist_ok=True)
    model = os.path.join(anim, "models", "dayz-epoch-108", "man_survivor.p3d")
    rtm = os.path.join(anim, "rtm", "dayz-epoch-108")
    row = next(r for r in tsv(os.path.join(anim, "skeletons.tsv")) if r["file"].endswith("/man_survivor.p3d"))
    bones = [b.split(":") for b in row["bones"].split("|")]
    ref = {r["file"]: r for r in tsv(os.path.join(anim, "reference.tsv"))}

    plain = os.path.join(work, "man_plain.glb")
    code, _, err = run("export", model, plain, "--animation", os.path.join(rtm, "plain_zmbStandDeath1.rtm"))
    check(code == 0, "export with --animation: exit %d: %s" % (code, err))
    doc, blob = gltf_files.load(plain)
    skin = doc["skins"][0]
    joints = skin["joints"]
    check(len(doc["skins"]) == 1 and len(joints) == 132, "%d skins, %d joints (the 132 bones)" % (
        len(doc["skins"]), len(joints)))
    names = [doc["nodes"][j]["name"] for j in joints]
    check(names[:132] == [b[0].lower() for b in bones], "the joints are not skeletons.tsv's bones in order")
    parent = {c: i for i, n in enumerate(doc["nodes"]) for c in n.get("children", [])}
    wrong = [b for j, b in zip(joints, bones) if (doc["nodes"][parent[j]]["name"] if b[1] else "") != b[1].lower()
             and not (not b[1] and doc["nodes"][parent[j]]["name"] == "OFP2_ManSkeleton")]
    check(not wrong, "joints under the wrong parent: %s" % wrong[:5])

    mesh_nodes = [n for n in doc["nodes"] if "mesh" in n]
    check(len(mesh_nodes) == 1 and mesh_nodes[0].get("skin") == 0, "the LOD node is not skinned: %s" % mesh_nodes)
    prim = doc["meshes"][mesh_nodes[0]["mesh"]]["primitives"][0]["attributes"]
    j4 = gltf_files.accessor(doc, blob, prim["JOINTS_0"])
    w4 = gltf_files.accessor(doc, blob, prim["WEIGHTS_0"])
    drawn_vertices = check_no_marker_drawn(model, doc, blob, doc["meshes"][mesh_nodes[0]["mesh"]]["primitives"])
    check(len(w4) == drawn_vertices == 3930, "%d weighted vertices, LOD 1.000 draws %s of its 3954" % (len(w4), drawn_vertices))
    check(all(abs(sum(w) - 1) < 1e-5 for w in w4), "weights that do not sum to 1")
    check(all(j[k] < 132 for j in j4 for k in range(4)), "a joint index past the skeleton's 132 bones")
    # The skin (hhl.rvmat: pixel shader 110, "Skin", emmisive {1, 0.6, 0.05} in the dump) does not glow.
    skin_materials = [m for m in doc["materials"] if "hhl.rvmat" in m["name"]]
    check(len(skin_materials) == 1 and "emissiveFactor" not in skin_materials[0],
          "the skin material glows: %s" % skin_materials)

    check(len(doc.get("animations", [])) == 1, "%d animations" % len(doc.get("animations", [])))
    a = doc["animations"][0]
    times = [t[0] for t in gltf_files.accessor(doc, blob, a["samplers"][0]["input"])]
    phases = [float(p) for p in ref["rtm/dayz-epoch-108/plain_zmbStandDeath1.rtm"]["phases"].split(",")]
    check(len(times) == 79 and len(phases) == 79, "%d keys, %d phases" % (len(times), len(phases)))
    check(all(abs(t - p * 79 / 30) < 1e-5 for t, p in zip(times, phases)), "key times are not phase x 79/30 s")
    check(a["name"] == "plain_zmbStandDeath1", "animation named %s" % a["name"])

    if with_assimp == "1":
        dae = os.path.join(work, "man_plain.dae")
        code, _, err = run("export", model, dae, "--animation", os.path.join(rtm, "plain_zmbStandDeath1.rtm"))
        if check(code == 0, "export .dae with --animation: exit %d: %s" % (code, err)):
            check_dae_twin(doc, blob, a, dae)

    first, last = posed_joints(doc, blob, a, 0), posed_joints(doc, blob, a, 78)
    check(abs(first["head"][1] - first["pelvis"][1] - 0.69) < 0.1, "first key: head %.3f, pelvis %.3f: not standing" % (
        first["head"][1], first["pelvis"][1]))
    ground = first["leftfoot"][1]
    check(first["pelvis"][1] - ground > 0.7, "first key: pelvis only %.3f above the foot" % (first["pelvis"][1] - ground))
    check(last["head"][1] - ground < 0.3 and last["pelvis"][1] - ground < 0.3,
          "last key: head %.3f, pelvis %.3f above the ground: not lying" % (last["head"][1] - ground, last["pelvis"][1] - ground))

    bmtr = os.path.join(work, "man_bmtr.glb")
    code, _, err = run("export", model, bmtr, "--animation", os.path.join(rtm, "zmbStandDeath1.rtm"), "--animation-fps", "30")
    check(code == 0, "BMTR export: exit %d: %s" % (code, err))
    doc2, blob2 = gltf_files.load(bmtr)
    for key, plain_pose in ((0, first), (78, last)):
        twin = posed_joints(doc2, blob2, doc2["animations"][0], key)
        far = [n for n in ("head", "pelvis", "lefthand", "righthand", "leftfoot", "rightfoot")
               if math.dist(twin[n], plain_pose[n]) > 0.01]
        check(not far, "key %d: the BMTR twin poses %s more than 1 cm away" % (key, far))

    code, _, err = run("export", model, os.path.join(work, "bad.glb"), "--animation",
                       os.path.join(rtm, "384d76d7_saw_idle.rtm"))
    check(code == 1 and "384d76d7_saw_idle.rtm" in err and "offset" in err, "a corrupt --animation: exit %d: %s" % (code, err))
    check(not os.path.exists(os.path.join(work, "bad.glb")), "a corrupt --animation left an output")

    gltf_files.validate([plain, bmtr], fail)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
