#!/usr/bin/env python3
"""Crafted animations against the CLI (issue 40), on the editable box of rv_make_cli_inputs with a
model.cfg skeleton of its two selections, and the files of `rv_make_hostile --animations`.

- One budget for the whole import: two copies of a 0.9 MB packed BMTR that each decode to 336 MB,
  given to one export under --max-memory 512M, stop at the second file (exit 1, naming it and the
  limit, nothing written) with a peak RSS under the limit. Each file once had a limit of its
  own, and the pair took 700 MB. The same through Assimp's glTF writer.
- Finite glTF: NaN or infinite matrices, half-floats, a NaN step and a phase of 1e38 never reach
  an accessor. The frames that can be keyed are keyed at exactly their times (plain: frames 0, 3
  and 4 at 0, 0.12 and 0.16 s; BMTR: frames 0 and 3 at 0 and 0.1333 s), each kind of loss is one
  warning, every float accessor is finite (through Assimp's glTF writer too), and the Khronos
  validator passes our writer's files.
- --animation-fps: only finite values from 0.1 to 1000; else exit 2 and nothing written.

usage: cli_hostile_animation_test.py RVIMPORT MAKE_CLI_INPUTS MAKE_HOSTILE WORK_DIR WITH_ASSIMP
"""
import json, math, os, resource, shutil, struct, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gltf_files import validate  # noqa: E402

MiB = 1 << 20
CFG = """class CfgSkeletons { class Rig { isDiscrete = 1; skeletonInherit = "";
    skeletonBones[] = {"all", "", "top", "all"}; }; };
class CfgModels { class Box { skeletonName = "Rig"; }; };
"""
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)
    return ok


def run(rvimport, *args, cap=3 << 30):
    """(exit code, stderr, peak RSS in bytes) of rvimport ARGS under an address-space cap."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    p = subprocess.Popen([rvimport, *args], preexec_fn=limit, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read().decode("utf-8", "replace")
    _, status, usage = os.wait4(p.pid, 0)
    return os.waitstatus_to_exitcode(status), err, usage.ru_maxrss * 1024


def gltf_json_and_bin(path):
    """The document and its one buffer, of a .glb or a .gltf with its .bin beside it."""
    data = open(path, "rb").read()
    if path.endswith(".gltf"):
        doc = json.loads(data)
        with open(os.path.join(os.path.dirname(path), doc["buffers"][0]["uri"]), "rb") as f:
            return doc, f.read()
    length = struct.unpack_from("<I", data, 12)[0]
    return json.loads(data[20:20 + length]), data[20 + length + 8:]


def floats_of(doc, binary, index):
    acc = doc["accessors"][index]
    view = doc["bufferViews"][acc["bufferView"]]
    width = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}[acc["type"]]
    stride = view.get("byteStride", 4 * width)
    start = view.get("byteOffset", 0) + acc.get("byteOffset", 0)
    return [struct.unpack_from("<%df" % width, binary, start + i * stride) for i in range(acc["count"])]


def check_finite_gltf(path, want_times):
    doc, binary = gltf_json_and_bin(path)
    bad = 0
    for i, acc in enumerate(doc["accessors"]):
        if acc["componentType"] == 5126:
            bad += sum(1 for row in floats_of(doc, binary, i) for v in row if not math.isfinite(v))
        for bound in ("min", "max"):
            bad += sum(1 for v in acc.get(bound, []) if not math.isfinite(v))
    check(bad == 0, "%s: %d non-finite floats in accessors" % (path, bad))
    animations = doc.get("animations", [])
    if not check(len(animations) == 1, "%s: %d animations, want 1" % (path, len(animations))):
        return
    times = [row[0] for row in floats_of(doc, binary, animations[0]["samplers"][0]["input"])]
    check(len(times) == len(want_times) and all(abs(a - b) < 1e-5 for a, b in zip(times, want_times)),
          "%s: key times %s, want %s" % (path, times, want_times))


def main():
    rvimport, make_inputs, make_hostile, work, with_assimp = sys.argv[1:6]
    with_assimp = with_assimp.upper() in ("ON", "1", "TRUE", "YES")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    box = os.path.join(work, "Box.p3d")
    subprocess.run([make_inputs, "mlod", box], check=True)
    with open(os.path.join(work, "model.cfg"), "w") as f:
        f.write(CFG)
    subprocess.run([make_hostile, "--animations", work], check=True, stdout=subprocess.DEVNULL)
    bomb = os.path.join(work, "bmtr_bomb.rtm")
    second = os.path.join(work, "bmtr_bomb_2.rtm")
    shutil.copyfile(bomb, second)

    # One budget: the second bomb is over what the first left.
    writers = [("glb", [])] + ([("via-assimp.glb", ["--via-assimp"])] if with_assimp else [])
    for name, extra in writers:
        out = os.path.join(work, "bombs." + name)
        rc, err, peak = run(rvimport, "export", box, out, "--animation", bomb, "--animation", second,
                            "--max-memory", "512M", *extra)
        print("two bombs, %s: exit %d, peak RSS %.0f MiB" % (name, rc, peak / MiB))
        check(rc == 1, "%s: two bombs under 512M: exit %d, want 1: %s" % (name, rc, err))
        check("memory limit of 512 MiB" in err, "%s: the refusal names the limit: %s" % (name, err))
        check(name != "glb" or "bmtr_bomb_2.rtm" in err, "%s: the refusal names the second file: %s" % (name, err))
        check(peak < 512 * MiB, "%s: peak RSS %.0f MiB under a 512 MiB limit" % (name, peak / MiB))
        check(not os.path.exists(out), "%s: nothing written" % name)

    # Finite glTF from hostile keys: plain RTM (NaN, infinity, 1e38, a NaN step, a phase of 1e38)
    # and BMTR (infinite and NaN half-floats).
    cases = [("nonfinite_plain", [0.0, 0.6 * 6 / 30, 0.8 * 6 / 30],
              ["the step (total moving) is not a finite number", "1 frames whose phase",
               "2 frames whose bone transforms are not finite"]),
             ("nonfinite_bmtr", [0.0, 4 / 30], ["2 frames whose bone transforms are not finite"])]
    outputs = []
    for stem, times, warnings in cases:
        out = os.path.join(work, stem + ".glb")
        rc, err, _ = run(rvimport, "export", box, out, "--animation", os.path.join(work, stem + ".rtm"))
        if not check(rc == 0, "%s: exit %d: %s" % (stem, rc, err)):
            continue
        for w in warnings:
            check(err.count(w) == 1, "%s: one warning '%s': %s" % (stem, w, err))
        check_finite_gltf(out, times)
        outputs.append(out)
        if with_assimp:
            via = os.path.join(work, stem + ".assimp.gltf")
            rc, err, _ = run(rvimport, "export", box, via, "--via-assimp", "--animation",
                             os.path.join(work, stem + ".rtm"))
            if check(rc == 0, "%s through Assimp: exit %d: %s" % (stem, rc, err)):
                check_finite_gltf(via, times)  # not validated: Assimp names the box's .paa as an image
    validate(outputs, lambda what: check(False, what))

    # --animation-fps: finite, 0.1 to 1000.
    for fps, want in (("1e-300", 2), ("1e-40", 2), ("0.05", 2), ("1001", 2), ("inf", 2), ("nan", 2),
                      ("0.1", 0), ("1000", 0)):
        out = os.path.join(work, "fps.glb")
        if os.path.exists(out):
            os.remove(out)
        rc, err, _ = run(rvimport, "export", box, out, "--animation", os.path.join(work, "nonfinite_bmtr.rtm"),
                         "--animation-fps", fps)
        check(rc == want, "--animation-fps %s: exit %d, want %d: %s" % (fps, rc, want, err))
        check(os.path.exists(out) == (want == 0), "--animation-fps %s: output written: %s" % (fps, os.path.exists(out)))
        if want == 2:
            check("frames per second from 0.1 to 1000" in err or "wants a number" in err,
                  "--animation-fps %s: says the range: %s" % (fps, err))

    if failures:
        print("%d failure(s)" % len(failures))
        return 1
    print("hostile animations: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
