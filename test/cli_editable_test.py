#!/usr/bin/env python3
"""`rvimport dump --json` and `info` of every editable model in ../shared/samples/editable.tsv.

Per LOD, `positions` must be the points as stored and `faces` the stored point indices in stored
order, so the table's counts and geo_fnv64 (64-bit FNV-1a, offset basis 1469598103934665603, over
every LOD's positions as float32, then every face as int32 count and int32 indices; see the
samples' README) come out exactly. JSON floats are printed in the shortest form that reads back as
the same float32, so packing them again gives the stored bits.

usage: cli_editable_test.py RVIMPORT SAMPLES_DIR   (exit 77 = skipped: no samples)
"""
import csv, json, os, struct, subprocess, sys


def fnv64(chunks):
    h = 1469598103934665603
    for data in chunks:
        for b in data:
            h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def geometry(model):
    chunks = []
    for lod in model["lods"]:
        chunks.append(b"".join(struct.pack("<3f", *p) for p in lod["positions"]))
    for lod in model["lods"]:
        chunks.append(b"".join(struct.pack("<i", len(f)) + struct.pack("<%di" % len(f), *f) for f in lod["faces"]))
    return fnv64(chunks)


def main():
    rvimport, samples = sys.argv[1], os.environ.get("RV_SAMPLES_DIR") or sys.argv[2]
    table = os.path.join(samples, "editable.tsv")
    if not os.path.isfile(table):
        print("skipped: %s absent" % table)
        return 77
    failures, checked = [], 0
    with open(table, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    for row in rows:
        path = os.path.join(samples, row["path"])
        out = subprocess.run([rvimport, "dump", "--json", path], capture_output=True)
        if out.returncode != 0:
            failures.append("%s: dump exit %d: %s" % (row["path"], out.returncode, out.stderr.decode(errors="replace")))
            continue
        # "-0" is a float32 negative zero, which Python's int parsing would lose.
        model = json.loads(out.stdout, parse_int=lambda t: -0.0 if t == "-0" else int(t))
        got = {
            "signature": model["signature"],
            "lods": len(model["lods"]),
            "points": sum(len(l["positions"]) for l in model["lods"]),
            "faces": sum(len(l["faces"]) for l in model["lods"]),
            "selections": sum(len(l["selections"]) for l in model["lods"]),
            "geo_fnv64": geometry(model),
        }
        want = {"signature": "MLOD", "lods": int(row["lods"]), "points": int(row["points"]),
                "faces": int(row["faces"]), "selections": int(row["selections"]), "geo_fnv64": row["geo_fnv64"]}
        if got != want:
            failures.append("%s: got %s, want %s" % (row["path"], got, want))
        info = subprocess.run([rvimport, "info", path], capture_output=True)
        if info.returncode != 0 or b"MLOD version 257" not in info.stdout:
            failures.append("%s: info exit %d: %s" % (row["path"], info.returncode, info.stdout[:200]))
        checked += 1
    for line in failures:
        print("FAIL " + line)
    print("%d editable models dumped, %d failures" % (checked, len(failures)))
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
