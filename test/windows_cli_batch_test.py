"""`rvimport.exe batch` under Wine meets the hostile cases the Linux batch meets (issue 41): a
damaged model, entries whose names Windows reserves (con, aux, COM1...) or that climb out of the
output folder, a name of more than 255 bytes, and an output folder that cannot be written (a
full disk stood in for by a read-only folder). Each bad input is one line that names it, the
others are converted, the exit code says something failed, and nothing is written outside
OUT_DIR. The good outputs are real .fbx, .obj and .glb files.
Usage: windows_cli_batch_test.py WINE RVIMPORT_EXE DEMO_CRATE WORK_DIR"""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pbo_fixture import solid_paa, write_pbo  # noqa: E402

wine, rvimport, crate, work = sys.argv[1:5]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
env = dict(os.environ, WINEDEBUG="-all")
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)
    return cond


def batch(*args):
    p = subprocess.run([wine, rvimport, "batch", *args], capture_output=True, env=env, cwd=work, timeout=600)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def files_under(top):
    return sorted(os.path.relpath(os.path.join(d, n), top).replace(os.sep, "/")
                  for d, _, names in os.walk(top) for n in names)


def lines_naming(text, name):
    return [line for line in text.splitlines() if name in line]


model = open(crate, "rb").read()
src = os.path.join(work, "mod")
os.makedirs(os.path.join(src, "addons"))
for name in ("good_a.p3d", "good_b.p3d"):
    with open(os.path.join(src, name), "wb") as f:
        f.write(model)
with open(os.path.join(src, "damaged.p3d"), "wb") as f:
    f.write(model[:300])
long_name = "l" * 300 + ".p3d"  # one component past the 255 bytes Windows (and Linux) allow
write_pbo(os.path.join(src, "addons", "names.pbo"), "x\\names",
          [("ok.p3d", model), ("con.p3d", model), ("data\\aux.p3d", model), ("COM1.paa", solid_paa(0xF800)),
           ("..\\evil.p3d", model), ("data\\" + long_name, model)])

before = set(files_under(work))
for fmt in ("fbx", "obj", "glb2"):
    out = os.path.join(work, "out_" + fmt)
    rc, text, err = batch(src, out, "-f", fmt)
    tag = "batch -f %s" % fmt
    check(rc == 1, "%s: exit 1 for the failures, got %d: %s" % (tag, rc, text.strip()))
    check("converted 3" in text, "%s: the three good models converted: %s" % (tag, text.strip()))
    for bad in ("damaged.p3d", "con.p3d", "aux.p3d", "COM1.paa", "evil.p3d", long_name[:40]):
        named = lines_naming(err, bad)
        check(len(named) == 1, "%s: one line for %s, got %d:\n%s" % (tag, bad, len(named), err))
    written = files_under(out)
    ext = {"fbx": ".fbx", "obj": ".obj", "glb2": ".glb"}[fmt]
    models = [f for f in written if f.endswith(ext)]
    check(len(models) == 3, "%s: three %s files: %s" % (tag, ext, written))
    for f in models:
        data = open(os.path.join(out, f), "rb").read()
        real = {".fbx": data.startswith(b"Kaydara FBX Binary"), ".glb": data[:4] == b"glTF",
                ".obj": b"\nv " in data and b"\nf " in data}[ext]
        check(real, "%s: %s is a %s file" % (tag, f, ext))
    check(not any("evil" in f or f.startswith("..") for f in written), "%s: nothing climbed out: %s" % (tag, written))
    print("%s: exit %d, %s; %d lines for the 6 bad inputs" % (tag, rc, text.strip(), len(err.strip().splitlines())))

# Nothing outside the output folders: the inputs are as they were, and no stray file appeared.
after = set(files_under(work))
stray = sorted(f for f in after - before if not f.startswith("out_"))
check(not stray, "written outside OUT_DIR: %s" % stray)

# The full disk, stood in for by a folder that cannot be written: every file fails by name, the
# batch ends with an exit code, and no half-written file is left.
locked = os.path.join(work, "locked")
os.makedirs(locked)
os.chmod(locked, 0o555)
if os.geteuid() == 0:
    print("NOTE: root writes into a read-only folder: the case runs without CAP_DAC_OVERRIDE (setpriv)")
    prefix_ok = shutil.which("setpriv") is not None
else:
    prefix_ok = True
flat = os.path.join(work, "flat")
os.makedirs(flat)
shutil.copy(os.path.join(src, "good_a.p3d"), flat)
shutil.copy(os.path.join(src, "good_b.p3d"), flat)
if prefix_ok:
    cmd = [wine, rvimport, "batch", flat, os.path.join(locked, "out"), "-f", "fbx"]
    # Wine opens files in its wineserver, one per prefix: the prefix the other tests share has a
    # server with every capability, so this run gets a prefix, and so a server, of its own.
    locked_env = dict(env, WINEPREFIX=os.path.join(work, "wineprefix_locked"), WINEDLLOVERRIDES="mscoree,mshtml=")
    if os.geteuid() == 0:
        cmd = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"] + cmd
    p = subprocess.run(cmd, capture_output=True, env=locked_env, cwd=work, timeout=600)
    text, err = p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    check(p.returncode != 0, "read-only output folder: a failing exit code, got %d: %s %s" % (p.returncode, text, err))
    check(files_under(locked) == [], "read-only output folder: nothing written: %s" % files_under(locked))
    check(err.strip() != "" and "Traceback" not in err, "read-only output folder: said why: %r" % err[-300:])
    print("read-only output folder: exit %d, %s" % (p.returncode, (err.strip().splitlines() or [""])[-1]))
os.chmod(locked, 0o755)

if failures:
    sys.exit("%d check(s) failed" % len(failures))
print("the Windows batch meets the hostile cases")
