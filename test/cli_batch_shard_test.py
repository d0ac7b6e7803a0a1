#!/usr/bin/env python3
"""`rvimport batch --shard K/N --manifest FILE` (issue 42): N machines each convert a stable share of
a folder, so together they cover it exactly once, and each says what it did, one JSON line per
input.

The folder: our demo crate and world under several names and subfolders, a PBO of textures and a
copy of the crate, a damaged model, and (when ../shared/samples is there) the real models of
samples/real. Checks:
- the 4 shards' outputs, put together, are one unsharded batch's, file for file and byte for
  byte; no input is converted twice;
- each manifest lists exactly its shard's inputs; their union is the whole folder once; every
  output a manifest names exists with the bytes it gives, and a failed input names none;
- the same shard is the same set of inputs on a second run (the split is by path, not by order);
- a shard argument out of range (0/4, 5/4, a/b, 3, 1/0) is exit 2 and writes nothing;
- a manifest that would replace one of the inputs is exit 2.

usage: cli_batch_shard_test.py RVIMPORT RV_MAKE_DEMO SAMPLES_DIR WORK_DIR
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pbo_fixture import solid_paa, write_pbo  # noqa: E402

RV, MAKE_DEMO, SAMPLES, WORK = sys.argv[1:5]
failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def batch(*args):
    return subprocess.run([RV, "batch", *args], capture_output=True, text=True)


def tree(folder):
    """{relative path: sha256} of every file below folder."""
    out = {}
    for root, _, files in os.walk(folder):
        for f in files:
            path = os.path.join(root, f)
            out[os.path.relpath(path, folder)] = hashlib.sha256(open(path, "rb").read()).hexdigest()
    return out


def manifest(path):
    return [json.loads(line) for line in open(path, encoding="utf-8")]


shutil.rmtree(WORK, ignore_errors=True)
src = os.path.join(WORK, "in")
os.makedirs(os.path.join(src, "a", "b"))
crate, world = os.path.join(WORK, "crate.p3d"), os.path.join(WORK, "world.wrp")
subprocess.run([MAKE_DEMO, crate, world], check=True, capture_output=True)
for i in range(12):
    shutil.copy(crate, os.path.join(src, ["", "a", os.path.join("a", "b")][i % 3], "crate%02d.p3d" % i))
shutil.copy(world, os.path.join(src, "world.wrp"))
open(os.path.join(src, "a", "damaged.p3d"), "wb").write(b"ODOL\x28\x00\x00\x00" + b"\xff" * 40)
entries = [("data\\red_co.paa", solid_paa(0xF800)), ("data\\green_co.paa", solid_paa(0x07E0)),
           ("models\\box.p3d", open(crate, "rb").read())]
write_pbo(os.path.join(src, "a", "mod.pbo"), "x\\mod", entries)
real = os.path.join(SAMPLES, "real")
if os.path.isdir(real):
    shutil.copytree(real, os.path.join(src, "real"))
else:
    print("SKIP the real models: no", real)

whole_out = os.path.join(WORK, "whole")
r = batch(src, whole_out, "--manifest", os.path.join(WORK, "whole.jsonl"))
check(r.returncode == 1, f"the unsharded batch exits 1 (the damaged model): {r.returncode} {r.stderr[-400:]}")
whole = tree(whole_out)
whole_records = manifest(os.path.join(WORK, "whole.jsonl"))
inputs = sorted(rec["input"] for rec in whole_records)
check(len(inputs) == len(set(inputs)) and len(inputs) >= 17, f"{len(inputs)} inputs in the unsharded manifest")
failed = [rec for rec in whole_records if rec["outcome"] == "failed"]
check([rec["input"] for rec in failed] == ["a/damaged.p3d"] and failed[0]["outputs"] == [] and failed[0]["reason"],
      f"the damaged model is the one failure, with a reason and no output: {failed}")

union, seen, shard_inputs = {}, [], {}
for k in range(1, 5):
    out = os.path.join(WORK, "shard%d" % k)
    path = os.path.join(WORK, "shard%d.jsonl" % k)
    r = batch(src, out, "--shard", "%d/4" % k, "--manifest", path, "-j", "1")
    check(r.returncode in (0, 1) and ("shard %d/4" % k) in r.stdout, f"shard {k}/4: exit {r.returncode} {r.stdout}")
    files = tree(out) if os.path.isdir(out) else {}
    check(not set(files) & set(union), f"shard {k} writes nothing another shard wrote")
    union.update(files)
    records = manifest(path)
    shard_inputs[k] = sorted(rec["input"] for rec in records)
    seen += shard_inputs[k]
    for rec in records:
        for o in rec["outputs"]:
            full = os.path.join(out, o)
            check(os.path.isfile(full) and os.path.getsize(full) == rec["bytes"],
                  f"shard {k}: {o} is written with the {rec['bytes']} bytes its record gives")
        check(rec["outcome"] == "converted" or not rec["outputs"], f"shard {k}: {rec['input']} names no output it lacks")
    check(len(files) == sum(len(rec["outputs"]) for rec in records) or any(
        o.endswith(".gltf") for rec in records for o in rec["outputs"]),
        f"shard {k}: every file written is one its manifest names")
check(sorted(seen) == inputs, "the four manifests list every input once")
check(union == whole, f"the four shards' outputs are the unsharded batch's: {len(union)} vs {len(whole)} files, "
      f"differing {sorted(set(union) ^ set(whole))[:5]} "
      f"{[p for p in union if p in whole and union[p] != whole[p]][:5]}")
check(all(shard_inputs[k] for k in shard_inputs), f"every shard has inputs: {[len(v) for v in shard_inputs.values()]}")

# The same shard again: the same inputs (the split is a hash of each path, not of the order).
again = os.path.join(WORK, "again.jsonl")
batch(src, os.path.join(WORK, "again"), "--shard", "2/4", "--manifest", again)
check(sorted(rec["input"] for rec in manifest(again)) == shard_inputs[2], "shard 2/4 is the same on a second run")

for bad in ("0/4", "5/4", "a/b", "3", "1/0", "-1/4"):
    out = os.path.join(WORK, "bad")
    r = batch(src, out, "--shard", bad)
    check(r.returncode == 2 and "--shard wants K/N" in r.stderr and not os.path.exists(out),
          f"--shard {bad}: exit {r.returncode}, nothing written: {r.stderr.strip()}")
target = os.path.join(src, "crate00.p3d")
before = open(target, "rb").read()
r = batch(src, os.path.join(WORK, "clash"), "--manifest", target)
check(r.returncode == 2 and "is an input of this batch" in r.stderr and open(target, "rb").read() == before,
      f"--manifest naming an input: exit {r.returncode}, the input untouched: {r.stderr.strip()}")

if failures:
    print("%d failure(s)" % len(failures))
    sys.exit(1)
print("all ok")
