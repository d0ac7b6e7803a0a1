"""What the engine tests share (issue 25): the glTF files the fixture wrote, and how to run a client
none of us wrote (Godot, f3d). Each runs in the Debian chroot RV_ENGINE_SUITE names
(scripts/test_engines.sh sets sid; scripts/chroot.sh binds the checkout at its host path), else on
the host when it has the program. Without either the test is skipped (77), or fails when
RV_REQUIRE_ENGINES=1."""
import csv
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CHROOT = os.path.join(HERE, "..", "..", "scripts", "chroot.sh")
sys.path.insert(0, os.path.join(HERE, ".."))


def files(gltf_dir):
    """{kind: [paths]}: "models" (every real textured model, when the samples are present),
    "worlds" (default options: one node per object), "instanced" (--instancing gpu), "quantized"
    (--target blender: instanced, and KHR_mesh_quantization required), "animated" (a skinned
    model with an RTM animation, when the samples are present)."""
    out = {"models": [], "worlds": [], "instanced": [], "quantized": [], "animated": []}
    listing = os.path.join(gltf_dir, "textured", "models.tsv")
    if os.path.isfile(listing):
        out["models"] = [row[1] for row in csv.reader(open(listing, encoding="utf-8"), delimiter="\t")]
    out["models"].append(os.path.join(gltf_dir, "crate.glb"))
    for name in ("engines/genworld.glb", "engines/island.glb", "world.glb"):
        if os.path.isfile(os.path.join(gltf_dir, name)):
            out["worlds"].append(os.path.join(gltf_dir, name))
    out["instanced"] = [os.path.join(gltf_dir, n) for n in ("engines/genworld_gpu.glb", "world_gpu.glb")]
    out["quantized"] = [os.path.join(gltf_dir, "engines/genworld_blender.glb")]
    animated = os.path.join(gltf_dir, "animated", "man_survivor_death.glb")
    if os.path.isfile(animated):
        out["animated"].append(animated)
    return out


def dump_of(glb):
    """The `dump --json` written beside a world's glb (world_gpu.glb shares world.json)."""
    base = os.path.basename(glb)
    stem = {"genworld_gpu.glb": "genworld", "genworld_blender.glb": "genworld", "world_gpu.glb": "world"}.get(base, base[:-4])
    return os.path.join(os.path.dirname(glb), stem + ".json")


def command(tool):
    """The argv prefix that runs `tool`, or exits 77 (skip) / 1 (RV_REQUIRE_ENGINES=1)."""
    suite = os.environ.get("RV_ENGINE_SUITE")
    if suite:
        return [CHROOT, "run", suite, "env", "HOME=/tmp", tool]
    if shutil.which(tool):
        return [tool]
    why = "%s is not installed and RV_ENGINE_SUITE is unset (scripts/test_engines.sh runs it in Debian sid)" % tool
    if os.environ.get("RV_REQUIRE_ENGINES") == "1":
        print("FAIL " + why)
        sys.exit(1)
    print("skipped: " + why)
    sys.exit(77)


def run(argv, timeout=600):
    r = subprocess.run(argv, capture_output=True, text=True, errors="replace", timeout=timeout)
    return r.returncode, r.stdout + r.stderr


class Checks:
    def __init__(self):
        self.failures = []

    def check(self, cond, msg):
        if not cond:
            self.failures.append(msg)
            print("FAIL " + msg)
        return cond

    def finish(self, summary):
        if self.failures:
            print("%d failure(s)" % len(self.failures))
            sys.exit(1)
        print(summary)


def png_rgb(path):
    """(width, height, [(r, g, b)] rows top first) of an 8-bit RGB or RGBA PNG (no interlace):
    enough for the renders f3d writes (gltf_files' reader undoes every row filter)."""
    import gltf_files
    w, h, colour, n, rows = gltf_files.png_pixels(open(path, "rb").read())
    assert colour in (2, 6), (path, colour)
    return w, h, [[tuple(row[x * n:x * n + 3]) for x in range(w)] for row in rows]
