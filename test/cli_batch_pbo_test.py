#!/usr/bin/env python3
"""`rvimport batch` over a mod folder of PBOs (issue 38): every model, terrain and texture inside
every .pbo is converted in place, written below the PBO's prefix, and the PBOs join the batch's
data root, so a model in one PBO finds its textures in another.

Generated part (always): PBOs written here byte by byte around our demo crate and single-colour
DXT1 textures, with a damaged PBO, unsafe entry names, an unsafe prefix and a PBO without one.
Samples part (skipped without ../shared/samples): the four PBO samples, whose models must come out
byte for byte as `export` writes the same bytes from a loose file, and whose twice-listed files
(TFAR's 705k PBO) are converted once.

usage: cli_batch_pbo_test.py RVIMPORT RV_MAKE_DEMO SAMPLES_DIR WORK_DIR
"""
import json, os, shutil, struct, subprocess, sys, zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pbo_fixture import solid_paa, write_pbo as pbo  # noqa: E402

failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def png_pixels(path):
    """(width, height, set of RGBA tuples) of an 8-bit RGBA or RGB PNG, filters undone."""
    data = open(path, "rb").read()
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    bpp = {6: 4, 2: 3}[ctype]
    raw, rows, prev = zlib.decompress(idat), [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (w * bpp + 1)], bytearray(raw[y * (w * bpp + 1) + 1:(y + 1) * (w * bpp + 1)])
        for i in range(len(line)):
            a, b = line[i - bpp] if i >= bpp else 0, prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + [0, a, b, (a + b) // 2, paeth(a, b, c)][f]) & 0xFF
        rows.append(bytes(line))
        prev = line
    px = {tuple(r[i:i + bpp]) + ((255,) if bpp == 3 else ()) for r in rows for i in range(0, len(r), bpp)}
    return w, h, px


def glb_json(path):
    data = open(path, "rb").read()
    n = struct.unpack("<I", data[12:16])[0]
    return json.loads(data[20:20 + n])


def generated(rvimport, make_demo, work):
    src = os.path.join(work, "mod")
    addons, loose = os.path.join(src, "addons"), os.path.join(src, "loose")
    os.makedirs(addons)
    os.makedirs(loose)
    crate = os.path.join(loose, "crate.p3d")
    subprocess.run([make_demo, crate], check=True)
    crate_bytes = open(crate, "rb").read()
    red, green, blue = 0xF800, 0x07E0, 0x001F
    # The crate names rv\demo\data\crate_co.paa, crate_nohq.paa and crate_smdi.paa: its colour map
    # sits in its own PBO, the other two in another PBO, as mods split models and textures.
    pbo(os.path.join(addons, "models.pbo"), "rv\\demo",
        [("crate.p3d", crate_bytes), ("data\\crate_co.paa", solid_paa(red)), ("config.cpp", b"class CfgPatches {};\n"),
         ("..\\evil.paa", solid_paa(red)), ("data\\con.paa", solid_paa(red))])
    pbo(os.path.join(addons, "textures.pbo"), "rv\\demo\\data",
        [("crate_nohq.paa", solid_paa(green)), ("crate_smdi.paa", solid_paa(blue))])
    pbo(os.path.join(addons, "escape.pbo"), "..\\..\\escaped", [("x.paa", solid_paa(red))])
    pbo(os.path.join(addons, "mission.pbo"), None, [("intro\\loading.paa", solid_paa(green))])
    with open(os.path.join(addons, "broken.pbo"), "wb") as f:
        f.write(b"\0Vers\0\0\0\0\0\0\0\0")  # cut inside its header
    out = os.path.join(work, "out")
    p = subprocess.run([rvimport, "batch", "mod", "out", "-j", "2"], capture_output=True, text=True, cwd=work)
    err = p.stderr
    print(p.stdout + err)
    # models.pbo: crate + crate_co (config.cpp is no input; ..\evil and con skipped); textures.pbo 2;
    # escape.pbo skipped whole; mission.pbo 1; broken.pbo failed; the loose crate.
    check(p.returncode == 1 and p.stdout.startswith("converted 6, skipped 3, failed 1 of 10 files (8 from 4 PBOs)"),
          "the totals: exit 1 for the damaged PBO, the rest converted: " + p.stdout)
    check("failed  %s: broken.pbo: truncated: the file ends at byte 13, but entry 0 needs bytes up to 21"
          % os.path.join("mod", "addons", "broken.pbo") in err, "the damaged PBO is one line, in words: " + err)
    models = os.path.join("mod", "addons", "models.pbo")
    check(("skipped %s: entry 3 '..\\evil.paa': " % models) in err and ("skipped %s: entry 4 'data\\con.paa': " % models)
          in err, "unsafe entry names are skipped as `pbo extract` skips them")
    check(("skipped %s: its prefix '..\\..\\escaped' cannot be a folder name" % os.path.join("mod", "addons", "escape.pbo"))
          in err and not os.path.exists(os.path.join(work, "escaped")) and not os.path.exists(os.path.join(work, "..", "escaped")),
          "an unsafe prefix is refused and nothing lands outside OUT_DIR")
    check("no data root" not in err, "the PBOs are the batch's data root: no 'no data root' warning")
    check("textures: 6 of 6 found in the data root 4 PBOs\n" in err, "one texture tally for the batch: " + err[-300:])
    co = os.path.join(out, "rv", "demo", "data", "crate_co.png")
    for rel in ("rv/demo/crate.glb", "rv/demo/data/crate_co.png", "rv/demo/data/crate_nohq.png",
                "rv/demo/data/crate_smdi.png", "mission/intro/loading.png", "loose/crate.glb"):
        check(os.path.isfile(os.path.join(out, *rel.split("/"))), "written below the prefix (or PBO name): " + rel)
    if os.path.isfile(co):
        w, h, px = png_pixels(co)
        check((w, h, px) == (8, 8, {(255, 0, 0, 255)}), "the colour map's pixels are the entry's red: %r" % ((w, h, px),))
    for rel in ("rv/demo/crate.glb", "loose/crate.glb"):
        path = os.path.join(out, *rel.split("/"))
        if os.path.isfile(path):
            images = glb_json(path).get("images", [])
            check(len(images) == 3, "%s embeds its 3 textures from two PBOs: %d" % (rel, len(images)))
    found = sorted(os.path.relpath(os.path.join(d, f), out) for d, _, fs in os.walk(out) for f in fs)
    check(len(found) == 6, "nothing else is written: %s" % found)


def samples_part(rvimport, samples, work):
    pbos = os.path.join(samples, "textures", "pbo")
    kam = os.path.join(samples, "real", "kam", "aff6fa87_m7a3.p3d")
    if not (os.path.isdir(pbos) and os.path.isfile(kam)):
        print("skipped the samples part: the samples are absent")
        return False
    src = os.path.join(work, "samples_in", "addons")
    os.makedirs(src)
    for name in sorted(os.listdir(pbos)):
        os.symlink(os.path.join(pbos, name), os.path.join(src, name))
    p = subprocess.run([rvimport, "batch", "samples_in", "samples_out"], capture_output=True, text=True, cwd=work)
    print(p.stdout + p.stderr[-600:])
    # KAM: 4 models and 7 textures; TFAR: 2 textures; TFAR 705k: 7 textures listed twice, converted once.
    check(p.returncode == 0 and p.stdout.startswith("converted 20, skipped 0, failed 0 of 20 files (20 from 4 PBOs)"),
          "the four sample PBOs: " + p.stdout)
    # The totals end as export's summary does: what was written (every output here is a main file) and
    # the warnings (each KAM model names one texture of another mod).
    written = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(os.path.join(work, "samples_out")) for f in fs)
    check(p.stdout.rstrip().endswith("; wrote %.1f MB, 4 warnings" % (written / 1e6)),
          "the totals say what was written (%d bytes) and how many warnings: %s" % (written, p.stdout))
    # Through an Assimp format, each entry is served to the importer from memory (under the
    # sanitizers this also checks that the in-memory IOSystem is handed back and freed).
    q = subprocess.run([rvimport, "batch", "samples_in", "samples_obj", "-f", "obj", "-j", "2"], capture_output=True,
                       text=True, cwd=work)
    check(q.returncode == 0 and q.stdout.startswith("converted 20, skipped 0, failed 0 of 20 files (20 from 4 PBOs) to obj")
          and os.path.isfile(os.path.join(work, "samples_obj", "x", "kat", "addons", "chemical", "ui", "m7a3.obj")),
          "the four sample PBOs to .obj: rc=%d %s %s" % (q.returncode, q.stdout, q.stderr[-300:]))
    tfar = os.path.join(work, "samples_out", "task-force-arma-3-radio")
    pngs = [f for _, _, fs in os.walk(tfar) for f in fs]
    check(len(pngs) == 7, "TFAR 705k: each twice-listed texture once: %d" % len(pngs))
    # The entry read in place writes what `export` writes from the same bytes as a loose file, with
    # the same data root (the PBOs), its name being the entry's.
    os.makedirs(os.path.join(work, "loose"))
    shutil.copy(kam, os.path.join(work, "loose", "m7a3.p3d"))
    q = subprocess.run([rvimport, "export", os.path.join("loose", "m7a3.p3d"), "m7a3.glb", "--data-root",
                        os.path.join("samples_in", "addons"), "-q"], capture_output=True, text=True, cwd=work)
    batch_glb = os.path.join(work, "samples_out", "x", "kat", "addons", "chemical", "ui", "m7a3.glb")
    same = q.returncode == 0 and os.path.isfile(batch_glb) and \
        open(batch_glb, "rb").read() == open(os.path.join(work, "m7a3.glb"), "rb").read()
    check(same, "KAM's ui\\m7a3.p3d from the PBO is byte for byte the loose file's export")
    return True


def main():
    rvimport, make_demo, samples, work = sys.argv[1:5]
    samples = os.environ.get("RV_SAMPLES_DIR") or samples
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    os.environ.pop("RV_IMPORT_DATA_ROOT", None)
    generated(rvimport, make_demo, work)
    samples_part(rvimport, samples, work)
    print("%d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
