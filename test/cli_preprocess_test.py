#!/usr/bin/env python3
"""Source configs through the CLI (issue 39): `rvimport preprocess`, and `--include-root` on info
and dump.

A mod written here as modders lay one out on their P: drive: x\\mymod\\addons\\gear\\config.cpp
with CBA-style macros from x\\mymod\\addons\\main\\script_macros.hpp (a P: drive path) and a
relative include. The expected text and tree are written by hand from the macros' definitions.
Errors: the include root a modder forgot (the message names the folder to give), a missing file
two includes deep (the include chain), a path out of the root, a macro bomb, an unterminated
#ifdef, and usage.

A model.cfg that includes its skeleton from `..\\skeleton.hpp` gives the exported glTF the skin of
the same model.cfg written out flat.

With the samples (../shared/samples, skipped without them): `export --config` on the real ACE3
main config of the preprocessor corpus finds its macro-named classes, and `dump --json` of each
CfgConvert case's source equals `dump --json` of the config.bin CfgConvert made from it.

usage: cli_preprocess_test.py RVIMPORT MAKE_CLI_INPUTS WORK_DIR [SAMPLES_DIR]
"""
import json, os, re, shutil, subprocess, sys

import gltf_files

MACROS = r"""#define PREFIX mymod
#define DOUBLES(a,b) a##_##b
#define GVAR(v) DOUBLES(PREFIX,DOUBLES(COMPONENT,v))
#define QUOTE(x) #x
#define QGVAR(v) QUOTE(GVAR(v))
"""
CONFIG = r"""#define COMPONENT gear
#include "\x\mymod\addons\main\script_macros.hpp"
#include "base.hpp"
class CfgPatches {
    class GVAR(patch) { units[] = {QGVAR(box), 'GVAR(single)'}; version = __EVAL(1 + 2 * 3); file = __FILE__; line = __LINE__; };
};
"""
BASE = "class GVAR(Base) { name = QGVAR(base); };\n"
WANT_TEXT = r"""class mymod_gear_Base { name = "mymod_gear_base"; };
class CfgPatches {
    class mymod_gear_patch { units[] = {"mymod_gear_box", 'mymod_gear_single'}; version = 7;
        file = "x\mymod\addons\gear\config.cpp"; line = 5; };
};"""
WANT_TREE = {
    "mymod_gear_Base": {"base": "", "entries": {"name": "mymod_gear_base"}},
    "CfgPatches": {"base": "", "entries": {"mymod_gear_patch": {"base": "", "entries": {
        "units": ["mymod_gear_box", "mymod_gear_single"], "version": 7,
        "file": "x\\mymod\\addons\\gear\\config.cpp", "line": 5}}}},
}


# Bones named as the box's selections ("all", "top"), so the glTF skins its vertices to them.
RIG_FLAT = """class CfgSkeletons {
    class Base { skeletonInherit = ""; skeletonBones[] = {"all", ""}; };
    class Rig : Base { skeletonInherit = "Base"; skeletonBones[] = {"top", "all", "Arm_L", "top"}; };
};
class CfgModels { class Default { skeletonName = "Rig"; }; };
"""
RIG_SHARED = """#define BONE(name, parent) QUOTE(name), QUOTE(parent)
#define QUOTE(x) #x
class CfgSkeletons {
    class Base { skeletonInherit = ""; skeletonBones[] = {"all", ""}; };
    class Rig : Base { skeletonInherit = "Base"; skeletonBones[] = {BONE(top, all), BONE(Arm_##L, top)}; };
};
"""
RIG_INCLUDING = """#include "..\\skeleton.hpp"
class CfgModels { class Default { skeletonName = QUOTE(Rig); }; };
"""


def tokens(text):
    """Whitespace outside strings ignored, as the corpus compares preprocessed text."""
    return re.findall(r'"[^"]*"|\'[^\']*\'|\w+|[^\s\w]', text)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def main():
    rvimport, make_inputs, work = sys.argv[1:4]
    samples = sys.argv[4] if len(sys.argv) > 4 else ""
    shutil.rmtree(work, ignore_errors=True)
    root = os.path.join(work, "P")
    gear = os.path.join(root, "x", "mymod", "addons", "gear")
    write(os.path.join(root, "x", "mymod", "addons", "main", "script_macros.hpp"), MACROS)
    write(os.path.join(gear, "config.cpp"), CONFIG)
    write(os.path.join(gear, "base.hpp"), BASE)
    config = os.path.join(gear, "config.cpp")
    failures = []

    def check(what, ok, detail=""):
        if not ok:
            failures.append("%s %s" % (what, detail))

    def run(*args):
        return subprocess.run([rvimport, *args], capture_output=True, text=True, timeout=120)

    out = run("preprocess", config, "--include-root", root)
    check("preprocess exits 0", out.returncode == 0, out.stderr)
    check("preprocess prints the macros' text", tokens(out.stdout) == tokens(WANT_TEXT), out.stdout)

    out = run("dump", "--json", config, "--include-root", root)
    check("dump exits 0", out.returncode == 0, out.stderr)
    if out.returncode == 0:
        tree = json.loads(out.stdout)
        check("dump gives the preprocessed tree", tree["root"]["entries"] == WANT_TREE, tree["root"])
        check("dump has no warnings", tree["warnings"] == [], tree["warnings"])
    out = run("info", "--include-root", root, config)
    check("info exits 0", out.returncode == 0, out.stderr)
    check("info names the classes", "mymod_gear_Base" in out.stdout, out.stdout)

    # The include root forgotten: the P: drive path is not below the config's folder, and the
    # message says which folder above it holds the file.
    for verb in (["preprocess"], ["info"], ["dump", "--json"]):
        out = run(*verb, config)
        check("%s without the root fails" % verb[0], out.returncode == 1, out.returncode)
        check("%s names the root to give" % verb[0], "give --include-root " + os.path.realpath(root) in out.stderr
              and "line 2" in out.stderr, out.stderr)

    write(os.path.join(gear, "inner.hpp"), "class A {};\n#include \"missing.hpp\"\n")
    write(os.path.join(gear, "chain.cpp"), "// top\n#include \"inner.hpp\"\n")
    out = run("preprocess", os.path.join(gear, "chain.cpp"), "--include-root", root)
    check("a missing include fails", out.returncode == 1, out.returncode)
    check("the error names the file, line and include chain",
          "inner.hpp: line 2, included from x\\mymod\\addons\\gear\\chain.cpp line 2" in out.stderr
          and "missing.hpp" in out.stderr, out.stderr)

    write(os.path.join(gear, "escape.cpp"), '#include "..\\..\\..\\..\\..\\outside.hpp"\n')
    write(os.path.join(work, "outside.hpp"), "class Outside {};\n")
    out = run("preprocess", os.path.join(gear, "escape.cpp"), "--include-root", root)
    check("an include out of the root is refused", out.returncode == 1 and "climbs above the include root"
          in out.stderr and "Outside" not in out.stdout, out.stderr)

    bomb = "".join("#define %s %s %s\n" % (chr(65 + i), chr(66 + i), chr(66 + i)) for i in range(25))
    write(os.path.join(work, "bomb.cpp"), bomb + "class C { a[] = {A}; };\n")
    out = run("preprocess", os.path.join(work, "bomb.cpp"))
    check("a macro bomb stops", out.returncode == 1 and "macro expansions" in out.stderr, out.stderr[:300])

    write(os.path.join(work, "open_if.cpp"), "#ifdef A\nclass B {};\n")
    out = run("preprocess", os.path.join(work, "open_if.cpp"))
    check("an unterminated #ifdef fails", out.returncode == 1 and "line 1" in out.stderr
          and "#endif" in out.stderr, out.stderr)

    check("no file is a usage error", run("preprocess").returncode == 2)
    check("an unknown option is a usage error", run("preprocess", "--nope", config).returncode == 2)

    # A model.cfg that includes its skeleton gives the glTF the skin of the same file written out
    # flat: the same joints, names (lower case, as the game matches them) and parents.
    flat_dir, shared_dir = os.path.join(work, "flat"), os.path.join(work, "mod", "rigged")
    for d in (flat_dir, shared_dir):
        os.makedirs(d, exist_ok=True)
        subprocess.run([make_inputs, "mlod", os.path.join(d, "Box.p3d")], check=True)
    write(os.path.join(flat_dir, "model.cfg"), RIG_FLAT)
    write(os.path.join(work, "mod", "skeleton.hpp"), RIG_SHARED)
    write(os.path.join(shared_dir, "model.cfg"), RIG_INCLUDING)
    skins = []
    for d, extra in ((flat_dir, []), (shared_dir, ["--include-root", os.path.join(work, "mod")])):
        out = run("export", os.path.join(d, "Box.p3d"), os.path.join(d, "box.glb"), *extra)
        check("export with %s's model.cfg" % os.path.basename(d), out.returncode == 0, out.stderr)
        if out.returncode == 0:
            doc, _ = gltf_files.load(os.path.join(d, "box.glb"))
            nodes = doc["nodes"]
            parent = {c: i for i, n in enumerate(nodes) for c in n.get("children", [])}
            joints = doc["skins"][0]["joints"] if doc.get("skins") else []
            skins.append([(nodes[j]["name"], nodes[parent[j]]["name"] if parent.get(j) in joints else "")
                          for j in joints])
    check("the included skeleton's skin is the flat one's", len(skins) == 2 and skins[0] == skins[1]
          and sorted(skins[0]) == [("all", ""), ("arm_l", "top"), ("top", "all")], skins)

    # The real ACE3 main config (the corpus's CfgConvert case): `--config --class` finds the classes
    # its macros name: ADDON is ace_main (QUOTE/DOUBLES of PREFIX and COMPONENT), XADDON acex_main.
    ace = os.path.join(samples, "preprocessor", "cases", "cfgconvert-ace_main", "input", "source.hpp")
    if samples and os.path.isfile(ace):
        box = os.path.join(work, "Box.p3d")
        subprocess.run([make_inputs, "mlod", box], check=True)
        for cls in ("ace_main", "acex_main", "ACE_Logistics_Items"):
            out = run("export", box, os.path.join(work, cls + ".glb"), "--config", ace, "--class", cls)
            check("--config ACE3 main finds %s" % cls, out.returncode == 0 and "class %s has no hiddenSelections"
                  % cls in out.stderr, out.stderr)
        out = run("export", box, os.path.join(work, "none.glb"), "--config", ace, "--class", "ADDON")
        check("the macro's name is no class", out.returncode == 1 and "no class ADDON" in out.stderr, out.stderr)
        # `dump --json` of each CfgConvert case's source equals `dump --json` of the config.bin
        # CfgConvert made from it: classes, bases, order, values (floats as raP's 32 bits),
        # delete, external classes, += arrays and enums.
        cases = os.path.join(samples, "preprocessor", "cases")
        for case in sorted(c for c in os.listdir(cases) if c.startswith("cfgconvert-")):
            with open(os.path.join(cases, case, "SOURCE.txt")) as f:
                fields = dict(line.split(": ", 1) for line in f.read().splitlines() if ": " in line)
            entry = os.path.join(cases, case, fields["entry file"])
            source = run("dump", "--json", entry, "--include-root", os.path.join(cases, case, fields["include root"]))
            binary = run("dump", "--json", os.path.join(cases, case, "expected", "config.bin"))
            check("%s dumps" % case, source.returncode == 0 and binary.returncode == 0, source.stderr + binary.stderr)
            if source.returncode == 0 and binary.returncode == 0:
                a, b = json.loads(source.stdout), json.loads(binary.stdout)
                check("%s: the source's tree is CfgConvert's" % case,
                      (a["root"], a["enums"], a["warnings"]) == (b["root"], b["enums"], []), case)
    else:
        print("cli_preprocess: samples absent, the ACE3 and CfgConvert cases skipped")

    for f in failures:
        print("FAIL:", f)
    if failures:
        return 1
    print("cli_preprocess: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
