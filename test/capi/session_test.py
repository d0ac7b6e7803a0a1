#!/usr/bin/env python3
"""The C ABI's sessions (rv_session, ABI 8) through the add-on's binding (rvlib.Session): the files
of one import share one data root and decode each texture once (issue 42).

- Three copies of an editable box that use rv\\box\\box_co.paa, opened through one session: one
  decode and two reuses, one image key for the three, and the decoded pixels of the texture
  (a solid DXT1 colour) in each.
- The same opens without a session: the same key and pixels (keys do not depend on the session).
- A session whose data root holds a damaged PBO says so once, in its own warnings, once a lookup
  needed the PBOs (the root is indexed lazily), and the models opened through it do not repeat it.
- A session whose data root is not a folder is refused, naming the folder.
- A model outlives its session: closed after it, it still reads.
- With the samples: the real backpack twice through one session: every texture and derived map
  decoded once, the second open's keys equal the first's, and the pixels equal a lone open's.

usage: session_test.py LIBRVIMPORT MAKE_CLI_INPUTS WORK_DIR [SAMPLES]
"""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from pbo_fixture import solid_paa, write_pbo  # noqa: E402

library, make_inputs, work = sys.argv[1:4]
samples = sys.argv[4] if len(sys.argv) > 4 else ""
os.environ["RVIMPORT_LIB"] = library
import rv_ctypes  # noqa: E402

rvlib = rv_ctypes.rvlib()
failures = []
COPIES = 3
RED565 = 0xF800  # DXT1 end colour: pure red, decoded as (1, 0, 0, 1)


def check(ok, message):
    if not ok:
        failures.append(message)
        print("FAIL: " + message)
    return ok


def textures(model):
    """Every (key, reference, role, width, height, pixels) a model's materials show."""
    out = []
    for m in model.materials:
        for t in (m.base_color, m.normal, m.metallic_roughness, m.occlusion):
            if t is not None:
                out.append((t.key, t.reference, t.role, t.width, t.height, t.pixels))
    return out


def boxes():
    shutil.rmtree(work, ignore_errors=True)
    root = os.path.join(work, "root")
    os.makedirs(os.path.join(root, "rv", "box"))
    with open(os.path.join(root, "rv", "box", "box_co.paa"), "wb") as f:
        f.write(solid_paa(RED565))
    box = os.path.join(work, "Box.p3d")
    subprocess.run([make_inputs, "mlod", box], check=True)
    paths = []
    for k in range(COPIES):
        paths.append(os.path.join(work, "Box%d.p3d" % k))
        shutil.copyfile(box, paths[-1])
    return root, paths


def check_boxes():
    root, paths = boxes()
    with rvlib.Session(root) as session:
        check(session.warnings() == [], "box session warnings: %r" % session.warnings())
        seen = [textures(rvlib.Model(p, session=session)) for p in paths]
        check(session.texture_counts() == (1, COPIES - 1),
              "box session counts %r, want (1, %d)" % (session.texture_counts(), COPIES - 1))
    alone = textures(rvlib.Model(paths[0], data_root=root))
    check(len(alone) == 1, "a lone box shows %d textures, want 1" % len(alone))
    for k, t in enumerate(seen):
        if not check(len(t) == 1, "box %d through the session shows %d textures" % (k, len(t))):
            continue
        key, reference, role, w, h, pixels = t[0]
        check(key != "" and key == alone[0][0], "box %d key %r, alone %r" % (k, key, alone[0][0]))
        check(reference.lower() == "rv\\box\\box_co.paa" and (w, h) == (8, 8), "box %d: %s %dx%d" % (k, reference, w, h))
        check(list(pixels[:4]) == [1.0, 0.0, 0.0, 1.0] and list(pixels) == list(alone[0][5]),
              "box %d pixels %r..." % (k, list(pixels[:4])))


def check_damaged_root():
    root, paths = boxes()
    write_pbo(os.path.join(root, "broken.pbo"), None, [("x.paa", solid_paa(RED565))])
    with open(os.path.join(root, "broken.pbo"), "r+b") as f:  # the header's entry list, cut short
        f.truncate(12)
    with rvlib.Session(root) as session:
        check(session.warnings() == [], "damaged root: warned before anything was looked up: %r" % session.warnings())
        model = rvlib.Model(paths[0], session=session)  # box.rvmat is missing: the whole root is listed
        warnings = session.warnings()
        check(len(warnings) == 1 and "broken.pbo" in warnings[0], "damaged root: session warnings %r" % warnings)
        check(not any("broken.pbo" in w for w in model.warnings), "the model repeats the root's warning: %r"
              % model.warnings)
    missing = os.path.join(work, "no such folder")
    try:
        rvlib.Session(missing).close()
        check(False, "a session on a missing folder opened")
    except rvlib.DecodeFailed as e:
        check("no such folder" in str(e), "missing root: %s" % e)


def check_lifetime():
    """The handle outlives the session: rv_model_open through it, rv_session_close, then read."""
    root, paths = boxes()
    L = rvlib.lib()
    session = rvlib.Session(root)
    opts = rvlib._options(session=session)
    err, handle = rvlib.RvError(), rvlib.ctypes.c_void_p()
    ok = L.rv_model_open(os.fsencode(paths[0]), rvlib.ctypes.byref(opts), rvlib.ctypes.byref(handle),
                         rvlib.ctypes.byref(err)) == 0
    session.close()
    if check(ok, "open through a session: %s" % err.message):
        w, h = rvlib._U32(), rvlib._U32()
        check(L.rv_material_image_size(handle, 0, 0, rvlib.ctypes.byref(w), rvlib.ctypes.byref(h)) == 1 and
              (w.value, h.value) == (8, 8), "after the session closed: %dx%d" % (w.value, h.value))
        pixels = rvlib._fill("f", 4 * 64, lambda p: L.rv_material_image_rgba_float_bottom_up(handle, 0, 0, p))
        check(list(pixels[:4]) == [1.0, 0.0, 0.0, 1.0], "after the session closed: %r" % list(pixels[:4]))
        L.rv_model_close(handle)


def check_samples():
    root = os.path.join(samples, "textures", "data-root")
    model = os.path.join(samples, "real", "tfar-pairs", "odol", "TFR_BACKPACK.p3d")
    if not (os.path.isdir(root) and os.path.isfile(model)):
        print("samples absent: the real backpack is skipped")
        return
    with rvlib.Session(root) as session:
        first = textures(rvlib.Model(model, session=session))
        decoded, _ = session.texture_counts()
        check(decoded >= 3, "backpack: %d textures decoded" % decoded)
        second = textures(rvlib.Model(model, session=session))
        check(session.texture_counts() == (decoded, decoded),
              "backpack twice: counts %r, want (%d, %d)" % (session.texture_counts(), decoded, decoded))
    alone = textures(rvlib.Model(model, data_root=root))
    roles = sorted(t[2] for t in alone)
    check(len(alone) >= 3 and "metallic roughness" in roles, "backpack alone shows %r" % roles)
    check([t[0] for t in first] == [t[0] for t in second] == [t[0] for t in alone], "backpack keys differ")
    for a, b in zip(second, alone):
        check(list(a[5]) == list(b[5]), "backpack %s (%s): pixels differ from a lone open" % (a[1], a[2]))


check_boxes()
check_damaged_root()
check_lifetime()
if samples:
    check_samples()
print("%d failures" % len(failures) if failures else "session_test: all checks passed")
sys.exit(1 if failures else 0)
