#!/usr/bin/env python3
"""`rvimport dump --json` and `info` of animations (.rtm) against ../shared/samples/animations/reference.tsv.

For a plain file, its BMTR twin and a BMTR v5 file with keystones, the JSON's signature, version,
step bits, frame count, bone names, phases and properties equal the table's, and the transform
hash (FNV-1a 64 over the JSON's floats as float32, the README's definition) equals xf_fnv64: so
every float of the dump reads back to the stored value. `info` names what it read; the corrupt
file makes `info` exit 1 naming the file and the offset; `export X.rtm out.glb` refuses an
animation and says how one is used.

usage: cli_rtm_test.py RVIMPORT SAMPLES_DIR WORK_DIR   (exit 77 = skipped: no samples)
"""
import csv, json, os, struct, subprocess, sys

FILES = ["rtm/dayz-epoch-108/plain_zmbStandDeath1.rtm", "rtm/dayz-epoch-108/zmbStandDeath1.rtm",
         "rtm/armaio/animation_bmtr.rtm", "rtm/armaio/animation.rtm"]
CORRUPT = "rtm/dayz-epoch-108/384d76d7_saw_idle.rtm"


def f32bits(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]


def g9(v):
    # the float32 the JSON's shortest form stands for, printed as reference.tsv prints it
    return "%.9g" % struct.unpack("<f", struct.pack("<f", v))[0]


def fnv(chunks):
    h = 0xcbf29ce484222325
    for b in chunks:
        for c in b:
            h = ((h ^ c) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def props_cell(doc):
    if "properties" not in doc:
        return ""
    if not doc["properties"]:
        return "(none)"
    return ";".join("%s@%08x:%s=%s" % (g9(p["phase"]), f32bits(p["phase"]), p["name"], p["value"])
                    for p in doc["properties"])


def main():
    rvimport, samples, work = sys.argv[1], os.environ.get("RV_SAMPLES_DIR") or sys.argv[2], sys.argv[3]
    table = os.path.join(samples, "animations", "reference.tsv")
    if not os.path.isfile(table):
        print("skipped: %s absent" % table)
        return 77
    os.makedirs(work, exist_ok=True)
    with open(table, newline="", encoding="utf-8") as f:
        rows = {r["file"]: r for r in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)}
    failures = []

    def check(what, got, want):
        if got != want:
            failures.append("%s: got %r, want %r" % (what, got, want))

    for rel in FILES:
        row = rows[rel]
        path = os.path.join(samples, "animations", rel)
        out = subprocess.run([rvimport, "dump", "--json", path], capture_output=True)
        if out.returncode != 0:
            failures.append("%s: dump exit %d: %s" % (rel, out.returncode, out.stderr.decode(errors="replace")))
            continue
        doc = json.loads(out.stdout)
        check(rel + " keys", [k for k in doc if k not in ("properties", "warnings")],
              ["signature", "version", "step", "frames", "bones", "phases", "transforms"])
        check(rel + " signature", doc["signature"], row["signature"])
        check(rel + " version", str(doc["version"]) if doc["signature"] == "BMTR" else "0%d" % doc["version"],
              row["version"])
        check(rel + " step", ",".join("%08x" % f32bits(v) for v in doc["step"]), row["step_bits"])
        check(rel + " frames", doc["frames"], int(row["frames"]))
        check(rel + " bones", "|".join(doc["bones"]), row["bone_names"])
        check(rel + " phases", ",".join(g9(p) for p in doc["phases"]), row["phases"])
        check(rel + " props", props_cell(doc), row["props"])
        per = 7 if doc["signature"] == "BMTR" else 12
        xf = doc["transforms"]
        check(rel + " shape", (len(xf), {len(fr) for fr in xf}, {len(t) for fr in xf for t in fr}),
              (int(row["frames"]), {int(row["bones"])}, {per}))
        check(rel + " xf_fnv64", fnv(struct.pack("<%df" % len(t), *t) for fr in xf for t in fr), row["xf_fnv64"])
        info = subprocess.run([rvimport, "info", path], capture_output=True, text=True)
        check(rel + " info exit", info.returncode, 0)
        check(rel + " info frames", "frames     %s\n" % row["frames"] in info.stdout, True)

    # the plain zombie death: 79 frames, 134 bones, Pelvis among them (values of reference.tsv)
    doc = json.loads(subprocess.run([rvimport, "dump", "--json", os.path.join(samples, "animations", FILES[0])],
                                    capture_output=True).stdout)
    check("plain_zmbStandDeath1 frames", doc["frames"], 79)

    bad = subprocess.run([rvimport, "info", os.path.join(samples, "animations", CORRUPT)], capture_output=True,
                         text=True)
    check("corrupt info exit", bad.returncode, 1)
    check("corrupt info names the file", "384d76d7_saw_idle.rtm" in bad.stderr, True)
    check("corrupt info names the offset", "offset 0x" in bad.stderr, True)
    check("corrupt info names the structure", "RTM_0101" in bad.stderr, True)
    check("corrupt stdout empty", bad.stdout, "")

    out_glb = os.path.join(work, "anim.glb")
    exp = subprocess.run([rvimport, "export", os.path.join(samples, "animations", FILES[1]), out_glb],
                         capture_output=True, text=True)
    check("export of an animation exit", exp.returncode in (1, 2), True)
    check("export says animation", "is an animation" in exp.stderr and "--animation" in exp.stderr, True)
    check("export wrote nothing", os.path.exists(out_glb), False)

    for f in failures:
        print("FAIL", f)
    print("%d animation files checked, %d failures" % (len(FILES), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
