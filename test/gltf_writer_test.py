#!/usr/bin/env python3
"""Our glTF writer (issue 17), checked against what the inputs hold and against the Assimp path.

- models: every real ODOL sample, --lod all, to glb by our writer and by Assimp's (--via-assimp):
  per LOD and material, the same triangles (positions, winding) in both;
- terrains: every terrain sample to glb: the tile vertices rebuild the whole height grid, whose
  elevation hash equals terrain.tsv's elev_fnv64 where it is known; every placeable object is one
  EXT_mesh_gpu_instancing instance with its id, position, rotation and scale (checked against
  `dump --json`); --terrain-step, --region and --instancing nodes on gen8wvr_medium and the
  island; .gltf with its .bin beside it;
- a world whose data root holds some of its models: those instanced with their mesh, the rest
  as markers named in one warning;
- every output passes the Khronos glTF validator.

usage: gltf_writer_test.py RVIMPORT MAKE_DEMO SAMPLES_DIR WORK_DIR WITH_ASSIMP(ON|OFF)
"""
import collections, csv, glob, json, math, os, shutil, struct, subprocess, sys
from itertools import repeat
from operator import neg, truediv

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


def fnv64(floats):
    h = 1469598103934665603
    for b in struct.pack("<%df" % len(floats), *floats):
        h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def children(doc, node):
    return doc["nodes"][node].get("children", [])


def named_child(doc, node, name):
    return next((c for c in children(doc, node) if doc["nodes"][c].get("name") == name), None)


# ------------------------------------------------------------------------------------- models
def canonical(tri):
    """A triangle with its smallest corner first, the winding kept; coordinates rounded."""
    t = [tuple(round(c, 4) for c in v) for v in tri]
    k = t.index(min(t))
    return tuple(t[k:] + t[:k])


def lod_triangles(doc, blob):
    """{(LOD node name, material name): Counter of triangles} over every mesh under a LOD node."""
    out = collections.defaultdict(collections.Counter)
    root = doc["scenes"][0]["nodes"][0]
    lods = children(doc, root)
    for n in lods:
        node = doc["nodes"][n]
        # Assimp's exporter may put a LOD's meshes on child nodes of the LOD node.
        meshes = [node["mesh"]] if "mesh" in node else []
        meshes += [doc["nodes"][c]["mesh"] for c in node.get("children", []) if "mesh" in doc["nodes"][c]]
        for m in meshes:
            for p in doc["meshes"][m]["primitives"]:
                if p.get("mode", 4) != 4:
                    continue
                mat = doc["materials"][p["material"]]["name"] if "material" in p else ""
                out[(node.get("name"), mat)].update(canonical(t) for t in gltf_files.triangles(doc, blob, p))
    return out


def part_models(work, outputs):
    models = sorted(glob.glob(os.path.join(SAMPLES, "real", "**", "*.p3d"), recursive=True))
    compared = 0
    for model in models:
        if open(model, "rb").read(4) != b"ODOL":
            continue
        ours, theirs = os.path.join(work, "ours.glb"), os.path.join(work, "assimp.glb")
        rc, _, err = run("export", "--lod", "all", model, ours)
        if not check(rc == 0, "export %s: exit %d %s" % (model, rc, err[-300:])):
            continue
        outputs.append(shutil.copy(ours, os.path.join(work, "model_%03d.glb" % compared)))
        if not WITH_ASSIMP:
            compared += 1
            continue
        rc, _, err = run("export", "--lod", "all", "--via-assimp", model, theirs)
        if not check(rc == 0, "export --via-assimp %s: exit %d %s" % (model, rc, err[-300:])):
            continue
        a, b = lod_triangles(*gltf_files.load(ours)), lod_triangles(*gltf_files.load(theirs))
        check(a == b, "%s: our glb and Assimp's differ in %s" % (
            model, sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))[:3]))
        check(sum(sum(c.values()) for c in a.values()) > 0, "%s: no triangles" % model)
        compared += 1
    print("models: %d real ODOL samples exported, %s" % (compared, "same triangles as the Assimp path" if WITH_ASSIMP else "Assimp path not built"))


# ----------------------------------------------------------------------------------- terrains
def tile_primitives(doc):
    terrain = named_child(doc, doc["scenes"][0]["nodes"][0], "Terrain")
    return [p for t in children(doc, terrain) for p in doc["meshes"][doc["nodes"][t]["mesh"]]["primitives"]]


def tile_samples(doc, blob, cell):
    """{(x, z): height} from every tile vertex (glTF y-up: x east, y up, -z north)."""
    grid = {}
    terrain = named_child(doc, doc["scenes"][0]["nodes"][0], "Terrain")
    for t in children(doc, terrain):
        for p in doc["meshes"][doc["nodes"][t]["mesh"]]["primitives"]:
            xyz = gltf_files.float_components(doc, blob, p["attributes"]["POSITION"])
            # map() over the components keeps the million-vertex terrains out of Python frames
            keys = zip(map(round, map(truediv, xyz[0::3], repeat(cell))),
                       map(round, map(truediv, map(neg, xyz[2::3]), repeat(cell))))
            grid.update(zip(keys, xyz[1::3]))
    return grid


def quat_matrix(q):
    x, y, z, w = q
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]


def instances(doc, blob, with_mesh=False):
    """[(model, id, translation, rotation, scale)] of every placed object: the instances of an
    EXT_mesh_gpu_instancing node (--instancing gpu), or the child nodes of a model's group node
    (the default, one node per object). With `with_mesh`, each tuple ends with its mesh index."""
    out = []
    objects = named_child(doc, doc["scenes"][0]["nodes"][0], "Objects")
    for n in children(doc, objects):
        node = doc["nodes"][n]
        model = node["extras"]["model"]
        ext = node.get("extensions", {}).get("EXT_mesh_gpu_instancing")
        if ext:
            a = {k: gltf_files.accessor(doc, blob, v) for k, v in ext["attributes"].items()}
            for i in range(len(a["TRANSLATION"])):
                out.append((model, int(a["_ID"][i][0]) if "_ID" in a else -1, a["TRANSLATION"][i], a["ROTATION"][i], a["SCALE"][i]) +
                           ((node["mesh"],) if with_mesh else ()))
            continue
        if not check("mesh" not in node and node.get("children"), "object node %s is neither instanced nor a group" % node.get("name")):
            continue
        for c in children(doc, n):
            o = doc["nodes"][c]
            out.append((model, int(o["extras"]["object_id"]), o["translation"], o["rotation"], o["scale"]) +
                       ((o["mesh"],) if with_mesh else ()))
    return out


def check_instances(name, doc, blob, stored):
    """Each placeable stored object once, at its place: the stored 3x4 transform conjugated into
    y-up (z negated) equals translation * rotation * scale."""
    placeable = {o["id"]: o for o in stored if all(math.isfinite(v) for v in o["transform"])}
    got = instances(doc, blob)
    check(len(got) == len(placeable), "%s: %d instances, %d placeable objects" % (name, len(got), len(placeable)))
    bad = 0
    for model, oid, t, q, s in got:
        o = placeable.get(oid)
        if o is None or o["model"] != model:
            bad += 1
            continue
        m = o["transform"]
        flip = [1, 1, -1]
        want_t = (m[9], m[10], -m[11])
        r = quat_matrix(q)
        for row in range(3):
            for col in range(3):
                # column col of the stored matrix is its row `col` (aside, up, dir)
                want = m[3 * col + row] * flip[row] * flip[col]
                if abs(r[row][col] * s[col] - want) > 1e-3 * max(1.0, abs(want)):
                    bad += 1
        if any(abs(a - b) > 1e-3 * max(1.0, abs(b)) for a, b in zip(t, want_t)):
            bad += 1
    check(bad == 0, "%s: %d instance values differ from the stored transforms" % (name, bad))
    return len(got)


def uv_gradients(tri, uvs):
    """dP/du and dP/dv of a triangle (the standard derivation), or None when its UVs are degenerate."""
    (p0, p1, p2), (t0, t1, t2) = tri, uvs
    e1, e2 = [p1[i] - p0[i] for i in range(3)], [p2[i] - p0[i] for i in range(3)]
    du1, dv1, du2, dv2 = t1[0] - t0[0], t1[1] - t0[1], t2[0] - t0[0], t2[1] - t0[1]
    det = du1 * dv2 - du2 * dv1
    if abs(det) < 1e-12:
        return None
    return ([(e1[i] * dv2 - e2[i] * dv1) / det for i in range(3)], [(e2[i] * du1 - e1[i] * du2) / det for i in range(3)])


def part_tangents(work, outputs):
    """TANGENT from the binarized ST vectors, checked against the geometry: xyz along +u (dP/du)
    and cross(normal, xyz) * w up the picture (-dP/dv, glTF's v grows down), on the triangles of
    every real model that stores ST vectors."""
    agree = total = models = 0
    for model in sorted(glob.glob(os.path.join(SAMPLES, "real", "**", "*.p3d"), recursive=True)):
        out = os.path.join(work, "tangents.glb")
        if run("export", model, out)[0] != 0:
            continue
        doc, blob = gltf_files.load(out)
        for mesh in doc.get("meshes", []):
            for p in mesh["primitives"]:
                a = p["attributes"]
                if "TANGENT" not in a or p.get("mode", 4) != 4:
                    continue
                models += 1
                pos, nrm = gltf_files.accessor(doc, blob, a["POSITION"]), gltf_files.accessor(doc, blob, a["NORMAL"])
                tan, uv = gltf_files.accessor(doc, blob, a["TANGENT"]), gltf_files.accessor(doc, blob, a["TEXCOORD_0"])
                check(all(abs(math.sqrt(t[0] ** 2 + t[1] ** 2 + t[2] ** 2) - 1) < 1e-4 and t[3] in (-1.0, 1.0) for t in tan),
                      "%s: a tangent is not unit or its w is not +-1" % model)
                idx = [i[0] for i in gltf_files.accessor(doc, blob, p["indices"])]
                for k in range(0, len(idx) - 2, 3):
                    g = uv_gradients([pos[i] for i in idx[k:k + 3]], [uv[i] for i in idx[k:k + 3]])
                    if g is None:
                        continue
                    du, dv = g
                    ts, bs = [0.0] * 3, [0.0] * 3  # summed over the corners, as a shader interpolates them
                    for i in idx[k:k + 3]:
                        n, t = nrm[i], tan[i]
                        b = [(n[1] * t[2] - n[2] * t[1]) * t[3], (n[2] * t[0] - n[0] * t[2]) * t[3], (n[0] * t[1] - n[1] * t[0]) * t[3]]
                        ts, bs = [ts[j] + t[j] for j in range(3)], [bs[j] + b[j] for j in range(3)]
                    total += 1
                    agree += sum(ts[j] * du[j] for j in range(3)) > 0 and sum(-bs[j] * dv[j] for j in range(3)) > 0
    if total:
        print("tangents: %d of %d triangles of %d primitives agree with their UV gradients" % (agree, total, models))
        check(agree >= 0.98 * total, "tangents: only %d of %d triangles agree with their UV gradients" % (agree, total))


def part_terrains(work, outputs):
    rows = {r["path"]: r for r in csv.DictReader(open(os.path.join(SAMPLES, "terrain.tsv")), delimiter="\t")}
    for path, row in sorted(rows.items()):
        wrp = os.path.join(SAMPLES, path)
        name = os.path.basename(path)
        out = os.path.join(work, name + ".glb")
        rc, _, err = run("export", wrp, out)
        if not check(rc == 0, "export %s: exit %d %s" % (name, rc, err[-300:])):
            continue
        outputs.append(out)
        doc, blob = gltf_files.load(out)
        dump = json.loads(run("dump", "--json", wrp)[1])
        mx, my = int(row["map_x"]), int(row["map_y"])
        grid = tile_samples(doc, blob, dump["cell_size"])
        check(len(grid) == mx * my, "%s: tiles cover %d samples of %d" % (name, len(grid), mx * my))
        elev = [grid.get((x, z), float("nan")) for z in range(my) for x in range(mx)]
        if row["elev_fnv64"]:
            check(fnv64(elev) == row["elev_fnv64"], "%s: elevation hash %s, terrain.tsv %s" % (name, fnv64(elev), row["elev_fnv64"]))
        else:
            # dump --json prints floats to 8 significant digits
            check(all(abs(a - b) <= 1e-6 * max(1.0, abs(b)) for a, b in zip(elev, dump["elevation"])),
                  "%s: tile heights differ from dump --json" % name)
        n = check_instances(name, doc, blob, dump["objects"])
        # The default file is plain glTF 2.0 (Godot 4.6 refuses a required KHR_mesh_quantization
        # and ignores EXT_mesh_gpu_instancing): float normals and UVs, one node per object.
        check("extensionsRequired" not in doc, "%s: extensionsRequired %s" % (name, doc.get("extensionsRequired")))
        used = set(doc.get("extensionsUsed", []))
        check(not used & {"KHR_mesh_quantization", "EXT_mesh_gpu_instancing"}, "%s: extensionsUsed %s" % (name, used))
        tiles = tile_primitives(doc)
        kinds = {(k, doc["accessors"][p["attributes"][k]]["componentType"]) for p in tiles for k in ("NORMAL", "TEXCOORD_0")}
        check(kinds == {("NORMAL", 5126), ("TEXCOORD_0", 5126)}, "%s: tile attributes %s, want floats" % (name, kinds))
        check_quantized_size(wrp, name, out, doc, blob, grid, dump, work, outputs)
        print("%s: %d x %d samples, %d instances" % (name, mx, my, n))


def check_quantized_size(wrp, name, plain, plain_doc, plain_blob, plain_grid, dump, work, outputs):
    """--quantize --instancing gpu (the earlier default, now --target blender) holds the same
    heights and placements; the size the float default costs over it is bounded: per tile
    vertex 12 + 12 + 8 bytes against 12 + 4 + 4, so at most 1.6 x the vertex bytes."""
    out = os.path.join(work, name + "_blender.glb")
    rc, _, err = run("export", wrp, out, "--target", "blender")
    if not check(rc == 0, "export --target blender %s: exit %d %s" % (name, rc, err[-300:])):
        return
    outputs.append(out)
    doc, blob = gltf_files.load(out)
    check(doc.get("extensionsRequired") == ["KHR_mesh_quantization"], "%s --target blender: extensionsRequired %s" % (
        name, doc.get("extensionsRequired")))
    if dump["objects"]:
        check("EXT_mesh_gpu_instancing" in doc.get("extensionsUsed", []), "%s --target blender: not instanced" % name)
    check(tile_samples(doc, blob, dump["cell_size"]) == plain_grid,
          "%s: --target blender tiles differ from the default's" % name)
    a, b = sorted(instances(doc, blob), key=lambda i: i[1]), sorted(instances(plain_doc, plain_blob), key=lambda i: i[1])
    far = sum(x[:2] != y[:2] or any(abs(u - v) > 1e-4 * max(1.0, abs(v)) for u, v in zip(x[2] + x[3] + x[4], y[2] + y[3] + y[4]))
              for x, y in zip(a, b))
    check(len(a) == len(b) and far == 0, "%s: --target blender places %d objects, the default %d (%d differ)" % (
        name, len(a), len(b), far))
    def tile_bytes(d):
        tiles = tile_primitives(d)
        views = {d["accessors"][a]["bufferView"] for p in tiles for a in p["attributes"].values()}
        return sum(d["bufferViews"][v]["byteLength"] for v in views)
    q, f = tile_bytes(doc), tile_bytes(plain_doc)
    SIZES.append((name, q, f, os.path.getsize(out), os.path.getsize(plain)))
    check(q < f <= 1.6 * q + 64, "%s: tile vertex bytes %d float against %d quantized (at most 1.6 x)" % (name, f, q))


def part_options(work, outputs):
    """--terrain-step, --region, --instancing nodes and .gltf on the larger samples."""
    medium = os.path.join(SAMPLES, "terrain", "gen8wvr_medium.wrp")
    island = os.path.join(SAMPLES, "terrain", "wrp_256_island.wrp")
    if os.path.isfile(medium):
        out = os.path.join(work, "medium_step4.glb")
        rc, _, err = run("export", medium, out, "--terrain-step", "4")
        if check(rc == 0, "--terrain-step 4: exit %d %s" % (rc, err[-300:])):
            outputs.append(out)
            doc, blob = gltf_files.load(out)
            grid = tile_samples(doc, blob, 1.0 * json.loads(run("dump", "--json", medium)[1])["cell_size"])
            # every 4th of 1024 samples from 0, and the last (1023): 256 + 1 a side
            xs = sorted({x for x, _ in grid})
            check(xs == list(range(0, 1023, 4)) + [1023], "--terrain-step 4: columns %s...%s (%d)" % (xs[:3], xs[-3:], len(xs)))
            check(len(grid) == 257 * 257, "--terrain-step 4: %d vertices, 257^2 expected" % len(grid))
    if os.path.isfile(island):
        dump = json.loads(run("dump", "--json", island)[1])
        cell = dump["cell_size"]
        region = (40 * cell, 30 * cell, 100.5 * cell, 90 * cell)
        out = os.path.join(work, "island_region.glb")
        rc, _, err = run("export", island, out, "--region", ",".join("%g" % v for v in region))
        if check(rc == 0, "--region: exit %d %s" % (rc, err[-300:])):
            outputs.append(out)
            doc, blob = gltf_files.load(out)
            grid = tile_samples(doc, blob, cell)
            xs, zs = sorted({x for x, _ in grid}), sorted({z for _, z in grid})
            check((xs[0], xs[-1], zs[0], zs[-1]) == (40, 101, 30, 90), "--region: samples x %d..%d z %d..%d, want 40..101, 30..90" % (
                xs[0], xs[-1], zs[0], zs[-1]))
            inside = [o for o in dump["objects"] if region[0] <= o["transform"][9] <= region[2] and region[1] <= o["transform"][11] <= region[3]]
            got = instances(doc, blob)
            check(len(got) == len(inside) and {g[1] for g in got} == {o["id"] for o in inside},
                  "--region: %d instances, %d objects stand in it" % (len(got), len(inside)))
        out = os.path.join(work, "island_nodes.glb")
        rc, _, err = run("export", island, out, "--instancing", "nodes")
        if check(rc == 0, "--instancing nodes: exit %d %s" % (rc, err[-300:])):
            outputs.append(out)
            doc, _ = gltf_files.load(out)
            objects = named_child(doc, doc["scenes"][0]["nodes"][0], "Objects")
            per_object = [c for g in children(doc, objects) for c in children(doc, g)]
            check(len(per_object) == len(dump["objects"]), "--instancing nodes: %d object nodes, %d objects" % (
                len(per_object), len(dump["objects"])))
            check("EXT_mesh_gpu_instancing" not in doc.get("extensionsUsed", []), "--instancing nodes still uses the extension")
        # --target presets, and explicit options winning over them whatever their order.
        for args, instanced, quantized, ids in ((["--target", "unity"], True, True, False),
                                                (["--instancing", "nodes", "--target", "blender"], False, True, False),
                                                (["--target", "blender", "--no-quantize"], True, False, True),
                                                (["--target", "godot", "--quantize"], False, True, False)):
            out = os.path.join(work, "island_%s.glb" % "_".join(a.strip("-") for a in args))
            rc, _, err = run("export", island, out, *args)
            if not check(rc == 0, "%s: exit %d %s" % (args, rc, err[-300:])):
                continue
            outputs.append(out)
            doc, blob = gltf_files.load(out)
            used = doc.get("extensionsUsed", [])
            check(("EXT_mesh_gpu_instancing" in used) == instanced and ("KHR_mesh_quantization" in used) == quantized,
                  "%s: extensionsUsed %s" % (args, used))
            attrs = {k for n in doc["nodes"] for k in n.get("extensions", {}).get("EXT_mesh_gpu_instancing", {}).get("attributes", {})}
            check(("_ID" in attrs) == ids, "%s: instance attributes %s" % (args, sorted(attrs)))
            check(len(instances(doc, blob)) == len(dump["objects"]), "%s: not every object placed" % args)
        rc, _, err = run("export", island, os.path.join(work, "bad_target.glb"), "--target", "unreal5")
        check(rc == 2 and "--target wants generic, godot, unreal, unity or blender" in err, "--target unreal5: exit %d %s" % (rc, err))
        out = os.path.join(work, "island.gltf")
        rc, _, err = run("export", island, out)
        if check(rc == 0 and os.path.isfile(os.path.join(work, "island.bin")), ".gltf: exit %d, island.bin beside it? %s" % (rc, err[-300:])):
            outputs.append(out)


def part_data_root(work, outputs):
    """The demo world with a data root holding one of its two placed models (the crate, renamed)."""
    crate, world = os.path.join(work, "crate.p3d"), os.path.join(work, "world.wrp")
    subprocess.run([MAKE_DEMO, crate, world], check=True)
    root = os.path.join(work, "root")
    os.makedirs(os.path.join(root, "rv", "test"), exist_ok=True)
    shutil.copy(crate, os.path.join(root, "rv", "test", "House.P3D"))  # found case-insensitively
    # The first layer's satellite picture, mapped by world position (TexGen3): u = 0.001 east +
    # 0.25, v = 0.75 - 0.001 north; a 2 x 2 TGA stands in for its .paa. The other layers' .rvmat
    # files are missing (game data).
    layers = os.path.join(root, "rv", "test", "data", "layers")
    os.makedirs(layers, exist_ok=True)
    open(os.path.join(layers, "p_000-000_l00.rvmat"), "w").write(
        'PixelShaderID="TerrainX";\nclass Stage0 { texture="rv\\test\\data\\layers\\s_000_000_lco.paa"; texGen=3; };\n'
        'class TexGen3 { uvSource="worldPos"; class uvTransform { aside[]={0.001,0,0}; up[]={0,0,0.001};'
        ' dir[]={0,-0.001,0}; pos[]={0.25,0.75,0}; }; };\n')
    open(os.path.join(layers, "s_000_000_lco.tga"), "wb").write(bytes(
        [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 32, 0x28, 0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 255, 255, 255, 255]))
    out = os.path.join(work, "world_root.glb")
    rc, _, err = run("export", world, out, "--data-root", root)
    if not check(rc == 0, "export with a data root: exit %d %s" % (rc, err[-300:])):
        return
    outputs.append(out)
    doc, blob = gltf_files.load(out)
    dump = json.loads(run("dump", "--json", world)[1])
    counts = collections.Counter(o["model"] for o in dump["objects"])
    placed = instances(doc, blob, with_mesh=True)
    meshes = {p[0]: doc["meshes"][p[5]]["name"] for p in placed}
    got = collections.Counter(p[0] for p in placed)
    check(got == counts, "objects per model %s, dump --json %s" % (dict(got), dict(counts)))
    check(meshes.get("rv\\test\\house.p3d") == "house", "the found model is not instanced with its own mesh: %s" % meshes)
    check(meshes.get("rv\\test\\tree.p3d") == "missing model marker", "the missing model has no marker: %s" % meshes)
    warning = [l for l in err.splitlines() if "placed model(s) not in the data root" in l]
    check("1 of 3 layer material(s) missing from the data root" in err and "p_000-001_l00.rvmat" in err,
          "no warning for the missing layer material: %s" % err[-400:])
    check(len(warning) == 1 and "rv\\test\\tree.p3d (%d)" % counts["rv\\test\\tree.p3d"] in warning[0],
          "one warning naming the missing model and its count: %s" % err[-400:])
    check_instances("world with data root", doc, blob, dump["objects"])
    # The textured layer: its material samples the picture through TEXCOORD_1, which holds the
    # world mapping of each vertex (glTF: x east, z = -north); the other layers stay plain.
    textured = [i for i, m in enumerate(doc["materials"]) if m["name"].endswith("p_000-000_l00.rvmat")]
    if check(len(textured) == 1, "one material for the textured layer: %s" % [m["name"] for m in doc["materials"]]):
        info = doc["materials"][textured[0]]["pbrMetallicRoughness"].get("baseColorTexture", {})
        check(info.get("texCoord") == 1, "the layer picture is not sampled through TEXCOORD_1: %s" % info)
        # The satellite picture covers its cells once: clamped to its edge (33071), not repeated
        # (10497), so its border never blends with the opposite one.
        if "index" in info:
            sampler = doc["samplers"][doc["textures"][info["index"]]["sampler"]]
            check(sampler.get("wrapS") == 33071 and sampler.get("wrapT") == 33071,
                  "the satellite picture's sampler does not clamp to its edge: %s" % sampler)
        prims = [p for m in doc["meshes"] for p in m["primitives"] if p.get("material") == textured[0]]
        bad = 0
        for p in prims:
            pos = gltf_files.accessor(doc, blob, p["attributes"]["POSITION"])
            uv = gltf_files.accessor(doc, blob, p["attributes"]["TEXCOORD_1"])
            for (x, _, z), (u, v) in zip(pos, uv):
                bad += abs(u - (0.001 * x + 0.25)) > 1e-5 or abs(v - (0.75 + 0.001 * z)) > 1e-5
        check(prims and bad == 0, "layer UVs: %d primitives, %d vertices off the world mapping" % (len(prims), bad))
        plain = [m for i, m in enumerate(doc["materials"]) if i != textured[0] and m["name"].endswith(".rvmat")]
        check(plain and all("baseColorTexture" not in m["pbrMetallicRoughness"] for m in plain), "untextured layers got a texture")


def part_textured_objects(work, outputs):
    """A world whose placed model is a real textured one (AGM_M84 as the demo's house, its
    textures in the same root): our glb and Assimp's both embed the model's colour map."""
    model = os.path.join(SAMPLES, "real", "agm", "AGM_M84.p3d")
    textures = os.path.join(SAMPLES, "textures", "data-root", "agm_grenades")
    if not (os.path.isfile(model) and os.path.isdir(textures)):
        return
    world = os.path.join(work, "world.wrp")
    root = os.path.join(work, "textured_root")
    os.makedirs(os.path.join(root, "rv", "test"), exist_ok=True)
    shutil.copy(model, os.path.join(root, "rv", "test", "house.p3d"))
    shutil.copytree(textures, os.path.join(root, "agm_grenades"), dirs_exist_ok=True)  # scratch copy in the build tree
    for via in ([], ["--via-assimp"]) if WITH_ASSIMP else ([],):
        out = os.path.join(work, "world_textured%s.glb" % ("_assimp" if via else ""))
        rc, _, err = run("export", world, out, "--data-root", root, *via)
        if not check(rc == 0, "textured objects %s: exit %d %s" % (via, rc, err[-300:])):
            continue
        outputs.append(out)
        doc, blob = gltf_files.load(out)
        names = [i.get("name", "") for i in doc.get("images", [])]
        mats = [m for m in doc.get("materials", []) if m.get("name", "").lower().startswith("agm_m84_co.paa")]
        def embedded(m):
            info = m.get("pbrMetallicRoughness", {}).get("baseColorTexture")
            return info is not None and "bufferView" in doc["images"][doc["textures"][info["index"]]["source"]]
        check(mats and all(embedded(m) for m in mats), "textured objects %s: the M84 materials have no embedded colour map: %s %s" % (
            via, [m.get("name") for m in doc.get("materials", [])], names))
        if not via and mats and all(embedded(m) for m in mats):
            # A model's textures tile: repeated, where the world's satellite picture clamps.
            for m in mats:
                sampler = doc["samplers"][doc["textures"][m["pbrMetallicRoughness"]["baseColorTexture"]["index"]]["sampler"]]
                check(sampler.get("wrapS") == 10497 and sampler.get("wrapT") == 10497,
                      "textured objects: the M84 colour map does not repeat: %s" % sampler)


SIZES = []  # (terrain, quantized tile bytes, float tile bytes, quantized file, float file)


def main():
    global RVIMPORT, MAKE_DEMO, SAMPLES, WITH_ASSIMP
    RVIMPORT, MAKE_DEMO, SAMPLES, work, with_assimp = sys.argv[1:6]
    SAMPLES = os.environ.get("RV_SAMPLES_DIR") or SAMPLES
    WITH_ASSIMP = with_assimp.upper() in ("1", "ON", "TRUE", "YES")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    outputs = []
    part_data_root(work, outputs)
    if os.path.isdir(SAMPLES):
        part_textured_objects(work, outputs)
    if not os.path.isfile(os.path.join(SAMPLES, "terrain.tsv")):
        print("samples absent: only the generated world was checked")
    else:
        part_models(work, outputs)
        part_tangents(work, outputs)
        part_terrains(work, outputs)
        part_options(work, outputs)
    for name, q, f, qf, ff in SIZES:
        print("size %s: tile vertices %d -> %d bytes (x%.2f); file %d (--target blender) -> %d (default)" % (
            name, q, f, f / q, qf, ff))
    gltf_files.validate(outputs, fail)
    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
