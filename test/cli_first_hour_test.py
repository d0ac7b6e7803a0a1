#!/usr/bin/env python3
"""A new user's first hour (issue 38), mistake by mistake, on a real model and its data root.

Each case makes the mistake and asserts the message, the exit code and what is left on disk:
- a data root one level too deep, or too high: exit 0, one line counting the textures found and
  naming the folder that would have them; the right root counts every texture;
- --strict and RV_IMPORT_STRICT=1: a missing texture is exit 1 and nothing is written (our glTF
  writer, and an Assimp format);
- help where people look: `export --help`, `help VERB`; "did you mean" for a mistyped verb or
  option; --animation given the model is told what --animation takes;
- success ends with one "wrote OUT (SIZE; W warnings)" line on stderr, and -q silences it;
- a failed export into new folders leaves none of them behind;
- a repeated warning kind is capped per input ("and K more ..."), --verbose lifts the cap.

usage: cli_first_hour_test.py RVIMPORT SAMPLES_DIR   (exit 77 = skipped: no samples)
"""
import os, subprocess, sys, tempfile

failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def main():
    rvimport, samples = sys.argv[1], os.environ.get("RV_SAMPLES_DIR") or sys.argv[2]
    model = os.path.join(samples, "real", "dayz-epoch-108", "seabass.p3d")
    root = os.path.realpath(os.path.join(samples, "textures", "data-root"))  # the root names itself in full
    if not (os.path.exists(model) and os.path.isdir(os.path.join(root, "dayz_equip"))):
        print("skipped: the samples are absent")
        return 77
    env = {k: v for k, v in os.environ.items() if not k.startswith("RV_IMPORT_")}

    def run(*args, extra_env=None):
        p = subprocess.run([rvimport, *args], capture_output=True, text=True, cwd=work,
                           env=dict(env, **(extra_env or {})))
        return p.returncode, p.stdout, p.stderr

    with tempfile.TemporaryDirectory() as work:
        # 1. The data root one level off, both ways, and right.
        rc, _, err = run("export", model, "deep.glb", "--data-root", os.path.join(root, "dayz_equip"))
        check(rc == 0 and ("textures: 0 of 1 found in the data root %s; the data root looks one level too deep: try %s"
                           % (os.path.join(root, "dayz_equip"), root)) in err,
              "a root one level too deep is named, with the folder to use: " + err[-300:])
        rc, _, err = run("export", model, "high.glb", "--data-root", os.path.dirname(root))
        check(rc == 0 and "the data root looks one level too high: try %s" % root in err,
              "a root one level too high is named: " + err[-200:])
        rc, _, err = run("export", model, "right.glb", "--data-root", root)
        check(rc == 0 and "textures: 3 of 3 found in the data root %s\n" % root in err and "try" not in err,
              "the right root counts the model's texture and its material's stages: " + err[-200:])

        rc, out, err = run("info", model, "--data-root", os.path.join(root, "dayz_equip"))
        tried = os.path.join(root, "dayz_equip", "dayz_equip", "textures", "seabass_diffuse")
        check(rc == 0 and ("      tried %s.paa\n      tried %s.png\n      tried %s.tga\n" % (tried, tried, tried)) in out
              and "the data root looks one level too deep" in err.strip().splitlines()[-1],
              "info --data-root lists each path it tried, and ends with the tally: " + out[-400:] + err[-200:])

        # 2. --strict: exit 1, nothing written, through our writer and through Assimp.
        rc, _, err = run("export", model, "strict.glb", "--data-root", os.path.join(root, "dayz_equip"), "--strict")
        check(rc == 1 and "1 of 1 textures are missing from the data root (--strict)" in err
              and not os.path.exists(os.path.join(work, "strict.glb")), "--strict refuses, writes nothing: " + err[-200:])
        rc, _, err = run("export", model, "strict.obj", "--data-root", os.path.join(root, "dayz_equip"),
                         extra_env={"RV_IMPORT_STRICT": "1"})
        check(rc == 1 and "(--strict)" in err and not os.path.exists(os.path.join(work, "strict.obj")),
              "RV_IMPORT_STRICT=1 refuses an Assimp export too: " + err[-200:])

        # 3. Help where people look.
        rc, out, _ = run("export", "--help")
        check(rc == 0 and out.startswith("  rvimport export IN OUT") and "--data-root" in out, "export --help")
        rc, out, _ = run("help", "map")
        check(rc == 0 and "rvimport map WORLD.wrp OUTDIR" in out and "rvimport export" not in out, "help map")
        rc, _, err = run("exprot", model, "x.glb")
        check(rc == 2 and "unknown verb 'exprot' (did you mean 'export'?)" in err, "a verb typo: " + err)
        rc, _, err = run("export", model, "x.glb", "--data-rot", root)
        check(rc == 2 and "unknown option --data-rot (did you mean --data-root?)" in err, "an option typo: " + err)
        rc, _, err = run("export", model, "x.glb", "--animation", model)
        check(rc == 1 and err.startswith("--animation: seabass.p3d is a model, not an animation: --animation takes "
                                         ".rtm files") and "use `rvimport export`" not in err,
              "--animation given the model, the error first and the warnings after it: " + err)

        # listext and knowext answer from the front door's table as well as Assimp's.
        rc, out, _ = run("listext")
        listed = out.strip().split(";")
        check(rc == 0 and all(e in listed for e in ("*.p3d", "*.wrp", "*.paa", "*.pac", "*.rtm", "*.pbo", "*.rvmat",
                                                     "*.obj")) and len(listed) == len(set(listed)),
              "listext names every extension the door reads, each once: " + out[:120])
        check(all(run("knowext", e)[0] == 0 for e in ("paa", ".rtm", "*.pbo")) and run("knowext", "xyz")[0] == 1,
              "knowext paa / .rtm / *.pbo are known, xyz is not")

        # 4. Success says what it wrote; -q says nothing.
        rc, _, err = run("export", model, "sum.glb")
        last = err.strip().splitlines()[-1] if err.strip() else ""
        size = os.path.getsize(os.path.join(work, "sum.glb"))
        check(rc == 0 and last.startswith("wrote sum.glb (%d KB; 1 warning)" % round(size / 1000)),
              "the summary line: " + last)
        rc, _, err = run("export", model, "quiet.glb", "--data-root", root, "-q")
        check(rc == 0 and err == "", "-q: nothing on stderr: " + err)

        os.makedirs(os.path.join(work, "batch_in"))
        with open(model, "rb") as f, open(os.path.join(work, "batch_in", "m.p3d"), "wb") as g:
            g.write(f.read())
        rc, out, _ = run("batch", "batch_in", "batch_out")
        check(rc == 0 and out.strip().splitlines()[-1].startswith("converted 1, skipped 0, failed 0 of 1 files"),
              "batch ends with its totals line: " + out[-200:])
        rc, out, _ = run("batch", "batch_in", "batch_q", "-q")
        check(rc == 0 and "converted" not in out and os.path.isfile(os.path.join(work, "batch_q", "m.glb")),
              "batch -q leaves the totals line out: " + out[-200:])

        # 6. One warnings policy: a repeated kind is capped per input with an "and K more" line,
        # the same through our writer and through Assimp; --verbose prints every one.
        island = os.path.join(samples, "terrain", "wrp_256_island.wrp")
        if os.path.exists(island):
            for out in ("island.glb", "island.obj"):
                rc, _, err = run("export", island, out, "--data-root", root)
                lines = [l for l in err.splitlines() if l.startswith("warning: ")]
                missing = [l for l in lines if " not in the data root: " in l and "(colour map)" in l]
                check(rc == 0 and len(missing) == 5 and lines[-1] == "warning: %s: and 46 more missing reference "
                      "warnings like these; --verbose lists them all" % island,
                      "%s: 5 of the 51 missing layer textures, then one line for the other 46: %s" % (out, lines[-2:]))
                shown = "drawn as markers" if out.endswith(".glb") else "left as empty nodes"
                check(any(("9 placed model(s) not in the data root, %s (objects): data3d\\sloup_vn.p3d (270)" % shown)
                          in l for l in lines), "%s names the 9 missing placed models, as each path shows them" % out)
            rc, _, err = run("export", island, "verbose.glb", "--data-root", root, "--verbose")
            check(rc == 0 and err.count("(colour map) not in the data root: ") == 51 and "more missing" not in err,
                  "--verbose prints all 51")

        # 5. A failed export leaves no new folders.
        with open(model, "rb") as f:
            head = f.read(5000)
        with open(os.path.join(work, "trunc.p3d"), "wb") as f:
            f.write(head)
        rc, _, err = run("export", "trunc.p3d", os.path.join("new", "sub", "x.glb"))
        check(rc == 1 and not os.path.exists(os.path.join(work, "new")), "a failed export removes the folders it made")
        check("truncated: the file ends at byte 5000, but LOD 0 needs bytes up to " in err,
              "a cut file says truncated, where the file ends and what needed more: " + err)
        open(os.path.join(work, "empty.p3d"), "wb").close()
        rc, _, err = run("export", "empty.p3d", "empty.glb")
        check(rc == 1 and "empty.p3d is empty (0 bytes)" in err and "unknown" not in err, "an empty file: " + err)
        rc, _, err = run("info", "empty.p3d")
        check(rc == 1 and "empty.p3d is empty (0 bytes)" in err, "info of an empty file: " + err)
        os.makedirs(os.path.join(work, "kept"))
        rc, _, _ = run("export", "trunc.p3d", os.path.join("kept", "sub", "x.obj"))
        check(rc == 1 and os.listdir(os.path.join(work, "kept")) == [], "... and keeps the folders that were there")
        rc, _, _ = run("export", model, os.path.join("made", "sub", "x.glb"))
        check(rc == 0 and os.path.isfile(os.path.join(work, "made", "sub", "x.glb")), "missing folders are made")
    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
