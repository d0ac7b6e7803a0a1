"""`rvimport pbo list/extract` end to end: the sample archives (skipped when absent) and a crafted
archive whose entry names try to leave the output folder.
Usage: cli_pbo_test.py RVIMPORT WORK_DIR SAMPLES_DIR"""
import os
import shutil
import struct
import subprocess
import sys

rvimport, work, samples = sys.argv[1], sys.argv[2], os.environ.get("RV_SAMPLES_DIR") or sys.argv[3]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run(*args):
    p = subprocess.run([rvimport, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def entry(name, data, packing=0):
    return name.encode() + b"\0" + struct.pack("<5I", packing, 0, 0, 0, len(data))


# A crafted archive: a "Vers" header with a prefix, one good entry, four hostile names, a
# duplicate differing only in case, then the data and no SHA-1.
files = [("good\\ok.txt", b"fine"), ("..\\..\\evil.txt", b"evil"), ("\\abs.txt", b"abs"), ("C:\\drive.txt", b"drv"),
         ("ctl\x01.txt", b"ctl"), ("GOOD\\OK.TXT", b"dupe")]
header = b"\0" + struct.pack("<5I", 0x56657273, 0, 0, 0, 0) + b"prefix\0x\\test\0\0"
for name, data in files:
    header += entry(name, data)
header += b"\0" + struct.pack("<5I", 0, 0, 0, 0, 0)
crafted = os.path.join(work, "crafted.pbo")
with open(crafted, "wb") as f:
    f.write(header + b"".join(d for _, d in files))
out = os.path.join(work, "out", "inner")
rc, so, se = run("pbo", "list", crafted)
check(rc == 0 and "prefix     x\\test" in so and "good\\ok.txt" in so, "list shows the prefix and entries: " + so)
rc, so, se = run("pbo", "extract", crafted, out)
check(rc == 0, "extract exits 0 when it skips hostile names: %d %s" % (rc, se))
check(open(os.path.join(out, "good", "ok.txt"), "rb").read() == b"fine", "the good entry is written")
check("extracted 1, skipped 5, failed 0 of 6 entries" in so, "the counts are true: " + so)
for why in ("a '..' component", "an absolute path", "a drive letter", "a control byte", "same name"):
    check(why in se, "the reason '%s' is reported: %s" % (why, se))
written = sorted(os.path.relpath(os.path.join(d, n), os.path.join(work, "out")) for d, _, ns in os.walk(os.path.join(work, "out")) for n in ns)
check(written == [os.path.join("inner", "good", "ok.txt")], "nothing else was written anywhere: %s" % written)
check(not os.path.exists(os.path.join(work, "evil.txt")) and not os.path.exists(os.path.join(work, "out", "evil.txt")),
      "no file outside DIR")
rc, so, se = run("pbo", "extract", crafted, out)
check(rc == 0 and "skipped 6" in so and "use --overwrite" in se, "existing files are kept: " + so + se)
rc, so, se = run("pbo", "extract", crafted)
check(rc == 2, "usage error exits 2")
rc, so, se = run("pbo", "list", os.path.join(work, "missing.pbo"))
check(rc == 1 and "missing.pbo" in se, "a missing archive exits 1 naming it")



def write_archive(path, files):
    """An archive like the crafted one above: a "Vers" header, `files` stored, no SHA-1."""
    head = b"\0" + struct.pack("<5I", 0x56657273, 0, 0, 0, 0) + b"prefix\0x\\test\0\0"
    for name, data in files:
        head += entry(name, data) if isinstance(name, str) else name + b"\0" + struct.pack("<5I", 0, 0, 0, 0, len(data))
    head += b"\0" + struct.pack("<5I", 0, 0, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(head + b"".join(d for _, d in files))


def run_bytes(*args):
    p = subprocess.run([rvimport, *args], capture_output=True)
    return p.returncode, p.stdout, p.stderr


# A symbolic link already inside DIR never leads an entry outside it (issue 29).
outside = os.path.join(work, "outside")
os.makedirs(outside)
linked = os.path.join(work, "linked")
os.makedirs(linked)
os.symlink(outside, os.path.join(linked, "link"))
os.symlink(os.path.join(outside, "target.txt"), os.path.join(linked, "leaf.txt"))
escaping = os.path.join(work, "escaping.pbo")
write_archive(escaping, [("link\\escaped.txt", b"escaped"), ("leaf.txt", b"leaf"), ("fine\\ok.txt", b"ok")])
rc, so, se = run("pbo", "extract", escaping, linked, "--overwrite")
check(os.listdir(outside) == [], "nothing is written through a link: %s" % os.listdir(outside))
check(rc == 1 and "extracted 1, skipped 0, failed 2 of 3" in so, "the links fail their entries: %d %s %s" % (rc, so, se))
check(os.path.join(linked, "link") + ": a symbolic link" in se and os.path.join(linked, "leaf.txt") + " is a symbolic link" in se,
      "each link is named: " + se)
check(os.path.islink(os.path.join(linked, "leaf.txt")) and open(os.path.join(linked, "fine", "ok.txt")).read() == "ok",
      "the link stays a link, the other entry is written")

# A read-only destination: the system's reason, not "No such file or directory" (issue 29).
readonly = os.path.join(work, "readonly")
os.makedirs(readonly)
as_root = os.geteuid() == 0
if as_root:
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", readonly], capture_output=True).returncode == 0
else:
    os.chmod(readonly, 0o555)
    mounted = True
if mounted:
    rc, so, se = run("pbo", "extract", crafted, os.path.join(readonly, "inner"))
    reason = "Read-only file system" if as_root else "Permission denied"
    check(rc == 1 and reason in se and "No such file or directory" not in se,
          "a read-only destination gives its reason: %d %s" % (rc, se))
    rc, so, se = run("pbo", "extract", crafted, readonly)
    check(rc == 1 and ("cannot write %s/good: %s" % (readonly, reason)) in se and "No such file" not in se,
          "a read-only DIR gives its reason for the first folder: %d %s" % (rc, se))
    if as_root:
        subprocess.run(["umount", readonly])
    else:
        os.chmod(readonly, 0o755)
else:
    print("SKIP read-only destination: cannot mount a read-only tmpfs")

# Terminal control bytes in entry names are printed escaped (issue 29).
hostile = os.path.join(work, "hostile_names.pbo")
write_archive(hostile, [(b"red\x1b[31m\x07.txt", b"x"), ("ok.txt", b"y")])
for args in (("list", hostile), ("extract", hostile, os.path.join(work, "hostile_out"))):
    rc, so, se = run_bytes("pbo", *args)
    check(b"\x1b" not in so + se and b"\x07" not in so + se and b"red\\x1B[31m\\x07.txt" in so + se,
          "pbo %s escapes control bytes: %r" % (args[0], so + se))

# Names Windows cannot hold are refused on every system, naming the entry (issue 29).
windows = os.path.join(work, "windows_names.pbo")
write_archive(windows, [("con.txt", b"1"), ("data\\AUX", b"2"), ("COM1.paa", b"3"), ("x.", b"4"), ("y ", b"5"),
                        ("a.paa:stream", b"6"), ("ok.txt", b"7")])
rc, so, se = run("pbo", "extract", windows, os.path.join(work, "windows_out"))
check(rc == 0 and "extracted 1, skipped 6, failed 0 of 7" in so, "Windows names are skipped: %s %s" % (so, se))
for i, name, why in ((0, "con.txt", "a name Windows reserves for a device"), (1, "data\\AUX", "a name Windows reserves"),
                     (2, "COM1.paa", "a name Windows reserves"), (3, "x.", "a trailing dot or space"),
                     (4, "y ", "a trailing dot or space"), (5, "a.paa:stream", "a ':' (an alternate data stream on Windows)")):
    check(("skipped entry %d '%s': %s" % (i, name, why)) in se, "entry %d %r is named with its reason: %s" % (i, name, se))
check(sorted(os.listdir(os.path.join(work, "windows_out"))) == ["ok.txt"], "only ok.txt is written")

pbo_dir = os.path.join(samples, "textures", "pbo")
if os.path.isdir(pbo_dir):
    rc, so, se = run("pbo", "list", os.path.join(pbo_dir, "KAM_chemical.pbo"))
    check(rc == 0 and "entries    75 (SHA-1 at the end)" in so and "x\\kat\\addons\\chemical" in so, "KAM list: " + so[:300])
    dest = os.path.join(work, "kam")
    rc, so, se = run("pbo", "extract", os.path.join(pbo_dir, "KAM_chemical.pbo"), dest)
    check(rc == 0 and "extracted 75, skipped 0, failed 0 of 75" in so, "KAM extract: " + so + se)
    with open(os.path.join(dest, "ui", "m7a3.p3d"), "rb") as a, open(os.path.join(samples, "real", "kam", "aff6fa87_m7a3.p3d"), "rb") as b:
        check(a.read() == b.read(), "the extracted m7a3.p3d is the real model, byte for byte")
    dest = os.path.join(work, "cwr")
    rc, so, se = run("pbo", "extract", os.path.join(pbo_dir, "CWR-CE_mission_fixture.Intro.pbo"), dest)
    check(rc == 0 and open(os.path.join(dest, "briefing.html"), "rb").read().startswith(b"<html><body><h1>Synthetic"),
          "LZSS-packed entries are unpacked")
else:
    print("SKIP sample archives: %s is absent" % pbo_dir)

if failures:
    sys.exit("%d check(s) failed" % len(failures))
print("pbo CLI: all checks passed")
