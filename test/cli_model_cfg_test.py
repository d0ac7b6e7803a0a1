#!/usr/bin/env python3
"""An editable model's skeleton from a model.cfg through the CLI (issue 28).

`rvimport dump --json MODEL --model-cfg FILE` prints the skeleton FILE gives the model; without
--model-cfg, the model.cfg beside the model is read; a --model-cfg that cannot be read is a warning
(in the JSON's "warnings" and on `info`'s stderr), never a failed import. The configs are written
here and the bones expected are theirs.

The C ABI's rv_model_open (and so Blender's add-on) finds the model.cfg beside the model too:
the path reaches the front door with the bytes (issue 36).

usage: cli_model_cfg_test.py RVIMPORT MAKE_CLI_INPUTS WORK_DIR [LIBRVIMPORT]
"""
import json, os, shutil, subprocess, sys

CFG = """class CfgSkeletons {
    class Default { isDiscrete = 1; skeletonInherit = ""; skeletonBones[] = {}; };
    class BaseRig: Default { skeletonBones[] = {"Root", "", "Arm", "Root"}; };
    class Rig: Default { isDiscrete = 0; skeletonInherit = "BaseRig"; skeletonBones[] = {"Hand", "Arm"}; };
};
class CfgModels {
    class Default { skeletonName = ""; };
    class Box: Default { skeletonName = "Rig"; };
};
"""
WANT = {"name": "Rig", "discrete": False, "bones": [["Root", ""], ["Arm", "Root"], ["Hand", "Arm"]]}


def dump(rvimport, *args):
    out = subprocess.run([rvimport, "dump", "--json", *args], capture_output=True)
    if out.returncode != 0:
        raise AssertionError("dump %s: exit %d: %s" % (args, out.returncode, out.stderr.decode(errors="replace")))
    return json.loads(out.stdout)


def main():
    rvimport, make_inputs, work = sys.argv[1:4]
    library = sys.argv[4] if len(sys.argv) > 4 else ""
    shutil.rmtree(work, ignore_errors=True)
    given_dir, beside_dir, cfg_dir = (os.path.join(work, d) for d in ("given", "beside", "cfg"))
    for d in (given_dir, beside_dir, cfg_dir):
        os.makedirs(d)
    failures = []

    def check(what, got, want):
        if got != want:
            failures.append("%s: got %r, want %r" % (what, got, want))

    for d in (given_dir, beside_dir):
        subprocess.run([make_inputs, "mlod", os.path.join(d, "Box.p3d")], check=True)
    cfg = os.path.join(cfg_dir, "rig.cfg")
    with open(cfg, "w") as f:
        f.write(CFG)
    with open(os.path.join(beside_dir, "model.cfg"), "w") as f:
        f.write(CFG)

    model = dump(rvimport, os.path.join(given_dir, "Box.p3d"), "--model-cfg", cfg)
    check("signature", model["signature"], "MLOD")
    check("--model-cfg skeleton", model["skeleton"], WANT)
    check("model.cfg beside", dump(rvimport, os.path.join(beside_dir, "Box.p3d"))["skeleton"], WANT)

    absent = os.path.join(cfg_dir, "absent.cfg")
    model = dump(rvimport, os.path.join(given_dir, "Box.p3d"), "--model-cfg", absent)
    check("absent skeleton", model["skeleton"]["name"], "")
    notes = [w["message"] for w in model["warnings"] if absent in w["message"]]
    check("absent warning in the JSON", len(notes), 1)
    info = subprocess.run([rvimport, "info", os.path.join(given_dir, "Box.p3d"), "--model-cfg", absent],
                          capture_output=True)
    check("info exit", info.returncode, 0)
    check("info names the model.cfg on stderr", absent in info.stderr.decode(errors="replace"), True)
    info = subprocess.run([rvimport, "info", os.path.join(beside_dir, "Box.p3d")], capture_output=True)
    check("info shows the skeleton", b"skeleton   Rig, 3 bones" in info.stdout, True)

    if library:  # the add-on's own binding, on the library the build made
        os.environ["RVIMPORT_LIB"] = library
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import rv_ctypes
        opened = rv_ctypes.rvlib().Model(os.path.join(beside_dir, "Box.p3d"), "all")
        # (the view folds bone names to lower case, as the engine matches them)
        check("C ABI: the model.cfg beside the model", (opened.skeleton_name, [(b[0], b[1]) for b in opened.bones]),
              ("Rig", [("root", -1), ("arm", 0), ("hand", 1)]))

    usage = subprocess.run([rvimport, "dump", "--json", os.path.join(given_dir, "Box.p3d"), "--model-cfg"],
                           capture_output=True)
    check("--model-cfg without a file", usage.returncode, 2)

    for line in failures:
        print("FAIL " + line)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
