#!/usr/bin/env python3
"""What a modder sees at the front door (issue 26), on a real model and its data root.

- one warning line format, `warning: <input>: <message>`, the same from export to .glb and
  .obj and from batch; a texture the data root lacks named once, in plain words; a texture no
  output draws (the Super shader's environment map) only with --verbose;
- without a data root, one line saying the textures need one; a data root that is not a folder
  is exit 2, from --data-root or RV_IMPORT_DATA_ROOT, and nothing is written;
- `export m.p3d outdir/` writes outdir/m.glb; an empty LOD choice is an error naming the LOD;
- a config, a PBO or a model given to the wrong command is named for what it is;
- `rvimport help` shows --data-root on the info and export lines.

usage: cli_front_door_test.py RVIMPORT SAMPLES_DIR   (exit 77 = skipped: no samples)
"""
import os, shutil, subprocess, sys, tempfile

ENV_LINE = ("env_land_co.paa (agm_m84.rvmat, stage 7, not drawn by any output) not in the data root: "
            "a3\\data_f\\env_land_co.paa")


def run(args, env_root=None):
    env = dict(os.environ)
    env.pop("RV_IMPORT_DATA_ROOT", None)
    if env_root is not None:
        env["RV_IMPORT_DATA_ROOT"] = env_root
    p = subprocess.run(args, capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr


def warning_lines(text):
    return [l for l in text.splitlines() if l.startswith("warning")]


def main():
    rvimport, samples = sys.argv[1], os.environ.get("RV_SAMPLES_DIR") or sys.argv[2]
    model = os.path.join(samples, "real", "agm", "AGM_M84.p3d")
    root = os.path.join(samples, "textures", "data-root")
    rvmat = os.path.join(root, "agm_grenades", "data", "agm_m84.rvmat")
    pbo = os.path.join(samples, "textures", "pbo", "KAM_chemical.pbo")
    if not all(os.path.exists(p) for p in (model, root, rvmat, pbo)):
        print("skipped: the AGM_M84 sample, its data root or the KAM PBO is absent")
        return 77
    failures = []

    def check(ok, what):
        if not ok:
            failures.append(what)

    work = tempfile.mkdtemp(prefix="rv_front_door_")
    try:
        # With the data root: every texture the materials draw is found; the environment map is not
        # in the folder and no output draws it, so it is reported only with --verbose.
        for ext in ("glb", "obj"):
            rc, _, err = run([rvimport, "export", model, os.path.join(work, "a." + ext), "--data-root", root])
            check(rc == 0 and warning_lines(err) == [], "export .%s with the data root: rc=%d %r" % (ext, rc, err))
        verbose = {}
        for ext in ("glb", "obj"):
            rc, _, err = run([rvimport, "export", model, os.path.join(work, "v." + ext), "--data-root", root, "-v"])
            verbose[ext] = warning_lines(err)
            check(rc == 0 and verbose[ext] == ["warning: %s: %s" % (model, ENV_LINE)],
                  "export .%s --verbose: rc=%d %r" % (ext, rc, err))
        folder = os.path.join(work, "in")
        os.makedirs(folder)
        shutil.copy(model, folder)
        for fmt in ("glb2", "obj"):
            rc, out, err = run([rvimport, "batch", folder, os.path.join(work, "b_" + fmt), "-f", fmt, "--data-root",
                                root, "--verbose"])
            want = ["warning: %s: %s" % (os.path.join(folder, "AGM_M84.p3d"), ENV_LINE)]
            check(rc == 0 and warning_lines(err) == want and warning_lines(out) == [],
                  "batch -f %s --verbose: its warnings on stderr: rc=%d %r" % (fmt, rc, out + err))

        # Without a data root: one line that says what is missing and how to give it.
        for ext in ("glb", "obj"):
            rc, _, err = run([rvimport, "export", model, os.path.join(work, "n." + ext)])
            lines = warning_lines(err)
            check(rc == 0 and len(lines) == 1 and lines[0].startswith(
                "warning: %s: no data root is set, so its textures are left out: point the data root "
                "(--data-root DIR" % model), "export .%s without a data root: %r" % (ext, err))

        # A data root that is not a folder: exit 2, from the option or the environment; no output.
        missing = os.path.join(work, "no_such_root")
        for args, env_root in (([rvimport, "export", model, os.path.join(work, "m.glb"), "--data-root", missing], None),
                               ([rvimport, "export", model, os.path.join(work, "m.glb")], missing),
                               ([rvimport, "info", model], missing),
                               ([rvimport, "batch", folder, os.path.join(work, "b_missing"), "--data-root", missing],
                                None)):
            rc, _, err = run(args, env_root)
            check(rc == 2 and ("the data root %s" % missing) in err and "is not a folder" in err,
                  "%s with a missing data root: rc=%d %r" % (args[1], rc, err))
        check(not os.path.exists(os.path.join(work, "m.glb")) and not os.path.exists(os.path.join(work, "b_missing")),
              "a refused data root left an output")

        # OUT a folder: IN's name with .glb.
        rc, _, err = run([rvimport, "export", model, os.path.join(work, "outdir") + os.sep, "--data-root", root])
        check(rc == 0 and os.path.isfile(os.path.join(work, "outdir", "AGM_M84.glb")),
              "export to outdir/: rc=%d %r %r" % (rc, err, os.listdir(work)))

        # An empty LOD: an error naming it, nothing written.
        for ext in ("glb", "obj"):
            out_path = os.path.join(work, "geometry." + ext)
            rc, _, err = run([rvimport, "export", model, out_path, "--lod", "Geometry", "--data-root", root])
            check(rc == 1 and "AGM_M84.p3d: LOD Geometry is empty (no points, no faces): nothing to show" in err
                  and not os.path.exists(out_path), "export --lod Geometry to .%s: rc=%d %r" % (ext, rc, err))

        # The wrong command for the file: it is named for what it is, with the command to use.
        for args, want in (([rvimport, "pbo", "list", model], "AGM_M84.p3d is a model: use `rvimport export` or `info`"),
                           ([rvimport, "export", rvmat, os.path.join(work, "r.glb")],
                            "agm_m84.rvmat is a config: use `rvimport info` or `dump --json`"),
                           ([rvimport, "export", pbo, os.path.join(work, "p.obj")],
                            "KAM_chemical.pbo is a PBO archive: use `rvimport pbo list` or `pbo extract`, or `rvimport batch` on its folder")):
            rc, _, err = run(args)
            check(rc == 1 and want in err, "%s: rc=%d %r" % (" ".join(args[1:3]), rc, err))

        # help: --data-root on the info and export lines, not only among the terrain options.
        rc, out, _ = run([rvimport, "help"])
        info_line = [l for l in out.splitlines() if l.startswith("  rvimport info ")]
        export_line = [l for l in out.splitlines() if l.startswith("  rvimport export IN OUT")]
        check(rc == 0 and info_line and "--data-root" in info_line[0] and export_line
              and "--data-root" in export_line[0], "help: %r %r" % (info_line, export_line))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for f in failures:
        print("FAIL", f)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
