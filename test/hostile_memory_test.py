"""The CLI on the hostile shapes of issue 15, each in a child process whose peak RSS is read back
(wait4's rusage) and whose address space is capped (RLIMIT_AS, the `ulimit -v` of a shell) so a
regression fails here instead of exhausting the machine. No timing: memory is measured.
Usage: hostile_memory_test.py RVIMPORT MAKE_DEMO MAKE_HOSTILE WORK_DIR WITH_ASSIMP(ON/OFF) [LIBRVIMPORT]

- baseline: the peak RSS of `info` and of an export of the demo crate (the process's fixed cost);
- `info` on every shape (default limit): exit 0 or 1, never killed, peak RSS under the cap;
- `export SHAPE out.glb --max-memory 64M --via-assimp`: exit 1 with "memory limit of 64 MiB" (the
  aliased model: "aliased LOD ranges are refused"), peak RSS <= baseline + 64 MiB + 32 MiB of slack;
  through our glTF writer the same bound, and either success or that refusal
  (the input file, the libraries' own arenas), nothing written;
- what fits: the elevation bomb's heights as .asc with --max-memory 256M, exit 0;
- the C ABI (LIBRVIMPORT through ctypes, as the add-on loads it): rv_options.memory_limit is the
  one limit of an open: 4 MiB stops each shape with RV_ERROR_MEMORY_LIMIT naming it.
Exit 77 (skipped) without Assimp for the export parts; the info part still runs."""
import ctypes
import os
import resource
import subprocess
import sys

rvimport, make_demo, make_hostile, work, with_assimp = sys.argv[1:6]
capi = sys.argv[6] if len(sys.argv) > 6 else ""
with_assimp = with_assimp.upper() in ("ON", "1", "TRUE", "YES")
work = os.path.abspath(work)
os.makedirs(work, exist_ok=True)
MiB = 1 << 20
CAP = 1536 * MiB  # the address-space cap of every child: far below the GBs the shapes once took
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)
    return cond


def run(*args, merge=False):
    """(exit code, stderr, peak RSS in bytes) of rvimport ARGS under the address-space cap; with
    merge, stdout is read with stderr."""
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))

    streams = dict(stdout=subprocess.PIPE, stderr=subprocess.STDOUT) if merge else dict(
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    p = subprocess.Popen([rvimport, *args], preexec_fn=cap, **streams)
    err = (p.stdout if merge else p.stderr).read().decode("utf-8", "replace")
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, err, usage.ru_maxrss * 1024  # Linux reports KiB


subprocess.run([make_demo, f"{work}/crate.p3d", f"{work}/world.wrp"], check=True, stdout=subprocess.DEVNULL)
listing = subprocess.run([make_hostile, work], check=True, stdout=subprocess.PIPE).stdout.decode().split("\n")
shapes = [line.split()[0] for line in listing if line.strip()]
print("shapes:", ", ".join(shapes))

rc, err, info_base = run("info", f"{work}/crate.p3d")
check(rc == 0, f"info crate.p3d: exit {rc} {err}")
for shape in shapes:
    rc, err, peak = run("info", f"{work}/{shape}")
    print(f"info {shape}: exit {rc}, peak RSS {peak / MiB:.1f} MiB")
    check(rc in (0, 1), f"info {shape}: exit {rc} (killed or crashed?) {err[-300:]}")
    check(peak < CAP, f"info {shape}: peak RSS {peak} at the cap")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import rv_ctypes  # noqa: E402

RvError, RvOptions = rv_ctypes.rvlib().RvError, rv_ctypes.rvlib().RvOptions  # rvimport.h, as the add-on declares them


if capi:
    lib = ctypes.CDLL(capi)
    RV_ERROR_MEMORY_LIMIT, RV_ERROR_BAD_VALUE = 8, 6
    for shape in shapes:
        data = open(f"{work}/{shape}", "rb").read()
        opts, err, handle = RvOptions(), RvError(), ctypes.c_void_p()
        lib.rv_options_init(ctypes.byref(opts))
        opts.memory_limit = 4 * MiB
        opener = lib.rv_terrain_open_memory if shape.endswith(".wrp") else lib.rv_model_open_memory
        code = opener(data, ctypes.c_uint64(len(data)), shape.encode(), ctypes.byref(opts), ctypes.byref(handle),
                      ctypes.byref(err))
        message = err.message.decode("utf-8", "replace")
        print(f"C ABI {shape} memory_limit 4 MiB: code {code}")
        if shape.startswith("aliased"):
            check(code == RV_ERROR_BAD_VALUE and "aliased" in message, f"C ABI {shape}: code {code} {message}")
        else:
            check(code == RV_ERROR_MEMORY_LIMIT and "memory limit of 4 MiB" in message,
                  f"C ABI {shape}: code {code} {message}")
        check(not handle.value, f"C ABI {shape}: a handle was returned")

if not with_assimp:
    print("built without Assimp: the export parts are skipped")
    sys.exit(1 if failures else 0)

rc, err, export_base = run("export", f"{work}/crate.p3d", f"{work}/crate.glb", "--lod", "all")
check(rc == 0, f"export crate.p3d: exit {rc} {err}")
base = max(info_base, export_base)
print(f"baseline peak RSS {base / MiB:.1f} MiB")

# Through Assimp (--via-assimp) every shape is refused: its scene would hold what the shape
# multiplies. Our glTF writer leaves roads out and keeps little per object, so a shape may fit
# there; it must then succeed within the same bound, or be refused the same way.
for shape in shapes:
    for via in (["--via-assimp"], []):
        label = f"export {shape} {' '.join(via) or '(our glTF writer)'}"
        out = f"{work}/{shape}.glb"
        if os.path.exists(out):
            os.remove(out)  # left by an earlier run
        rc, err, peak = run("export", f"{work}/{shape}", out, "--lod", "all", "--max-memory", "64M", *via)
        print(f"{label} --max-memory 64M: exit {rc}, peak RSS {peak / MiB:.1f} MiB")
        check(peak <= base + 96 * MiB, f"{label}: peak RSS {peak / MiB:.1f} MiB > baseline + 64 MiB + 32 MiB")
        if via or rc != 0:
            check(rc == 1, f"{label}: exit {rc}, expected 1: {err[-300:]}")
            expected = "aliased LOD ranges are refused" if shape.startswith("aliased") else "memory limit of 64 MiB"
            check(expected in err, f"{label}: stderr lacks '{expected}': {err[-300:]}")
            check(not os.path.exists(out), f"{label}: {out} was written")
        if os.path.exists(out):
            os.remove(out)

if "elevation_bomb.wrp" in shapes:
    rc, err, peak = run("export", f"{work}/elevation_bomb.wrp", f"{work}/bomb.asc", "--max-memory", "256M")
    print(f"export elevation_bomb.wrp .asc --max-memory 256M: exit {rc}, peak RSS {peak / MiB:.1f} MiB")
    check(rc == 0, f"the DEM export that the refusal names does not fit 256 MiB: exit {rc} {err[-300:]}")
    check(os.path.getsize(f"{work}/bomb.asc") > 4096 * 4096, "bomb.asc holds fewer than 4096^2 samples")

# Assimp's exporters copy the scene and build their own tree (issue 29: a 20,000-proxy model exported
# to Collada with --max-memory 128M peaked at 190 MB): the export is refused unless three scenes fit.
if "proxy_flood.p3d" in shapes:
    for mb, expect in ((128, 1), (512, 0)):
        out = f"{work}/proxy_flood.dae"
        if os.path.exists(out):
            os.remove(out)
        rc, err, peak = run("export", f"{work}/proxy_flood.p3d", out, "--max-memory", f"{mb}M", "--via-assimp")
        print(f"export proxy_flood.p3d .dae --via-assimp --max-memory {mb}M: exit {rc}, peak RSS {peak / MiB:.1f} MiB")
        check(rc == expect, f"proxy flood to Collada at {mb} MiB: exit {rc}, expected {expect}: {err[-300:]}")
        if expect:
            check(f"memory limit of {mb} MiB" in err and "3 times over" in err,
                  f"proxy flood at {mb} MiB: the refusal names the exporter's copies and the limit: {err[-300:]}")
        check(peak <= base + (mb + 32) * MiB, f"proxy flood to Collada at {mb} MiB: peak RSS {peak / MiB:.1f} MiB")

# A texture whose pixels fit the limit but whose PNG encoding would not (issue 29): an LZO bomb of
# about 130 KB that decodes to 8192 x 8192 RGBA (256 MiB). The pixels, the file and the PNG
# encoder's scratch share the one limit, on every path that encodes it.
subprocess.run([make_hostile, "--textures", work], check=True, stdout=subprocess.DEVNULL)
bomb = f"{work}/lzo_bomb.paa"
limit = 384
bound = base + (limit + 32) * MiB


def fresh(path):
    if os.path.exists(path):
        os.remove(path)
    return path


out = fresh(f"{work}/bomb.png")
rc, err, peak = run("export", bomb, out, "--max-memory", f"{limit}M")
print(f"export lzo_bomb.paa .png --max-memory {limit}M: exit {rc}, peak RSS {peak / MiB:.1f} MiB")
check(rc == 1 and f"memory limit of {limit} MiB" in err and "PNG encoding" in err,
      f"texture export: exit {rc}, expected 1 naming the PNG encoding and the limit: {err[-300:]}")
check(peak <= bound, f"texture export: peak RSS {peak / MiB:.1f} MiB > baseline + {limit} MiB + 32 MiB")
check(not os.path.exists(out), "texture export: bomb.png was written")
rc, err, peak = run("export", bomb, fresh(out))
print(f"export lzo_bomb.paa .png (default limit): exit {rc}, peak RSS {peak / MiB:.1f} MiB")
check(rc == 0 and os.path.getsize(out) > 0, f"texture export within the default limit: exit {rc} {err[-300:]}")
with open(out, "rb") as f:
    head = f.read(26)
check(head[16:24] == (8192).to_bytes(4, "big") * 2 and head[25] == 6, "bomb.png is not 8192 x 8192 RGBA")
os.remove(out)

# The same texture as a model's colour map (the demo crate's, through a data root): left out with a
# warning naming it, the model written, within the bound, through our writer and through Assimp.
root = f"{work}/bomb_root/rv/demo/data"
os.makedirs(root, exist_ok=True)
with open(bomb, "rb") as src, open(f"{root}/crate_co.paa", "wb") as dst:
    dst.write(src.read())
for via in ([], ["--via-assimp"]):
    label = f"export crate.p3d with the bomb as its texture {' '.join(via) or '(our glTF writer)'}"
    out = fresh(f"{work}/crate_bomb.glb")
    rc, err, peak = run("export", f"{work}/crate.p3d", out, "--data-root", f"{work}/bomb_root", "--max-memory",
                        f"{limit}M", *via)
    print(f"{label} --max-memory {limit}M: exit {rc}, peak RSS {peak / MiB:.1f} MiB")
    check(rc == 0 and os.path.exists(out), f"{label}: exit {rc} {err[-300:]}")
    check("crate_co.paa" in err and f"memory limit of {limit} MiB" in err,
          f"{label}: no warning names the texture left out and the limit: {err[-300:]}")
    check(peak <= bound, f"{label}: peak RSS {peak / MiB:.1f} MiB > baseline + {limit} MiB + 32 MiB")

# The C ABI (as the add-on opens models), in a child. It encodes no PNG: under 384 MiB the colour
# map's 256 MiB of pixels fit and are counted in rv_model_memory_in_use; under 200 MiB the map is
# left out, its status naming the limit. The child's peak stays within the bound either way.
def capi_open(mb):
    child = f"""
import ctypes, sys
sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r})
import rv_ctypes
L = rv_ctypes.rvlib()
lib = ctypes.CDLL({capi!r})
lib.rv_material_image_status.restype = ctypes.c_char_p
lib.rv_model_memory_in_use.restype = ctypes.c_uint64
opts, err, h = L.RvOptions(), L.RvError(), ctypes.c_void_p()
lib.rv_options_init(ctypes.byref(opts))
opts.memory_limit = {mb} << 20
opts.data_root = {work + '/bomb_root'!r}.encode()
code = lib.rv_model_open({work + '/crate.p3d'!r}.encode(), ctypes.byref(opts), ctypes.byref(h), ctypes.byref(err))
status = lib.rv_material_image_status(h, 0, 0).decode() if code == 0 else err.message.decode()
print(code, lib.rv_model_memory_in_use(h) if code == 0 else 0, status)
"""
    p = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    said = p.stdout.read().decode("utf-8", "replace").strip()
    _, _, usage = os.wait4(p.pid, 0)
    peak = usage.ru_maxrss * 1024
    print(f"C ABI crate.p3d with the bomb, memory_limit {mb} MiB: {said[-200:]}, peak RSS {peak / MiB:.1f} MiB")
    check(peak <= base + (mb + 64) * MiB, f"C ABI {mb} MiB: peak RSS {peak / MiB:.1f} MiB > baseline + {mb} MiB + "
                                           "64 MiB (Python)")
    fields = said.split(" ", 2)
    return (fields[0], int(fields[1]), fields[2]) if len(fields) == 3 and fields[1].isdigit() else (said, 0, "")


if capi:
    code, in_use, status = capi_open(384)
    check(code == "0" and status == "file" and 256 * MiB <= in_use <= 384 * MiB,
          f"C ABI 384 MiB: the colour map is read and counted: {code} {in_use} {status}")
    code, in_use, status = capi_open(200)
    check(code == "0" and "memory limit of 200 MiB" in status and in_use <= 200 * MiB,
          f"C ABI 200 MiB: the colour map is left out naming the limit: {code} {in_use} {status[-200:]}")

# The C ABI reads a file only within its memory limit (issue 40): a 64 MiB file under 8 MiB is
# refused by every open function before it is read (it once read all 64 MiB first). The child
# reports how much its peak RSS grew over the opens.
def capi_big_file():
    big = f"{work}/big_64m.p3d"
    with open(big, "wb") as f:
        f.truncate(64 * MiB)
    child = f"""
import ctypes, resource, sys
sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r})
import rv_ctypes
L = rv_ctypes.rvlib()
lib = ctypes.CDLL({capi!r})
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
codes = []
for fn in ("rv_model_open", "rv_terrain_open", "rv_texture_open", "rv_animation_open"):
    opts, err, h = L.RvOptions(), L.RvError(), ctypes.c_void_p()
    lib.rv_options_init(ctypes.byref(opts))
    opts.memory_limit = 8 << 20
    codes.append(str(getattr(lib, fn)({big!r}.encode(), ctypes.byref(opts), ctypes.byref(h), ctypes.byref(err))))
    codes.append(err.message.decode(errors="replace").replace(" ", "_"))  # one field, however long the path
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before, " ".join(codes))
"""
    said = subprocess.run([sys.executable, "-c", child], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True).stdout.strip()
    print(f"C ABI, a 64 MiB file under memory_limit 8 MiB: {said[:400]}")
    fields = said.split()
    grown = int(fields[0]) * 1024 if fields and fields[0].isdigit() else 1 << 40
    check(grown < 16 * MiB, f"C ABI big file: peak RSS grew {grown / MiB:.1f} MiB over the opens (limit 8 MiB)")
    check(fields[1::2] == [str(RV_ERROR_MEMORY_LIMIT)] * 4, f"C ABI big file: every open refuses with RV_ERROR_MEMORY_LIMIT: {said}")
    check(all("memory_limit" in m for m in fields[2::2]), f"C ABI big file: every refusal names the limit: {said}")
    os.remove(big)


RV_ERROR_MEMORY_LIMIT = 8  # include/rvimport.h
if capi:
    capi_big_file()

# batch: the texture conversions take the batch's --max-memory (they once kept the default 2 GiB).
batch_in, batch_out = f"{work}/bomb_batch", f"{work}/bomb_batch_out"
os.makedirs(batch_in, exist_ok=True)
with open(bomb, "rb") as src, open(f"{batch_in}/lzo_bomb.paa", "wb") as dst:
    dst.write(src.read())
rc, err, peak = run("batch", batch_in, batch_out, "--max-memory", f"{limit}M", "-j", "2", merge=True)
print(f"batch of lzo_bomb.paa --max-memory {limit}M -j 2: exit {rc}, peak RSS {peak / MiB:.1f} MiB")
check(rc == 1 and f"memory limit of {limit} MiB" in err, f"batch: exit {rc}, expected 1 naming the limit: {err[-300:]}")
check(peak <= bound, f"batch: peak RSS {peak / MiB:.1f} MiB > baseline + {limit} MiB + 32 MiB")
check(not os.path.exists(f"{batch_out}/lzo_bomb.png"), "batch: lzo_bomb.png was written")

print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
