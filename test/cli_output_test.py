"""Outputs that must neither destroy nor escape, and messages that must not carry terminal
control bytes (issue 29, hardening round 3), end to end.
Usage: cli_output_test.py PART RVIMPORT MAKE_DEMO WORK_DIR WITH_ASSIMP(ON/OFF)

PART is one of:
  special  OUT a device, a FIFO or a symbolic link: /dev/full fails (exit 1, ENOSPC named), a
           FIFO and /dev/null are written through (as root: private mknod copies of the two,
           never the real ones) and stay what they are, a link to a regular
           file stays a link and the file it names gets the output, a link to nothing is refused
           and left alone; a 250-byte file name is written (the temporary name is short).
  signals  SIGINT / SIGTERM while a temporary file or folder is complete but not yet renamed
           (RV_TEST_HOLD_TEMP holds the write there): nothing `rvtmp` is left, the exit status is
           the signal's; SIGKILL leaves the temporary, and the next run names it.
  escapes  control bytes and ESC sequences in a texture's PROC tag and in batch's file names
           are printed escaped (\\x1B, \\x07), never raw.
Exit 77 (skipped) only when the part cannot run at all here."""
import os
import signal
import stat
import struct
import subprocess
import sys
import threading
import time

part, rvimport, make_demo, work, with_assimp = sys.argv[1:6]
with_assimp = with_assimp.upper() in ("ON", "1", "TRUE", "YES")
work = os.path.abspath(work)
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)
    return cond


def run(*args, env=None, timeout=120):
    e = dict(os.environ)
    e.update(env or {})
    p = subprocess.run([rvimport, *args], capture_output=True, env=e, timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def fresh(name):
    folder = os.path.join(work, name)
    subprocess.run(["rm", "-rf", folder], check=True)
    os.makedirs(folder)
    return folder


def demo(folder):
    os.makedirs(folder, exist_ok=True)
    crate, world = os.path.join(folder, "crate.p3d"), os.path.join(folder, "world.wrp")
    subprocess.run([make_demo, crate, world], check=True, capture_output=True)
    return crate


def temporaries(folder):
    found = []
    for root, dirs, files in os.walk(folder):
        found += [os.path.join(root, n) for n in dirs + files if "rvtmp" in n]
    return found


def finish():
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
    print("all checks passed")
    sys.exit(0)


# ---------------------------------------------------------------------------------------------
def read_fifo(path, into):
    with open(path, "rb") as f:
        into.append(f.read())


def devices(folder):
    """(full, null): as root, private copies of /dev/full and /dev/null made with mknod, so that
    a build which replaces its OUT (the bug this tests) destroys only them; otherwise the real
    ones, which a user without write access to /dev cannot replace."""
    if os.geteuid() != 0:
        return "/dev/full", "/dev/null"
    full, null = os.path.join(folder, "full"), os.path.join(folder, "null")
    try:
        os.mknod(full, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
        os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except OSError as e:
        print("SKIP the device checks: root cannot make device nodes here (%s); /dev is not used in their place" % e)
        return None, None
    return full, null


def device_checks(crate, folder, full, null, ext, fmt):
    # /dev/full: every write fails with ENOSPC, and the device stays a device.
    rc, _, err = run("export", crate, full, "-f", fmt)
    check(rc == 1 and ("cannot write %s: No space left on device" % full) in err,
          "%s to %s: rc=%d %s" % (fmt, full, rc, err.strip()))
    check(stat.S_ISCHR(os.lstat(full).st_mode), "%s: %s is no longer a device" % (fmt, full))
    # /dev/null through a link: written through, the link stays.
    link = os.path.join(folder, "null." + ext)
    os.symlink(null, link)
    rc, _, err = run("export", crate, link)
    check(rc == 0 and os.path.islink(link) and os.readlink(link) == null,
          "%s to a link to %s: rc=%d link=%s %s" % (fmt, null, rc, os.path.islink(link), err.strip()))
    check(stat.S_ISCHR(os.lstat(null).st_mode), "%s is no longer a device" % null)


def part_special():
    folder = fresh("special")
    crate = demo(folder)
    full, null = devices(folder)
    formats = [("glb", "glb2")] + ([("stl", "stl")] if with_assimp else [])
    for ext, fmt in formats:
        if full:
            device_checks(crate, folder, full, null, ext, fmt)
        # A FIFO a reader waits on: it gets the whole output, and stays a FIFO.
        fifo = os.path.join(folder, "pipe." + ext)
        os.mkfifo(fifo)
        got = []
        reader = threading.Thread(target=read_fifo, args=(fifo, got))
        reader.start()
        rc, _, err = run("export", crate, fifo, timeout=60)
        reader.join(10)
        check(rc == 0 and stat.S_ISFIFO(os.lstat(fifo).st_mode), "%s to a FIFO: rc=%d %s" % (fmt, rc, err.strip()))
        reference = os.path.join(folder, "reference." + ext)
        check(run("export", crate, reference)[0] == 0, "%s: the reference export" % fmt)
        with open(reference, "rb") as f:
            expected = f.read()
        check(got and got[0] == expected, "%s: the FIFO's reader got %d bytes, not the %d of a file"
              % (fmt, len(got[0]) if got else -1, len(expected)))
        # A link to a regular file elsewhere: the link stays, the file it names is replaced.
        target = os.path.join(folder, "real_target." + ext)
        with open(target, "wb") as f:
            f.write(b"old")
        link = os.path.join(folder, "link." + ext)
        os.symlink(target, link)
        rc, _, err = run("export", crate, link)
        with open(target, "rb") as f:
            check(rc == 0 and os.path.islink(link) and f.read() == expected,
                  "%s to a link to a file: rc=%d link=%s %s" % (fmt, rc, os.path.islink(link), err.strip()))
        # A link to nothing: refused, the link left as it was, nothing created.
        dangling = os.path.join(folder, "dangling." + ext)
        os.symlink(os.path.join(folder, "nowhere", "x." + ext), dangling)
        rc, _, err = run("export", crate, dangling)
        check(rc == 1 and "a symbolic link to nothing" in err and os.path.islink(dangling)
              and not os.path.exists(os.path.join(folder, "nowhere")), "%s to a dangling link: rc=%d %s" % (fmt, rc, err.strip()))
        check(not temporaries(folder), "%s: temporaries left: %s" % (fmt, temporaries(folder)))
    if with_assimp and null:
        # obj writes OUT and a .mtl: a device takes one file only.
        rc, _, err = run("export", crate, null, "-f", "obj")
        check(rc == 1 and "takes one file" in err and stat.S_ISCHR(os.lstat(null).st_mode),
              "obj to %s: rc=%d %s" % (null, rc, err.strip()))

    if null:
        # .gltf writes a .bin beside OUT: a device takes one file.
        rc, _, err = run("export", crate, null, "-f", "gltf2")
        check(rc == 1 and "takes one file" in err and stat.S_ISCHR(os.lstat(null).st_mode)
              and not [n for n in os.listdir(folder) if n.endswith(".bin")], "gltf2 to %s: rc=%d %s" % (null, rc, err.strip()))

    # A name of 250 bytes (the limit is 255): the temporary name beside it must fit too.
    for ext in ("glb",) + (("stl",) if with_assimp else ()):
        name = "n" * (250 - len(ext) - 1) + "." + ext
        out = os.path.join(folder, name)
        rc, _, err = run("export", crate, out)
        check(rc == 0 and os.path.getsize(out) > 0, "a 250-byte name (.%s): rc=%d %s" % (ext, rc, err.strip()))
    finish()


# ---------------------------------------------------------------------------------------------
def held(args, folder):
    """Starts rvimport with the hold hook; returns (process, the temporary it holds)."""
    env = dict(os.environ, RV_TEST_HOLD_TEMP="1")
    p = subprocess.Popen([rvimport, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    line = b""
    deadline = time.time() + 60
    while time.time() < deadline and b"rvimport: holding " not in line:
        line = p.stderr.readline()
        if not line and p.poll() is not None:
            break
    if b"rvimport: holding " not in line:
        p.kill()
        p.wait()
        return p, None
    return p, line.decode().split("rvimport: holding ", 1)[1].strip()


def size_of(path):
    if os.path.isdir(path):
        return sum(os.path.getsize(os.path.join(r, n)) for r, _, ns in os.walk(path) for n in ns)
    return os.path.getsize(path)


def part_signals():
    folder = fresh("signals")
    crate = demo(folder)
    cases = [("glb", ["export", crate, os.path.join(folder, "out.glb")])]
    if with_assimp:
        cases.append(("obj (Assimp, a folder)", ["export", crate, os.path.join(folder, "out.obj")]))
        batch_out = os.path.join(folder, "batch_out")
        cases.append(("batch -j 2", ["batch", os.path.join(folder, "in"), batch_out, "-f", "glb2", "-j", "2"]))
        cases.append(("batch -j 2 obj (Assimp folders)", ["batch", os.path.join(folder, "in"), batch_out + "_obj", "-f",
                                                          "obj", "-j", "2"]))
        os.makedirs(os.path.join(folder, "in"))
        for k in range(4):
            demo(os.path.join(folder, "in", "m%d" % k))
    for what, args in cases:
        for sig in (signal.SIGINT, signal.SIGTERM):
            p, tmp = held(args, folder)
            if not check(tmp and os.path.exists(tmp), "%s: the hold hook named no temporary" % what):
                continue
            print("%s: %s holds %d bytes before %s" % (what, os.path.basename(tmp), size_of(tmp), sig.name))
            p.send_signal(sig)
            p.wait(30)
            check(p.returncode == -sig, "%s, %s: exit status %d, not the signal's" % (what, sig.name, p.returncode))
            check(not temporaries(folder), "%s, %s: left %s" % (what, sig.name, temporaries(folder)))

    # SIGKILL cannot be caught: the temporary stays, and the next run in that folder names it.
    p, tmp = held(cases[0][1], folder)
    if check(tmp, "SIGKILL: the hold hook named no temporary"):
        p.kill()
        p.wait()
        check(os.path.exists(tmp), "SIGKILL: %s is gone (it cannot be removed by the killed process)" % tmp)
        rc, _, err = run("export", crate, os.path.join(folder, "next.glb"))
        check(rc == 0 and tmp in err and "left by an interrupted rvimport run" in err and ("(%d bytes)" % size_of(tmp)) in err,
              "the next run does not name the leftover %s: %s" % (tmp, err.strip()))
        os.remove(tmp)
    finish()


# ---------------------------------------------------------------------------------------------
def paa_with_proc(path, text):
    """A 4x4 DXT1 texture with a PROC tag holding `text`."""
    tag = b"GGAT" + b"PROC" + struct.pack("<I", len(text)) + text
    data = struct.pack("<H", 0xFF01) + tag + struct.pack("<H", 0) + struct.pack("<HH", 4, 4) + (8).to_bytes(3, "little")
    with open(path, "wb") as f:
        f.write(data + b"\x00" * 8 + struct.pack("<IH", 0, 0))


def part_escapes():
    folder = fresh("escapes")
    hostile = b"red\x1b[31mbell\x07"
    tex = os.path.join(folder, "t.paa")
    paa_with_proc(tex, hostile)
    p = subprocess.run([rvimport, "info", tex], capture_output=True)
    both = p.stdout + p.stderr
    check(p.returncode == 0 and b"\x1b" not in both and b"\x07" not in both
          and b"procedural red\\x1B[31mbell\\x07" in p.stdout, "info of a PROC tag: rc=%d %r" % (p.returncode, both))
    if with_assimp:
        src = os.path.join(folder, "in")
        os.makedirs(src)
        with open(os.path.join(src.encode(), b"bad" + hostile + b".p3d"), "wb") as f:
            f.write(b"ODOL" + b"\xff" * 12)  # fails to decode: batch names it
        p = subprocess.run([rvimport, "batch", src, os.path.join(folder, "out")], capture_output=True)
        both = p.stdout + p.stderr
        check(p.returncode == 1 and b"\x1b" not in both and b"\x07" not in both and b"badred\\x1B[31mbell\\x07.p3d" in both,
              "batch of a hostile file name: rc=%d %r" % (p.returncode, both))
    finish()


if __name__ == "__main__":
    if part == "signals" and sys.platform == "win32":
        sys.exit(77)
    {"special": part_special, "signals": part_signals, "escapes": part_escapes}[part]()
