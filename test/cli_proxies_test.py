#!/usr/bin/env python3
"""Proxies drawn as the game draws them (issue 36), read back from the glTF as a client would.

The demo crate (our writer) has one proxy, \\rv\\demo\\proxies\\lamp.p3d, turned 90 degrees about y
at (0.2, 0.4, -0.1). A data root is made here with an editable box (our MLOD writer) at that path:
- `export crate.p3d out.glb --data-root ROOT`: the proxy node carries a mesh whose positions are the
  box's own coordinates (x, y, -z: glTF's frame, not centred) and whose triangles are the box's,
  under the proxy's matrix; the crate's own mesh is unchanged; the validator reports no error;
- `--proxies nodes`, or no data root: the proxy is a node without a mesh;
- a root without the box: one warning naming the proxy's path, and the node stays;
- a root whose lamp.p3d is the crate itself (a loop): one warning saying so, a valid file;
- `--proxies` with another word: exit 2;
- Assimp (`export crate.p3d out.dae`): the proxy node instances the box's geometry, as many
  triangles as the box, named after it ("lamp 1.000"); with --proxies nodes it instances none;
- the C ABI, through the Blender add-on's binding: rv_lod_proxy_model gives the box, in Blender's
  frame (x, z, y of the stored), not centred; RV_PROXIES_NODES gives none.

usage: cli_proxies_test.py RVIMPORT MAKE_DEMO MAKE_CLI_INPUTS WORK_DIR WITH_ASSIMP(0|1) [LIBRVIMPORT]
"""
import json, os, shutil, subprocess, sys
import xml.etree.ElementTree as ET

import gltf_files

PROXY = "proxy:\\rv\\demo\\proxies\\lamp.p3d.001"
failures = []


def check(cond, msg):
    if not cond:
        failures.append(msg)
        print("FAIL " + msg)
    return cond


def run(*args):
    p = subprocess.run([RVIMPORT] + [str(a) for a in args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def export(model, out, *extra):
    code, _, err = run("export", model, out, *extra)
    check(code == 0, "export %s: exit %d: %s" % (" ".join(extra), code, err))
    doc, blob = gltf_files.load(out)
    node = next((n for n in doc["nodes"] if n.get("name") == PROXY), None)
    check(node is not None, "no node %s in %s" % (PROXY, out))
    return doc, blob, node or {}, err


def dae_proxy(path):
    """(names of the geometries the proxy node instances, their triangles) in a COLLADA file."""
    ns = {"c": "http://www.collada.org/2005/11/COLLADASchema"}
    tree = ET.parse(path)
    geometries = {g.get("id"): g for g in tree.iter("{%s}geometry" % ns["c"])}
    node = next((n for n in tree.iter("{%s}node" % ns["c"]) if n.get("name") == PROXY), None)
    if not check(node is not None, "no node %s in %s" % (PROXY, path)):
        return [], 0
    names, triangles = [], 0
    for inst in node.findall("c:instance_geometry", ns):
        g = geometries[inst.get("url")[1:]]
        names.append(g.get("name"))
        for poly in g.iter("{%s}polylist" % ns["c"]):
            triangles += sum(int(v) - 2 for v in poly.find("c:vcount", ns).text.split())
        for tri in g.iter("{%s}triangles" % ns["c"]):
            triangles += int(tri.get("count"))
    return names, triangles


def check_assimp(crate, root, work, want_triangles):
    for extra, drawn in (((), True), (("--proxies", "nodes"), False)):
        out = os.path.join(work, "assimp_%s.dae" % ("drawn" if drawn else "nodes"))
        code, _, err = run("export", crate, out, "--data-root", root, *extra)
        if not check(code == 0, "export .dae %s: exit %d: %s" % (extra, code, err)):
            continue
        names, triangles = dae_proxy(out)
        if drawn:
            check(names and all(n.startswith("lamp ") for n in names), "Assimp's proxy geometries: %s" % names)
            check(triangles == want_triangles, "Assimp's proxy draws %d triangles, the box has %d"
                  % (triangles, want_triangles))
        else:
            check(not names, "Assimp's proxy instances %s with --proxies nodes" % names)


def check_capi(crate, root, library, want_positions):
    os.environ["RVIMPORT_LIB"] = library
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import rv_ctypes
    rvlib = rv_ctypes.rvlib()
    model = rvlib.Model(crate, "all", data_root=root)
    first = model.lods[0]
    if not check(len(first.proxies) == 1 and first.proxies[0][4] == 0 and len(model.placed) == 1,
                 "C ABI: the proxy draws no model: %s, %d placed" % (first.proxies, len(model.placed))):
        return
    lod = model.placed[0].lods[0]
    p = lod.positions
    got = sorted({(round(p[i], 5), round(p[i + 2], 5), round(p[i + 1], 5)) for i in range(0, len(p), 3)})
    # want_positions are glTF's (x, y, -z); Blender's frame is the stored (x, z, y)
    want = sorted({(x, y, -z) for x, y, z in want_positions})
    check(got == want, "C ABI: the proxy's model is not the box in its own coordinates: %s vs %s" % (got[:3], want[:3]))
    nodes = rvlib.Model(crate, "all", data_root=root, proxies="nodes")
    check(nodes.lods[0].proxies[0][4] == -1 and not nodes.placed, "C ABI: RV_PROXIES_NODES drew the proxy's model")


def main():
    global RVIMPORT
    RVIMPORT, make_demo, make_inputs, work = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    root, empty_root, loop_root = (os.path.join(work, d) for d in ("root", "empty", "loop"))
    for d in (root, empty_root, loop_root):
        os.makedirs(os.path.join(d, "rv", "demo", "proxies"))
    crate = os.path.join(work, "crate.p3d")
    subprocess.run([make_demo, crate], check=True)
    lamp = os.path.join(root, "rv", "demo", "proxies", "lamp.p3d")
    subprocess.run([make_inputs, "mlod", lamp], check=True)
    shutil.copy(crate, os.path.join(loop_root, "rv", "demo", "proxies", "lamp.p3d"))

    code, out, err = run("dump", "--json", lamp)
    box = json.loads(out)
    first = box["lods"][0]
    want_positions = sorted((round(p[0], 5), round(p[1], 5), round(-p[2], 5)) for p in first["positions"])
    want_triangles = sum(len(f) - 2 for f in first["faces"]) - len(first["proxies"])

    resolved = os.path.join(work, "resolved.glb")
    doc, blob, node, err = export(crate, resolved, "--data-root", root)
    if check("mesh" in node, "the proxy node carries no mesh with the box in the data root: %s" % node):
        prims = doc["meshes"][node["mesh"]]["primitives"]
        got = sorted({tuple(round(c, 5) for c in p) for pr in prims
                      for p in gltf_files.accessor(doc, blob, pr["attributes"]["POSITION"])})
        check(got == sorted(set(want_positions)), "the proxied mesh is not the box in its own coordinates: %s vs %s"
              % (got[:3], want_positions[:3]))
        tris = sum(len(gltf_files.triangles(doc, blob, pr)) for pr in prims)
        check(tris == want_triangles, "the proxied mesh has %d triangles, the box %d" % (tris, want_triangles))
        check(node.get("matrix") is not None, "the proxy node has no matrix")
    plain_doc, _, plain_node, _ = export(crate, os.path.join(work, "nodes.glb"), "--data-root", root,
                                         "--proxies", "nodes")
    check("mesh" not in plain_node, "--proxies nodes drew the proxy's model")
    check(plain_node.get("matrix") == node.get("matrix"), "the proxy moved: %s vs %s" % (plain_node, node))
    check(len(doc["meshes"]) == len(plain_doc["meshes"]) + 1, "%d meshes resolved, %d as nodes: one more wanted"
          % (len(doc["meshes"]), len(plain_doc["meshes"])))
    _, _, bare, _ = export(crate, os.path.join(work, "bare.glb"))
    check("mesh" not in bare, "a proxy drawn without a data root")

    _, _, missing, err = export(crate, os.path.join(work, "missing.glb"), "--data-root", empty_root)
    lines = [line for line in err.splitlines() if "lamp.p3d" in line]
    check("mesh" not in missing and len(lines) == 1 and "not in the data root" in lines[0],
          "a missing proxy model is one warning naming it: %s" % lines)

    loop = os.path.join(work, "loop.glb")
    doc, _, _, err = export(crate, loop, "--data-root", loop_root)
    lines = [line for line in err.splitlines() if "loop" in line and line.startswith("warning")]
    # the crate's proxy draws lamp.p3d (a copy of the crate), whose own proxy would draw it again
    nodes = [n for n in doc["nodes"] if n.get("name") == PROXY]
    check(len(lines) == 1 and len(nodes) == 2 and sum("mesh" in n for n in nodes) == 1,
          "the looping proxy: one warning, the first level drawn, the second a node: %s, %s" % (lines, nodes))

    _, _, every, _ = export(crate, os.path.join(work, "all.glb"), "--data-root", root, "--proxies", "all")
    check("mesh" in every, "--proxies all left the lamp out")
    code, _, err = run("export", crate, os.path.join(work, "x.glb"), "--proxies", "some")
    check(code == 2 and "--proxies" in err, "--proxies some: exit %d: %s" % (code, err))
    gltf_files.validate([resolved, loop], lambda m: check(False, m))

    if sys.argv[5] == "1":
        check_assimp(crate, root, work, want_triangles)
    if len(sys.argv) > 6 and sys.argv[6]:
        check_capi(crate, root, sys.argv[6], want_positions)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
