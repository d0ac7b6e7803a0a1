#!/usr/bin/env python3
"""rvimport's importers in unmodified Assimp hosts, through the preloaded plugin (issue 18).

usage: assimp_host_test.py PART RVIMPORT PLUGIN WRAPPER MAKE_DEMO SAMPLES_DIR WORK [CC]

PART:
  listext   Debian's `assimp listext` lists *.p3d and *.wrp under the wrapper (bin/rvimport-assimp),
            not without it; `assimp knowext p3d` agrees; RVIMPORT_ASSIMP_VERBOSE shows one
            registration per Importer.
  models    `assimp info -r` on every real ODOL sample of samples/manifest.tsv: the LOD node it
            shows is the one the importers pick by default (RV_IMPORT_LODS=first: the first visual
            LOD with faces; `rvimport info` lists it), and its vertex and face counts are the ones
            `rvimport dump --json` gives for that LOD as the importers lay it out (one mesh per
            texture and material, each with the vertices its faces use; quads as two triangles).
            Plain `assimp info` (its MaxQuality post-processing) succeeds with the same faces.
            RV_IMPORT_LODS, RV_IMPORT_MEMORY_BUDGET_MB and RV_IMPORT_DATA_ROOT (textures
            embedded) from the environment are honoured.
  export    `assimp export` of the demo crate and three real models to glb, obj and dae, read back
            by Assimp's own importers (no plugin) with the same face counts (glb: vertices too,
            and the glb parsed here and passed through the Khronos validator when installed).
  terrains  `assimp info` on samples of each terrain family (4WVR, 8WVR, OPRW): node, mesh,
            vertex and face counts equal to the scene our own `rvimport export` writes (.assbin,
            read back by the stock assimp).
  capi      a C program using only Assimp's C API (aiImportFile), compiled here against the system
            libassimp without any rvimport header, imports the demo crate under LD_PRELOAD (and
            cannot without it).
  qgltf     Qt 3D's qgltf (qt3d5-dev-tools), a Debian program embedding Assimp, converts .p3d to
            glTF under the wrapper with the counts assimp shows (part_qgltf).
  version   a stand-in library reporting Assimp 4.1.0 where libassimp would be: the plugin prints
            one line and adds nothing; the host still works.
Exit 77 (skipped) when Debian's `assimp` tool (assimp-utils) is not installed, unless
RV_REQUIRE_ASSIMP_HOST=1; the sample parts are skipped when the samples are absent.
"""
import json, os, re, shutil, struct, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = 77
ODOL_SAMPLE_EXPORTS = ["real/kam/b9d18caa_AAT.p3d", "real/ascz-mods/2Dscope_RUAA5.p3d",
                       "real/dayz-epoch-108/seabass.p3d"]
TERRAINS = {"4WVR": ["test_world.wrp", "wrp_32_hills.wrp"], "8WVR": ["world01.wrp", "gen8wvr_small.wrp"],
            "OPRW": ["op25_tiny.wrp", "op25q_small.wrp", "cwr3_small.wrp"]}

failures = []


def fail(msg):
    print("FAIL: " + msg)
    failures.append(msg)


def run(cmd, env=None, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, errors="replace", env=env, **kw)


class Ctx:
    def __init__(self, argv):
        self.part, self.rvimport, self.plugin, self.wrapper, self.make_demo, samples, self.work = argv[1:8]
        self.cc = argv[8] if len(argv) > 8 else "cc"
        self.rvimport, self.plugin, self.wrapper, self.make_demo, self.work = (
            os.path.abspath(p) for p in (self.rvimport, self.plugin, self.wrapper, self.make_demo, self.work))
        self.samples = os.path.abspath(os.environ.get("RV_SAMPLES_DIR") or samples)
        os.makedirs(self.work, exist_ok=True)
        self.env = dict(os.environ, RVIMPORT_ASSIMP_PLUGIN=self.plugin)
        for k in ("RV_IMPORT_LODS", "RV_IMPORT_DATA_ROOT", "RV_IMPORT_MEMORY_BUDGET_MB", "RVIMPORT_ASSIMP_VERBOSE",
                  "LD_PRELOAD"):
            self.env.pop(k, None)

    def assimp(self, *args, env=None, plugin=True):
        cmd = ([self.wrapper] if plugin else []) + ["assimp"] + list(args)
        return run(cmd, env=env or self.env, cwd=self.work)

    def demo(self):
        path = os.path.join(self.work, "rv_crate.p3d")
        if not os.path.isfile(path):
            r = run([self.make_demo, path])
            if r.returncode != 0:
                raise SystemExit("rv_make_demo failed: " + r.stderr)
        return path

    def real_odol(self):
        manifest = os.path.join(self.samples, "manifest.tsv")
        if not os.path.isfile(manifest):
            return None
        rows = []
        with open(manifest, encoding="utf-8") as f:
            header = f.readline().rstrip("\n").split("\t")
            for line in f:
                row = dict(zip(header, line.rstrip("\n").split("\t")))
                if row["kind"] == "real" and row["signature"] == "ODOL" and os.path.isfile(
                        os.path.join(self.samples, row["path"])):
                    rows.append(row["path"])
        return rows


def counts(info_out):
    """Nodes, meshes, vertices and faces from `assimp info`."""
    got = {}
    for key in ("Nodes", "Meshes", "Vertices", "Faces"):
        m = re.search(r"^%s:\s+(\d+)" % key, info_out, re.M)
        got[key.lower()] = int(m.group(1)) if m else None
    return got


def lod_nodes(info_out):
    """The root's children in `assimp info`'s node tree."""
    tree = info_out.split("Node hierarchy:", 1)[-1]
    return [m.group(1) for m in re.finditer(r"^[├└]╴(.*?)(?: \(mesh[^)]*\))?$", tree, re.M)]


def skeleton_node(ctx, path):
    """The skeleton's name, the root's first child in a skinned model's scene (docs/assimp.md,
    "Skeletons and animations"), or None."""
    r = run([ctx.rvimport, "dump", "--json", path])
    skeleton = json.loads(r.stdout).get("skeleton") if r.returncode == 0 else None
    return skeleton.get("name") if isinstance(skeleton, dict) and skeleton.get("bones") else None


def expected_lod(ctx, path, pick=None):
    """The LOD the importers import by default (or the one named `pick`) and its scene counts,
    from our decoder's `dump --json`."""
    r = run([ctx.rvimport, "dump", "--json", path])
    if r.returncode != 0:
        raise RuntimeError("rvimport dump --json %s: %s" % (path, r.stderr))
    lods = json.loads(r.stdout)["lods"]
    if pick is None:
        # RV_IMPORT_LODS=first (docs/assimp.md, "The importers in your program"): the first visual LOD (resolution
        # below 1000) with faces, else the first LOD with faces, else the first.
        chosen = next((l for l in lods if 0 <= l["resolution"] < 1000 and l["faces"]), None) \
            or next((l for l in lods if l["faces"]), lods[0])
    else:
        chosen = next(l for l in lods if l["name"] == pick)
    groups = {}
    for s in chosen["sections"]:
        tex = chosen["textures"][s["texture"]] if 0 <= s["texture"] < len(chosen["textures"]) else ""
        key = (tex, s.get("material_name", s.get("material")))
        for face in chosen["faces"][s["first_face"]:s["end_face"]]:
            groups.setdefault(key, set()).update(face)
    vertices = sum(len(g) for g in groups.values())
    faces = sum(len(f) - 2 for f in chosen["faces"])
    return chosen["name"], vertices, faces


def part_listext(ctx):
    plain = ctx.assimp("listext", plugin=False)
    if "*.p3d" in plain.stdout or "*.wrp" in plain.stdout:
        fail("the stock assimp lists *.p3d or *.wrp without the plugin: the test proves nothing")
    r = ctx.assimp("listext")
    exts = r.stdout.strip().split(";")
    for e in ("*.p3d", "*.wrp", "*.obj", "*.fbx"):
        if e not in exts:
            fail("assimp listext under the wrapper lacks %s: %s" % (e, r.stdout[:200] + r.stderr))
    if exts.count("*.p3d") != 1 or exts.count("*.wrp") != 1:
        fail("*.p3d or *.wrp listed twice: %s" % r.stdout)
    for ext in ("p3d", "wrp"):
        if ctx.assimp("knowext", ext).returncode != 0:
            fail("assimp knowext %s fails under the wrapper" % ext)
    # One registration per Importer: the tool builds one; the verbose line says 2 added.
    env = dict(ctx.env, RVIMPORT_ASSIMP_VERBOSE="1")
    r = ctx.assimp("listext", env=env)
    added = re.findall(r"Assimp::Importer 0x[0-9a-f]+: (\d+) importer\(s\) added", r.stderr)
    if not added or any(a != "2" for a in added):
        fail("verbose registration lines: %s" % r.stderr)
    # LD_PRELOAD set by hand works the same; the wrapper does not preload twice when nested.
    r = run(["assimp", "listext"], env=dict(ctx.env, LD_PRELOAD=ctx.plugin), cwd=ctx.work)
    if "*.p3d" not in r.stdout:
        fail("LD_PRELOAD=%s assimp listext lacks *.p3d" % ctx.plugin)
    r = run([ctx.wrapper, ctx.wrapper, "sh", "-c", "echo $LD_PRELOAD"], env=ctx.env)
    if r.stdout.split().count(os.path.realpath(ctx.plugin)) != 1:
        fail("nested wrappers preload %r" % r.stdout)
    print("listext: %d extensions, *.p3d and *.wrp once each" % len(exts))


def part_models(ctx):
    models = ctx.real_odol()
    if not models:
        print("skipped: no real ODOL samples under %s" % ctx.samples)
        return SKIP
    for rel in models:
        path = os.path.join(ctx.samples, rel)
        name, want_v, want_f = expected_lod(ctx, path)
        info_rows = run([ctx.rvimport, "info", path]).stdout
        skeleton = skeleton_node(ctx, path)
        if not re.search(r"^\s*\d+\s+%s\s" % re.escape(name), info_rows, re.M):
            fail("%s: LOD %s not in rvimport info" % (rel, name))
        for raw in (True, False):
            r = ctx.assimp("info", path, *(["-r"] if raw else []))
            got = counts(r.stdout)
            nodes = lod_nodes(r.stdout)
            if skeleton and nodes[:1] == [skeleton]:
                nodes = nodes[1:]
            label = "%s (assimp info%s)" % (rel, " -r" if raw else "")
            if r.returncode != 0:
                fail("%s: exit %d: %s" % (label, r.returncode, r.stderr[-300:]))
                continue
            if nodes != [name]:
                fail("%s: LOD nodes %s, expected [%s]" % (label, nodes, name))
            # Without -r the tool runs aiProcessPreset_TargetRealtime_MaxQuality, whose
            # JoinIdenticalVertices merges equal vertices and whose tangent and normal steps split
            # some: the faces stay, the vertex count is Assimp's own.
            if (got["vertices"] if raw else want_v, got["faces"]) != (want_v, want_f):
                fail("%s: %s vertices, %s faces; rvimport's LOD %s: %d, %d" % (
                    label, got["vertices"], got["faces"], name, want_v, want_f))
        print("%-48s LOD %-9s %6d vertices %6d faces" % (rel, name, want_v, want_f))
    # Options from the environment: RV_IMPORT_LODS picks the Geometry LOD of a model that has one.
    path = os.path.join(ctx.samples, "real/kam/aff6fa87_m7a3.p3d")
    if os.path.isfile(path):
        name, want_v, want_f = expected_lod(ctx, path, pick="Geometry")
        r = ctx.assimp("info", path, "-r", env=dict(ctx.env, RV_IMPORT_LODS="Geometry"))
        got = counts(r.stdout)
        if lod_nodes(r.stdout) != ["Geometry"] or (got["vertices"], got["faces"]) != (want_v, want_f):
            fail("RV_IMPORT_LODS=Geometry: %s %s, expected %d, %d" % (lod_nodes(r.stdout), got, want_v, want_f))
        r = ctx.assimp("info", path, "-r", env=dict(ctx.env, RV_IMPORT_LODS="all"))
        if len(lod_nodes(r.stdout)) != 7:
            fail("RV_IMPORT_LODS=all: LOD nodes %s" % lod_nodes(r.stdout))
        r = ctx.assimp("info", path, "-r", env=dict(ctx.env, RV_IMPORT_MEMORY_BUDGET_MB="1"))
        if r.returncode == 0 or "memory limit" not in r.stdout + r.stderr:
            fail("RV_IMPORT_MEMORY_BUDGET_MB=1 did not stop the import: %s" % (r.stdout + r.stderr)[-300:])
        print("environment: RV_IMPORT_LODS (Geometry, all) and RV_IMPORT_MEMORY_BUDGET_MB honoured")
    # RV_IMPORT_DATA_ROOT: AGM M84's colour and normal maps resolve there and are embedded.
    path = os.path.join(ctx.samples, "real/agm/AGM_M84.p3d")
    root = os.path.join(ctx.samples, "textures", "data-root")
    if os.path.isfile(path) and os.path.isdir(root):
        def embedded(env):
            m = re.search(r"^Textures \(embed\.\):\s+(\d+)", ctx.assimp("info", path, "-r", env=env).stdout, re.M)
            return int(m.group(1)) if m else None
        without, with_root = embedded(ctx.env), embedded(dict(ctx.env, RV_IMPORT_DATA_ROOT=root))
        if without != 0 or not with_root:
            fail("RV_IMPORT_DATA_ROOT: %s embedded textures without, %s with" % (without, with_root))
        else:
            print("environment: RV_IMPORT_DATA_ROOT embeds %d textures of AGM_M84.p3d" % with_root)
    print("models: %d real ODOL samples, assimp info == rvimport's counts" % len(models))


def glb_counts(path):
    data = open(path, "rb").read()
    magic, _, length = struct.unpack_from("<4sII", data, 0)
    if magic != b"glTF" or length != len(data):
        raise ValueError("%s: not a whole glb" % path)
    jlen = struct.unpack_from("<I", data, 12)[0]
    doc = json.loads(data[20:20 + jlen])
    vertices = faces = 0
    for mesh in doc.get("meshes", []):
        for prim in mesh["primitives"]:
            vertices += doc["accessors"][prim["attributes"]["POSITION"]]["count"]
            if prim.get("mode", 4) == 4:
                faces += doc["accessors"][prim["indices"]]["count"] // 3
    return vertices, faces


def part_export(ctx):
    inputs = [ctx.demo()]
    if ctx.real_odol() is not None:
        inputs += [os.path.join(ctx.samples, m) for m in ODOL_SAMPLE_EXPORTS
                   if os.path.isfile(os.path.join(ctx.samples, m))]
    glbs = []
    for src in inputs:
        src_info = counts(ctx.assimp("info", src, "-r").stdout)
        stem = os.path.splitext(os.path.basename(src))[0]
        for fmt in ("glb", "obj", "dae"):
            out = os.path.join(ctx.work, "%s.%s" % (stem, fmt))
            if os.path.exists(out):
                os.remove(out)
            r = ctx.assimp("export", src, out)
            if r.returncode != 0 or not os.path.isfile(out):
                fail("assimp export %s %s: exit %d %s" % (src, out, r.returncode, r.stderr[-300:]))
                continue
            back = counts(ctx.assimp("info", out, "-r", plugin=False).stdout)
            if back["faces"] != src_info["faces"]:
                fail("%s: %s faces read back, %s imported" % (out, back["faces"], src_info["faces"]))
            if fmt == "glb":
                glbs.append(out)
                if back["vertices"] != src_info["vertices"]:
                    fail("%s: %s vertices read back, %s imported" % (out, back["vertices"], src_info["vertices"]))
                if glb_counts(out) != (src_info["vertices"], src_info["faces"]):
                    fail("%s: the glb holds %s (vertices, triangles), imported %s" % (
                        out, glb_counts(out), (src_info["vertices"], src_info["faces"])))
        print("%-28s %6d vertices %6d faces -> glb, obj, dae read back alike" % (
            os.path.basename(src), src_info["vertices"], src_info["faces"]))
    validator = os.path.join(HERE, "..", "gltf", "validate.js")
    if shutil.which("node") and os.path.isdir(os.path.join(HERE, "..", "gltf", "node_modules", "gltf-validator")):
        # Assimp's glTF exporter writes a material's texture path as the image's uri (a .paa
        # beside the file, which is not there): those IO errors are expected; any other fails.
        r = run(["node", validator] + glbs)
        print(r.stdout.strip())
        other = [l for l in r.stdout.splitlines()
                 if l.strip().startswith("error ") and not re.match(r"\s*error IO_ERROR at /images/\d+/uri:", l)]
        if other or "errors" not in r.stdout:
            fail("the glTF validator reports errors besides the unresolved texture files (above)")
    elif os.environ.get("RV_REQUIRE_GLTF_VALIDATOR") == "1":
        fail("the glTF validator is not installed (npm ci --prefix test/gltf)")


def part_terrains(ctx):
    folder = os.path.join(ctx.samples, "terrain")
    if not os.path.isdir(folder):
        print("skipped: no terrain samples under %s" % folder)
        return SKIP
    families = set()
    for family, names in sorted(TERRAINS.items()):
        for name in names:
            path = os.path.join(folder, name)
            if not os.path.isfile(path):
                continue
            with open(path, "rb") as f:
                if f.read(4).decode("latin-1") != family:
                    fail("%s is not %s" % (name, family))
            ours = os.path.join(ctx.work, name + ".assbin")
            r = run([ctx.rvimport, "export", path, ours])
            if r.returncode != 0:
                fail("rvimport export %s: %s" % (name, r.stderr))
                continue
            want = counts(ctx.assimp("info", ours, "-r", plugin=False).stdout)
            r = ctx.assimp("info", path, "-r")
            got = counts(r.stdout)
            if r.returncode != 0 or got != want:
                fail("%s: assimp info %s, rvimport's scene %s %s" % (name, got, want, r.stderr[-200:]))
            elif set(lod_nodes(r.stdout)) != {"terrain", "objects", "roads"}:
                fail("%s: root children %s" % (name, lod_nodes(r.stdout)))
            else:
                families.add(family)
                print("%-4s %-20s %5d nodes %4d meshes %7d vertices %7d faces" % (
                    family, name, got["nodes"], got["meshes"], got["vertices"], got["faces"]))
    if families != set(TERRAINS):
        fail("terrain families read: %s" % sorted(families))


def part_capi(ctx):
    exe = os.path.join(ctx.work, "aiimport")
    r = run([ctx.cc, "-std=c99", "-Wall", "-Wextra", "-Werror", "-o", exe, os.path.join(HERE, "aiimport.c"), "-lassimp"])
    if r.returncode != 0:
        fail("compiling aiimport.c against the system libassimp: " + r.stderr)
        return
    crate = ctx.demo()
    plain = run([exe, crate], env=ctx.env)
    if plain.returncode == 0:
        fail("aiImportFile read %s without the plugin: the test proves nothing" % crate)
    env = dict(ctx.env, LD_PRELOAD=ctx.plugin, RVIMPORT_ASSIMP_VERBOSE="1")
    r = run([exe, crate], env=env)
    want = counts(ctx.assimp("info", crate, "-r").stdout)
    m = re.match(r"meshes=(\d+) vertices=(\d+) faces=(\d+) nodes=(\d+)", r.stdout)
    if r.returncode != 0 or not m:
        fail("aiimport under LD_PRELOAD: exit %d %s %s" % (r.returncode, r.stdout, r.stderr))
        return
    got = dict(meshes=int(m.group(1)), vertices=int(m.group(2)), faces=int(m.group(3)), nodes=int(m.group(4)))
    if got != want:
        fail("aiImportFile: %s, assimp info: %s" % (got, want))
    if "importer(s) added" not in r.stderr:
        fail("the C API's Importer did not go through the plugin's constructor: %s" % r.stderr)
    # The same through the wrapper, with a real sample when present.
    samples = ctx.real_odol() or []
    if samples:
        path = os.path.join(ctx.samples, samples[0])
        name, want_v, want_f = expected_lod(ctx, path)
        r = run([ctx.wrapper, exe, path], env=ctx.env)
        if "vertices=%d faces=%d" % (want_v, want_f) not in r.stdout:
            fail("aiimport %s: %s %s; expected %d vertices, %d faces" % (path, r.stdout, r.stderr, want_v, want_f))
    print("capi: aiImportFile read %s: %s" % (os.path.basename(crate), got))


def part_version(ctx):
    fake = os.path.join(ctx.work, "libfake_assimp_version.so")
    r = run([ctx.cc, "-shared", "-fPIC", "-o", fake, os.path.join(HERE, "fake_assimp_version.c"), "-ldl"])
    if r.returncode != 0:
        fail("compiling the stand-in: " + r.stderr)
        return
    env = dict(ctx.env, LD_PRELOAD="%s %s" % (ctx.plugin, fake))
    r = run(["assimp", "listext"], env=env, cwd=ctx.work)
    lines = [l for l in r.stderr.splitlines() if l.startswith("rvimport-assimp:")]
    if r.returncode != 0 or "*.obj" not in r.stdout:
        fail("the host no longer works with a mismatched Assimp: exit %d %s" % (r.returncode, r.stderr))
    if "*.p3d" in r.stdout:
        fail("importers added to an Assimp that reports 4.1.0")
    if len(lines) != 1 or "Assimp 4.1.0" not in lines[0] or "built for" not in lines[0]:
        fail("expected one line naming the versions, got: %s" % r.stderr)
    print("version: %s" % (lines[0] if lines else "?"))
    # An obj import in the same state still works.
    obj = os.path.join(ctx.work, "tri.obj")
    with open(obj, "w") as f:
        f.write("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")
    r = run(["assimp", "info", obj, "-r"], env=env, cwd=ctx.work)
    if r.returncode != 0 or counts(r.stdout)["faces"] != 1:
        fail("assimp info on an .obj with the mismatched stand-in: %s" % r.stderr)


QGLTF = "/usr/lib/qt5/bin/qgltf"  # qt3d5-dev-tools: Qt 3D's converter of any Assimp format to glTF


def qgltf_counts(folder):
    """Vertices and triangles of the .qgltf (glTF 1.0 JSON) qgltf wrote into `folder`."""
    names = [n for n in os.listdir(folder) if n.endswith(".qgltf")]
    if len(names) != 1:
        raise ValueError("qgltf wrote %s" % names)
    doc = json.load(open(os.path.join(folder, names[0])))
    acc = doc["accessors"]
    vertices = faces = 0
    for mesh in doc["meshes"].values():
        for prim in mesh["primitives"]:
            vertices += acc[prim["attributes"]["POSITION"]]["count"]
            faces += acc[prim["indices"]]["count"] // 3
    return vertices, faces


def part_qgltf(ctx):
    """Qt 3D's qgltf, a Debian program that embeds Assimp (its own Importer and post-processing),
    converts .p3d to glTF under the wrapper. The demo crate and AAT (no degenerate or duplicate
    triangles) keep exactly the counts `assimp info -r` shows; on the others qgltf's own
    post-processing may drop degenerate triangles and merge equal vertices, so its counts may
    only be a little lower."""
    if not os.path.isfile(QGLTF):
        if os.environ.get("RV_REQUIRE_ASSIMP_HOST") == "1":
            fail("%s is not installed (apt-get install qt3d5-dev-tools) and RV_REQUIRE_ASSIMP_HOST=1" % QGLTF)
            return
        print("skipped: %s is not installed (apt-get install qt3d5-dev-tools)" % QGLTF)
        return SKIP
    env = dict(ctx.env, QT_QPA_PLATFORM="offscreen")
    exact = [ctx.demo()]
    near = []
    if ctx.real_odol():
        exact.append(os.path.join(ctx.samples, "real/kam/b9d18caa_AAT.p3d"))
        near = [os.path.join(ctx.samples, m) for m in ("real/dayz-epoch-108/seabass.p3d", "real/tfar/clf_nicecomm2.p3d")]
    plain_out = os.path.join(ctx.work, "qgltf_plain")
    shutil.rmtree(plain_out, ignore_errors=True)
    run([QGLTF, "-d", plain_out, exact[0]], env=env)
    if os.path.isdir(plain_out) and any(n.endswith(".qgltf") for n in os.listdir(plain_out)):
        fail("qgltf converted a .p3d without the plugin: the test proves nothing")
    for src in exact + near:
        if not os.path.isfile(src):
            continue
        out = os.path.join(ctx.work, "qgltf_" + os.path.basename(src))
        shutil.rmtree(out, ignore_errors=True)
        r = run([ctx.wrapper, QGLTF, "-d", out, src], env=env)
        want = counts(ctx.assimp("info", src, "-r").stdout)
        try:
            got = qgltf_counts(out)
        except (OSError, ValueError) as e:
            fail("qgltf %s: %s; exit %d %s" % (src, e, r.returncode, r.stderr[-300:]))
            continue
        if src in exact:
            ok = got == (want["vertices"], want["faces"])
        else:
            ok = 0.99 * want["vertices"] <= got[0] <= want["vertices"] and 0.99 * want["faces"] <= got[1] <= want["faces"]
        if not ok:
            fail("qgltf %s: %s (vertices, triangles); assimp info -r: %s" % (src, got, want))
        print("qgltf %-24s %6d vertices %6d triangles (assimp info -r: %d, %d)" % (
            os.path.basename(src), got[0], got[1], want["vertices"], want["faces"]))


def main():
    ctx = Ctx(sys.argv)
    parts = {"listext": part_listext, "models": part_models, "export": part_export, "terrains": part_terrains,
             "capi": part_capi, "version": part_version, "qgltf": part_qgltf}
    if ctx.part not in parts:
        print(__doc__)
        return 2
    if not shutil.which("assimp"):
        if os.environ.get("RV_REQUIRE_ASSIMP_HOST") == "1":
            print("FAIL: Debian's assimp tool (assimp-utils) is not installed and RV_REQUIRE_ASSIMP_HOST=1")
            return 1
        print("skipped: the assimp tool is not installed (apt-get install assimp-utils)")
        return SKIP
    result = parts[ctx.part](ctx)
    if failures:
        print("%d failure(s)" % len(failures))
        return 1
    return result or 0


if __name__ == "__main__":
    sys.exit(main())
