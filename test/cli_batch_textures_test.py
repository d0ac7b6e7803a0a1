#!/usr/bin/env python3
"""A batch decodes and encodes each shared texture once (issue 42, rv/texture_cache.hpp).

- Six copies of an editable box that all use rv\\box\\box_co.paa: one decode, five reuses, one PNG
  encoded and five copied, and every .glb byte for byte the .glb that `export` writes alone.
- The same through an Assimp format (.obj), where the PNG goes beside the model.
- A shared texture that does not decode: one warning per model, and one decode attempt.
- --max-memory with a data root: two jobs and their shared textures only when each job keeps
  256 MiB (640 MiB = 2.5 x 256).
- With the samples: every real model batched with the samples' data root gives the .glb that
  `export` gives alone (the shared derived maps, metallic-roughness and occlusion, included).

usage: cli_batch_textures_test.py RVIMPORT MAKE_CLI_INPUTS WORK_DIR WITH_ASSIMP [SAMPLES]
"""
import os
import shutil
import subprocess
import sys

from pbo_fixture import solid_paa

rvimport, make_inputs, work, with_assimp = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] in ("1", "ON")
samples = sys.argv[5] if len(sys.argv) > 5 else ""
failures = []
COPIES = 6


def check(ok, message):
    if not ok:
        failures.append(message)
        print("FAIL: " + message)
    return ok


def batch(src, out, root, *extra):
    return subprocess.run([rvimport, "batch", src, out, "--data-root", root, "-j", "2", *extra], capture_output=True,
                          text=True)


def shared_line(stderr):
    lines = [line for line in stderr.splitlines() if line.startswith("textures shared: ")]
    return lines[0] if len(lines) == 1 else "(%d lines)" % len(lines)


def boxes(root_texture):
    """IN with COPIES boxes, and a data root whose rv\\box\\box_co.paa holds `root_texture`."""
    src, root = os.path.join(work, "in"), os.path.join(work, "root")
    for d in (src, root):
        shutil.rmtree(d, ignore_errors=True)
    box = os.path.join(work, "Box.p3d")
    subprocess.run([make_inputs, "mlod", box], check=True)
    for k in range(COPIES):
        os.makedirs(os.path.join(src, "m%d" % k))
        shutil.copyfile(box, os.path.join(src, "m%d" % k, "Box.p3d"))
    os.makedirs(os.path.join(root, "rv", "box"))
    with open(os.path.join(root, "rv", "box", "box_co.paa"), "wb") as f:
        f.write(root_texture)
    return src, root


def shared_once():
    src, root = boxes(solid_paa(0xF800, 64))  # red, 64 x 64
    out = os.path.join(work, "out")
    run = batch(src, out, root)
    want = "textures shared: 1 decoded, %d reused; 1 PNG files encoded, %d reused" % (COPIES - 1, COPIES - 1)
    check(run.returncode == 0 and shared_line(run.stderr) == want,
          "glb batch: exit %d, '%s', want '%s'" % (run.returncode, shared_line(run.stderr), want))
    alone = os.path.join(work, "alone.glb")
    for k in range(COPIES):
        subprocess.run([rvimport, "export", os.path.join(src, "m%d" % k, "Box.p3d"), alone, "--data-root", root],
                       capture_output=True, check=True)
        batched = os.path.join(out, "m%d" % k, "Box.glb")
        check(os.path.isfile(batched) and open(batched, "rb").read() == open(alone, "rb").read(),
              "m%d/Box.glb differs from export's" % k)
    if with_assimp:
        run = batch(src, os.path.join(work, "out_obj"), root, "-f", "obj")
        check(run.returncode == 0 and shared_line(run.stderr) == want,
              "obj batch: exit %d, '%s', want '%s'" % (run.returncode, shared_line(run.stderr), want))
        pngs = [open(os.path.join(dirpath, n), "rb").read() for dirpath, _, names in os.walk(os.path.join(work, "out_obj"))
                for n in names if n.endswith(".png")]
        check(len(pngs) == COPIES and len(set(pngs)) == 1, "obj batch: %d PNG files, %d different" % (len(pngs), len(set(pngs))))
    print("shared texture: %s" % shared_line(run.stderr))


def shared_failure():
    src, root = boxes(b"\x01\xff" + b"\xee" * 40)  # a DXT1 header cut short
    run = batch(src, os.path.join(work, "out_bad"), root)
    named = [line for line in run.stderr.splitlines() if line.startswith("warning: ") and "box_co.paa" in line]
    models = {line.split(": ", 2)[1] for line in named}
    check(len(named) == COPIES and len(models) == COPIES,
          "undecodable shared texture: %d warnings for %d models, want one for each of %d:\n%s" %
          (len(named), len(models), COPIES, "\n".join(named)))
    want = "textures shared: 1 decoded, %d reused; 0 PNG files encoded, 0 reused" % (COPIES - 1)
    check(shared_line(run.stderr) == want, "undecodable shared texture: '%s', want '%s'" % (shared_line(run.stderr), want))
    print("undecodable texture: %d warnings, %s" % (len(named), shared_line(run.stderr)))


def memory_split():
    """A given --max-memory is the batch's: with a data root the jobs and their shared textures
    (half a job's share) split it, and no job gets less than 256 MiB."""
    src, root = boxes(solid_paa(0x07E0, 8))
    for limit, threads in (("512M", 1), ("639M", 1), ("640M", 2), ("1G", 2)):
        run = batch(src, os.path.join(work, "out_split"), root, "--max-memory", limit)
        check(run.returncode == 0 and ("with %d threads" % threads) in run.stdout,
              "--max-memory %s -j 2 with a data root: want %d threads in: %s" % (limit, threads, run.stdout.strip()))
        shutil.rmtree(os.path.join(work, "out_split"), ignore_errors=True)
    print("memory split: 512M and 639M run 1 job, 640M and 1G run 2")


def real_models():
    real, root = os.path.join(samples, "real"), os.path.join(samples, "textures", "data-root")
    if not (samples and os.path.isdir(real) and os.path.isdir(root)):
        print("real models: skipped, no samples")
        return
    out, alone = os.path.join(work, "out_real"), os.path.join(work, "alone_real.glb")
    run = batch(real, out, root)
    check(run.returncode == 0, "batch of the real models: exit %d" % run.returncode)
    compared = 0
    for dirpath, _, names in os.walk(real):
        for n in sorted(names):
            if not n.endswith(".p3d"):
                continue
            model = os.path.join(dirpath, n)
            subprocess.run([rvimport, "export", model, alone, "--data-root", root], capture_output=True, check=True)
            batched = os.path.join(out, os.path.relpath(model, real))[:-4] + ".glb"
            compared += 1
            check(open(batched, "rb").read() == open(alone, "rb").read(), "%s: the batch's .glb differs from export's" % model)
    print("real models: %d batched = exported alone; %s" % (compared, shared_line(run.stderr)))


if __name__ == "__main__":
    os.makedirs(work, exist_ok=True)
    shared_once()
    shared_failure()
    memory_split()
    real_models()
    if failures:
        print("%d failure(s)" % len(failures))
        sys.exit(1)
    print("batch textures: all checks passed")
