#!/usr/bin/env python3
"""The files around an export (issue 40), on the editable box of rv_make_cli_inputs, a model.cfg
and an animation written here, and a data root holding the box's colour map.

- An input is never an output: an OUT that is the --animation, --model-cfg or --config file, the
  model.cfg found beside the model, or a texture the data root gave the export, by its name, a
  symbolic link or a hard link, is refused with exit 2 and left as it was, through our glTF writer
  and through Assimp's. So is a batch's --manifest or output that is one of its inputs.
- export decides by signature: a model named .paa is a model, a texture named .p3d a texture, and
  a --model-cfg named .paa is read as the config it is.
- A skeleton's repairs (a parent that is no bone, a loop) are warnings, once each, on an export
  through our writer and through Assimp's.
- A model.cfg with 20,000 duplicate bones gives 100 warnings and one "and 19900 more" in dump
  --json, and the export prints at most the per-kind cap.

usage: cli_side_files_test.py RVIMPORT MAKE_CLI_INPUTS MAKE_HOSTILE WORK_DIR WITH_ASSIMP
"""
import hashlib, json, os, shutil, subprocess, sys

CFG = """class CfgSkeletons { class Rig { isDiscrete = 1; skeletonInherit = "";
    skeletonBones[] = {"all", "", "top", "all"}; }; };
class CfgModels { class Box { skeletonName = "Rig"; }; };
"""
REPAIRS = """class CfgSkeletons { class Rig { isDiscrete = 1; skeletonInherit = "";
    skeletonBones[] = {"all", "top", "top", "all", "ghost", "nobody"}; }; };
class CfgModels { class Box { skeletonName = "Rig"; }; };
"""
RETEXTURE = """class CfgVehicles { class Box_Red { model = "Box.p3d"; hiddenSelections[] = {"top"};
    hiddenSelectionsTextures[] = {"rv\\\\box\\\\box_co.paa"}; }; };
"""
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)
    return ok


def run(rvimport, *args):
    p = subprocess.run([rvimport, *args], capture_output=True, text=True, errors="replace")
    return p.returncode, p.stdout, p.stderr


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def refused(rvimport, what, out, protected, args):
    """export ... OUT: exit 2 naming OUT, and `protected` unchanged."""
    before = digest(protected)
    rc, _, err = run(rvimport, "export", *args)
    check(rc == 2, "%s: exit %d, want 2: %s" % (what, rc, err))
    check("a file this command reads" in err and os.path.basename(out) in err,
          "%s: the refusal names OUT as a file the export reads: %s" % (what, err))
    check(digest(protected) == before, "%s: %s was changed" % (what, protected))


def inputs_never_outputs(rvimport, work, with_assimp):
    box, cfg, anim = (os.path.join(work, n) for n in ("Box.p3d", "rig.cfg", "nonfinite_bmtr.rtm"))
    retex = os.path.join(work, "retexture.cpp")
    writers = [["-f", "glb2"]] + ([["-f", "glb2", "--via-assimp"]] if with_assimp else [])
    for w in writers:
        tag = " ".join(w)
        refused(rvimport, "OUT = --animation (%s)" % tag, anim, anim, [box, anim, "--model-cfg", cfg, "--animation",
                                                                        anim, *w])
        refused(rvimport, "OUT = --model-cfg (%s)" % tag, cfg, cfg, [box, cfg, "--model-cfg", cfg, *w])
        refused(rvimport, "OUT = --config (%s)" % tag, retex, retex,
                [box, retex, "--config", retex, "--class", "Box_Red", *w])
        link, hard = os.path.join(work, "link.glb"), os.path.join(work, "hard.glb")
        for p in (link, hard):
            if os.path.lexists(p):
                os.remove(p)
        os.symlink(anim, link)
        os.link(anim, hard)
        refused(rvimport, "OUT = a link to --animation (%s)" % tag, link, anim, [box, link, "--model-cfg", cfg,
                                                                               "--animation", anim, *w])
        refused(rvimport, "OUT = a hard link to --animation (%s)" % tag, hard, anim,
                [box, hard, "--model-cfg", cfg, "--animation", anim, *w])
        beside = os.path.join(work, "beside")
        refused(rvimport, "OUT = the model.cfg beside the model (%s)" % tag, "model.cfg",
                os.path.join(beside, "model.cfg"), [os.path.join(beside, "Box.p3d"),
                                                    os.path.join(beside, "model.cfg"), *w])
        texture = os.path.join(work, "root", "rv", "box", "box_co.paa")
        refused(rvimport, "OUT = the data root's texture (%s)" % tag, texture, texture,
                [box, texture, "--data-root", os.path.join(work, "root"), *w])
    # A data root is not all input: an export into it, again over its own earlier output, works.
    out = os.path.join(work, "root", "box.glb")
    for attempt in (1, 2):
        rc, _, err = run(rvimport, "export", box, out, "--data-root", os.path.join(work, "root"))
        check(rc == 0, "export into the data root, run %d: exit %d: %s" % (attempt, rc, err))
    if with_assimp:  # batch: the manifest may not be one of the inputs
        batch_in = os.path.join(work, "batch_in")
        os.makedirs(batch_in, exist_ok=True)
        shutil.copyfile(box, os.path.join(batch_in, "Box.p3d"))
        rc, _, err = run(rvimport, "batch", batch_in, os.path.join(work, "batch_out"), "--manifest",
                         os.path.join(batch_in, "Box.p3d"))
        check(rc == 2, "batch --manifest = an input: exit %d: %s" % (rc, err))


def by_signature(rvimport, work, samples):
    box = os.path.join(work, "Box.p3d")
    model_as_paa = os.path.join(work, "box_model.paa")
    shutil.copyfile(box, model_as_paa)
    out = os.path.join(work, "from_paa_name.glb")
    rc, _, err = run(rvimport, "export", model_as_paa, out)
    check(rc == 0 and os.path.getsize(out) > 0, "a model named .paa exports as a model: exit %d: %s" % (rc, err))
    cfg_as_paa = os.path.join(work, "rig_cfg.paa")
    shutil.copyfile(os.path.join(work, "rig.cfg"), cfg_as_paa)
    rc, stdout, err = run(rvimport, "dump", "--json", box, "--model-cfg", cfg_as_paa)
    check(rc == 0 and json.loads(stdout)["skeleton"]["name"] == "Rig",
          "--model-cfg named .paa is read as a model.cfg: exit %d: %s" % (rc, err))
    textures = sorted(os.path.join(d, f) for d, _, fs in os.walk(os.path.join(samples, "textures"))
                      for f in fs if f.endswith(".paa"))
    if textures:
        texture_as_p3d = os.path.join(work, "texture.p3d")
        shutil.copyfile(textures[0], texture_as_p3d)
        png = os.path.join(work, "texture.png")
        rc, _, err = run(rvimport, "export", texture_as_p3d, png)
        with open(png, "rb") as f:
            check(rc == 0 and f.read(8) == b"\x89PNG\r\n\x1a\n",
                  "a texture named .p3d exports as a texture: exit %d: %s" % (rc, err))


def skeleton_warnings(rvimport, work, with_assimp):
    box = os.path.join(work, "Box.p3d")
    repairs = os.path.join(work, "repairs.cfg")
    want = ["skeleton Rig: bone 'ghost' names parent 'nobody', which is not a bone; it is made a root",
            "is its own ancestor; it is made a root"]
    for out in ["repairs.glb"] + (["repairs.obj"] if with_assimp else []):
        rc, _, err = run(rvimport, "export", box, os.path.join(work, out), "--model-cfg", repairs)
        check(rc == 0, "export %s with a repaired skeleton: exit %d: %s" % (out, rc, err))
        for w in want:
            check(err.count(w) == 1, "export %s: one warning '%s': %s" % (out, w, err))
    dup = os.path.join(work, "dup.cfg")
    with open(dup, "w") as f:
        f.write('class CfgSkeletons { class Rig { skeletonBones[] = {"all", ""%s}; }; };\n'
                'class CfgModels { class Box { skeletonName = "Rig"; }; };\n' % (', "ALL", ""' * 20000))
    rc, stdout, err = run(rvimport, "dump", "--json", box, "--model-cfg", dup)
    warnings = json.loads(stdout)["warnings"] if rc == 0 else []
    check(len(warnings) == 101, "dump --json: %d warnings for 20,000 duplicates, want 100 + 1" % len(warnings))
    check(warnings and warnings[-1]["message"].endswith(
        "and 19900 more name problem warnings (only the first 100 of each kind are kept)"),
          "dump --json: the last warning counts the rest: %s" % (warnings[-1:] or ""))
    rc, _, err = run(rvimport, "export", box, os.path.join(work, "dup.glb"), "--model-cfg", dup)
    lines = [line for line in err.splitlines() if "listed twice" in line]
    check(rc == 0 and 0 < len(lines) <= 5, "export: %d 'listed twice' lines, want the cap (5)" % len(lines))


def main():
    rvimport, make_inputs, make_hostile, work, with_assimp = sys.argv[1:6]
    samples = sys.argv[6] if len(sys.argv) > 6 else ""
    with_assimp = with_assimp.upper() in ("ON", "1", "TRUE", "YES")
    work = os.path.abspath(work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "beside"))
    box = os.path.join(work, "Box.p3d")
    subprocess.run([make_inputs, "mlod", box], check=True)
    subprocess.run([make_hostile, "--animations", work], check=True, stdout=subprocess.DEVNULL)
    shutil.copyfile(box, os.path.join(work, "beside", "Box.p3d"))
    for name, text in (("rig.cfg", CFG), ("beside/model.cfg", CFG), ("repairs.cfg", REPAIRS),
                       ("retexture.cpp", RETEXTURE)):
        with open(os.path.join(work, name), "w") as f:
            f.write(text)
    texture_dir = os.path.join(work, "root", "rv", "box")
    os.makedirs(texture_dir)
    with open(os.path.join(texture_dir, "box_co.paa"), "wb") as f:  # a 4 x 4 ARGB8888 texture, no palette
        f.write(bytes.fromhex("8888") + bytes(2) + (4).to_bytes(2, "little") * 2 + (64).to_bytes(3, "little") +
                bytes([255, 0, 0, 255]) * 16 + bytes(6))
    inputs_never_outputs(rvimport, work, with_assimp)
    by_signature(rvimport, work, samples)
    skeleton_warnings(rvimport, work, with_assimp)
    if failures:
        print("%d failure(s)" % len(failures))
        return 1
    print("side files: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
