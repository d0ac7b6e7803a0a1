"""The CLI's safe-output and hostile-input guarantees (issue 15), end to end.
Usage: cli_safe_test.py PART RVIMPORT MAKE_DEMO MAKE_CLI_INPUTS WORK_DIR WITH_ASSIMP(ON/OFF)

PART is one of:
  output   every output on a full disk: each Assimp export format (each in its own process; an
           abort, exit 134, is a failure), the .asc and .txt terrain exports, PNG, batch; on a
           small tmpfs filled to the last byte (exit 1, a message naming the path and "No space
           left on device", nothing left behind) and with a little room left (exit 0 with the
           same files a roomy disk gets, or exit 1 with nothing left). Also stdout on /dev/full,
           OUT == IN (same path, symbolic link, hard link), "--", errno in messages.
  terrain  Terrain Builder name injection (quotes, ';', CR, LF refused, the rest written) and
           NaN / infinite transforms and heights in the .txt and .asc exports.
  batch    output collisions (a.p3d + a.wrp), a collision left after renaming, a dangling link,
           an unreadable folder (as root: through setpriv without CAP_DAC_*), true counts.
  names    20,000 objects sharing one 600-character model name, ten literal "name #k" names and
           2,000 sharing an 1100-character name, exported to glb: every node name unique and
           the renaming work linear (counted, not timed).
Exit 77 (skipped) only when the part cannot run at all here."""
import json
import os
import re
import shutil
import stat
import struct
import subprocess
import sys
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gltf_files  # noqa: E402

part, rvimport, make_demo, make_inputs, work, with_assimp = sys.argv[1:7]
with_assimp = with_assimp.upper() in ("ON", "1", "TRUE", "YES")
work = os.path.abspath(work)
failures = []
mounted = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)
    return cond


def run(*args, env=None, stdout=None, cwd=None, prefix=()):
    e = dict(os.environ)
    e.update(env or {})
    p = subprocess.run([*prefix, rvimport, *args], stdout=stdout if stdout is not None else subprocess.PIPE,
                       stderr=subprocess.PIPE, env=e, cwd=cwd)
    out = p.stdout.decode("utf-8", "replace") if p.stdout is not None else ""
    return p.returncode, out, p.stderr.decode("utf-8", "replace")


def listing(folder, skip=()):
    found = []
    for root, dirs, files in os.walk(folder):
        for n in dirs + files:
            rel = os.path.relpath(os.path.join(root, n), folder)
            if rel not in skip:
                found.append(rel)
    return sorted(found)


def finish():
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
    print("all checks passed")
    sys.exit(0)


def demo_files(folder):
    os.makedirs(folder, exist_ok=True)
    crate, world = os.path.join(folder, "crate.p3d"), os.path.join(folder, "world.wrp")
    subprocess.run([make_demo, crate, world], check=True)
    return crate, world


def crafted(mode, path, *extra):
    p = subprocess.run([make_inputs, mode, path, *map(str, extra)], check=True, capture_output=True, text=True)
    return dict(line.split("=", 1) for line in p.stdout.split())


def tiny_paa(path, size=256):
    """A DXT1 texture of size x size with one raw mip of varied blocks (PNG does not shrink it)."""
    blocks = bytearray()
    for i in range((size // 4) * (size // 4)):
        c0, c1 = (i * 2654435761) & 0xFFFF, (i * 40503 + 7) & 0xFFFF
        blocks += struct.pack("<HHI", max(c0, c1), min(c0, c1), (i * 2246822519) & 0xFFFFFFFF)
    data = struct.pack("<HH", 0xFF01, 0) + struct.pack("<HH", size, size) + len(blocks).to_bytes(3, "little")
    with open(path, "wb") as f:
        f.write(data + bytes(blocks) + struct.pack("<IH", 0, 0))


def fbx_writes():
    """Whether this build writes FBX: Assimp 5.4 or later (docs/engines.md), from `rvimport version`."""
    rc, out, _ = run("version")
    m = re.search(r"\(Assimp (\d+)\.(\d+)\.", out)
    check(rc == 0 and m, "version does not name Assimp: %r" % out)
    return bool(m) and (int(m.group(1)), int(m.group(2))) >= (5, 4)


def export_ids():
    """The formats listexport offers: every one of them is written (and opens, see test_engines)."""
    rc, out, _ = run("listexport")
    ids = out.split()
    check(rc == 0 and "glb2" in ids and ("fbx" in ids) == fbx_writes(), "listexport: rc=%d %s" % (rc, ids))
    exts = {}
    for i in ids:
        rc, out, _ = run("exportinfo", i)
        exts[i] = out.split("\n")[1]
    return ids, exts


# ---------------------------------------------------------------------------------------------
def try_mount(folder, size):
    os.makedirs(folder, exist_ok=True)
    p = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=%s" % size, "tmpfs", folder], capture_output=True)
    if p.returncode == 0:
        mounted.append(folder)
        return True
    return False


def fill(folder, leave):
    """Fills the file system of `folder` up to `leave` bytes (0: to the last byte)."""
    filler = os.path.join(folder, "filler")
    if os.path.exists(filler):
        os.remove(filler)
    with open(filler, "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 4096)
        except OSError:
            pass
        try:
            while True:
                f.write(b"\0")  # the last partial page
        except OSError:
            pass
    size = os.path.getsize(filler)
    with open(filler, "r+b") as f:
        f.truncate(max(0, size - leave))


def clear(folder):
    """Removes everything but the filler."""
    for n in os.listdir(folder):
        p = os.path.join(folder, n)
        if n != "filler":
            shutil.rmtree(p) if os.path.isdir(p) and not os.path.islink(p) else os.remove(p)


def outputs_of(folder):
    return listing(folder, skip={"filler"})


def check_full_disk_case(what, rc, err, folder, expect_path, reference=None):
    """Exit 1 with the path and ENOSPC, nothing left; or (with room) exit 0 and the reference files."""
    left = outputs_of(folder)
    if rc == 134 or rc < 0:
        check(False, "%s: aborted (exit %d): %s" % (what, rc, err.strip()[-300:]))
    elif reference is None or rc != 0:
        check(rc == 1, "%s: exit %d, expected 1: %s" % (what, rc, err.strip()[-300:]))
        check(not left, "%s: left %s behind" % (what, left))
        check("cannot write " in err and "No space left on device" in err,
              "%s: message without the path and the reason: %s" % (what, err.strip()[-300:]))
        check(expect_path in err, "%s: message does not name %s: %s" % (what, expect_path, err.strip()[-300:]))
    else:
        got = {n: os.path.getsize(os.path.join(folder, n)) for n in left if os.path.isfile(os.path.join(folder, n))}
        if what.startswith("3mf "):
            # Assimp 5.2.5's 3MF exporter writes point faces with two indices read past the face
            # (uninitialised memory), so its size varies between runs: the zip is checked instead.
            try:
                whole = zipfile.ZipFile(os.path.join(folder, left[0])).testzip() is None
            except (zipfile.BadZipFile, OSError, IndexError):
                whole = False
            check(sorted(got) == sorted(reference) and whole, "%s: exit 0 but the archive is not whole: %s" % (what, got))
            return
        check(got == reference, "%s: exit 0 but files %s differ from a roomy disk's %s" % (what, got, reference))


def part_output():
    crate, world = demo_files(os.path.join(work, "in"))
    tex = os.path.join(work, "in", "tex.paa")
    tiny_paa(tex)

    # stdout that cannot be written: exit 1 and a message, for dump and info.
    with open("/dev/full", "wb") as full:
        for args in (("dump", "--json", crate), ("dump", "--json", "--pretty", world), ("info", crate)):
            rc, _, err = run(*args, stdout=full)
            check(rc == 1 and "cannot write standard output: No space left on device" in err,
                  "%s > /dev/full: rc=%d %s" % (" ".join(args), rc, err.strip()))

    # OUT == IN, through the same path, a symbolic link, a hard link, another spelling.
    same = os.path.join(work, "same")
    os.makedirs(same)
    model, texture, terrain = os.path.join(same, "m.p3d"), os.path.join(same, "t.paa"), os.path.join(same, "w.wrp")
    for src, dst in ((crate, model), (tex, texture), (world, terrain)):
        shutil.copy(src, dst)
    originals = {p: open(p, "rb").read() for p in (model, texture, terrain)}
    os.symlink("m.p3d", os.path.join(same, "link.glb"))
    os.link(model, os.path.join(same, "hard.glb"))
    os.symlink("t.paa", os.path.join(same, "link.png"))
    os.link(texture, os.path.join(same, "hard.png"))
    os.symlink("w.wrp", os.path.join(same, "link.asc"))
    cases = [(model, "m.p3d", ["-f", "glb2"]), (model, "./m.p3d", ["-f", "glb2"]), (model, "link.glb", []),
             (model, "hard.glb", []), (texture, "t.paa", ["-f", "png"]), (texture, "link.png", []),
             (texture, "hard.png", []), (terrain, "link.asc", []), (terrain, "w.wrp", ["-f", "tbobjects"])]
    if not with_assimp:
        cases = [c for c in cases if c[0] != model]
    for src, out, opts in cases:
        rc, _, err = run("export", os.path.basename(src), out, *opts, cwd=same)
        check(rc == 2 and "is the input file itself" in err and "refusing to overwrite" in err,
              "export %s %s: rc=%d %s" % (os.path.basename(src), out, rc, err.strip()))
    for p, data in originals.items():
        check(open(p, "rb").read() == data, "%s changed" % p)

    # "--" ends the options: a file named -f.p3d.
    dash = os.path.join(work, "dash")
    os.makedirs(dash)
    shutil.copy(crate, os.path.join(dash, "-f.p3d"))
    shutil.copy(world, os.path.join(dash, "-w.wrp"))
    rc, out, err = run("info", "--", "-f.p3d", cwd=dash)
    check(rc == 0 and "ODOL version 73" in out, "info -- -f.p3d: rc=%d %s" % (rc, err))
    rc, out, err = run("dump", "--json", "--", "-f.p3d", cwd=dash)
    check(rc == 0 and out.startswith('{"signature":"ODOL"'), "dump --json -- -f.p3d: rc=%d %s" % (rc, err))
    rc, _, err = run("info", "-f.p3d", cwd=dash)
    check(rc == 2 and "unknown option -f.p3d" in err, "info -f.p3d without --: rc=%d %s" % (rc, err))
    rc, _, err = run("export", "--", "-w.wrp", "-w.asc", cwd=dash)
    check(rc == 0 and os.path.isfile(os.path.join(dash, "-w.asc")), "export -- -w.wrp -w.asc: rc=%d %s" % (rc, err))
    rc, out, err = run("bench", "-n", "1", "--", "-f.p3d", cwd=dash)
    check(rc == 0 and "-f.p3d" in out, "bench -n 1 -- -f.p3d: rc=%d %s" % (rc, err))
    if with_assimp:
        rc, _, err = run("export", "--", "-f.p3d", "-f.obj", cwd=dash)
        check(rc == 0 and os.path.isfile(os.path.join(dash, "-f.obj")) and os.path.isfile(os.path.join(dash, "-f.mtl")),
              "export -- -f.p3d -f.obj: rc=%d %s" % (rc, err))
        os.makedirs(os.path.join(dash, "-in"))
        shutil.copy(crate, os.path.join(dash, "-in", "c.p3d"))
        rc, out, err = run("batch", "-j", "1", "--", "-in", "-out", cwd=dash)
        check(rc == 0 and "converted 1, skipped 0, failed 0 of 1 files" in out
              and os.path.isfile(os.path.join(dash, "-out", "c.glb")), "batch -- -in -out: rc=%d %s %s" % (rc, out, err))

    # errno text in "cannot write" messages: OUT below a file, not a folder.
    blocker = os.path.join(work, "blocker")
    open(blocker, "w").close()
    targets = [(world, os.path.join(blocker, "w.asc")), (tex, os.path.join(blocker, "t.png"))]
    if with_assimp:
        targets.append((crate, os.path.join(blocker, "c.glb")))
    for src, out in targets:
        rc, _, err = run("export", src, out)
        check(rc == 1 and "cannot write " + out + ": Not a directory" in err, "export to %s: rc=%d %s" % (out, rc, err))

    # The full disk.
    full = os.path.join(work, "full")
    if not try_mount(full, "256k"):
        check(os.geteuid() != 0, "running as root but mount -t tmpfs failed: the full-disk checks cannot run")
        print("NOTE: mount -t tmpfs is not permitted here: a read-only folder stands in for the full disk")
        locked = os.path.join(work, "readonly")
        os.makedirs(locked)
        os.chmod(locked, 0o555)
        jobs = [(world, "w.asc", []), (world, "w.txt", []), (tex, "t.png", [])]
        if with_assimp:
            ids, exts = export_ids()
            jobs += [(crate, "c_%s.%s" % (i, exts[i]), ["-f", i]) for i in ids]
        for src, name, opts in jobs:
            rc, _, err = run("export", src, os.path.join(locked, name), *opts)
            check(rc == 1 and "cannot write " + locked in err and "Permission denied" in err and not os.listdir(locked),
                  "%s into a read-only folder: rc=%d %s" % (name, rc, err.strip()[-300:]))
        return
    roomy = os.path.join(work, "roomy")
    os.makedirs(roomy)

    jobs = [("asc", world, "w.asc", []), ("tbobjects", world, "w.txt", []), ("png", tex, "t.png", [])]
    if with_assimp:
        ids, exts = export_ids()
        jobs += [(i, crate, "c_%s.%s" % (i, exts[i]), ["-f", i, "--lod", "all"]) for i in ids]
        jobs.append(("glb2-terrain", world, "w.glb", []))
    for what, src, name, opts in jobs:
        # What a roomy disk gets, for comparison.
        target = os.path.join(roomy, what)
        os.makedirs(target)
        rc, _, err = run("export", src, os.path.join(target, name), *opts)
        if not check(rc == 0, "%s on a roomy disk: rc=%d %s" % (what, rc, err.strip()[-300:])):
            continue
        reference = {n: os.path.getsize(os.path.join(target, n)) for n in listing(target)
                     if os.path.isfile(os.path.join(target, n))}
        for leave in (0, 2048, 8192, 32768):
            clear(full)
            fill(full, leave)
            out = os.path.join(full, name)
            rc, _, err = run("export", src, out, *opts)
            check_full_disk_case("%s with %d bytes free" % (what, leave), rc, err, full, full + "/",
                                 None if leave == 0 else reference)
            if leave == 0:
                # Exactly one "cannot write" naming a file of this export's in the final folder.
                m = re.search(r"cannot write (\S+): No space left on device", err)
                check(bool(m) and os.path.dirname(m.group(1)) == full and os.path.basename(m.group(1)).startswith(
                    os.path.splitext(name)[0]), "%s: the message names %s" % (what, m.group(1) if m else err.strip()))

    if with_assimp:
        # batch into a full disk: every file fails with the reason, nothing is left behind.
        clear(full)
        fill(full, 0)
        src = os.path.join(work, "batch_in")
        os.makedirs(os.path.join(src, "sub"))
        shutil.copy(crate, src)
        shutil.copy(crate, os.path.join(src, "sub"))
        if not fbx_writes():  # refused, naming what works, and nothing written
            for args in (("export", crate, os.path.join(full, "c.fbx")), ("batch", src, os.path.join(full, "b"), "-f",
                                                                            "fbx")):
                rc, out, err = run(*args)
                check(rc == 2 and "write .glb instead" in err and ".obj or .dae" in err and not outputs_of(full),
                      "%s to .fbx with this Assimp: rc=%d %s" % (args[0], rc, err))
        for fmt in ("glb2", "obj") + (("fbx",) if fbx_writes() else ()):
            rc, out, err = run("batch", src, os.path.join(full, "b"), "-f", fmt, "-j", "2")
            check(rc == 1 and "converted 0, skipped 0, failed 2 of 2 files" in out
                  and err.count("No space left on device") == 2,
                  "batch -f %s to a full disk: rc=%d %s %s" % (fmt, rc, out, err))
            check(not [n for n in outputs_of(full) if os.path.isfile(os.path.join(full, n))],
                  "batch -f %s to a full disk left %s" % (fmt, outputs_of(full)))


# ---------------------------------------------------------------------------------------------
def part_terrain():
    folder = os.path.join(work, "t")
    os.makedirs(folder)
    names = os.path.join(folder, "names.wrp")
    meta = crafted("names", names)
    rc, _, err = run("export", names, os.path.join(folder, "names.txt"))
    data = open(os.path.join(folder, "names.txt"), "rb").read() if rc == 0 else b""
    lines = data.split(b"\n")
    check(rc == 0 and lines[-1] == b"" and b"\r" not in data, "names.txt: rc=%d %s" % (rc, err))
    lines = lines[:-1]
    row = re.compile(rb'^"[^";\x00-\x1f\x7f]*"(;-?[0-9]+\.[0-9]{6}){7};$')
    check(all(row.match(l) for l in lines), "names.txt has malformed rows: %r" % lines)
    check([l.split(b";")[0] for l in lines] == [b'"house"', b'"fine"', b'"tree"'],
          "names.txt rows: %r" % [l.split(b";")[0] for l in lines])
    skipped = err.count("which a Terrain Builder list cannot hold; skipped")
    check(skipped == int(meta["objects"]) - int(meta["clean"]), "names: %d refusals in %s" % (skipped, err))
    check("wrote 3 of 9 objects" in err, "names: no count line in %s" % err)
    check(all("\r" not in l for l in err.split("\n")) and "\\x0A" in err and "\\x0D" in err,
          "names: stderr shows control bytes raw: %r" % err)

    nan = os.path.join(folder, "nan.wrp")
    meta = crafted("nan", nan)
    rc, _, err = run("export", nan, os.path.join(folder, "nan.txt"))
    text = open(os.path.join(folder, "nan.txt")).read() if rc == 0 else ""
    rows = text.splitlines()
    check(rc == 0 and len(rows) == int(meta["clean"]), "nan.txt: rc=%d rows %r %s" % (rc, rows, err))
    check(not re.search(r"nan|inf", text, re.I), "nan.txt holds nan/inf: %s" % text)
    check(err.count("NaN or infinite number; skipped") == 4 and err.count("height under it is not a finite") == 1,
          "nan.txt warnings: %s" % err)
    check("wrote 3 of 8 objects" in err, "nan: no count line in %s" % err)
    rc, _, err = run("export", nan, os.path.join(folder, "nan.asc"))
    grid = open(os.path.join(folder, "nan.asc")).read().split("\n")[6:] if rc == 0 else []
    values = " ".join(grid).split()
    check(rc == 0 and len(values) == 64 * 32 and values.count("-9999") == int(meta["nodata"])
          and not re.search(r"nan|inf", " ".join(grid), re.I), "nan.asc: rc=%d %s" % (rc, err))
    check("2 of 2048 height samples are not finite" in err, "nan.asc warning: %s" % err)
    # The NaN sample is row 31 - 10 from the top, column 10.
    check(len(grid) > 21 and grid[21].split()[10] == "-9999", "nan.asc: sample (10, 10) is not NODATA")
    # Our glTF writer: the non-finite heights and transforms never reach the file (the validator
    # would reject NaN bounds; JSON cannot hold them).
    rc, _, err = run("export", nan, os.path.join(folder, "nan.glb"))
    if check(rc == 0, "nan.glb: rc=%d %s" % (rc, err)):
        doc, _ = gltf_files.load(os.path.join(folder, "nan.glb"))
        bounds = [v for a in doc["accessors"] for k in ("min", "max") for v in a.get(k, [])]
        check(bounds and all(isinstance(v, (int, float)) and v == v and abs(v) != float("inf") for v in bounds),
              "nan.glb: accessor bounds hold non-finite values")
        gltf_files.validate([os.path.join(folder, "nan.glb")], lambda m: check(False, "nan.glb: " + m))


# ---------------------------------------------------------------------------------------------
def part_batch():
    if not with_assimp:
        print("SKIP: batch needs Assimp")
        sys.exit(77)
    crate, world = demo_files(os.path.join(work, "demo"))
    src = os.path.join(work, "in1")
    os.makedirs(os.path.join(src, "sub"))
    shutil.copy(crate, os.path.join(src, "a.p3d"))
    shutil.copy(world, os.path.join(src, "a.wrp"))
    shutil.copy(crate, os.path.join(src, "sub", "b.p3d"))
    out = os.path.join(work, "out1")
    rc, text, err = run("batch", src, out, "-j", "2")
    check(rc == 0 and "converted 3, skipped 0, failed 0 of 3 files" in text, "collision batch: rc=%d %s %s" % (rc, text, err))
    check(listing(out) == ["a.p3d.glb", "a.wrp.glb", "sub", "sub/b.glb"], "collision batch outputs: %s" % listing(out))
    if check(os.path.isfile(os.path.join(out, "a.wrp.glb")) and os.path.isfile(os.path.join(out, "a.p3d.glb")),
             "collision outputs missing"):
        check(os.path.getsize(os.path.join(out, "a.wrp.glb")) != os.path.getsize(os.path.join(out, "a.p3d.glb")),
              "a.p3d.glb and a.wrp.glb are the same size: one overwrote the other?")

    # A collision left after the renaming ("a.p3d.p3d" -> "a.p3d.glb"): those two fail, by name.
    shutil.copy(crate, os.path.join(src, "a.p3d.p3d"))
    os.symlink("gone.p3d", os.path.join(src, "dangling.p3d"))
    out = os.path.join(work, "out2")
    rc, text, err = run("batch", src, out, "-j", "2")
    check(rc == 1 and "converted 2, skipped 0, failed 3 of 5 files" in text, "residual collision: rc=%d %s %s" % (rc, text, err))
    check(re.search(r"failed  \S*/a\.p3d: its output \S*/a\.p3d\.glb would also be the output of \S*/a\.p3d\.p3d", err)
          and re.search(r"failed  \S*/a\.p3d\.p3d: its output \S*/a\.p3d\.glb would also be the output of \S*/a\.p3d\b", err),
          "residual collision messages (stderr): %s" % err)
    check(re.search(r"failed  \S*/dangling\.p3d: cannot open \S*/dangling\.p3d: No such file or directory", err),
          "dangling link message (stderr): %s" % err)
    check(listing(out) == ["a.wrp.glb", "sub", "sub/b.glb"], "residual collision outputs: %s" % listing(out))

    # An unreadable folder is reported, counted in the exit code, and the rest converted.
    src = os.path.join(work, "in3")
    os.makedirs(os.path.join(src, "locked"))
    shutil.copy(crate, os.path.join(src, "ok.p3d"))
    shutil.copy(crate, os.path.join(src, "locked", "hidden.p3d"))
    os.chmod(os.path.join(src, "locked"), 0)
    prefix = ()
    if os.geteuid() == 0:
        # Root reads any folder: drop the capabilities that let it (the permission bits then apply).
        setpriv = shutil.which("setpriv")
        probe = subprocess.run([setpriv, "--bounding-set=-dac_override,-dac_read_search", "ls",
                                os.path.join(src, "locked")], capture_output=True) if setpriv else None
        if not probe or probe.returncode == 0:
            print("NOTE: root without setpriv (or it cannot drop CAP_DAC_*): the unreadable-folder case is not testable")
            os.chmod(os.path.join(src, "locked"), 0o755)
            return
        prefix = (setpriv, "--bounding-set=-dac_override,-dac_read_search")
    out = os.path.join(work, "out3")
    rc, text, err = run("batch", src, out, "-j", "1", prefix=prefix)
    os.chmod(os.path.join(src, "locked"), 0o755)
    check(rc == 1 and "converted 1, skipped 0, failed 0 of 1 files" in text and "; 1 folder could not be read" in text
          and re.search(r"unreadable folder \S*/in3/locked: Permission denied", err),
          "unreadable folder: rc=%d %s %s" % (rc, text, err))
    check(listing(out) == ["ok.glb"], "unreadable folder outputs: %s" % listing(out))


# ---------------------------------------------------------------------------------------------
def name_stats(err, literal=10, same=20000, longs=2000):
    """Checks RVIMPORT_NAME_STATS' line: every duplicate renamed once, the only extra candidates
    the ten literal "name #k"; returns the numbers."""
    m = re.search(r"name stats: nodes (\d+) renamed (\d+), meshes (\d+) renamed (\d+), materials (\d+) renamed (\d+), "
                  r"candidates (\d+)", err)
    if not check(m, "no name stats line in: %s" % err.strip()[-300:]):
        return None
    nodes, renamed_nodes, meshes, renamed_meshes, materials, renamed_materials, candidates = map(int, m.groups())
    renamed = renamed_nodes + renamed_meshes + renamed_materials
    check(renamed_nodes >= (same - 1) + (longs - 1), "renamed only %d nodes" % renamed_nodes)
    check(renamed <= candidates <= renamed + literal,
          "candidates %d for %d renames: the renaming is not linear" % (candidates, renamed))
    return nodes, renamed, candidates


def part_names():
    if not with_assimp:
        print("SKIP: glTF export needs Assimp")
        sys.exit(77)
    folder = os.path.join(work, "n")
    os.makedirs(folder)
    wrp = os.path.join(folder, "same.wrp")
    same, length, longs = 20000, 600, 2000
    meta = crafted("samename", wrp, same, length, longs)
    out = os.path.join(folder, "same.glb")
    # The Assimp scene's names (our glTF writer instances the objects and needs no unique names).
    rc, _, err = run("export", wrp, out, "--via-assimp", env={"RVIMPORT_NAME_STATS": "1"})
    if not check(rc == 0, "export same.glb: rc=%d %s" % (rc, err.strip()[-500:])):
        return
    stats = name_stats(err)
    nodes = stats[0] if stats else -1
    doc, _ = gltf_files.load(out)
    names = [n.get("name", "") for n in doc["nodes"]]
    check(len(names) == nodes, "glb has %d nodes, the name stats say %d" % (len(names), nodes))
    check(len(set(names)) == len(names), "glb node names are not unique: %d of %d" % (len(set(names)), len(names)))
    check(max(len(n.encode()) for n in names) <= 1023, "a node name is longer than aiString holds")
    base = "rv\\many\\" + "a" * length + ".p3d"
    # The first keeps the name, "#2".."#11" are taken by the literal names, so the 19,999
    # duplicates get "#12" .. "#20010".
    expected = {base} | {"%s #%d" % (base, k) for k in range(2, 12 + same - 1)}
    got = {n for n in names if n.startswith(base)}
    check(got == expected, "the %d-character name group: %d names, %d expected, e.g. missing %s" % (
        length, len(got), len(expected), sorted(expected - got)[:2]))
    long_names = [n for n in names if n.startswith("rv\\long\\")]
    stem = long_names[0][:1011] if long_names else ""
    check(len(long_names) == longs and len(long_names[0]) == 1023 and
          {n for n in long_names[1:]} == {"%s #%d" % (stem, k) for k in range(2, longs + 1)},
          "the 1100-character name group: %d names" % len(long_names))
    # The same scene as text glTF (2 and 1): the .gltf and its .bin side by side, the .bin it
    # names by a relative URI (never the temporary folder).
    for fmt in ("gltf2", "gltf"):
        sub = os.path.join(folder, fmt)
        os.makedirs(sub)
        out = os.path.join(sub, "same.gltf")
        rc, _, err = run("export", wrp, out, "-f", fmt, "--via-assimp", env={"RVIMPORT_NAME_STATS": "1"})
        if check(rc == 0, "export same.gltf -f %s: rc=%d %s" % (fmt, rc, err.strip()[-300:])):
            name_stats(err)
            doc = json.load(open(out))
            buffers = doc.get("buffers", [])
            uris = [b.get("uri") for b in (buffers.values() if isinstance(buffers, dict) else buffers)]
            check(uris and all(not os.path.isabs(u) and os.path.isfile(os.path.join(sub, u)) for u in uris) and
                  listing(sub) == sorted(["same.gltf"] + uris), "-f %s buffers %s, folder %s" % (fmt, uris, listing(sub)))
    # Collada makes ids from node and mesh names too.
    rc, _, err = run("export", wrp, os.path.join(folder, "same.dae"), env={"RVIMPORT_NAME_STATS": "1"})
    if check(rc == 0, "export same.dae: rc=%d %s" % (rc, err.strip()[-300:])):
        name_stats(err)


if __name__ == "__main__":
    subprocess.run(["umount", os.path.join(work, "full")], capture_output=True)  # a run killed earlier
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    try:
        {"output": part_output, "terrain": part_terrain, "batch": part_batch, "names": part_names}[part]()
    finally:
        for m in reversed(mounted):
            subprocess.run(["umount", m], capture_output=True)
        for folder, _, _ in os.walk(work):
            try:
                os.chmod(folder, 0o755)
            except OSError:
                pass
    finish()
